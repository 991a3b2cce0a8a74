package k8s

import (
	"encoding/json"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
)

// The local overlay: the whole product on the one-node cluster `make cluster` starts on this
// machine (skaffold's profile local), where nothing is pulled and nothing outside is reached.

// localDependencies are the app labels of the local overlay's own infrastructure.
var localDependencies = []string{"ferretdb", "redis", "consul", "jaeger", "mailcapture", "payments", "signin"}

// singleInstance are the servers that keep their state in one process's memory and run as a
// Deployment: one pod, and never two at once (the StatefulSets, FerretDB and Consul, are one pod
// whose successor starts once it is gone by their nature).
var singleInstance = []string{"redis", "jaeger", "mailcapture", "payments", "signin"}

// localImage is how the images made on this machine are named: localhost/linguaport/<name>:<version>,
// each from cluster/images/<name>/Dockerfile.
var localImage = regexp.MustCompile(`^localhost/linguaport/([a-z0-9][a-z0-9-]*):([A-Za-z0-9_][A-Za-z0-9._-]*)$`)

func buildLocal(t *testing.T) objects {
	t.Helper()
	return build(t, "overlays/local")
}

// TestLocalOverlayIsAWorkingStack: what `skaffold run -p local` applies to the empty cluster can
// start: as dev's, every reference and address resolves inside the overlay; and every other
// address in the cluster a pod is given (the stand-ins', the webhooks' gateway) is a Service of
// the overlay too, by its DNS name or its fixed address.
func TestLocalOverlayIsAWorkingStack(t *testing.T) {
	local := buildLocal(t)
	checkWorkingStack(t, local)
	for where, tmpl := range podTemplates(local) {
		for _, c := range tmpl.Spec.Containers {
			for _, e := range c.Env {
				value := e.Value
				if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
					value = secretValue(local, e.ValueFrom.SecretKeyRef.Name, e.ValueFrom.SecretKeyRef.Key)
				}
				host := value
				if u, err := url.Parse(value); err == nil && u.Host != "" {
					host = u.Hostname()
				} else if h, _, err := net.SplitHostPort(value); err == nil {
					host = h
				}
				if _, fixed := serviceAt(local, host); !fixed && !strings.HasSuffix(host, ".svc.cluster.local") {
					continue
				}
				if err := reaches(local, value); err != nil {
					t.Errorf("%s's %s=%q: %v", where, e.Name, value, err)
				}
			}
		}
	}
}

// TestLocalDatabaseIsFerretDBOnPostgreSQL: the services' MONGO_URI names FerretDB (no replica
// set: FerretDB has none, so nothing initiates one), the image made here that runs it on its own
// PostgreSQL 15, as one pod whose successor starts once it is gone (embeddb's front serializes
// writes within one process), listening where its Service leads, with PostgreSQL's data
// directory below a writable volume (PostgreSQL makes it its own, mode 0700) and its socket in a
// writable /tmp.
func TestLocalDatabaseIsFerretDBOnPostgreSQL(t *testing.T) {
	local := buildLocal(t)
	u, err := url.Parse(secretValue(local, "mongodb", "uri"))
	if err != nil {
		t.Fatal(err)
	}
	if u.Scheme != "mongodb" || u.Query().Get("replicaSet") != "" {
		t.Errorf("MONGO_URI %s: want mongodb:// without a replica set (FerretDB has none)", u)
	}
	if err := reaches(local, u.String()); err != nil {
		t.Fatalf("MONGO_URI %s: %v", u, err)
	}
	svc := local.services[strings.Split(u.Hostname(), ".")[0]]
	var db appsv1.StatefulSet
	for _, s := range local.sets {
		if selectsAll(svc.Spec.Selector, s.Spec.Template.Labels) {
			db = s
		}
	}
	if db.Name == "" || db.Spec.Template.Labels["app"] != "ferretdb" {
		t.Fatalf("MONGO_URI %s leads to no StatefulSet of FerretDB", u)
	}
	if db.Spec.Replicas == nil || *db.Spec.Replicas != 1 {
		t.Errorf("FerretDB runs %v pods, want exactly one", db.Spec.Replicas)
	}
	c := db.Spec.Template.Spec.Containers[0]
	if m := localImage.FindStringSubmatch(c.Image); m == nil || m[1] != "mongodb" || !strings.Contains(m[2], "ferretdb") {
		t.Errorf("the database runs %s, want the MongoDB stand-in made here (localhost/linguaport/mongodb:ferretdb-...)", c.Image)
	}
	listen := ""
	if e := env(c, "LISTEN_ADDR"); e != nil {
		listen = e.Value
	}
	if !slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool { return ":"+strconv.Itoa(int(p.ContainerPort)) == listen }) {
		t.Errorf("FerretDB listens on %q, none of its container ports %v", listen, c.Ports)
	}
	mounted := func(dir string) bool {
		return slices.ContainsFunc(c.VolumeMounts, func(m corev1.VolumeMount) bool {
			return m.MountPath == dir && !m.ReadOnly && slices.ContainsFunc(db.Spec.Template.Spec.Volumes, func(v corev1.Volume) bool {
				return v.Name == m.Name && v.EmptyDir != nil
			})
		})
	}
	pgdata := ""
	if e := env(c, "PGDATA"); e != nil {
		pgdata = e.Value
	}
	if pgdata == "" || !mounted(filepath.Dir(pgdata)) || mounted(pgdata) {
		t.Errorf("PGDATA %q: want a directory just below a writable volume (PostgreSQL makes it its own, mode 0700)", pgdata)
	}
	if !mounted("/tmp") {
		t.Error("FerretDB's /tmp, where PostgreSQL's socket goes, is not writable")
	}
	for name, j := range local.jobs {
		jc := j.Spec.Template.Spec.Containers[0]
		if strings.Contains(strings.Join(append(slices.Clone(jc.Command), jc.Args...), " "), "rs.initiate(") {
			t.Errorf("Job %s initiates a replica set, which FerretDB does not have", name)
		}
	}
}

