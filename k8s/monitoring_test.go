package k8s

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/prometheus/model/labels"
	"github.com/prometheus/prometheus/model/relabel"
	"github.com/prometheus/prometheus/model/rulefmt"
	"github.com/prometheus/prometheus/promql/parser"
	"gopkg.in/yaml.v3"

	"linguaport/internal/events"
	"linguaport/internal/httpx"
)

// promConfig is the part of Prometheus' configuration k8s/monitoring uses, decoded strictly: a
// field Prometheus does not know, or one put at the wrong level, fails here. The relabelling
// rules are Prometheus' own type, validated as Prometheus loads them.
type promConfig struct {
	Global struct {
		ScrapeInterval     string `yaml:"scrape_interval"`
		ScrapeTimeout      string `yaml:"scrape_timeout"`
		EvaluationInterval string `yaml:"evaluation_interval"`
	} `yaml:"global"`
	RuleFiles     []string `yaml:"rule_files"`
	ScrapeConfigs []struct {
		JobName             string `yaml:"job_name"`
		MetricsPath         string `yaml:"metrics_path"`
		Scheme              string `yaml:"scheme"`
		KubernetesSDConfigs []struct {
			Role       string `yaml:"role"`
			Namespaces struct {
				Names []string `yaml:"names"`
			} `yaml:"namespaces"`
		} `yaml:"kubernetes_sd_configs"`
		RelabelConfigs []*relabel.Config `yaml:"relabel_configs"`
	} `yaml:"scrape_configs"`
}

func monitoringConfigMaps(t *testing.T) (prom promConfig, rules []byte) {
	t.Helper()
	mon := build(t, "monitoring")
	if len(mon.all) != 2 || len(mon.configMaps) != 2 {
		t.Fatalf("k8s/monitoring builds %v, want the two ConfigMaps", mon.all)
	}
	for _, o := range mon.all {
		if o.Metadata.Namespace != "monitoring" {
			t.Errorf("%s is in namespace %q, want monitoring", o, o.Metadata.Namespace)
		}
	}
	cfg, ok := mon.configMaps["prometheus-config"].Data["prometheus.yml"]
	if !ok {
		t.Fatal("ConfigMap prometheus-config has no prometheus.yml")
	}
	dec := yaml.NewDecoder(strings.NewReader(cfg))
	dec.KnownFields(true)
	if err := dec.Decode(&prom); err != nil {
		t.Fatalf("prometheus.yml: %v", err)
	}
	rulesText, ok := mon.configMaps["prometheus-rules"].Data["linguaport.rules.yml"]
	if !ok {
		t.Fatal("ConfigMap prometheus-rules has no linguaport.rules.yml")
	}
	return prom, []byte(rulesText)
}

// The scrape configuration, applied with Prometheus' relabelling to the targets Kubernetes
// service discovery would find for the pods of k8s/base, keeps exactly the http port of each Go
// program, named by its app label.
func TestMonitoringScrapesEveryProgram(t *testing.T) {
	prom, _ := monitoringConfigMaps(t)
	if len(prom.ScrapeConfigs) != 1 {
		t.Fatalf("%d scrape configs, want 1", len(prom.ScrapeConfigs))
	}
	sc := prom.ScrapeConfigs[0]
	if sc.MetricsPath != "/metrics" || len(sc.KubernetesSDConfigs) != 1 || sc.KubernetesSDConfigs[0].Role != "pod" ||
		!slices.Equal(sc.KubernetesSDConfigs[0].Namespaces.Names, []string{"linguaport"}) {
		t.Fatalf("scrape config %+v: want pods of namespace linguaport on /metrics", sc)
	}
	if !slices.Contains(prom.RuleFiles, "/etc/prometheus/rules/*.yml") {
		t.Errorf("rule_files %v do not load the rules' ConfigMap as mounted", prom.RuleFiles)
	}

	base := build(t, "base")
	got := map[string]labels.Labels{}
	for _, d := range base.deployments {
		app := d.Spec.Template.Labels["app"]
		for _, c := range d.Spec.Template.Spec.Containers {
			for _, port := range c.Ports {
				for _, phase := range []string{"Running", "Failed"} {
					// The labels Prometheus' Kubernetes discovery gives a pod's container port.
					target := labels.FromStrings(
						"__address__", "10.0.0.7:"+strconv.Itoa(int(port.ContainerPort)),
						"__metrics_path__", sc.MetricsPath, "__scheme__", "http", "job", sc.JobName,
						"__meta_kubernetes_namespace", "linguaport",
						"__meta_kubernetes_pod_name", d.Name+"-7d9f8-x2x4q",
						"__meta_kubernetes_pod_label_app", app,
						"__meta_kubernetes_pod_phase", phase,
						"__meta_kubernetes_pod_container_name", c.Name,
						"__meta_kubernetes_pod_container_port_name", port.Name,
						"__meta_kubernetes_pod_container_port_number", strconv.Itoa(int(port.ContainerPort)),
					)
					kept, keep := relabel.Process(target, sc.RelabelConfigs...)
					if !keep {
						continue
					}
					if phase != "Running" {
						t.Errorf("a %s pod of %s is scraped", phase, app)
					}
					if _, dup := got[app]; dup {
						t.Errorf("%s is scraped on more than one port", app)
					}
					got[app] = kept
					if port.Name != "http" {
						t.Errorf("%s is scraped on port %q", app, port.Name)
					}
				}
			}
		}
	}
	programs := goServices(t)
	for _, name := range programs {
		l, ok := got[name]
		if !ok {
			t.Errorf("%s is not scraped", name)
			continue
		}
		want := map[string]string{"job": name, "service": name, "pod": name + "-7d9f8-x2x4q", "namespace": "linguaport"}
		for k, v := range want {
			if l.Get(k) != v {
				t.Errorf("%s is scraped with %s=%q, want %q (all: %v)", name, k, l.Get(k), v, l)
			}
		}
	}
	for app := range got {
		if !slices.Contains(programs, app) {
			t.Errorf("%s is scraped but serves no /metrics", app)
		}
	}
}

