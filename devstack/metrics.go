package main

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/prometheus/common/model"
	"gopkg.in/yaml.v3"
)

// VictoriaMetrics (single-node, built from its Go module by `make observability`) scrapes the
// /metrics of every Go program of the stack as Prometheus does in Kubernetes
// (k8s/monitoring/prometheus.yml), and vmalert evaluates k8s/monitoring/linguaport.rules.yml, as
// it is, against it. vmui, VictoriaMetrics' screen, is served at /vmui on its port, its alerts
// tab proxied to vmalert.
//
// The scrape configuration is that file's own scrape job, relabelling included, with its
// Kubernetes discovery replaced by the targets a pod of each program would be: the labels
// Kubernetes would give the pod (app, port name http, phase Running, namespace) are static labels
// of the target, and the file's relabelling turns them into the same job, service, pod and
// namespace labels as in a cluster. So a query or a rule that works on one works on the other,
// and a change to the relabelling is a change to both.
//
// The targets are written into the data directory rather than found in Consul: devstack knows
// every program and its port (the services table and the gateway), the gateway does not register
// in Consul, and monitoring that went blind whenever Consul was down (TestFaults kills it) would
// hide what broke.

// The monitoring configuration of the cluster, read by devstack.
const (
	prometheusConfigFile = "k8s/monitoring/prometheus.yml"
	alertRulesFile       = "k8s/monitoring/linguaport.rules.yml"
)

// queryDelay is how far behind now VictoriaMetrics answers queries, and vmalert evaluates. Both
// default to 30 s, for clusters whose samples arrive late; here every sample comes from a local
// scrape, and 30 s would hold every alert and graph half a minute behind.
const queryDelay = "5s"

func (c stackConfig) metricsURL() string { return "http://" + loopback(c.port("VICTORIAMETRICS")) }
func (c stackConfig) alertsURL() string  { return "http://" + loopback(c.port("VMALERT")) }

// program is a Go program of the stack whose /metrics is scraped.
type program struct {
	name string
	port int
}

// scrapedPrograms are the gateway and every service, as k8s/monitoring keeps them.
func (c stackConfig) scrapedPrograms() []program {
	out := []program{{"gateway", c.port("GATEWAY")}}
	for _, v := range services {
		out = append(out, program{v.name, c.servicePort(v)})
	}
	return out
}

// monitoring is what devstack takes from prometheus.yml: its global intervals and its one scrape
// job, kept as YAML so that the relabelling is copied as written.
type monitoring struct {
	scrapeInterval, scrapeTimeout, evaluationInterval time.Duration
	job                                               map[string]any
	namespace                                         string // the one namespace its Kubernetes discovery watches
}

func readMonitoring(root string) (monitoring, error) {
	var m monitoring
	raw, err := os.ReadFile(filepath.Join(root, prometheusConfigFile))
	if err != nil {
		return m, err
	}
	var cfg struct {
		Global        map[string]string `yaml:"global"`
		ScrapeConfigs []map[string]any  `yaml:"scrape_configs"`
	}
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		return m, fmt.Errorf("%s: %w", prometheusConfigFile, err)
	}
	for name, d := range map[string]*time.Duration{
		"scrape_interval": &m.scrapeInterval, "scrape_timeout": &m.scrapeTimeout, "evaluation_interval": &m.evaluationInterval,
	} {
		v, err := model.ParseDuration(cfg.Global[name])
		if err != nil || v <= 0 {
			return m, fmt.Errorf("%s: global %s %q is not a duration", prometheusConfigFile, name, cfg.Global[name])
		}
		*d = time.Duration(v)
	}
	if len(cfg.ScrapeConfigs) != 1 {
		return m, fmt.Errorf("%s has %d scrape jobs; devstack copies exactly one", prometheusConfigFile, len(cfg.ScrapeConfigs))
	}
	m.job = cfg.ScrapeConfigs[0]
	// The discovery devstack stands in for: pods of one namespace.
	var sd []struct {
		Role       string `yaml:"role"`
		Namespaces struct {
			Names []string `yaml:"names"`
		} `yaml:"namespaces"`
	}
	if err := remarshal(m.job["kubernetes_sd_configs"], &sd); err != nil {
		return m, fmt.Errorf("%s: kubernetes_sd_configs: %w", prometheusConfigFile, err)
	}
	if len(sd) != 1 || sd[0].Role != "pod" || len(sd[0].Namespaces.Names) != 1 {
		return m, fmt.Errorf("%s: devstack stands in for one kubernetes_sd_configs of role pod in one namespace, not %+v", prometheusConfigFile, sd)
	}
	m.namespace = sd[0].Namespaces.Names[0]
	return m, nil
}