// TestLocalPodsAreBoundedAndUnprivileged: every pod of the local overlay, the services' and the
// infrastructure's alike, runs as non-root with a read-only root filesystem (writable paths on
// emptyDir volumes: there is no volume provisioner), no privilege escalation and no
// capabilities, with readiness and liveness probes, CPU and memory requested and memory limited,
// from an image that is never pulled; the servers that hold their state in one process run as
// one pod, replaced only after it is gone; and skaffold's port forwards name Service ports.
func TestLocalPodsAreBoundedAndUnprivileged(t *testing.T) {
	local := buildLocal(t)
	services := append(goServices(t), "webui")
	pods := podTemplates(local)
	for where, tmpl := range pods {
		if sc := tmpl.Spec.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot {
			t.Errorf("%s may run as root", where)
		}
		for _, v := range tmpl.Spec.Volumes {
			if v.EmptyDir == nil && v.ConfigMap == nil && v.Secret == nil {
				t.Errorf("%s: volume %s is neither an emptyDir nor configuration: the cluster has no volume provisioner", where, v.Name)
			}
		}
		for _, c := range append(slices.Clone(tmpl.Spec.InitContainers), tmpl.Spec.Containers...) {
			r := c.Resources
			if r.Requests.Cpu().IsZero() || r.Requests.Memory().IsZero() || r.Limits.Memory().IsZero() {
				t.Errorf("%s/%s: requests %v, limits %v; want CPU and memory requested and memory limited", where, c.Name, r.Requests, r.Limits)
			}
			if c.ReadinessProbe == nil || c.LivenessProbe == nil {
				t.Errorf("%s/%s: readiness probe %v, liveness probe %v", where, c.Name, c.ReadinessProbe != nil, c.LivenessProbe != nil)
			}
			sc := c.SecurityContext
			if sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem || sc.AllowPrivilegeEscalation == nil ||
				*sc.AllowPrivilegeEscalation || sc.Capabilities == nil || !slices.Equal(sc.Capabilities.Drop, []corev1.Capability{"ALL"}) ||
				len(sc.Capabilities.Add) > 0 || sc.Privileged != nil && *sc.Privileged || sc.RunAsUser != nil && *sc.RunAsUser == 0 {
				t.Errorf("%s/%s: security context %+v; want a read-only root, no escalation, all capabilities dropped", where, c.Name, sc)
			}
			if c.ImagePullPolicy != corev1.PullNever {
				t.Errorf("%s/%s pulls %s %q: nothing can be pulled here (Never)", where, c.Name, c.Image, c.ImagePullPolicy)
			}
		}
		if tmpl.Spec.HostNetwork || tmpl.Spec.HostPID || tmpl.Spec.HostIPC {
			t.Errorf("%s shares the node's namespaces", where)
		}
		app := tmpl.Labels["app"]
		if slices.Contains(services, app) {
			continue
		}
		if !slices.Contains(localDependencies, app) {
			t.Errorf("%s's pods are labelled app %q, none of %v", where, app, localDependencies)
		}
		for _, c := range tmpl.Spec.Containers {
			if m := localImage.FindStringSubmatch(c.Image); m == nil || m[2] == "latest" {
				t.Errorf("%s runs %s, not localhost/linguaport/<name>:<version>", where, c.Image)
			}
		}
	}
	for _, app := range localDependencies {
		if !slices.ContainsFunc(sortedKeys(pods), func(k string) bool { return pods[k].Labels["app"] == app }) {
			t.Errorf("the local overlay runs no %s", app)
		}
	}
	for _, app := range singleInstance {
		for name, d := range local.deployments {
			if d.Spec.Template.Labels["app"] == app && (d.Spec.Replicas == nil || *d.Spec.Replicas != 1 || d.Spec.Strategy.Type != appsv1.RecreateDeploymentStrategyType) {
				t.Errorf("Deployment %s: replicas %v, strategy %q; want one pod, replaced after it is gone (Recreate)", name, d.Spec.Replicas, d.Spec.Strategy.Type)
			}
		}
	}
	for name, s := range local.sets {
		if s.Spec.Replicas == nil || *s.Spec.Replicas != 1 || len(s.Spec.VolumeClaimTemplates) > 0 {
			t.Errorf("StatefulSet %s: replicas %v, %d volume claims; want one pod, on emptyDir", name, s.Spec.Replicas, len(s.Spec.VolumeClaimTemplates))
		}
	}
	checkPortForwards(t, "local", local)
}

