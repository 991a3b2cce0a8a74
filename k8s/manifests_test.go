// Package k8s checks the Kubernetes manifests, Dockerfiles and skaffold.yaml without a cluster:
// kustomize builds every overlay, each object decodes strictly into its Kubernetes type, and
// every service has its image, manifest, probes and Consul settings.
package k8s

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

type objects struct {
	deployments map[string]appsv1.Deployment
	services    map[string]corev1.Service
	configMaps  map[string]corev1.ConfigMap
	autoscalers map[string]autoscalingv2.HorizontalPodAutoscaler
	budgets     map[string]policyv1.PodDisruptionBudget
	ingresses   map[string]networkingv1.Ingress
	policies    map[string]networkingv1.NetworkPolicy
	sets        map[string]appsv1.StatefulSet
	secrets     map[string]corev1.Secret
	jobs        map[string]batchv1.Job
	all         []objectMeta // every object, in the order built
}

// objectMeta names one object of any kind.
type objectMeta struct {
	Kind     string `json:"kind"`
	Metadata struct {
		Name      string            `json:"name"`
		Namespace string            `json:"namespace"`
		Labels    map[string]string `json:"labels"`
	} `json:"metadata"`
	doc []byte
}

func (m objectMeta) String() string { return m.Kind + "/" + m.Metadata.Name }

func build(t *testing.T, dir string) objects {
	t.Helper()
	res, err := krusty.MakeKustomizer(krusty.MakeDefaultOptions()).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		t.Fatalf("kustomize build %s: %v", dir, err)
	}
	out, err := res.AsYaml()
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, dir, out)
}

// decode reads the objects of a YAML stream, as kustomize build or skaffold render prints it.
func decode(t *testing.T, dir string, out []byte) objects {
	t.Helper()
	objs := objects{map[string]appsv1.Deployment{}, map[string]corev1.Service{}, map[string]corev1.ConfigMap{},
		map[string]autoscalingv2.HorizontalPodAutoscaler{}, map[string]policyv1.PodDisruptionBudget{}, map[string]networkingv1.Ingress{},
		map[string]networkingv1.NetworkPolicy{}, map[string]appsv1.StatefulSet{}, map[string]corev1.Secret{},
		map[string]batchv1.Job{}, nil}
	for _, doc := range bytes.Split(out, []byte("\n---\n")) {
		var meta objectMeta
		if err := yaml.Unmarshal(doc, &meta); err != nil {
			t.Fatal(err)
		}
		meta.doc = doc
		objs.all = append(objs.all, meta)
		// Strict: a misspelt or misplaced field fails here instead of being ignored by the cluster.
		switch meta.Kind {
		case "Deployment":
			var d appsv1.Deployment
			strict(t, doc, &d)
			objs.deployments[d.Name] = d
		case "Service":
			var s corev1.Service
			strict(t, doc, &s)
			objs.services[s.Name] = s
		case "ConfigMap":
			var c corev1.ConfigMap
			strict(t, doc, &c)
			objs.configMaps[c.Name] = c
		case "HorizontalPodAutoscaler":
			var h autoscalingv2.HorizontalPodAutoscaler
			strict(t, doc, &h)
			objs.autoscalers[h.Name] = h
		case "PodDisruptionBudget":
			var b policyv1.PodDisruptionBudget
			strict(t, doc, &b)
			objs.budgets[b.Name] = b
		case "Ingress":
			var i networkingv1.Ingress
			strict(t, doc, &i)
			objs.ingresses[i.Name] = i
		case "NetworkPolicy":
			var p networkingv1.NetworkPolicy
			strict(t, doc, &p)
			objs.policies[p.Name] = p
		case "StatefulSet":
			var s appsv1.StatefulSet
			strict(t, doc, &s)
			objs.sets[s.Name] = s
		case "Secret":
			var s corev1.Secret
			strict(t, doc, &s)
			objs.secrets[s.Name] = s
		case "Job":
			var j batchv1.Job
			strict(t, doc, &j)
			objs.jobs[j.Name] = j
		case "Namespace":
			strict(t, doc, &corev1.Namespace{})
		default:
			t.Errorf("unexpected kind %q in %s", meta.Kind, dir)
		}
	}
	return objs
}

func strict(t *testing.T, doc []byte, into any) {
	t.Helper()
	if err := yaml.UnmarshalStrict(doc, into); err != nil {
		t.Fatalf("%v in:\n%s", err, doc)
	}
}

// goServices are the directories holding a deployable Go program (DESIGN §2).
func goServices(t *testing.T) []string {
	dirs, _ := filepath.Glob("../svc-*")
	names := []string{"gateway"}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "main.go")); err == nil {
			names = append(names, filepath.Base(d))
		}
	}
	if len(names) < 2 {
		t.Fatal("no services found")
	}
	return names
}

