package e2e

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"linguaport/internal/proc"
)

// vmAlert is an alert as vmalert's /api/v1/alerts lists it.
type vmAlert struct {
	Name     string            `json:"name"`
	State    string            `json:"state"` // pending, firing
	Labels   map[string]string `json:"labels"`
	ActiveAt time.Time         `json:"activeAt"`
}

// vmGroup is a group of rules as vmalert's /api/v1/rules lists it.
type vmGroup struct {
	Name  string `json:"name"`
	File  string `json:"file"`
	Rules []struct {
		Name   string `json:"name"`
		Health string `json:"health"`
	} `json:"rules"`
}

// TestMetricsAndAlerts runs the stack as `make up` does with its binaries built: VictoriaMetrics
// scrapes every program with the labels k8s/monitoring gives it in the cluster, vmui answers, and
// vmalert evaluates k8s/monitoring/linguaport.rules.yml as it is. Then svc-geo stops (SIGSTOP, so
// devstack does not start it again): vmalert's "no healthy instance" rule for svc-geo, and for no
// other program, goes pending, fires once the rule's `for:` (2 minutes) has passed, and goes
// away once svc-geo answers again.
func TestMetricsAndAlerts(t *testing.T) {
	// Scrape and evaluate every second rather than prometheus.yml's 15 s and 30 s, so that the
	// rules see a change within seconds; the rules, their `for:` included, are the file's.
	t.Setenv("DEVSTACK_SCRAPE_INTERVAL", "1s")
	t.Setenv("DEVSTACK_EVALUATION_INTERVAL", "1s")
	dataDir := t.TempDir()
	s := startStack(t, dataDir)
	vm := "http://" + s.run.Addr("VICTORIAMETRICS")
	vmalert := "http://" + s.run.Addr("VMALERT")

	t.Run("every program scraped with the cluster's labels", func(t *testing.T) {
		var last string
		err := proc.WaitFor(30*time.Second, func() error {
			var body struct {
				Data struct {
					Result []struct {
						Metric map[string]string `json:"metric"`
						Value  []any             `json:"value"`
					} `json:"result"`
				} `json:"data"`
			}
			getInto(t, vm+"/api/v1/query?query="+url.QueryEscape("up"), &body)
			up := map[string]string{}
			for _, r := range body.Data.Result {
				m := r.Metric
				name := m["job"]
				want := map[string]string{"__name__": "up", "job": name, "service": name, "pod": name, "namespace": "linguaport",
					"instance": s.run.Addr(portOf(name))}
				if !maps.Equal(m, want) {
					return fmt.Errorf("series %v, want %v", m, want)
				}
				up[name] = fmt.Sprint(r.Value[1])
			}
			last = fmt.Sprint(up)
			for _, p := range programs {
				if up[p.name] != "1" {
					return fmt.Errorf("up by program: %s", last)
				}
			}
			if len(up) != len(programs) {
				return fmt.Errorf("up by program: %s", last)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%v\n%s", err, tailLogs(dataDir))
		}
	})

	t.Run("vmui, and vmalert's alerts through it", func(t *testing.T) {
		for _, u := range []string{vm + "/vmui/", vm + "/vmalert/api/v1/alerts"} {
			resp, err := http.Get(u)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Errorf("GET %s: %s", u, resp.Status)
			}
		}
	})

	t.Run("vmalert evaluates k8s/monitoring's rules file", func(t *testing.T) {
		root, err := proc.RepoRoot()
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(root, "k8s", "monitoring", "linguaport.rules.yml")
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var rules struct {
			Groups []struct {
				Name  string           `yaml:"name"`
				Rules []map[string]any `yaml:"rules"`
			} `yaml:"groups"`
		}
		if err := yaml.Unmarshal(raw, &rules); err != nil {
			t.Fatal(err)
		}
		var body struct {
			Data struct {
				Groups []vmGroup `json:"groups"`
			} `json:"data"`
		}
		getInto(t, vmalert+"/api/v1/rules", &body)
		if len(body.Data.Groups) != len(rules.Groups) {
			t.Fatalf("vmalert has %d groups, the file %d", len(body.Data.Groups), len(rules.Groups))
		}
		for _, want := range rules.Groups {
			i := slices.IndexFunc(body.Data.Groups, func(g vmGroup) bool { return g.Name == want.Name })
			if i < 0 {
				t.Errorf("vmalert has no group %s", want.Name)
				continue
			}
			g := body.Data.Groups[i]
			if g.File != file || len(g.Rules) != len(want.Rules) {
				t.Errorf("vmalert's group %s from %s has %d rules; the file's has %d", g.Name, g.File, len(g.Rules), len(want.Rules))
			}
			for _, r := range g.Rules {
				if r.Health != "ok" {
					t.Errorf("%s's rule %s: health %q", g.Name, r.Name, r.Health)
				}
			}
		}
	})

	// Until every program has been scraped once, absent() holds for it: wait for no such alert.
	noInstance := func(alerts []vmAlert) []vmAlert {
		return slices.DeleteFunc(alerts, func(a vmAlert) bool { return a.Name != "NoHealthyInstance" })
	}
	if err := proc.WaitFor(60*time.Second, func() error {
		if a := noInstance(activeAlerts(t, vmalert)); len(a) > 0 {
			return fmt.Errorf("with every program up: %v", a)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}

	geo := childByComm(t, s.cmd.Process.Pid, "svc-geo")
	if err := syscall.Kill(geo, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	stopped := time.Now()
	resumed := false
	resume := func() {
		if !resumed {
			resumed = true
			_ = syscall.Kill(geo, syscall.SIGCONT)
		}
	}
	t.Cleanup(resume) // before the stack stops: a stopped process cannot take its SIGTERM

	var pendingAfter, firingAfter time.Duration
	deadline := stopped.Add(4 * time.Minute)
	for firingAfter == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("NoHealthyInstance for svc-geo not firing %v after svc-geo stopped\n%s", time.Since(stopped), tailLogs(dataDir))
		}
		for _, a := range noInstance(activeAlerts(t, vmalert)) {
			if a.Labels["job"] != "svc-geo" || a.Labels["severity"] != "page" {
				t.Fatalf("with only svc-geo stopped: %+v", a)
			}
			switch {
			case a.State == "pending" && pendingAfter == 0:
				pendingAfter = time.Since(stopped)
			case a.State == "firing":
				firingAfter = time.Since(stopped)
				if a.ActiveAt.Before(stopped) {
					t.Errorf("active since %v, before svc-geo stopped at %v", a.ActiveAt, stopped)
				}
			}
		}
		time.Sleep(time.Second)
	}
	t.Logf("svc-geo stopped: NoHealthyInstance pending after %v, firing after %v", pendingAfter.Round(time.Second), firingAfter.Round(time.Second))
	if pendingAfter == 0 || firingAfter < 2*time.Minute {
		t.Errorf("pending after %v, firing after %v: want pending first and firing once the rule's 2 minutes have passed", pendingAfter, firingAfter)
	}

	resume()
	if err := proc.WaitFor(60*time.Second, func() error {
		if a := noInstance(activeAlerts(t, vmalert)); len(a) > 0 {
			return fmt.Errorf("svc-geo answers again, yet: %v", a)
		}
		return nil
	}); err != nil {
		t.Error(err)
	}
}

// portOf is the NAME of the DEVSTACK_<NAME>_PORT a program listens on.
func portOf(name string) string {
	for _, p := range programs {
		if p.name == name {
			return p.port
		}
	}
	return "UNKNOWN_" + strings.ToUpper(name)
}

func activeAlerts(t *testing.T, vmalert string) []vmAlert {
	t.Helper()
	var body struct {
		Data struct {
			Alerts []vmAlert `json:"alerts"`
		} `json:"data"`
	}
	getInto(t, vmalert+"/api/v1/alerts", &body)
	return body.Data.Alerts
}

func getInto(t *testing.T, url string, into any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}
