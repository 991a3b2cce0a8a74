package main

import (
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/prometheus/model/labels"
	"github.com/prometheus/prometheus/model/relabel"
	"gopkg.in/yaml.v3"

	"linguaport/internal/proc"
)

// The scrape configuration devstack gives VictoriaMetrics, relabelled as Prometheus (and
// VictoriaMetrics, which follows it) relabels, gives each program of the stack exactly the labels
// k8s/monitoring gives its pod in the cluster, at prometheus.yml's intervals.
func TestScrapeConfigLabelsEveryProgramAsInKubernetes(t *testing.T) {
	root, err := proc.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	m, err := readMonitoring(root)
	if err != nil {
		t.Fatal(err)
	}
	if m.scrapeInterval != 15*time.Second || m.evaluationInterval != 30*time.Second || m.namespace != "linguaport" {
		t.Errorf("read %+v from prometheus.yml", m)
	}
	c := stackConfig{root: root, ports: map[string]int{}}
	for i, p := range portVars() {
		c.ports[p.name] = 20000 + i
	}
	raw, err := c.scrapeConfig(m, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Global struct {
			ScrapeInterval string `yaml:"scrape_interval"`
			ScrapeTimeout  string `yaml:"scrape_timeout"`
		} `yaml:"global"`
		ScrapeConfigs []struct {
			JobName        string            `yaml:"job_name"`
			MetricsPath    string            `yaml:"metrics_path"`
			Scheme         string            `yaml:"scheme"`
			RelabelConfigs []*relabel.Config `yaml:"relabel_configs"`
			StaticConfigs  []struct {
				Targets []string          `yaml:"targets"`
				Labels  map[string]string `yaml:"labels"`
			} `yaml:"static_configs"`
		} `yaml:"scrape_configs"`
	}
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	if cfg.Global.ScrapeInterval != "2s" || cfg.Global.ScrapeTimeout != "2s" {
		t.Errorf("global %+v, want every 2s with a timeout of at most 2s", cfg.Global)
	}
	if len(cfg.ScrapeConfigs) != 1 || len(cfg.ScrapeConfigs[0].RelabelConfigs) == 0 {
		t.Fatalf("want prometheus.yml's one job with its relabelling:\n%s", raw)
	}
	job := cfg.ScrapeConfigs[0]
	got := map[string]labels.Labels{}
	for _, sc := range job.StaticConfigs {
		if len(sc.Targets) != 1 {
			t.Fatalf("static config %+v: want one target", sc)
		}
		b := labels.NewBuilder(labels.FromMap(sc.Labels))
		b.Set("__address__", sc.Targets[0])
		b.Set("__metrics_path__", job.MetricsPath)
		b.Set("__scheme__", job.Scheme)
		b.Set("job", job.JobName)
		kept, keep := relabel.Process(b.Labels(), job.RelabelConfigs...)
		if !keep {
			t.Errorf("target %v is dropped by the relabelling", sc)
			continue
		}
		got[sc.Targets[0]] = kept
	}
	programs := c.scrapedPrograms()
	if len(programs) != len(services)+1 || len(got) != len(programs) {
		t.Fatalf("%d programs, %d targets kept: %v", len(programs), len(got), got)
	}
	for _, p := range programs {
		l, ok := got[loopback(p.port)]
		if !ok {
			t.Errorf("%s (port %d) is not scraped", p.name, p.port)
			continue
		}
		want := map[string]string{"job": p.name, "service": p.name, "pod": p.name, "namespace": "linguaport",
			"__address__": loopback(p.port), "__metrics_path__": "/metrics", "__scheme__": "http"}
		// The __meta_ labels are dropped after relabelling; the rest are the target's.
		var names []string
		l.Range(func(lb labels.Label) {
			if !strings.HasPrefix(lb.Name, "__meta_") {
				names = append(names, lb.Name)
				if want[lb.Name] != lb.Value {
					t.Errorf("%s is scraped with %s=%q, want %q", p.name, lb.Name, lb.Value, want[lb.Name])
				}
			}
		})
		if len(names) != len(want) {
			t.Errorf("%s is scraped with labels %v, want %v", p.name, names, want)
		}
	}
}

func extrasStack(t *testing.T) *stack {
	t.Helper()
	root := t.TempDir()
	c := stackConfig{root: root, dataDir: filepath.Join(root, ".data"), ports: map[string]int{}}
	for _, d := range []string{filepath.Join(root, ".bin"), c.logDir()} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return newStack(c, slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// sleeper is an extra whose binary is .bin/<name> and whose process is a supervised sleep.
func sleeper(name string, started *atomic.Int64) extra {
	return extra{name: name, bins: []string{name},
		start: func(s *stack) error {
			return s.run(name, func() *exec.Cmd { return exec.Command("sleep", "600") }, syscall.SIGTERM)
		},
		ready: func() error {
			started.Add(1)
			return nil
		},
		joined: name}
}

// An extra already built starts with the stack; one not built yet starts once its binary appears
// while the stack runs; the stack's stop ends both, and the watch of one never built.
func TestExtrasStartOnceBuilt(t *testing.T) {
	defer func(d time.Duration) { pollBuilt = d }(pollBuilt)
	pollBuilt = 10 * time.Millisecond
	s := extrasStack(t)
	build := func(name string) {
		if err := os.WriteFile(s.cfg.bin(name), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var built, later, never atomic.Int64
	build("built")
	if now, err := s.whenBuilt(sleeper("built", &built)); err != nil || !now {
		t.Fatalf("a built extra: started now %v, %v", now, err)
	}
	if now, err := s.whenBuilt(sleeper("later", &later)); err != nil || now {
		t.Fatalf("an extra not built: started now %v, %v", now, err)
	}
	if now, err := s.whenBuilt(sleeper("never", &never)); err != nil || now {
		t.Fatalf("an extra never built: started now %v, %v", now, err)
	}
	if !slices.Equal(s.building, []string{"later", "never"}) {
		t.Errorf("building %v", s.building)
	}
	time.Sleep(100 * time.Millisecond)
	if later.Load() != 0 {
		t.Fatal("started before its binary was there")
	}
	build("later")
	if err := proc.WaitFor(5*time.Second, func() error {
		if later.Load() == 0 {
			return os.ErrNotExist
		}
		return nil
	}); err != nil {
		t.Fatal("not started once its binary appeared")
	}
	sleeps := sleepsOf(t, os.Getpid())
	if len(sleeps) != 2 {
		t.Fatalf("%d processes running, want the built one's and the later one's", len(sleeps))
	}
	s.stop()
	for _, pid := range sleeps {
		if st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil && !strings.Contains(string(st), ") Z ") {
			t.Errorf("process %d still runs after the stack stopped", pid)
		}
	}
	if never.Load() != 0 {
		t.Error("an extra never built was started")
	}
}

// sleepsOf are the sleep processes whose parent is pid.
func sleepsOf(t *testing.T, parent int) []int {
	t.Helper()
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		st, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(st)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if strings.Contains(s, "(sleep)") && len(fields) > 1 && fields[1] == strconv.Itoa(parent) && fields[0] != "Z" {
			out = append(out, pid)
		}
	}
	return out
}
