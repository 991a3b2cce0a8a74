package discovery_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	consul "github.com/hashicorp/consul/api"

	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

func healthy(t *testing.T, c *consul.Client, service string) []string {
	t.Helper()
	entries, _, err := c.Health().Service(service, "", true, nil)
	if err != nil {
		t.Fatal(err)
	}
	var addrs []string
	for _, e := range entries {
		addrs = append(addrs, fmt.Sprintf("%s:%d", e.Service.Address, e.Service.Port))
	}
	return addrs
}

// A service registers when it starts, passes its /healthz check, and is gone from Consul as soon
// as it shuts down.
func TestRegistrationFollowsTheServerLifecycle(t *testing.T) {
	c := testenv.Consul(t)
	service := fmt.Sprintf("svc-lifecycle-%d", time.Now().UnixNano())
	srv := httpx.NewServer(httpx.Options{Name: service, Handler: http.NotFoundHandler()})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	deregister, err := discovery.Register(c, discovery.Registration{Name: service, Host: "127.0.0.1", Port: port, CheckInterval: 200 * time.Millisecond, Ready: true})
	if err != nil {
		t.Fatal(err)
	}
	srv.OnShutdown(deregister)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()

	want := fmt.Sprintf("127.0.0.1:%d", port)
	if got := healthy(t, c, service); len(got) != 1 || got[0] != want {
		t.Fatalf("healthy instances %v, want [%s]", got, want)
	}
	// The HTTP checks really run against /healthz and /readyz and keep passing.
	time.Sleep(600 * time.Millisecond)
	waitFor(t, func() bool {
		checks, err := c.Agent().ChecksWithFilter(fmt.Sprintf("ServiceName == %q", service))
		if err != nil || len(checks) != 2 {
			return false
		}
		for _, ch := range checks {
			if ch.Status != consul.HealthPassing || !strings.Contains(ch.Output, "200 OK") {
				return false
			}
		}
		return true
	})

	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := healthy(t, c, service); len(got) != 0 {
		t.Fatalf("still registered after shutdown: %v", got)
	}
	services, _ := c.Agent().Services()
	for _, s := range services {
		if s.Service == service {
			t.Fatalf("agent still lists %s", s.ID)
		}
	}
}

// Watch follows instances as they come and go, and hands them out in turn.
func TestWatchFollowsInstancesRoundRobin(t *testing.T) {
	c := testenv.Consul(t)
	service := fmt.Sprintf("svc-watch-%d", time.Now().UnixNano())
	w := discovery.Watch(c, service, nil)
	defer w.Stop()
	if addrs, _ := w.Snapshot(); len(addrs) != 0 {
		t.Fatalf("instances before any registered: %v", addrs)
	}
	var deregs []func()
	for _, port := range []int{41001, 41002} {
		d, err := discovery.Register(c, discovery.Registration{Name: service, Host: "127.0.0.1", Port: port, CheckInterval: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		deregs = append(deregs, d)
	}
	waitFor(t, func() bool { a, _ := w.Snapshot(); return len(a) == 2 })
	picked := map[string]int{}
	for range 10 {
		addrs, start := w.Snapshot()
		picked[addrs[start]]++
	}
	if picked["127.0.0.1:41001"] != 5 || picked["127.0.0.1:41002"] != 5 {
		t.Errorf("round robin picked %v", picked)
	}
	deregs[0]()
	waitFor(t, func() bool { a, _ := w.Snapshot(); return len(a) == 1 && a[0] == "127.0.0.1:41002" })
	deregs[1]()
	waitFor(t, func() bool { a, _ := w.Snapshot(); return len(a) == 0 })
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 10s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