// TestLocalKeepsTheBaseScaling: the cluster's tests delete and evict the services' pods under
// traffic and scale svc-orders out, so the local overlay keeps the base's autoscalers (two pods
// at least), disruption budgets and rollout strategies as they are (dev lowers the minimum).
func TestLocalKeepsTheBaseScaling(t *testing.T) {
	base, local := build(t, "base"), buildLocal(t)
	for name, d := range base.deployments {
		l, ok := local.deployments[name]
		switch {
		case !ok:
			t.Errorf("the local overlay has no Deployment %s", name)
			continue
		case !reflect.DeepEqual(l.Spec.Strategy, d.Spec.Strategy) || !reflect.DeepEqual(l.Spec.Replicas, d.Spec.Replicas):
			t.Errorf("%s: strategy %+v replicas %v, the base's %+v %v", name, l.Spec.Strategy, l.Spec.Replicas, d.Spec.Strategy, d.Spec.Replicas)
		}
		if !reflect.DeepEqual(local.autoscalers[name].Spec, base.autoscalers[name].Spec) {
			t.Errorf("%s's autoscaler %s, the base's %s", name, asJSON(local.autoscalers[name].Spec), asJSON(base.autoscalers[name].Spec))
		}
		if !reflect.DeepEqual(local.budgets[name].Spec, base.budgets[name].Spec) {
			t.Errorf("%s's disruption budget %s, the base's %s", name, asJSON(local.budgets[name].Spec), asJSON(base.budgets[name].Spec))
		}
	}
}

// nodePort is the node port of a Service's port named name, or 0.
func nodePort(objs objects, service, name string) int32 {
	svc := objs.services[service]
	if svc.Spec.Type != corev1.ServiceTypeNodePort {
		return 0
	}
	for _, p := range svc.Spec.Ports {
		if p.Name == name {
			return p.NodePort
		}
	}
	return 0
}

// serviceRange is the cluster's Service address range, which `make cluster` gives the API server
// (cluster/config.go).
func serviceRange(t *testing.T) netip.Prefix {
	t.Helper()
	src, err := os.ReadFile("../cluster/config.go")
	if err != nil {
		t.Fatalf("the cluster's address plan: %v", err)
	}
	m := regexp.MustCompile(`serviceCIDR\s*=\s*"([^"]+)"`).FindSubmatch(src)
	if m == nil {
		t.Fatal("cluster/config.go names no serviceCIDR")
	}
	return netip.MustParsePrefix(string(m[1]))
}