func env(c corev1.Container, name string) *corev1.EnvVar {
	for i := range c.Env {
		if c.Env[i].Name == name {
			return &c.Env[i]
		}
	}
	return nil
}

func TestEveryServiceIsDeployable(t *testing.T) {
	base := build(t, "base")
	images := map[string]string{}
	contexts := map[string]string{}
	for _, m := range skaffoldModules(t) {
		for _, a := range m.Build.Artifacts {
			images[a.Image] = filepath.Join("..", a.Context, a.Docker.Dockerfile)
			contexts[a.Image] = a.Context
		}
	}

	for _, name := range append(goServices(t), "webui") {
		t.Run(name, func(t *testing.T) {
			dockerfile, ok := images[name]
			if !ok {
				t.Fatalf("skaffold has no artifact %q", name)
			}
			df, err := os.ReadFile(dockerfile)
			if err != nil {
				t.Fatalf("artifact %s: %v", name, err)
			}
			if name != "webui" && !strings.Contains(string(df), "go build") || name != "webui" && !strings.Contains(string(df), "./"+name+"\n") {
				t.Errorf("%s does not build ./%s", dockerfile, name)
			}
			contextDir := filepath.Join("..", contexts[name])
			for _, src := range copySources(string(df)) {
				if _, err := os.Stat(filepath.Join(contextDir, src)); err != nil {
					t.Errorf("%s copies %s, which the build context %s lacks", dockerfile, src, contextDir)
				}
			}
			if _, err := os.Stat(filepath.Join("base", name, name+".yaml")); err != nil {
				t.Errorf("no k8s/base/%s/%s.yaml (one file per service)", name, name)
			}
			d, ok := base.deployments[name]
			if !ok {
				t.Fatalf("no Deployment %s", name)
			}
			c := d.Spec.Template.Spec.Containers[0]
			if c.Image != name {
				t.Errorf("image %q, want %q (skaffold replaces it)", c.Image, name)
			}
			if d.Spec.Selector.MatchLabels["app"] != d.Spec.Template.Labels["app"] {
				t.Errorf("selector does not match pod labels")
			}
			if c.ReadinessProbe == nil || c.ReadinessProbe.HTTPGet.Path != "/readyz" || c.LivenessProbe == nil || c.LivenessProbe.HTTPGet.Path != "/healthz" {
				t.Errorf("probes must be /readyz and /healthz")
			}
			if c.SecurityContext == nil || c.SecurityContext.ReadOnlyRootFilesystem == nil || !*c.SecurityContext.ReadOnlyRootFilesystem {
				t.Errorf("root filesystem not read-only")
			}
			if pod := d.Spec.Template.Spec.SecurityContext; pod == nil || pod.RunAsNonRoot == nil || !*pod.RunAsNonRoot {
				t.Errorf("pod may run as root")
			}
			if name == "webui" {
				return
			}
			port := c.Ports[0].ContainerPort
			if addr := env(c, "HTTP_ADDR"); addr == nil || addr.Value != fmt.Sprintf(":%d", port) {
				t.Errorf("HTTP_ADDR %v does not match container port %d", addr, port)
			}
			if len(c.EnvFrom) == 0 || c.EnvFrom[0].ConfigMapRef.Name != "platform-config" {
				t.Errorf("platform-config not mounted")
			}
			if strings.HasPrefix(name, "svc-") {
				adv := env(c, "ADVERTISE_HOST")
				if adv == nil || adv.ValueFrom == nil || adv.ValueFrom.FieldRef.FieldPath != "status.podIP" {
					t.Errorf("a service must register its pod IP in Consul")
				}
			}
		})
	}
	if _, ok := base.configMaps["platform-config"].Data["CONSUL_HTTP_ADDR"]; !ok {
		t.Error("platform-config lacks CONSUL_HTTP_ADDR")
	}
	for _, name := range []string{"gateway", "webui"} {
		if _, ok := base.services[name]; !ok {
			t.Errorf("no Service %s", name)
		}
	}
	// Services are reached through Consul only, never through a Kubernetes Service.
	for name := range base.services {
		if strings.HasPrefix(name, "svc-") {
			t.Errorf("unexpected Service %s", name)
		}
	}
}

