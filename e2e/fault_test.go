package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/proc"
)

// Fault bounds: after each fault, requests must stop failing within recoverWithin, and then
// run quietFor without a failure before the next fault.
const (
	recoverWithin = 15 * time.Second
	quietFor      = 3 * time.Second
)

// TestFaults kills parts of a running stack one after another under steady traffic through
// nginx → gateway → services, as a signed-in customer: devstack must start each again, the
// failures must stop within recoverWithin, and no request answered 2xx may be lost (every
// quote created is there at the end).
func TestFaults(t *testing.T) {
	dataDir := t.TempDir()
	s := startStack(t, dataDir)

	// On the fresh stack, before any fault: the order the translator steps at the end work with.
	var poolOrder string
	t.Run("out of the box: a newcomer's paid order is in the demo translator's pool", func(t *testing.T) {
		poolOrder = testNewcomersOrderInDemoPool(t, s)
	})

	email := fmt.Sprintf("fault-%d@example.com", time.Now().UnixNano())
	status, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Hata Deneyen", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if status != 201 {
		t.Fatalf("register: %d %v", status, body)
	}
	tr := &traffic{s: s, session: map[string]string{"authToken": set["authToken"].Value}}
	ctx, stopTraffic := context.WithCancel(context.Background())
	var workers sync.WaitGroup
	for range 2 {
		workers.Add(1)
		go func() { defer workers.Done(); tr.run(ctx) }()
	}
	defer func() { stopTraffic(); workers.Wait() }()

	rdb := redis.NewClient(&redis.Options{Addr: s.redis})
	defer rdb.Close()
	devstackPid := s.cmd.Process.Pid
	var registered []string // the services in Consul before it is killed

	faults := []struct {
		name, process string // the phase, and the comm of the process killed
		before, after func(t *testing.T)
	}{
		{name: "steady traffic"},
		{name: "svc-geo killed (kill -9)", process: "svc-geo"},
		{name: "redis killed", process: "redis-server",
			// Appendonly: a key written over a second before the kill (fsync every second) survives.
			before: func(t *testing.T) {
				if err := rdb.Set(context.Background(), "e2e:fault", "kept", 0).Err(); err != nil {
					t.Fatal(err)
				}
				time.Sleep(1100 * time.Millisecond)
			},
			after: func(t *testing.T) {
				if v, err := rdb.Get(context.Background(), "e2e:fault").Result(); err != nil || v != "kept" {
					t.Errorf("redis lost a key across its restart: %q %v", v, err)
				}
			}},
		{name: "postgres killed", process: "postgres"},
		// Dev mode keeps nothing: the agent comes back empty and the services register again.
		{name: "consul killed", process: "consul",
			before: func(t *testing.T) {
				if registered = passingServices(t, s); !slices.Contains(registered, "svc-geo") {
					t.Fatalf("before the fault, Consul lists %v", registered)
				}
			},
			after: func(t *testing.T) {
				if err := proc.WaitFor(recoverWithin, func() error {
					if now := passingServices(t, s); !slices.Equal(now, registered) {
						return fmt.Errorf("registered and passing: %v, before the restart: %v", now, registered)
					}
					return nil
				}); err != nil {
					t.Errorf("the services did not register again in the new agent: %v", err)
				}
			}},
	}
	var report []string
	for _, f := range faults {
		ok := t.Run(f.name, func(t *testing.T) {
			if f.before != nil {
				f.before(t)
			}
			began := time.Now()
			if f.process != "" {
				old := childByComm(t, devstackPid, f.process)
				if err := syscall.Kill(old, syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				// devstack says so and starts it again.
				if err := proc.WaitFor(recoverWithin, func() error {
					if pid := childByCommOrZero(devstackPid, f.process); pid == 0 || pid == old {
						return errors.New("not restarted")
					}
					return nil
				}); err != nil {
					t.Fatalf("%s (pid %d) was not started again within %v\n%s", f.process, old, recoverWithin, tailLogs(dataDir))
				}
				if !restartLogged(t, dataDir, f.process, began) {
					t.Errorf("devstack did not log the exit of %s", f.process)
				}
			}
			// Failures stop, then the traffic runs clean for quietFor.
			err := proc.WaitFor(recoverWithin+quietFor+5*time.Second, func() error {
				st := tr.since(began)
				if !st.lastFailure.IsZero() && st.lastFailure.Sub(began) > recoverWithin {
					return nil // reported below
				}
				if calm := later(began, st.lastFailure); time.Since(calm) < quietFor || st.okAfter(calm) < 10 {
					return errors.New("not quiet yet")
				}
				return nil
			})
			st := tr.since(began)
			line := fmt.Sprintf("%-28s %4d requests, %3d failed %v, failures stopped %v after the fault",
				f.name, st.total, st.failed, st.byStatus, recovery(began, st.lastFailure))
			report = append(report, line)
			t.Log(line)
			if err != nil || !st.lastFailure.IsZero() && st.lastFailure.Sub(began) > recoverWithin {
				t.Fatalf("failures went on past %v: %s\n%s", recoverWithin, line, tailLogs(dataDir))
			}
			if f.process == "" && st.failed > 0 {
				t.Errorf("requests failed with nothing broken: %s", line)
			}
			// A part that is down is answered 503 (or 502 for a request it dropped), never as a bug.
			if st.byStatus["500"] > 0 {
				t.Errorf("a fault answered 500 internal instead of 503: %s", line)
			}
			if f.after != nil {
				f.after(t)
			}
		})
		if !ok {
			break // the stack is not known to be whole: later faults would measure the wrong thing
		}
	}
	stopTraffic()
	workers.Wait()

	// Lost requests: every quote answered 201 is there.
	lost := 0
	for _, id := range tr.createdQuotes() {
		if st, _, err := try(s, "GET", "/api/v1/orders/quotes/"+id, nil, tr.session); err != nil || st != 200 {
			lost++
			t.Errorf("quote %s created (201) during the faults is gone: %d %v", id, st, err)
		}
	}
	t.Logf("fault summary:\n  %s\n  %d quotes created, %d lost", strings.Join(report, "\n  "), len(tr.createdQuotes()), lost)
	if len(tr.createdQuotes()) == 0 {
		t.Error("no quote was created: the traffic did not write")
	}
	t.Run("svc-billing killed after the webhook", func(t *testing.T) {
		testBillingKilledAfterWebhook(t, s, dataDir, tr.session)
	})
	if poolOrder == "" {
		t.Fatal("no paid order in the demo translator's pool: the translator steps cannot run")
	}
	t.Run("svc-translators stopped: the pool offers the paid order, which can be claimed", func(t *testing.T) {
		testPoolWithoutTranslators(t, s, poolOrder)
	})
	t.Run("svc-orders down: a profile change made meanwhile reaches it when it returns", func(t *testing.T) {
		testProfileChangedWhileOrdersDown(t, s, poolOrder)
	})
}