// TestLocalSiteAndStandInsAreReachable: the site is the web UI's Service on a node port, so the
// links mailed, the origins writes are accepted from and the sign-in callbacks registered at the
// stand-in all name http://localhost:<that port>; the mail capture's listing has a node port too.
// Each stand-in names itself (PUBLIC_URL: the pages it hands the browser, Google's issuer) by its
// Service's fixed address, in the lower band of the cluster's Service range that Kubernetes keeps
// for fixed ones, which both the pods and the node reach; the services are pointed at exactly
// that, and share its keys through one Secret.
func TestLocalSiteAndStandInsAreReachable(t *testing.T) {
	local := buildLocal(t)
	port := nodePort(local, "webui", "http")
	if port == 0 {
		t.Fatal("the web UI's Service has no node port")
	}
	site := "http://localhost:" + strconv.Itoa(int(port))
	value := func(deployment, name string) string {
		if e := env(local.deployments[deployment].Spec.Template.Spec.Containers[0], name); e != nil {
			return e.Value
		}
		return ""
	}
	for _, d := range []string{"svc-auth", "svc-billing", "svc-orders", "signin"} {
		if got := value(d, "SITE_URL"); got != site {
			t.Errorf("%s's SITE_URL is %q, want %s", d, got, site)
		}
	}
	for _, d := range []string{"gateway", "svc-auth", "svc-billing"} {
		if origins := strings.Split(value(d, "SITE_ORIGINS"), ","); !slices.Contains(origins, site) {
			t.Errorf("%s accepts writes from %v, not from %s", d, origins, site)
		}
	}
	if nodePort(local, "mailcapture", "http") == 0 {
		t.Error("the mail capture's listing has no node port")
	}

	services := serviceRange(t)
	// Kubernetes' lower band for fixed addresses: min(max(16, size/16), 256) addresses.
	band := min(max(16, (1<<(32-services.Bits()))/16), 256)
	public := map[string]string{}
	for _, standIn := range []string{"payments", "signin"} {
		svc, ok := local.services[standIn]
		if !ok || len(svc.Spec.Ports) != 1 {
			t.Errorf("the %s stand-in has no Service of one port", standIn)
			continue
		}
		ip, err := netip.ParseAddr(svc.Spec.ClusterIP)
		offset := 0
		for a := services.Addr(); err == nil && a.Less(ip) && offset <= band; a = a.Next() {
			offset++
		}
		if err != nil || !services.Contains(ip) || offset == 0 || offset >= band {
			t.Errorf("Service %s's address %q is not a fixed one in the lower %d of the cluster's Service range %s", standIn, svc.Spec.ClusterIP, band, services)
		}
		public[standIn] = "http://" + net.JoinHostPort(svc.Spec.ClusterIP, strconv.Itoa(int(svc.Spec.Ports[0].Port)))
		if got := value(standIn, "PUBLIC_URL"); got != public[standIn] {
			t.Errorf("the %s stand-in names itself %q, want its Service's address %s", standIn, got, public[standIn])
		}
		if err := reaches(local, public[standIn]); err != nil {
			t.Errorf("%s: %v", public[standIn], err)
		}
		c := local.deployments[standIn].Spec.Template.Spec.Containers[0]
		if listen := value(standIn, "HTTP_ADDR"); !slices.ContainsFunc(c.Ports, func(p corev1.ContainerPort) bool {
			return p.Name == svc.Spec.Ports[0].TargetPort.StrVal && ":"+strconv.Itoa(int(p.ContainerPort)) == listen
		}) {
			t.Errorf("the %s stand-in listens on %q, not on the port its Service leads to", standIn, listen)
		}
	}
	// The services, at the very addresses the stand-ins name themselves by (oauthdev's paths).
	signin := public["signin"]
	for name, want := range map[string]string{
		"svc-billing STRIPE_API_BASE":    public["payments"],
		"svc-auth GOOGLE_ISSUER":         signin + "/google",
		"svc-auth FACEBOOK_AUTH_URL":     signin + "/facebook/dialog/oauth",
		"svc-auth FACEBOOK_TOKEN_URL":    signin + "/facebook/oauth/access_token",
		"svc-auth FACEBOOK_USERINFO_URL": signin + "/facebook/me",
	} {
		d, v, _ := strings.Cut(name, " ")
		if got := value(d, v); got != want {
			t.Errorf("%s=%q, want %s", name, got, want)
		}
	}
	hook, err := url.Parse(value("payments", "STRIPE_WEBHOOK_URL"))
	if err != nil || reaches(local, hook.String()) != nil || strings.Split(hook.Hostname(), ".")[0] != "gateway" || hook.Path != "/api/v1/billing/webhooks/stripe" {
		t.Errorf("the payment stand-in's webhooks go to %v, not svc-billing's endpoint below the gateway", hook)
	}
	// One Secret's keys on both sides.
	for _, pair := range [][2]string{{"svc-billing STRIPE_SECRET_KEY", "payments STRIPE_SECRET_KEY"},
		{"svc-billing STRIPE_WEBHOOK_SECRET", "payments STRIPE_WEBHOOK_SECRET"},
		{"svc-auth GOOGLE_CLIENT_ID", "signin OAUTH_CLIENT_ID"}, {"svc-auth GOOGLE_CLIENT_SECRET", "signin OAUTH_CLIENT_SECRET"},
		{"svc-auth FACEBOOK_CLIENT_ID", "signin OAUTH_CLIENT_ID"}, {"svc-auth FACEBOOK_CLIENT_SECRET", "signin OAUTH_CLIENT_SECRET"}} {
		var refs []*corev1.SecretKeySelector
		for _, where := range pair {
			d, v, _ := strings.Cut(where, " ")
			e := env(local.deployments[d].Spec.Template.Spec.Containers[0], v)
			if e == nil || e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
				t.Errorf("%s is not from a Secret", where)
				refs = append(refs, nil)
				continue
			}
			refs = append(refs, e.ValueFrom.SecretKeyRef)
		}
		if !reflect.DeepEqual(refs[0], refs[1]) {
			t.Errorf("%s and %s are not the same Secret's key", pair[0], pair[1])
		}
	}
}

