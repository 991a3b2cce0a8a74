package discovery_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	consul "github.com/hashicorp/consul/api"

	"linguaport/internal/discovery"
	"linguaport/internal/proc"
	"linguaport/internal/svcclient"
	"linguaport/internal/testenv"
)

// A Consul dev agent that is killed and started again on the same ports knows nothing: every
// instance registers itself again within a couple of seconds, the watch picks them up, and
// traffic through discovery.Watch and svcclient, which kept going to the last known instances
// meanwhile, never fails once the agent is back. What each instance keeps in the KV store (its
// contract) is written again with it, and its tags and metadata come back too.
func TestRegistrationsAndWatchSurviveAnAgentRestart(t *testing.T) {
	bin, err := testenv.ConsulBinary()
	if err != nil {
		t.Fatal(err)
	}
	ports, err := proc.FreePorts(4)
	if err != nil {
		t.Fatal(err)
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[0]))
	var agent *proc.Process // this test's own agent, never the shared one
	startAgent := func() {
		t.Helper()
		agent, err = proc.Start(bin, discovery.DevAgentArgs(ports[0], ports[1], ports[2], ports[3], "")...)
		if err != nil {
			t.Fatal(err)
		}
		if err := discovery.WaitLeader(addr, 30*time.Second); err != nil {
			t.Fatalf("consul: %v\n%s", err, agent.Output())
		}
	}
	startAgent()
	t.Cleanup(func() { agent.Stop() })
	c, err := discovery.NewClient(addr)
	if err != nil {
		t.Fatal(err)
	}
	// Some history, as an agent that has run for a while has: the index of everything written
	// after it is far above what a new agent starts from.
	for i := range 300 {
		if _, err := c.KV().Put(&consul.KVPair{Key: "history/" + strconv.Itoa(i), Value: []byte("x")}, nil); err != nil {
			t.Fatal(err)
		}
	}

	logs := &recordedLogs{}
	log := slog.New(logs)
	service := "svc-restart"
	startInstance := func(name string) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = w.Write([]byte(name)) // /healthz and /readyz pass, anything else names the instance
		}))
		t.Cleanup(srv.Close)
		port := srv.Listener.Addr().(*net.TCPAddr).Port
		publish := func(ctx context.Context) error {
			_, err := c.KV().Put(&consul.KVPair{Key: "kept/" + name, Value: []byte(name)}, (&consul.WriteOptions{}).WithContext(ctx))
			return err
		}
		deregister, err := discovery.Register(c, discovery.Registration{Name: service, Host: "127.0.0.1", Port: port, CheckInterval: 500 * time.Millisecond, Ready: true, Log: log,
			Tags: []string{"api"}, Meta: map[string]string{"kept": name}, Publish: publish})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(deregister)
	}
	startInstance("a")
	startInstance("b")
	watch := discovery.Watch(c, service, log)
	t.Cleanup(watch.Stop)
	client := svcclient.New(watch, 2*time.Second)
	t.Cleanup(client.Close)
	waitFor(t, func() bool { a, _ := watch.Snapshot(); return len(a) == 2 })

	traffic := startTraffic(client)
	time.Sleep(time.Second)

	agent.Kill()
	killed := time.Now()
	// Long enough for go-kit's own back-off to have grown to seconds.
	time.Sleep(4 * time.Second)
	startAgent()
	back := time.Now()
	var reregistered time.Duration
	for deadline := back.Add(15 * time.Second); reregistered == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the instances were not registered again within 15 s")
		}
		if entries, _, err := c.Health().Service(service, "", true, nil); err == nil && len(entries) == 2 {
			reregistered = time.Since(back)
		}
	}
	// Both checks came back with the instances, and their tags, metadata and kept values.
	checks, err := c.Agent().ChecksWithFilter(fmt.Sprintf("ServiceName == %q", service))
	if err != nil || len(checks) != 4 {
		t.Errorf("checks after the restart: %d, %v", len(checks), err)
	}
	entries, _, err := c.Health().Service(service, "api", true, nil)
	if err != nil || len(entries) != 2 {
		t.Fatalf("tagged instances after the restart: %d, %v", len(entries), err)
	}
	for _, e := range entries {
		name := e.Service.Meta["kept"]
		if pair, _, err := c.KV().Get("kept/"+name, nil); err != nil || pair == nil || string(pair.Value) != name {
			t.Errorf("instance %q's kept value after the restart: %v, %v", name, pair, err)
		}
	}
	// The watch follows the new agent, not just the list it kept: a new instance is seen and used.
	startInstance("c")
	added := time.Now()
	var followed time.Duration
	for deadline := added.Add(15 * time.Second); followed == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the watch did not see a new instance within 15 s of its registration")
		}
		if a, _ := watch.Snapshot(); len(a) == 3 {
			followed = time.Since(added)
		}
	}
	answered := map[string]bool{}
	for range 30 { // round-robin, shared with the traffic
		if resp, err := client.Get(context.Background(), "/x", nil); err == nil {
			b, _ := io.ReadAll(resp.Body)
			answered[string(b)] = true
		}
	}
	if !answered["c"] {
		t.Errorf("the new instance got no traffic: %v", answered)
	}
	// Settled: the registration loop's longest wait, then a few seconds of traffic that must all succeed.
	settled := back.Add(reregistered + 2*time.Second)
	time.Sleep(time.Until(settled) + 3*time.Second)
	results := traffic.stop()

	var before, outage, after, total int
	for _, r := range results {
		total++
		switch {
		case r.err == nil:
		case r.at.Before(killed):
			before++
		case r.at.Before(settled):
			outage++
		default:
			after++
			t.Errorf("request failed %s after the agent was back: %v", r.at.Sub(back).Round(time.Millisecond), r.err)
		}
	}
	t.Logf("agent down %s; instances registered again %s after it was back; a new instance watched %s after its registration; %d requests: %d failed before the kill, %d while down or settling, %d after",
		back.Sub(killed).Round(time.Millisecond), reregistered.Round(time.Millisecond), followed.Round(time.Millisecond), total, before, outage, after)
	if before > 0 {
		t.Errorf("%d requests failed before the agent was killed", before)
	}
	if reregistered > 5*time.Second || followed > 5*time.Second {
		t.Errorf("registered again after %s, new instance watched after %s, want each within 5 s", reregistered, followed)
	}
	if n := logs.count("registered it again"); n != 2 {
		t.Errorf("%d re-registration notes for 2 instances:\n%s", n, logs)
	}
}

