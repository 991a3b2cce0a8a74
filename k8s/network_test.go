package k8s

import (
	"encoding/json"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// The NetworkPolicies are checked by what they let through, not by how they are written: every
// connection between the app's pods and the rest of the world (stand-ins for the ingress
// controller, Consul, Prometheus, Redis, the trace collector, DNS, a stranger pod, the internet)
// is evaluated as a cluster would, and the set admitted must be exactly the set the code needs:
// the gateway's route table, each program's Watch("svc-x") calls and the variables it reads
// (codereads_test.go).

// thirdParties are the variables that name a service on the internet, and the port it is
// reached on: a program that reads one may leave the cluster on that port, and no other may.
var thirdParties = map[string]int32{
	"STRIPE_SECRET_KEY":  443, // Stripe's API
	"GOOGLE_CLIENT_ID":   443, // Google's sign-in (OpenID Connect)
	"FACEBOOK_CLIENT_ID": 443, // Facebook's sign-in (OAuth and the Graph API)
	// The mail relay, with STARTTLS (SMTP_TLS=starttls in the manifests): mail submission.
	"SMTP_ADDR": 587,
}

// publicPorts are the only ports any rule may open to public addresses: the third parties' and
// MongoDB's, which runs outside the cluster at whatever address MONGO_URI names.
var publicPorts = []int32{443, 587, 27017}

// candidatePorts are tried on every endpoint that is not one of the app's pods.
var candidatePorts = []corev1.ContainerPort{{ContainerPort: 22}, {ContainerPort: 25}, {ContainerPort: 53, Protocol: corev1.ProtocolUDP},
	{ContainerPort: 53}, {ContainerPort: 80}, {ContainerPort: 443}, {ContainerPort: 465}, {ContainerPort: 587},
	{ContainerPort: 4317}, {ContainerPort: 4318}, {ContainerPort: 5432}, {ContainerPort: 6379}, {ContainerPort: 8080},
	{ContainerPort: 8081}, {ContainerPort: 8500}, {ContainerPort: 9090}, {ContainerPort: 27017}}

// standIns are what the app talks with besides itself, as the policies must expect to find it.
func standIns(ns string) []endpoint {
	addr := netip.MustParseAddr
	// Named by namespace (or address), apart from the build's own pods.
	return []endpoint{
		{name: "ingress-nginx/controller", namespace: "ingress-nginx", labels: map[string]string{"app.kubernetes.io/name": "ingress-nginx"}, role: "ingress"},
		// The Helm chart's servers and agents; CONSUL_HTTP_ADDR names consul-server.consul.
		{name: "consul/consul-server", namespace: "consul", labels: map[string]string{"app": "consul", "component": "server"}, role: "consul"},
		{name: "monitoring/prometheus", namespace: "monitoring", labels: map[string]string{"app.kubernetes.io/name": "prometheus"}, role: "prometheus"},
		{name: "kube-system/kube-dns", namespace: "kube-system", labels: map[string]string{"k8s-app": "kube-dns"}, role: "dns"},
		// platform-config's REDIS_URL is redis in the app's namespace, run by ops.
		{name: ns + "/redis (ops')", namespace: ns, labels: map[string]string{"app": "redis"}, role: "redis", serverOnly: true},
		{name: "observability/otel-collector", namespace: "observability", labels: map[string]string{"app.kubernetes.io/name": "opentelemetry-collector"}, role: "collector"},
		{name: "elsewhere/stranger", namespace: "elsewhere", labels: map[string]string{"app": "stranger"}, role: "stranger"},
		{name: ns + "/stranger", namespace: ns, labels: map[string]string{"app": "stranger"}, role: "stranger"},
		{name: "203.0.113.10 (the internet)", ip: addr("203.0.113.10"), role: "internet"},
		{name: "10.20.30.40 (a private address)", ip: addr("10.20.30.40"), role: "private"},
	}
}

// overlays are every build that gets deployed: the base and each overlay.
func overlays(t *testing.T) []string {
	dirs := []string{"base"}
	found, _ := filepath.Glob("overlays/*/kustomization.yaml")
	for _, f := range found {
		dirs = append(dirs, filepath.Dir(f))
	}
	if len(dirs) < 2 {
		t.Fatal("no overlays found")
	}
	return dirs
}

// endpoints are the pods of a build (the app's Deployments, and whatever else it runs) and the
// stand-ins for what runs outside it.
func endpoints(t *testing.T, objs objects, programs []string) []endpoint {
	t.Helper()
	var out []endpoint
	pod := func(name, ns string, tmpl corev1.PodTemplateSpec) endpoint {
		e := endpoint{name: name, namespace: namespaceOf(ns), labels: tmpl.Labels, role: tmpl.Labels["app"], built: true}
		if e.role == "jaeger" {
			e.role = "collector"
		}
		for _, c := range tmpl.Spec.Containers {
			for _, p := range c.Ports {
				p.Protocol = protocol(&p.Protocol)
				e.ports = append(e.ports, p)
			}
		}
		return e
	}
	ns := ""
	for _, name := range programs {
		d, ok := objs.deployments[name]
		if !ok {
			t.Fatalf("no Deployment %s", name)
		}
		e := pod(name, d.Namespace, d.Spec.Template)
		e.app, e.role, ns = true, name, e.namespace
		out = append(out, e)
	}
	for _, name := range sortedKeys(objs.deployments) {
		if !slices.Contains(programs, name) {
			out = append(out, pod(name, objs.deployments[name].Namespace, objs.deployments[name].Spec.Template))
		}
	}
	for _, name := range sortedKeys(objs.sets) {
		out = append(out, pod(name, objs.sets[name].Namespace, objs.sets[name].Spec.Template))
	}
	for _, s := range standIns(ns) {
		// A server the build runs itself (the dev overlay's) replaces its stand-in.
		if s.serverOnly && slices.ContainsFunc(out, func(e endpoint) bool { return e.namespace == s.namespace && e.role == s.labels["app"] }) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// httpPort is the port a program serves on (and registers in Consul: HTTP_ADDR matches it).
func httpPort(t *testing.T, e endpoint) int32 {
	t.Helper()
	for _, p := range e.ports {
		if p.Name == "http" {
			return p.ContainerPort
		}
	}
	t.Fatalf("%s has no port named http", e.name)
	return 0
}

// routedServices are the services the gateway sends requests to: every service folder whose
// program publishes an API contract (`<service> contract`, from the binaries make builds). The
// gateway learns them from Consul at run time (gateway/areas.go), so the policies must let it
// reach each one that publishes.
func routedServices(t *testing.T) []string {
	t.Helper()
	dirs, _ := filepath.Glob("../svc-*")
	var services []string
	for _, dir := range dirs {
		name := filepath.Base(dir)
		raw, err := exec.Command(filepath.Join("..", ".bin", name), "contract").Output()
		if err != nil {
			t.Fatalf("%s contract (make test builds .bin/%s): %v", name, name, err)
		}
		var api struct {
			Service string `json:"service"`
			Routes  []any  `json:"routes"`
		}
		if err := json.Unmarshal(raw, &api); err != nil || api.Service != name {
			t.Fatalf("%s's contract: %v %s", name, err, raw)
		}
		if len(api.Routes) > 0 {
			services = append(services, name)
		}
	}
	if len(services) == 0 {
		t.Fatal("no service publishes a contract")
	}
	return services
}

// serviceBackend follows a Kubernetes Service's port (by name or number) to the pods of the
// build it selects and their container port; ok is false when the build has no such Service.
func serviceBackend(t *testing.T, objs objects, eps []endpoint, service string, port intstr.IntOrString) (_ endpoint, _ int32, ok bool) {
	t.Helper()
	s, ok := objs.services[service]
	if !ok {
		return endpoint{}, 0, false
	}
	i := slices.IndexFunc(s.Spec.Ports, func(p corev1.ServicePort) bool {
		return port.Type == intstr.String && p.Name == port.StrVal || port.Type == intstr.Int && p.Port == port.IntVal
	})
	if i < 0 {
		t.Fatalf("Service %s has no port %s", service, port.String())
	}
	target := s.Spec.Ports[i].TargetPort
	for _, e := range eps {
		if !e.built || !labels.SelectorFromSet(s.Spec.Selector).Matches(labels.Set(e.labels)) {
			continue
		}
		for _, p := range e.ports {
			if target.Type == intstr.String && p.Name == target.StrVal || target.Type == intstr.Int && p.ContainerPort == target.IntVal {
				return e, p.ContainerPort, true
			}
		}
	}
	t.Fatalf("Service %s port %s leads to no pod of the build", service, port.String())
	return endpoint{}, 0, false
}

// addressBackend follows the address a program's variable holds to the pods of the build
// behind it (envBackend); ok is false when the address is not in the build: production's
// outside servers.
func addressBackend(t *testing.T, objs objects, eps []endpoint, program, variable string) (_ endpoint, _ int32, ok bool) {
	t.Helper()
	return envBackend(t, objs, eps, objs.deployments[program].Spec.Template.Spec.Containers[0], variable)
}

// envBackend follows the address a container's variable holds (its value, or its Secret's when
// the build carries it), "host:port" or a URL (its port, or its scheme's for http and https),
// with the host a Service's name (alone or as its DNS name's first label) or fixed cluster
// address, to the pods of the build behind it; ok is false when the address names no Service of
// the build.
func envBackend(t *testing.T, objs objects, eps []endpoint, c corev1.Container, variable string) (_ endpoint, _ int32, ok bool) {
	t.Helper()
	v := env(c, variable)
	if v == nil {
		return endpoint{}, 0, false
	}
	value := v.Value
	if from := v.ValueFrom; from != nil && from.SecretKeyRef != nil {
		secret := objs.secrets[from.SecretKeyRef.Name]
		value = secret.StringData[from.SecretKeyRef.Key]
		if data, ok := secret.Data[from.SecretKeyRef.Key]; ok {
			value = string(data)
		}
	}
	hostport := value
	if u, err := url.Parse(value); err == nil && u.Scheme != "" && u.Host != "" {
		hostport = u.Host
		if u.Port() == "" {
			switch u.Scheme {
			case "http":
				hostport = net.JoinHostPort(u.Hostname(), "80")
			case "https":
				hostport = net.JoinHostPort(u.Hostname(), "443")
			}
		}
	}
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return endpoint{}, 0, false
	}
	n, err := strconv.Atoi(port)
	if err != nil {
		t.Fatalf("%s=%q: %v", variable, value, err)
	}
	service, _, _ := strings.Cut(host, ".")
	if byIP, ok := serviceAt(objs, host); ok {
		service = byIP
	}
	return serviceBackend(t, objs, eps, service, intstr.FromInt32(int32(n)))
}

// serviceAt is the Service of the build whose fixed cluster address host is.
func serviceAt(objs objects, host string) (string, bool) {
	if _, err := netip.ParseAddr(host); err != nil {
		return "", false
	}
	for name, svc := range objs.services {
		if svc.Spec.ClusterIP == host {
			return name, true
		}
	}
	return "", false
}

// containers are the containers of the pods an endpoint of the build stands for.
func containers(objs objects, e endpoint) []corev1.Container {
	if d, ok := objs.deployments[e.name]; ok && namespaceOf(d.Namespace) == e.namespace {
		return d.Spec.Template.Spec.Containers
	}
	if s, ok := objs.sets[e.name]; ok && namespaceOf(s.Namespace) == e.namespace {
		return s.Spec.Template.Spec.Containers
	}
	return nil
}

// architecture is the connections the app needs, found in its code and its Deployments:
// between its own pods (webui → gateway → the routed services, each service → those it calls)
// and with the rest of the world (what each program reads says what it talks to). among are
// those between the build's other pods (an overlay's servers: DNS, and the addresses their
// variables hold, e.g. FerretDB → PostgreSQL), which only the local overlay's test asks about.
// byPort are the connections a program's egress alone may also admit: MongoDB's port anywhere,
// whose destination's own policy may still refuse it.
func architecture(t *testing.T, objs objects, eps []endpoint, programs []string) (internal, external, among, byPort map[conn]bool) {
	t.Helper()
	internal, external, among, byPort = map[conn]bool{}, map[conn]bool{}, map[conn]bool{}, map[conn]bool{}
	byName := map[string]endpoint{}
	for _, e := range eps {
		byName[e.name] = e
	}
	to := func(set map[conn]bool, from string, role string, port int32, proto corev1.Protocol) {
		for _, e := range eps {
			if e.role == role && e.name != from {
				set[conn{from, e.name, port, proto}] = true
			}
		}
	}
	// The web UI proxies /api to its GATEWAY_UPSTREAM, a Service; the Ingress leads to the web UI.
	gw, gwPort, ok := addressBackend(t, objs, eps, "webui", "GATEWAY_UPSTREAM")
	if !ok {
		t.Fatal("webui's GATEWAY_UPSTREAM names no Service of the build")
	}
	internal[conn{"webui", gw.name, gwPort, corev1.ProtocolTCP}] = true
	for _, in := range objs.ingresses {
		for _, rule := range in.Spec.Rules {
			for _, path := range rule.HTTP.Paths {
				b := path.Backend.Service
				port := intstr.FromInt32(b.Port.Number)
				if b.Port.Name != "" {
					port = intstr.FromString(b.Port.Name)
				}
				e, p, ok := serviceBackend(t, objs, eps, b.Name, port)
				if !ok {
					t.Fatalf("Ingress %s leads to %s, which the build lacks", in.Name, b.Name)
				}
				for _, src := range eps {
					if src.role == "ingress" {
						external[conn{src.name, e.name, p, corev1.ProtocolTCP}] = true
					}
				}
			}
		}
	}
	for _, name := range programs {
		to(external, name, "dns", 53, corev1.ProtocolUDP)
		to(external, name, "dns", 53, corev1.ProtocolTCP)
		if name == "webui" {
			// nginx sends its spans to the collector it is given (webui/nginx/lp_trace.lua).
			if d, ok := objs.deployments[name]; ok && env(d.Spec.Template.Spec.Containers[0], "OTLP_TRACES_ADDR") != nil {
				to(external, name, "collector", 4318, corev1.ProtocolTCP)
			}
			continue
		}
		scan := scanProgram(t, "..", name)
		calls := sortedKeys(scan.calls)
		if name == "gateway" {
			calls = append(calls, routedServices(t)...)
		}
		for _, callee := range calls {
			target, ok := byName[callee]
			if !ok || !target.app {
				t.Fatalf("%s calls %s, which no Deployment runs", name, callee)
			}
			internal[conn{name, callee, httpPort(t, target), corev1.ProtocolTCP}] = true
		}
		reads := scan.reads
		self := httpPort(t, byName[name])
		// Every program serves /metrics (httpx.Server); one that registers in Consul (the host
		// it advertises) is health-checked by it.
		for _, src := range eps {
			if src.role == "prometheus" || src.role == "consul" && !src.serverOnly && reads["ADVERTISE_HOST"] != nil {
				external[conn{src.name, name, self, corev1.ProtocolTCP}] = true
			}
		}
		for v, want := range map[string]struct {
			role string
			port int32
		}{"CONSUL_HTTP_ADDR": {"consul", 8500}, "REDIS_URL": {"redis", 6379}, "OTEL_EXPORTER_OTLP_ENDPOINT": {"collector", 4318}} {
			if reads[v] != nil {
				to(external, name, want.role, want.port, corev1.ProtocolTCP)
			}
		}
		for v, port := range thirdParties {
			if reads[v] != nil {
				to(external, name, "internet", port, corev1.ProtocolTCP)
			}
		}
		// A server an overlay runs in the cluster is named by the variable the program reads, in
		// its Deployment or a Secret: the dev overlay's Mailpit and the local overlay's mail
		// capture (SMTP_ADDR), the local overlay's FerretDB (MONGO_URI), payment stand-in
		// (STRIPE_API_BASE) and sign-in stand-in (FACEBOOK_TOKEN_URL...). Production's rules for
		// the same stay, the policies being the base's.
		for _, e := range objs.deployments[name].Spec.Template.Spec.Containers[0].Env {
			if server, port, ok := addressBackend(t, objs, eps, name, e.Name); ok && reads[e.Name] != nil && server.name != name {
				external[conn{name, server.name, port, corev1.ProtocolTCP}] = true
			}
		}
		// MongoDB is outside the namespace, at whatever address MONGO_URI names: by its port; or
		// run in it by an overlay.
		if reads["MONGO_URI"] != nil {
			for _, e := range eps {
				c := conn{name, e.name, 27017, corev1.ProtocolTCP}
				if !e.app {
					byPort[c] = true
				}
				if e.namespace != byName[name].namespace || slices.ContainsFunc(e.ports, func(p corev1.ContainerPort) bool { return p.ContainerPort == 27017 }) {
					external[c] = true
				}
			}
		}
	}
	// The build's other pods resolve names, and reach what their variables name: the app's
	// pods (the payment stand-in's webhooks to the gateway) or each other.
	for _, src := range eps {
		if !src.built || src.app {
			continue
		}
		to(among, src.name, "dns", 53, corev1.ProtocolUDP)
		to(among, src.name, "dns", 53, corev1.ProtocolTCP)
		for _, c := range containers(objs, src) {
			for _, e := range c.Env {
				if server, port, ok := envBackend(t, objs, eps, c, e.Name); ok && server.name != src.name {
					set := among
					if server.app {
						set = external
					}
					set[conn{src.name, server.name, port, corev1.ProtocolTCP}] = true
				}
			}
		}
	}
	return internal, external, among, byPort
}

// diff names what one set has and the other lacks, one connection a line.
func diff(got, want map[conn]bool) string {
	var b strings.Builder
	for _, c := range sortedConns(got, want) {
		fmt.Fprintf(&b, "\n  admitted, not needed: %s", c)
	}
	for _, c := range sortedConns(want, got) {
		fmt.Fprintf(&b, "\n  needed, not admitted: %s", c)
	}
	return b.String()
}

// sortedConns lists the connections of set that none of the others has.
func sortedConns(set map[conn]bool, others ...map[conn]bool) []string {
	var out []string
	for c := range set {
		if !slices.ContainsFunc(others, func(o map[conn]bool) bool { return o[c] }) {
			out = append(out, c.String())
		}
	}
	slices.Sort(out)
	return out
}

// TestNetworkPoliciesAdmitExactlyTheArchitecture: in every build, the connections the policies
// let through are exactly those the code needs; between the app's pods, and with the rest of the
// world (DNS, Consul, Redis, MongoDB, the trace collector, the ingress controller, Prometheus, the
// third parties), where a stranger pod, inside the namespace or out, reaches nothing and is
// reached by nothing.
func TestNetworkPoliciesAdmitExactlyTheArchitecture(t *testing.T) {
	programs := append(goServices(t), "webui")
	for _, dir := range overlays(t) {
		t.Run(dir, func(t *testing.T) {
			objs := build(t, dir)
			checkPolicies(t, objs, programs)
			if t.Failed() {
				t.FailNow()
			}
			eps := endpoints(t, objs, programs)
			var ps policySet
			for _, name := range sortedKeys(objs.policies) {
				ps = append(ps, objs.policies[name])
			}
			got := admitted(ps, eps)
			internal, external, _, byPort := architecture(t, objs, eps, programs)
			gotInternal, gotExternal := map[conn]bool{}, map[conn]bool{}
			appPod := map[string]bool{}
			for _, e := range eps {
				appPod[e.name] = e.app
			}
			for c := range got {
				if appPod[c.from] && appPod[c.to] {
					gotInternal[c] = true
				} else {
					gotExternal[c] = true
				}
			}
			t.Logf("between the app's pods: %s", strings.Join(sortedConns(internal), ", "))
			if d := diff(gotInternal, internal); d != "" {
				t.Errorf("between the app's pods:%s", d)
			}
			if d := diff(gotExternal, external); d != "" {
				t.Errorf("with the rest of the world:%s", d)
			}
			// Each side holds on its own too: a pod's ingress admits no one its peers' egress
			// happens to hold back, and the other way round.
			for _, dir := range []networkingv1.PolicyType{networkingv1.PolicyTypeIngress, networkingv1.PolicyTypeEgress} {
				if extra := sortedConns(admitted(ps, eps, dir), internal, external, byPort); len(extra) > 0 {
					t.Errorf("the app's %s rules alone admit what the code does not need:\n  %s", dir, strings.Join(extra, "\n  "))
				}
			}
		})
	}
}

// checkPolicies: every Deployment of the app has its autoscaler, its disruption budget (their
// settings are TestEveryDeploymentScalesAndSurvivesDrains'), and every workload exactly one
// NetworkPolicy of its own; every selector parses, and no rule opens an address outside the
// cluster on a port other than the third parties' and MongoDB's.
func checkPolicies(t *testing.T, objs objects, programs []string) {
	t.Helper()
	for _, p := range objs.policies {
		sels := []*metav1.LabelSelector{&p.Spec.PodSelector}
		var peers []networkingv1.NetworkPolicyPeer
		for _, r := range p.Spec.Ingress {
			peers = append(peers, r.From...)
		}
		for _, r := range p.Spec.Egress {
			peers = append(peers, r.To...)
			open := len(r.To) == 0
			for _, peer := range r.To {
				open = open || peer.IPBlock != nil
			}
			for _, port := range r.Ports {
				if open && (port.Port == nil || port.Port.Type != intstr.Int || port.EndPort != nil || !slices.Contains(publicPorts, port.Port.IntVal)) {
					t.Errorf("NetworkPolicy %s opens addresses outside the cluster on port %v (end %v): only %v", p.Name, port.Port, port.EndPort, publicPorts)
				}
			}
			if open && len(r.Ports) == 0 {
				t.Errorf("NetworkPolicy %s opens addresses outside the cluster on every port", p.Name)
			}
		}
		for _, peer := range peers {
			sels = append(sels, peer.PodSelector, peer.NamespaceSelector)
			if peer.IPBlock != nil {
				for _, cidr := range append([]string{peer.IPBlock.CIDR}, peer.IPBlock.Except...) {
					if _, err := netip.ParsePrefix(cidr); err != nil {
						t.Errorf("NetworkPolicy %s: %v", p.Name, err)
					}
				}
			}
		}
		for _, sel := range sels {
			if _, err := metav1.LabelSelectorAsSelector(sel); sel != nil && err != nil {
				t.Errorf("NetworkPolicy %s: selector %v: %v", p.Name, sel, err)
			}
		}
	}
	for _, name := range programs {
		_, hpa := objs.autoscalers[name]
		_, pdb := objs.budgets[name]
		if !hpa || !pdb {
			t.Errorf("Deployment %s: autoscaler %v, disruption budget %v", name, hpa, pdb)
		}
	}
	workloads := map[string]corev1.PodTemplateSpec{}
	namespaces := map[string]string{}
	for name, d := range objs.deployments {
		workloads["Deployment "+name], namespaces["Deployment "+name] = d.Spec.Template, d.Namespace
	}
	for name, s := range objs.sets {
		workloads["StatefulSet "+name], namespaces["StatefulSet "+name] = s.Spec.Template, s.Namespace
	}
	for _, w := range sortedKeys(workloads) {
		// Its own: the namespace's shared policies (an empty selector) select every pod.
		var own []string
		for _, p := range objs.policies {
			if namespaceOf(p.Namespace) == namespaceOf(namespaces[w]) && len(p.Spec.PodSelector.MatchLabels)+len(p.Spec.PodSelector.MatchExpressions) > 0 &&
				selects(&p.Spec.PodSelector, workloads[w].Labels) {
				own = append(own, p.Name)
			}
		}
		if len(own) != 1 {
			t.Errorf("%s is selected by NetworkPolicies %v: want exactly one of its own", w, own)
		}
	}
}