func remarshal(in, out any) error {
	b, err := yaml.Marshal(in)
	if err != nil {
		return err
	}
	return yaml.Unmarshal(b, out)
}

// scrapeConfig is VictoriaMetrics' scrape configuration for the stack: prometheus.yml's job with
// a static target for each program, labelled as Kubernetes would label its pod, scraped every
// interval (the timeout is prometheus.yml's, cut to the interval when that is shorter).
func (c stackConfig) scrapeConfig(m monitoring, interval time.Duration) ([]byte, error) {
	job := maps.Clone(m.job)
	delete(job, "kubernetes_sd_configs")
	var targets []map[string]any
	for _, p := range c.scrapedPrograms() {
		targets = append(targets, map[string]any{
			"targets": []string{loopback(p.port)},
			"labels": map[string]string{
				// One pod per program, named after it.
				"__meta_kubernetes_namespace":                 m.namespace,
				"__meta_kubernetes_pod_name":                  p.name,
				"__meta_kubernetes_pod_label_app":             p.name,
				"__meta_kubernetes_pod_phase":                 "Running",
				"__meta_kubernetes_pod_container_name":        p.name,
				"__meta_kubernetes_pod_container_port_name":   "http",
				"__meta_kubernetes_pod_container_port_number": strconv.Itoa(p.port),
			},
		})
	}
	job["static_configs"] = targets
	return yaml.Marshal(map[string]any{
		"global": map[string]string{
			"scrape_interval": interval.String(),
			"scrape_timeout":  min(m.scrapeTimeout, interval).String(),
		},
		"scrape_configs": []any{job},
	})
}

// metrics writes the scrape configuration and runs VictoriaMetrics and vmalert under
// supervision. The intervals are prometheus.yml's unless DEVSTACK_SCRAPE_INTERVAL or
// DEVSTACK_EVALUATION_INTERVAL set them (the whole-stack test of the alerts does).
func (s *stack) metrics() error {
	m, err := readMonitoring(s.cfg.root)
	if err != nil {
		return err
	}
	scrape, evaluation := m.scrapeInterval, m.evaluationInterval
	if s.cfg.scrapeInterval > 0 {
		scrape = s.cfg.scrapeInterval
	}
	if s.cfg.evaluationInterval > 0 {
		evaluation = s.cfg.evaluationInterval
	}
	dir := filepath.Join(s.cfg.dataDir, "victoriametrics")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	conf, err := s.cfg.scrapeConfig(m, scrape)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, "scrape.yml")
	if err := os.WriteFile(path, conf, 0o644); err != nil {
		return err
	}
	rules := filepath.Join(s.cfg.root, alertRulesFile)
	if _, err := os.Stat(rules); err != nil {
		return errors.New("the alert rules " + rules + " are missing")
	}
	if err := s.run("victoria-metrics", func() *exec.Cmd {
		return exec.Command(s.cfg.bin("victoria-metrics"),
			"-httpListenAddr="+loopback(s.cfg.port("VICTORIAMETRICS")),
			"-storageDataPath="+filepath.Join(dir, "data"),
			// Two weeks of the stack's metrics; older ones are dropped.
			"-retentionPeriod=14d",
			"-promscrape.config="+path,
			"-search.latencyOffset="+queryDelay,
			// vmui's alerts tab asks vmalert through VictoriaMetrics.
			"-vmalert.proxyURL="+s.cfg.alertsURL(),
		)
	}, syscall.SIGTERM); err != nil {
		return err
	}
	return s.run("vmalert", func() *exec.Cmd {
		return exec.Command(s.cfg.bin("vmalert"),
			"-httpListenAddr="+loopback(s.cfg.port("VMALERT")),
			"-rule="+rules,
			// An edited rules file is read again while the stack runs.
			"-configCheckInterval=5s",
			"-datasource.url="+s.cfg.metricsURL(),
			"-evaluationInterval="+evaluation.String(),
			"-rule.evalDelay="+queryDelay,
			// Alerts are not sent anywhere: they are read from vmalert (/api/v1/alerts) and vmui.
			"-notifier.blackhole",
			"-external.url="+s.cfg.alertsURL(),
		)
	}, syscall.SIGTERM)
}

// metricsReady answers nil once VictoriaMetrics and vmalert both serve.
func (c stackConfig) metricsReady() error {
	if err := httpOK(c.metricsURL() + "/health"); err != nil {
		return fmt.Errorf("victoria-metrics: %w", err)
	}
	if err := httpOK(c.alertsURL() + "/health"); err != nil {
		return fmt.Errorf("vmalert: %w", err)
	}
	return nil
}