func TestProductionOverlay(t *testing.T) {
	prod := build(t, "overlays/production")
	for name, d := range prod.deployments {
		if d.Namespace != "linguaport" || d.Labels["app.kubernetes.io/part-of"] != "linguaport" {
			t.Errorf("%s: namespace %q labels %v", name, d.Namespace, d.Labels)
		}
	}
	if h := prod.autoscalers["gateway"]; h.Spec.MinReplicas == nil || *h.Spec.MinReplicas != 3 {
		t.Errorf("gateway's autoscaler keeps %v replicas at least, want 3", h.Spec.MinReplicas)
	}
	if !slices.Contains([]string{"linguaport"}, prod.configMaps["platform-config"].Namespace) {
		t.Error("config not in the namespace")
	}
}

// copySources lists what a Dockerfile's COPY instructions take from the build context (copies
// from another stage are left out).
func copySources(dockerfile string) []string {
	var out []string
	for _, line := range strings.Split(dockerfile, "\n") {
		fields := strings.Fields(line)
		if len(fields) < 3 || !strings.EqualFold(fields[0], "COPY") {
			continue
		}
		args := fields[1:]
		if slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "--from=") }) {
			continue
		}
		args = slices.DeleteFunc(args, func(a string) bool { return strings.HasPrefix(a, "--") })
		out = append(out, args[:len(args)-1]...)
	}
	return out
}

// TestEveryServiceFolderIsDeployed: each svc-*/ folder, with code yet or not, has its manifest
// in k8s/base, listed in the kustomization, and its own skaffold module building its image.
func TestEveryServiceFolderIsDeployed(t *testing.T) {
	dirs, _ := filepath.Glob("../svc-*")
	var kustomization struct {
		Resources []string `json:"resources"`
	}
	raw, err := os.ReadFile("base/kustomization.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(raw, &kustomization); err != nil {
		t.Fatal(err)
	}
	modules := skaffoldModules(t)
	found := 0
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		found++
		name := filepath.Base(d)
		if _, err := os.Stat(filepath.Join("base", name, name+".yaml")); err != nil {
			t.Errorf("%s/ has no k8s/base/%s/%s.yaml", name, name, name)
		}
		if !slices.Contains(kustomization.Resources, name) {
			t.Errorf("%s/ is not listed in k8s/base/kustomization.yaml's resources", name)
		}
		// Its own module, building its image alone, so `skaffold run -m <service>` ships just it.
		if !slices.ContainsFunc(modules, func(m skaffoldModule) bool {
			a := m.Build.Artifacts
			return m.Metadata.Name == name && len(a) == 1 && a[0].Image == name && a[0].Docker.Dockerfile == name+"/Dockerfile"
		}) {
			t.Errorf("%s/ has no module %s in skaffold.yaml building its image alone (dockerfile %s/Dockerfile)", name, name, name)
		}
	}
	if found == 0 {
		t.Fatal("no svc-* folders found")
	}
}

// TestEnvIsWhatTheCodeReads: each Go program's Deployment carries only variables its code reads
// (its own env and the ConfigMaps it takes whole), and sets every variable the code requires or
// whose default only works on a developer's machine (a loopback address). What the code reads is
// found in it (codereads_test.go), so neither side can drift.
func TestEnvIsWhatTheCodeReads(t *testing.T) {
	base := build(t, "base")
	for _, name := range goServices(t) {
		t.Run(name, func(t *testing.T) {
			reads := programReads(t, "..", name)
			if len(reads) == 0 {
				t.Fatalf("found no variables read by %s", name)
			}
			t.Logf("reads %v", sortedKeys(reads))
			d, ok := base.deployments[name]
			if !ok {
				t.Fatalf("no Deployment %s", name)
			}
			c := d.Spec.Template.Spec.Containers[0]
			set := map[string]string{}
			for _, e := range c.Env {
				set[e.Name] = "its env"
			}
			for _, from := range c.EnvFrom {
				switch {
				case from.Prefix != "":
					t.Errorf("envFrom with a prefix")
				case from.ConfigMapRef != nil:
					cm, ok := base.configMaps[from.ConfigMapRef.Name]
					if !ok {
						t.Errorf("envFrom ConfigMap %s, which the base lacks", from.ConfigMapRef.Name)
					}
					for k := range cm.Data {
						set[k] = "ConfigMap " + cm.Name
					}
				default:
					t.Errorf("envFrom other than a ConfigMap: name each variable instead")
				}
			}
			for _, v := range sortedKeys(set) {
				if reads[v] == nil {
					t.Errorf("gets %s (from %s), which its code does not read; it reads %v", v, set[v], sortedKeys(reads))
				}
			}
			for _, v := range sortedKeys(reads) {
				if _, ok := set[v]; ok {
					continue
				}
				if reads[v].required {
					t.Errorf("requires %s, which the manifest does not set", v)
				}
				if d := loopbackValue(reads[v].defaults...); d != "" {
					t.Errorf("reads %s, whose default %q only works on a developer's machine: the manifest must set it", v, d)
				}
			}
		})
	}
}