// traffic is a signed-in customer's steady mix of reads and writes, every answer recorded.
type traffic struct {
	s       *devstack
	session map[string]string

	mu      sync.Mutex
	results []outcome
	quotes  []string // ids of the quotes created (201)
}

type outcome struct {
	at     time.Time // when the answer came
	status string    // "200", "502", or "error" when none came
	ok     bool
}

func (tr *traffic) run(ctx context.Context) {
	estimate := map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 1000, "currency": "TRY"}
	quote := map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 250, "currency": "EUR", "brief": "Arıza testi"}
	for i := 0; ctx.Err() == nil; i++ {
		var (
			st   int
			body map[string]any
			err  error
		)
		switch i % 4 {
		case 0:
			st, body, err = try(tr.s, "GET", "/api/v1/catalog/stats", nil, nil)
		case 1:
			st, body, err = try(tr.s, "POST", "/api/v1/orders/estimate", estimate, nil)
		case 2:
			st, body, err = try(tr.s, "POST", "/api/v1/orders/quotes", quote, tr.session)
		case 3:
			st, body, err = try(tr.s, "GET", "/api/v1/auth/me", nil, tr.session)
		}
		if ctx.Err() != nil && err != nil {
			return // cut short by the end of the test, not by a fault
		}
		o := outcome{at: time.Now(), status: strconv.Itoa(st), ok: err == nil && st >= 200 && st < 300}
		if err != nil {
			o.status = "error"
		}
		tr.mu.Lock()
		tr.results = append(tr.results, o)
		if i%4 == 2 && st == 201 {
			id, _ := body["id"].(string)
			tr.quotes = append(tr.quotes, id)
		}
		tr.mu.Unlock()
		time.Sleep(40 * time.Millisecond)
	}
}

