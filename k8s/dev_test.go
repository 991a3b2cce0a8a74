package k8s

import (
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// devDependencies are the app labels of the dev overlay's own infrastructure.
var devDependencies = []string{"mongodb", "mongodb-init", "redis", "consul", "jaeger", "mailpit"}

// podTemplates are every pod a build starts: Deployments, StatefulSets and Jobs.
func podTemplates(objs objects) map[string]corev1.PodTemplateSpec {
	out := map[string]corev1.PodTemplateSpec{}
	for n, d := range objs.deployments {
		out["Deployment "+n] = d.Spec.Template
	}
	for n, s := range objs.sets {
		out["StatefulSet "+n] = s.Spec.Template
	}
	for n, j := range objs.jobs {
		out["Job "+n] = j.Spec.Template
	}
	return out
}

// TestDevOverlayIsAWorkingStack: what `skaffold dev -p dev` applies to an empty kind or minikube
// cluster can start: every ConfigMap and Secret a pod refers to is there with the key it reads,
// and every address the services are given (platform-config, the Secrets) is a Service of the
// overlay, on a port it has, in front of pods listening on the port it forwards to. Production
// carries no Secret: its credentials stay outside the manifests.
func TestDevOverlayIsAWorkingStack(t *testing.T) {
	checkWorkingStack(t, build(t, "overlays/dev"))
	if prod := build(t, "overlays/production"); len(prod.secrets) > 0 {
		t.Errorf("the production overlay carries Secrets %v", sortedKeys(prod.secrets))
	}
}

// checkWorkingStack: an overlay that runs the infrastructure itself (dev, local) can start on an
// empty cluster: everything in namespace linguaport, every ConfigMap and Secret a pod refers to
// there with the key it reads, and every address the services are given (platform-config, the
// Secrets) a Service of the overlay, on a port it has, in front of pods listening on the port it
// forwards to.
func checkWorkingStack(t *testing.T, dev objects) {
	t.Helper()
	for _, o := range dev.all {
		if o.Kind == "Namespace" && o.Metadata.Name != "linguaport" || o.Kind != "Namespace" && o.Metadata.Namespace != "linguaport" {
			t.Errorf("%s is in namespace %q", o, o.Metadata.Namespace)
		}
	}
	for where, tmpl := range podTemplates(dev) {
		for _, c := range tmpl.Spec.Containers {
			for _, from := range c.EnvFrom {
				if from.ConfigMapRef != nil && !hasKey(dev, "ConfigMap", from.ConfigMapRef.Name, "") ||
					from.SecretRef != nil && !hasKey(dev, "Secret", from.SecretRef.Name, "") {
					t.Errorf("%s takes the env of %+v, which the overlay lacks", where, from)
				}
			}
			for _, e := range c.Env {
				switch {
				case e.ValueFrom == nil:
				case e.ValueFrom.SecretKeyRef != nil && !hasKey(dev, "Secret", e.ValueFrom.SecretKeyRef.Name, e.ValueFrom.SecretKeyRef.Key),
					e.ValueFrom.ConfigMapKeyRef != nil && !hasKey(dev, "ConfigMap", e.ValueFrom.ConfigMapKeyRef.Name, e.ValueFrom.ConfigMapKeyRef.Key):
					t.Errorf("%s's %s comes from %+v, which the overlay lacks", where, e.Name, e.ValueFrom)
				}
			}
		}
	}

	config := dev.configMaps["platform-config"].Data
	addresses := map[string]string{
		"platform-config CONSUL_HTTP_ADDR":            config["CONSUL_HTTP_ADDR"],
		"platform-config REDIS_URL":                   config["REDIS_URL"],
		"platform-config OTEL_EXPORTER_OTLP_ENDPOINT": config["OTEL_EXPORTER_OTLP_ENDPOINT"],
		"Secret mongodb uri":                          secretValue(dev, "mongodb", "uri"),
		"Secret smtp addr":                            secretValue(dev, "smtp", "addr"),
	}
	for where, addr := range addresses {
		if err := reaches(dev, addr); err != nil {
			t.Errorf("%s %q: %v", where, addr, err)
		}
	}
}

// TestDevMongoDBIsAReplicaSet: MongoDB runs as the one-member replica set the mongodb Secret's
// URI names (the services' transactions and change streams need one), on a volume, and the Job
// initiates that set with the member's name the URI uses, leaving a set already initiated alone.
func TestDevMongoDBIsAReplicaSet(t *testing.T) {
	dev := build(t, "overlays/dev")
	u, err := url.Parse(secretValue(dev, "mongodb", "uri"))
	if err != nil {
		t.Fatal(err)
	}
	set := u.Query().Get("replicaSet")
	sts, ok := statefulSetPod(dev, u.Hostname())
	if set == "" || !ok {
		t.Fatalf("the URI %s names no replica set or no StatefulSet's pod", u)
	}
	c := sts.Spec.Template.Spec.Containers[0]
	args := append(slices.Clone(c.Command), c.Args...)
	if i := slices.Index(args, "--replSet"); i < 0 || i+1 == len(args) || args[i+1] != set || !slices.Contains(args, "--bind_ip_all") {
		t.Errorf("mongod runs with %v, want --replSet %s --bind_ip_all", args, set)
	}
	if !strings.HasPrefix(c.Image, "mongo:7.0") {
		t.Errorf("MongoDB image %s, want the official mongo:7.0", c.Image)
	}
	if c.ReadinessProbe == nil {
		t.Error("MongoDB has no readiness probe")
	}
	if len(sts.Spec.VolumeClaimTemplates) != 1 || !slices.ContainsFunc(c.VolumeMounts, func(m corev1.VolumeMount) bool {
		return m.Name == sts.Spec.VolumeClaimTemplates[0].Name && m.MountPath == "/data/db"
	}) {
		t.Error("MongoDB's /data/db is not on the StatefulSet's volume claim")
	}
	if svc := dev.services[sts.Spec.ServiceName]; !svc.Spec.PublishNotReadyAddresses {
		// The member must resolve its own name to be initiated, before it is ready.
		t.Errorf("the Service %s does not publish the not-yet-ready member", sts.Spec.ServiceName)
	}

	member := fmt.Sprintf(`{_id: %q, members: [{_id: 0, host: %q}]}`, set, u.Host)
	initiates := 0
	for name, j := range dev.jobs {
		c := j.Spec.Template.Spec.Containers[0]
		script := strings.Join(append(slices.Clone(c.Command), c.Args...), " ")
		if !strings.Contains(script, "rs.initiate(") {
			continue
		}
		initiates++
		if !strings.Contains(script, "rs.initiate("+member+")") {
			t.Errorf("Job %s does not initiate %s", name, member)
		}
		if !strings.Contains(script, `"NotYetInitialized"`) {
			t.Errorf("Job %s initiates the set without checking it is not initiated yet", name)
		}
		if j.Spec.Template.Labels["app"] == sts.Spec.Template.Labels["app"] {
			t.Errorf("Job %s's pod would be behind MongoDB's Service", name)
		}
	}
	if initiates != 1 {
		t.Errorf("%d Jobs initiate the replica set, want 1", initiates)
	}
}

// TestDevPodsAreBoundedAndUnprivileged: every pod of the dev overlay requests CPU and memory and
// is limited in memory, so a laptop's cluster schedules them and none takes it all; the
// infrastructure's pods are labelled by what they are, run as non-root, from pinned images; and
// each of skaffold's port forwards names a Service port of the overlay.
func TestDevPodsAreBoundedAndUnprivileged(t *testing.T) {
	dev := build(t, "overlays/dev")
	services := append(goServices(t), "webui")
	pods := podTemplates(dev)
	for where, tmpl := range pods {
		for _, c := range tmpl.Spec.Containers {
			r := c.Resources
			if r.Requests.Cpu().IsZero() || r.Requests.Memory().IsZero() || r.Limits.Memory().IsZero() {
				t.Errorf("%s/%s: requests %v, limits %v; want CPU and memory requested and memory limited", where, c.Name, r.Requests, r.Limits)
			}
		}
		app := tmpl.Labels["app"]
		if slices.Contains(services, app) {
			continue
		}
		if !slices.Contains(devDependencies, app) {
			t.Errorf("%s's pods are labelled app %q, none of %v", where, app, devDependencies)
		}
		if sc := tmpl.Spec.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot {
			t.Errorf("%s may run as root", where)
		}
		for _, c := range tmpl.Spec.Containers {
			if _, tag, ok := strings.Cut(c.Image, ":"); !ok || tag == "latest" {
				t.Errorf("%s runs %s, not a pinned version", where, c.Image)
			}
		}
	}
	for _, app := range []string{"mongodb", "redis", "consul", "jaeger"} {
		if !slices.ContainsFunc(sortedKeys(pods), func(k string) bool { return pods[k].Labels["app"] == app }) {
			t.Errorf("the dev overlay runs no %s", app)
		}
	}

	checkPortForwards(t, "dev", dev)
}

// checkPortForwards: each of skaffold's port forwards in profile names a Service port of its
// overlay.
func checkPortForwards(t *testing.T, profile string, objs objects) {
	t.Helper()
	for _, m := range skaffoldModules(t) {
		for _, p := range m.Profiles {
			if p.Name != profile {
				continue
			}
			for _, f := range p.PortForward {
				svc, ok := objs.services[fmt.Sprint(f["resourceName"])]
				port, _ := f["port"].(float64)
				if f["resourceType"] != "service" || !ok || !slices.ContainsFunc(svc.Spec.Ports, func(p corev1.ServicePort) bool { return float64(p.Port) == port }) {
					t.Errorf("module %s forwards %v, which is no Service port of the %s overlay", m.Metadata.Name, f, profile)
				}
			}
		}
	}
}

func hasKey(objs objects, kind, name, key string) bool {
	switch kind {
	case "ConfigMap":
		cm, ok := objs.configMaps[name]
		_, has := cm.Data[key]
		return ok && (key == "" || has)
	default:
		s, ok := objs.secrets[name]
		_, inData := s.Data[key]
		_, inString := s.StringData[key]
		return ok && (key == "" || inData || inString)
	}
}

func secretValue(objs objects, name, key string) string {
	s := objs.secrets[name]
	if v, ok := s.StringData[key]; ok {
		return v
	}
	return string(s.Data[key])
}

// reaches: addr (host:port or a URL) names a Service of the build (by its DNS name or its fixed
// cluster address), or a StatefulSet's pod through its headless Service, on a port the Service
// has, in front of pods listening on its target.
func reaches(objs objects, addr string) error {
	hostport := addr
	if u, err := url.Parse(addr); err == nil && u.Scheme != "" && u.Host != "" {
		hostport = u.Host
	}
	host, portText, err := net.SplitHostPort(hostport)
	if err != nil {
		return err
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return err
	}
	svcName, ns, ok := strings.Cut(strings.TrimSuffix(host, ".svc.cluster.local"), ".")
	if sts, isPod := statefulSetPod(objs, host); isPod {
		svcName, ns = sts.Spec.ServiceName, sts.Namespace
	} else if name, isIP := serviceAt(objs, host); isIP {
		svcName, ns = name, objs.services[name].Namespace
	} else if !ok || strings.Contains(ns, ".") {
		return fmt.Errorf("%s is not <service>.<namespace>.svc.cluster.local nor a Service's address", host)
	}
	svc, ok := objs.services[svcName]
	if !ok || svc.Namespace != ns {
		return fmt.Errorf("no Service %s in namespace %s", svcName, ns)
	}
	i := slices.IndexFunc(svc.Spec.Ports, func(p corev1.ServicePort) bool { return int(p.Port) == port })
	if i < 0 {
		return fmt.Errorf("Service %s has no port %d", svcName, port)
	}
	target := svc.Spec.Ports[i].TargetPort
	for _, tmpl := range podTemplates(objs) {
		if !selectsAll(svc.Spec.Selector, tmpl.Labels) {
			continue
		}
		for _, c := range tmpl.Spec.Containers {
			if slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool { return listensOn(p, target, port) }) {
				return nil
			}
		}
	}
	return fmt.Errorf("no pod behind Service %s listens on its target port %s", svcName, target.String())
}