// TestNothingPointsAtTheLocalStandIn: no deployment is configured like `make up`, whose sign-in
// providers are the local stand-in on a loopback port (svc-auth would answer "local": true and
// sign anyone in): no variable of any Deployment or ConfigMap points at a loopback address, and
// none is a devstack or stand-in switch.
func TestNothingPointsAtTheLocalStandIn(t *testing.T) {
	for _, dir := range []string{"base", "overlays/production"} {
		objs := build(t, dir)
		check := func(where, name, value string) {
			if strings.HasPrefix(name, "DEVSTACK_") || strings.Contains(name, "STANDIN") || strings.Contains(name, "STAND_IN") {
				t.Errorf("%s: %s sets %s, a local-only switch", dir, where, name)
			}
			if strings.Contains(value, "://") && loopbackValue(value) != "" {
				t.Errorf("%s: %s sets %s=%q, a loopback address", dir, where, name, value)
			}
		}
		for _, d := range objs.deployments {
			for _, c := range d.Spec.Template.Spec.Containers {
				for _, e := range c.Env {
					check("Deployment "+d.Name, e.Name, e.Value)
				}
			}
		}
		for _, cm := range objs.configMaps {
			for k, v := range cm.Data {
				check("ConfigMap "+cm.Name, k, v)
			}
		}
	}
}

// loopbackValue returns the first value naming a loopback address, or "".
func loopbackValue(values ...string) string {
	for _, v := range values {
		if strings.Contains(v, "127.0.0.1") || strings.Contains(v, "localhost") || strings.Contains(v, "::1") {
			return v
		}
	}
	return ""
}

// Every Deployment scales with its load and survives a node drain: an autoscaler aimed at it
// (CPU; svc-orders memory too, counting being memory-heavy) and no replica count of its own to
// fight it, and a disruption budget selecting exactly its pods. The web UI is reached through an
// Ingress over TLS issued by cert-manager.
func TestEveryDeploymentScalesAndSurvivesDrains(t *testing.T) {
	for _, dir := range []string{"base", "overlays/production"} {
		objs := build(t, dir)
		for name, d := range objs.deployments {
			if d.Spec.Replicas != nil {
				t.Errorf("%s %s sets replicas %d: the autoscaler owns them", dir, name, *d.Spec.Replicas)
			}
			h, ok := objs.autoscalers[name]
			switch {
			case !ok:
				t.Errorf("%s %s has no HorizontalPodAutoscaler", dir, name)
			case h.Spec.ScaleTargetRef != (autoscalingv2.CrossVersionObjectReference{APIVersion: "apps/v1", Kind: "Deployment", Name: name}):
				t.Errorf("%s %s's autoscaler aims at %+v", dir, name, h.Spec.ScaleTargetRef)
			case h.Spec.MinReplicas == nil || *h.Spec.MinReplicas < 2 || h.Spec.MaxReplicas < *h.Spec.MinReplicas:
				t.Errorf("%s %s scales from %v to %d: at least two, for a pod lost or drained", dir, name, h.Spec.MinReplicas, h.Spec.MaxReplicas)
			}
			var resources []corev1.ResourceName
			for _, m := range h.Spec.Metrics {
				if m.Type == autoscalingv2.ResourceMetricSourceType && m.Resource != nil && m.Resource.Target.Type == autoscalingv2.UtilizationMetricType {
					resources = append(resources, m.Resource.Name)
				}
			}
			want := []corev1.ResourceName{corev1.ResourceCPU}
			if name == "svc-orders" {
				want = append(want, corev1.ResourceMemory)
			}
			if !slices.Equal(resources, want) {
				t.Errorf("%s %s scales on %v, want %v", dir, name, resources, want)
			}
			// Utilisation is measured against requests: a container without them never scales.
			for _, c := range d.Spec.Template.Spec.Containers {
				for _, r := range want {
					if _, ok := c.Resources.Requests[r]; !ok {
						t.Errorf("%s %s/%s requests no %s", dir, name, c.Name, r)
					}
				}
			}
			b, ok := objs.budgets[name]
			if !ok {
				t.Errorf("%s %s has no PodDisruptionBudget", dir, name)
				continue
			}
			if b.Spec.Selector == nil || !equalLabels(b.Spec.Selector.MatchLabels, d.Spec.Selector.MatchLabels) ||
				b.Spec.MaxUnavailable == nil || b.Spec.MaxUnavailable.IntValue() != 1 {
				t.Errorf("%s %s's budget %+v does not select its pods one at a time", dir, name, b.Spec)
			}
		}
		if len(objs.autoscalers) != len(objs.deployments) || len(objs.budgets) != len(objs.deployments) {
			t.Errorf("%s: %d autoscalers and %d budgets for %d deployments", dir, len(objs.autoscalers), len(objs.budgets), len(objs.deployments))
		}
		in, ok := objs.ingresses["webui"]
		if !ok {
			t.Fatalf("%s has no Ingress for the web UI", dir)
		}
		if in.Annotations["cert-manager.io/cluster-issuer"] == "" || len(in.Spec.TLS) != 1 || in.Spec.TLS[0].SecretName == "" ||
			len(in.Spec.Rules) != 1 || !slices.Equal(in.Spec.TLS[0].Hosts, []string{in.Spec.Rules[0].Host}) {
			t.Errorf("%s: the web UI's Ingress is not TLS by cert-manager for its host: %+v", dir, in)
		}
		path := in.Spec.Rules[0].HTTP.Paths[0]
		svc := objs.services[path.Backend.Service.Name]
		if path.Path != "/" || path.Backend.Service.Name != "webui" || !slices.ContainsFunc(svc.Spec.Ports, func(p corev1.ServicePort) bool { return p.Name == path.Backend.Service.Port.Name }) {
			t.Errorf("%s: the Ingress leads to %+v, not the web UI's Service port", dir, path.Backend)
		}
	}
}