func (tr *traffic) createdQuotes() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return slices.Clone(tr.quotes)
}

type phaseStats struct {
	total, failed int
	byStatus      map[string]int
	lastFailure   time.Time
	answers       []outcome
}

// okAfter counts the successful answers after t.
func (p phaseStats) okAfter(t time.Time) int {
	n := 0
	for _, o := range p.answers {
		if o.ok && o.at.After(t) {
			n++
		}
	}
	return n
}

func (tr *traffic) since(t time.Time) phaseStats {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	p := phaseStats{byStatus: map[string]int{}}
	for _, o := range tr.results {
		if o.at.Before(t) {
			continue
		}
		p.total++
		p.answers = append(p.answers, o)
		if !o.ok {
			p.failed++
			p.byStatus[o.status]++
			p.lastFailure = later(p.lastFailure, o.at)
		}
	}
	return p
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

func recovery(began, lastFailure time.Time) string {
	if lastFailure.IsZero() {
		return "0s (none failed)"
	}
	return lastFailure.Sub(began).Round(100 * time.Millisecond).String()
}

var faultClient = &http.Client{Timeout: 10 * time.Second}

// try is call for the traffic goroutines: failures are results, not test failures.
func try(s *devstack, method, path string, body any, cookies map[string]string) (int, map[string]any, error) {
	return tryWith(s, method, path, body, cookies, nil)
}

// tryWith is try with request headers of the caller's (an Idempotency-Key).
func tryWith(s *devstack, method, path string, body any, cookies, headers map[string]string) (int, map[string]any, error) {
	var rd *bytes.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, err := http.NewRequest(method, s.web+path, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "en")
	req.Header.Set("Origin", s.web)
	for k, v := range cookies {
		req.AddCookie(&http.Cookie{Name: k, Value: v})
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := faultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out, nil
}

// passingServices are the services registered in the stack's Consul agent with their checks
// passing, sorted.
func passingServices(t *testing.T, s *devstack) []string {
	t.Helper()
	var catalog map[string][]string
	if err := getConsul(s, "/v1/catalog/services", &catalog); err != nil {
		return nil
	}
	var names []string
	for name := range catalog {
		var healthy []any
		if name != "consul" && getConsul(s, "/v1/health/service/"+name+"?passing=true", &healthy) == nil && len(healthy) > 0 {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

func getConsul(s *devstack, path string, v any) error {
	resp, err := faultClient.Get("http://" + s.consul + path)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("consul %s: %d", path, resp.StatusCode)
	}
	return json.NewDecoder(resp.Body).Decode(v)
}

// childByComm is the pid of the process named comm that devstack (pid parent) started.
func childByComm(t *testing.T, parent int, comm string) int {
	t.Helper()
	pid := childByCommOrZero(parent, comm)
	if pid == 0 {
		t.Fatalf("devstack (pid %d) runs no %s", parent, comm)
	}
	return pid
}

func childByCommOrZero(parent int, comm string) int {
	for _, pid := range childPids(parent) {
		name, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
		st, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err == nil && strings.TrimSpace(string(name)) == comm && !strings.Contains(string(st), ") Z ") {
			return pid
		}
	}
	return 0
}

// restartLogged reports whether devstack logged, after since, that process exited and is being
// restarted.
func restartLogged(t *testing.T, dataDir, process string, since time.Time) bool {
	t.Helper()
	name := map[string]string{"svc-geo": "svc-geo", "redis-server": "redis", "postgres": "postgres", "consul": "consul"}[process]
	return proc.WaitFor(5*time.Second, func() error {
		f, err := os.Open(filepath.Join(dataDir, "logs", "devstack.log"))
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var rec struct {
				Time      time.Time
				Msg, Name string
				Status    string
				RestartIn string `json:"restart_in"`
			}
			if json.Unmarshal(sc.Bytes(), &rec) == nil && rec.Msg == "exited unexpectedly; restarting" && rec.Name == name &&
				!rec.Time.Before(since) && rec.Status == "signal: killed" && rec.RestartIn != "" {
				return nil
			}
		}
		return errors.New("no exit logged")
	}) == nil
}