// TestLocalEnvIsWhatTheCodeReads: every variable the local overlay gives a Go program (the
// base's and its own) is one its code reads, so a misspelt one fails here rather than being
// ignored in the cluster.
func TestLocalEnvIsWhatTheCodeReads(t *testing.T) {
	local := buildLocal(t)
	for _, name := range goServices(t) {
		reads := programReads(t, "..", name)
		for _, e := range local.deployments[name].Spec.Template.Spec.Containers[0].Env {
			if reads[e.Name] == nil {
				t.Errorf("%s is given %s, which its code does not read", name, e.Name)
			}
		}
	}
}

// TestLocalImagesAreMadeHere: every image the local overlay runs is either one skaffold builds
// (a module's artifact, whose Deployment skaffold points at what it built) or one made on this
// machine from cluster/images/<name>/Dockerfile as localhost/linguaport/<name>:<version>; nothing
// names a registry. A pod that sets its user runs as the user (and group) that Dockerfile's image
// runs as, whose files and /etc/passwd entry (PostgreSQL looks its user up) are that user's.
func TestLocalImagesAreMadeHere(t *testing.T) {
	local := buildLocal(t)
	built := map[string]bool{}
	for _, m := range skaffoldModules(t) {
		for _, a := range m.Build.Artifacts {
			built[a.Image] = true
		}
	}
	for where, tmpl := range podTemplates(local) {
		for _, c := range append(slices.Clone(tmpl.Spec.InitContainers), tmpl.Spec.Containers...) {
			if built[c.Image] {
				continue
			}
			m := localImage.FindStringSubmatch(c.Image)
			if m == nil {
				t.Errorf("%s/%s runs %s, which skaffold does not build and is not localhost/linguaport/<name>:<version>", where, c.Name, c.Image)
				continue
			}
			dockerfile, err := os.ReadFile(filepath.Join("..", "cluster", "images", m[1], "Dockerfile"))
			if err != nil {
				t.Errorf("%s/%s runs %s, and there is no cluster/images/%s/Dockerfile to make it", where, c.Name, c.Image, m[1])
				continue
			}
			user := ""
			for _, in := range parseDockerfile(string(dockerfile)) {
				switch in.cmd {
				case "FROM":
					user = ""
				case "USER":
					user = in.args
				}
			}
			uid, gid, _ := strings.Cut(user, ":")
			if _, err := strconv.Atoi(uid); err != nil {
				t.Errorf("cluster/images/%s/Dockerfile runs as %q, not a user number Kubernetes can tell from root", m[1], user)
				continue
			}
			sc := tmpl.Spec.SecurityContext
			if sc.RunAsUser != nil && strconv.Itoa(int(*sc.RunAsUser)) != uid || gid != "" && sc.RunAsGroup != nil && strconv.Itoa(int(*sc.RunAsGroup)) != gid {
				t.Errorf("%s runs as %v:%v, its image (cluster/images/%s) as %s", where, ptrValue(sc.RunAsUser), ptrValue(sc.RunAsGroup), m[1], user)
			}
		}
	}
}

func asJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func ptrValue[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestLocalPoliciesAdmitExactlyTheConnections: in the local overlay, whose servers run in the
// app's namespace, every pair of pods is asked, the servers among themselves included (dev's
// and production's test asks only about the app's pods): what gets through is exactly what the
// code and the manifests name (architecture: the app's connections, DNS, and the addresses each
// pod's variables hold, such as FerretDB's PostgreSQL and the payment stand-in's gateway). And
// each of the overlay's own servers holds on its own: its ingress admits only its clients, its
// egress reaches only what it calls, whatever the other side's policy says.
func TestLocalPoliciesAdmitExactlyTheConnections(t *testing.T) {
	programs := append(goServices(t), "webui")
	local := buildLocal(t)
	eps := endpoints(t, local, programs)
	var ps policySet
	for _, name := range sortedKeys(local.policies) {
		ps = append(ps, local.policies[name])
	}
	internal, external, among, byPort := architecture(t, local, eps, programs)
	want := map[conn]bool{}
	for _, set := range []map[conn]bool{internal, external, among} {
		for c := range set {
			want[c] = true
		}
	}
	ns := eps[slices.IndexFunc(eps, func(e endpoint) bool { return e.app })].namespace
	// The servers whose policies are the overlay's own (Redis's is the base's, for any Redis in
	// the namespace).
	own := func(e endpoint) bool { return e.built && !e.app && e.role != "redis" }
	got := map[conn]bool{}
	for _, src := range eps {
		for _, dst := range eps {
			if src.name == dst.name || src.serverOnly || !src.built && !dst.built && (src.role != "stranger" || dst.namespace != ns) {
				continue
			}
			ports := dst.ports
			if len(ports) == 0 {
				ports = candidatePorts
			}
			for _, p := range ports {
				c := conn{src.name, dst.name, p.ContainerPort, protocol(&p.Protocol)}
				if ps.admits(src, dst, p) {
					got[c] = true
				}
				if own(dst) && ps.allows(networkingv1.PolicyTypeIngress, src, dst, p) && !want[c] && !byPort[c] {
					t.Errorf("%s's ingress rules alone admit %s, which nothing needs", dst.name, c)
				}
				if own(src) && ps.allows(networkingv1.PolicyTypeEgress, src, dst, p) && !want[c] {
					t.Errorf("%s's egress rules alone admit %s, which nothing needs", src.name, c)
				}
			}
		}
	}
	t.Logf("among the servers: %s", strings.Join(sortedConns(among), ", "))
	if d := diff(got, want); d != "" {
		t.Errorf("every pair of pods:%s", d)
	}
	// The overlay's servers are reached as the code says: each by its clients.
	for _, c := range []struct{ from, to string }{{"svc-billing", "payments"}, {"payments", "gateway"}, {"svc-auth", "signin"},
		{"svc-orders", "ferretdb"}, {"svc-auth", "mailcapture"}, {"svc-geo", "consul-server"}, {"consul-server", "svc-geo"}} {
		if !slices.ContainsFunc(sortedKeys(connNames(got)), func(k string) bool { return k == c.from+" → "+c.to }) {
			t.Errorf("%s cannot reach %s", c.from, c.to)
		}
	}
}

// connNames are the "from → to" of a set's connections, whatever the port.
func connNames(set map[conn]bool) map[string]bool {
	out := map[string]bool{}
	for c := range set {
		out[c.from+" → "+c.to] = true
	}
	return out
}