// Every alert rule loads as Prometheus loads it (real PromQL parser, templates), names only
// metrics and labels our programs serve, and "no healthy instance" covers every program.
func TestMonitoringAlertRules(t *testing.T) {
	_, rules := monitoringConfigMaps(t)
	groups, errs := rulefmt.Parse(rules, false)
	for _, err := range errs {
		t.Errorf("rules: %v", err)
	}
	if len(errs) > 0 {
		t.FailNow()
	}

	served := servedMetrics(t)
	alerts := map[string]bool{}
	var noInstance []string
	for _, g := range groups.Groups {
		for _, r := range g.Rules {
			name := r.Alert
			if name == "" {
				t.Errorf("group %s has a recording rule; only alerts are expected", g.Name)
				continue
			}
			alerts[name] = true
			if sev := r.Labels["severity"]; sev != "page" && sev != "ticket" {
				t.Errorf("%s has severity %q", name, sev)
			}
			if r.Annotations["summary"] == "" {
				t.Errorf("%s has no summary", name)
			}
			expr, err := parser.ParseExpr(r.Expr)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			parser.Inspect(expr, func(n parser.Node, _ []parser.Node) error {
				vs, ok := n.(*parser.VectorSelector)
				if !ok {
					return nil
				}
				have, ok := served[vs.Name]
				if !ok {
					t.Errorf("%s uses %s, which no program serves", name, vs.Name)
					return nil
				}
				for _, m := range vs.LabelMatchers {
					if m.Name != labels.MetricName && !slices.Contains(have, m.Name) {
						t.Errorf("%s selects %s by label %q, which it does not have (%v)", name, vs.Name, m.Name, have)
					}
					if vs.Name == "up" && m.Name == "job" {
						noInstance = append(noInstance, m.Value)
					}
				}
				return nil
			})
		}
	}
	for _, want := range []string{"HighErrorRate", "HighLatency", "ConsumerLagHigh", "ConsumerLagGrowing", "OutboxNotDraining", "NoHealthyInstance"} {
		if !alerts[want] {
			t.Errorf("no %s alert", want)
		}
	}
	slices.Sort(noInstance)
	if programs := goServices(t); !slices.Equal(noInstance, programs) {
		t.Errorf("NoHealthyInstance covers %v, want every program %v", noInstance, programs)
	}
}

// targetLabels are what the scrape configuration puts on every series (prometheus.yml).
var targetLabels = []string{"job", "service", "pod", "namespace", "instance"}

// servedMetrics are the series names a program serves with their labels: the RED metrics as
// httpx's server exposes them after a request, the event metrics as internal/events declares
// them, and Prometheus' own "up".
func servedMetrics(t *testing.T) map[string][]string {
	t.Helper()
	reg := prometheus.NewRegistry()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/x", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	srv := httpx.NewServer(httpx.Options{Name: "probe", Handler: mux, Registry: reg})
	srv.Handler().ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/v1/x", nil))
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	served := map[string][]string{"up": targetLabels}
	for _, f := range families {
		var names []string
		for _, l := range f.GetMetric()[0].GetLabel() {
			names = append(names, l.GetName())
		}
		names = append(names, targetLabels...)
		if f.GetType() == dto.MetricType_HISTOGRAM {
			served[f.GetName()+"_bucket"] = append(slices.Clone(names), "le")
			served[f.GetName()+"_sum"] = names
			served[f.GetName()+"_count"] = names
			continue
		}
		served[f.GetName()] = names
	}
	if _, ok := served["http_requests_total"]; !ok {
		t.Fatalf("httpx serves no http_requests_total: %v", served)
	}
	for name, ls := range events.MetricLabels {
		served[name] = append(slices.Clone(ls), targetLabels...)
	}
	return served
}