func equalLabels(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// A card payment's return address is checked against SITE_ORIGINS alone (svc-billing's
// paying.checkReturn), so in every deployment svc-billing must take its own site's origin: the
// first run on a real cluster found every card payment refused for want of it.
func TestBillingTakesTheSitesReturnAddresses(t *testing.T) {
	for _, dir := range []string{"base", "overlays/production", "overlays/dev", "overlays/local"} {
		objs := build(t, dir)
		c := objs.deployments["svc-billing"].Spec.Template.Spec.Containers[0]
		site, origins := env(c, "SITE_URL"), env(c, "SITE_ORIGINS")
		if site == nil || origins == nil {
			t.Errorf("%s: svc-billing has SITE_URL %v and SITE_ORIGINS %v", dir, site, origins)
			continue
		}
		u, err := url.Parse(site.Value)
		if err != nil || !slices.Contains(strings.Split(origins.Value, ","), u.Scheme+"://"+u.Host) {
			t.Errorf("%s: svc-billing's SITE_ORIGINS %q does not hold its site %q", dir, origins.Value, site.Value)
		}
	}
}

// A Service keeps sending new connections to a terminating pod until kube-proxy has removed its
// endpoint, so a pod found through its Service must keep serving a few seconds after the kubelet
// starts to stop it: a preStop sleep, within the grace period with the 15 s drain after it. A
// pod that registers in Consul (ADVERTISE_HOST) leaves Consul at SIGTERM and is retried elsewhere
// by the gateway, so it stops at once. Single-replica dependencies of dev and local have nowhere
// else to send traffic anyway. The cluster test lost requests to the gateway without it.
func TestPodsBehindAServiceOutliveTheirEndpoint(t *testing.T) {
	const drain = 15 // httpx.Server's shutdown, and about nginx's
	for _, dir := range []string{"base", "overlays/production", "overlays/dev", "overlays/local"} {
		objs := build(t, dir)
		for _, name := range []string{"gateway", "webui"} {
			if _, ok := objs.services[name]; !ok {
				t.Errorf("%s: no Service for %s", dir, name)
			}
		}
		for name, d := range objs.deployments {
			spec := d.Spec.Template.Spec
			c := spec.Containers[0]
			_, fronted := objs.services[name]
			_, replicated := objs.autoscalers[name]
			if env(c, "ADVERTISE_HOST") != nil || !fronted || !replicated {
				continue
			}
			grace := int64(corev1.DefaultTerminationGracePeriodSeconds)
			if spec.TerminationGracePeriodSeconds != nil {
				grace = *spec.TerminationGracePeriodSeconds
			}
			switch {
			case c.Lifecycle == nil || c.Lifecycle.PreStop == nil || c.Lifecycle.PreStop.Sleep == nil:
				t.Errorf("%s: %s is found through its Service but stops the moment it is told to", dir, name)
			case c.Lifecycle.PreStop.Sleep.Seconds < 3 || c.Lifecycle.PreStop.Sleep.Seconds+drain > grace:
				t.Errorf("%s: %s waits %d s before stopping within a grace period of %d s", dir, name, c.Lifecycle.PreStop.Sleep.Seconds, grace)
			}
		}
	}
}