type result struct {
	at  time.Time
	err error
}

type traffic struct {
	stopc chan struct{}
	done  chan []result
}

// startTraffic sends a GET every 10 ms until stopped, noting when each was sent and how it went.
func startTraffic(client *svcclient.Client) *traffic {
	tr := &traffic{stopc: make(chan struct{}), done: make(chan []result, 1)}
	go func() {
		var results []result
		for {
			select {
			case <-tr.stopc:
				tr.done <- results
				return
			case <-time.After(10 * time.Millisecond):
			}
			at := time.Now()
			resp, err := client.Get(context.Background(), "/x", nil)
			if err == nil && resp.StatusCode != http.StatusOK {
				err = fmt.Errorf("status %d", resp.StatusCode)
			}
			results = append(results, result{at, err})
		}
	}()
	return tr
}

func (tr *traffic) stop() []result {
	close(tr.stopc)
	return <-tr.done
}

// recordedLogs is a slog handler that keeps every record's message and attributes.
type recordedLogs struct {
	mu    sync.Mutex
	lines []string
}

func (l *recordedLogs) Enabled(context.Context, slog.Level) bool { return true }
func (l *recordedLogs) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *recordedLogs) WithGroup(string) slog.Handler            { return l }
func (l *recordedLogs) Handle(_ context.Context, r slog.Record) error {
	line := r.Level.String() + " " + r.Message
	r.Attrs(func(a slog.Attr) bool { line += " " + a.String(); return true })
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, line)
	return nil
}

func (l *recordedLogs) count(substr string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, line := range l.lines {
		if strings.Contains(line, substr) {
			n++
		}
	}
	return n
}

func (l *recordedLogs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}