func listensOn(p corev1.ContainerPort, target intstr.IntOrString, servicePort int) bool {
	switch {
	case target.Type == intstr.String:
		return p.Name == target.StrVal
	case target.IntVal == 0:
		return int(p.ContainerPort) == servicePort
	default:
		return p.ContainerPort == target.IntVal
	}
}

func selectsAll(selector, labels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// statefulSetPod is the StatefulSet whose pod host (<set>-<n>.<service>.<namespace>.svc.cluster.local) names.
func statefulSetPod(objs objects, host string) (appsv1.StatefulSet, bool) {
	parts := strings.Split(strings.TrimSuffix(host, ".svc.cluster.local"), ".")
	if len(parts) != 3 {
		return appsv1.StatefulSet{}, false
	}
	for _, s := range objs.sets {
		ordinal, ok := strings.CutPrefix(parts[0], s.Name+"-")
		n, err := strconv.Atoi(ordinal)
		replicas := int32(1)
		if s.Spec.Replicas != nil {
			replicas = *s.Spec.Replicas
		}
		svc, hasSvc := objs.services[s.Spec.ServiceName]
		if ok && err == nil && n >= 0 && int32(n) < replicas && s.Spec.ServiceName == parts[1] && s.Namespace == parts[2] &&
			hasSvc && svc.Spec.ClusterIP == corev1.ClusterIPNone {
			return s, true
		}
	}
	return appsv1.StatefulSet{}, false
}

// TestDevSiteIsTheForwardedPort: in dev the site is where skaffold forwards the web UI, so the
// links svc-auth mails lead there and the gateway and svc-auth accept writes from that origin
// (nginx passes the host on without its port, so the request's own host would not match).
func TestDevSiteIsTheForwardedPort(t *testing.T) {
	dev := build(t, "overlays/dev")
	site := ""
	for _, m := range skaffoldModules(t) {
		for _, p := range m.Profiles {
			for _, f := range p.PortForward {
				if p.Name == "dev" && f["resourceName"] == "webui" {
					site = fmt.Sprintf("http://localhost:%v", f["localPort"])
				}
			}
		}
	}
	if site == "" {
		t.Fatal("skaffold's dev profile forwards no port to the web UI")
	}
	value := func(deployment, name string) string {
		if e := env(dev.deployments[deployment].Spec.Template.Spec.Containers[0], name); e != nil {
			return e.Value
		}
		return ""
	}
	if got := value("svc-auth", "SITE_URL"); got != site {
		t.Errorf("svc-auth's SITE_URL is %q, want %s", got, site)
	}
	for _, d := range []string{"gateway", "svc-auth"} {
		if origins := strings.Split(value(d, "SITE_ORIGINS"), ","); !slices.Contains(origins, site) {
			t.Errorf("%s accepts writes from %v, not from %s", d, origins, site)
		}
	}
}
