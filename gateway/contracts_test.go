package main

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	consul "github.com/hashicorp/consul/api"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
)

// until retries check every 50 ms for up to 15 s.
func until(t *testing.T, what string, check func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); !check(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("within 15 s: %s", what)
		}
	}
}

// A team ships a route, then rolls it back, and the running gateway follows both: v1 has no
// rule for /secret (it passes to the service), v2 declares it staff only (refused at the edge,
// never reaching the service), and rolling back to v1 lets it through again. While v1 and v2
// run side by side, each request meets the rules of the instance that answers it.
func TestRulesFollowDeploysAndRollbacksWithoutAGatewayRestart(t *testing.T) {
	c := testenv.Consul(t)
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	open := authn.Rule{Pattern: "GET " + prefix + "/open", Access: authn.Anyone}
	v1 := contract.New(svc, testLimits, []authn.Rule{open})
	v2 := contract.New(svc, testLimits, []authn.Rule{open, {Pattern: "GET " + prefix + "/secret", Access: authn.Only(authn.RoleAdmin)}})
	gw := startGateway(t, httpx.LoopbackOnly)

	old := startServing(t, c, v1, "v1")
	waitInstances(t, gw+prefix+"/open", 1)
	if resp, body := get(t, gw+prefix+"/secret", nil); resp.StatusCode != 200 || decode[echo](t, body).Instance != "v1" {
		t.Fatalf("v1 declares no /secret, so the service answers it: %d %s", resp.StatusCode, body)
	}

	// The rolling deploy: v2 starts beside v1.
	next := startServing(t, c, v2, "v2")
	waitInstances(t, gw+prefix+"/open", 2)
	answered := map[string]int{}
	for range 40 {
		resp, body := get(t, gw+prefix+"/secret", map[string]string{"Accept-Language": "en"})
		switch resp.StatusCode {
		case 200:
			answered[decode[echo](t, body).Instance]++
		case 401:
			answered["refused"]++
		default:
			t.Fatalf("/secret during the deploy: %d %s", resp.StatusCode, body)
		}
	}
	if answered["v2"] != 0 || answered["v1"] == 0 || answered["refused"] == 0 {
		t.Errorf("during the deploy /secret was answered %v: v1's requests pass, v2's are refused at the edge", answered)
	}

	// v1 leaves: every request meets v2's rule, and none reaches the service.
	old.deregister()
	until(t, "only v2 is routed", func() bool {
		_, body := get(t, gw+prefix+"/open", nil)
		for range 6 {
			if _, body = get(t, gw+prefix+"/open", nil); decode[echo](t, body).Instance != "v2" {
				return false
			}
		}
		return true
	})
	reached := next.requests.Load()
	for _, lang := range []string{"en", "tr"} {
		resp, body := get(t, gw+prefix+"/secret", map[string]string{"Accept-Language": lang})
		e := decode[errorBody](t, body)
		if resp.StatusCode != 401 || e.Error.Code != "unauthenticated" {
			t.Errorf("/secret under v2 in %s: %d %s", lang, resp.StatusCode, body)
		}
	}
	if next.requests.Load() != reached {
		t.Error("a request v2's contract refuses reached the service")
	}

	// Rolled back: v1 again, and /secret passes to the service once more.
	startServing(t, c, v1, "v1-again")
	next.deregister()
	until(t, "the rollback's rules hold at the edge", func() bool {
		resp, body := get(t, gw+prefix+"/secret", nil)
		return resp.StatusCode == 200 && decode[echo](t, body).Instance == "v1-again"
	})
}

// A route added by a new instance is checked at the edge as soon as it is healthy: its limits
// too (a timeout of its own, shorter than the area's).
func TestANewRouteIsCheckedAndLimitedAtOnce(t *testing.T) {
	c := testenv.Consul(t)
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	gw := startGateway(t, httpx.LoopbackOnly)
	startBackend(t, c, svc, "first")
	waitInstances(t, gw+prefix+"/x", 1)
	if resp, _ := get(t, gw+prefix+"/slow", nil); resp.StatusCode != 200 {
		t.Fatalf("/slow within the area's 5 s: %d", resp.StatusCode)
	}
	api := contract.New(svc, testLimits, []authn.Rule{
		{Pattern: "GET " + prefix + "/slow", Access: authn.Anyone},
		{Pattern: "POST " + prefix + "/me", Access: authn.SignedIn},
	})
	api.Routes[0].TimeoutMs = 300
	second := startServing(t, c, api, "second")
	until(t, "the new instance is routed", func() bool {
		resp, body := do(t, "POST", gw+prefix+"/me", "", nil)
		return resp.StatusCode == 401 && decode[errorBody](t, body).Error.Code == "unauthenticated"
	})
	// Requests the second instance's contract covers take its limits when sent there.
	timedOut := 0
	for range 6 {
		start := time.Now()
		if resp, _ := get(t, gw+prefix+"/slow", nil); resp.StatusCode == 504 {
			timedOut++
			if took := time.Since(start); took > 1500*time.Millisecond {
				t.Errorf("the route's 300 ms timeout answered after %s", took)
			}
		}
	}
	if timedOut == 0 {
		t.Error("the new route's own timeout never applied")
	}
	if second.requests.Load() == 0 {
		t.Error("the new instance got no traffic")
	}
}

// Fail closed: an instance that publishes no contract, or one the gateway refuses (a rule
// outside its prefix, or content that is not the version it names), gets no traffic; an area with
// only such instances answers 503, and beside a good instance all traffic goes to the good one.
func TestInstancesWithoutAGoodContractAreNotRouted(t *testing.T) {
	c := testenv.Consul(t)
	gw := startGateway(t, httpx.LoopbackOnly)

	// None at all.
	bare := serviceName(t)
	startServing(t, c, contract.Contract{Service: bare}, "bare")
	waitArea(t, gw+contract.PrefixOf(bare)+"/x")
	for range 5 {
		if resp, body := get(t, gw+contract.PrefixOf(bare)+"/x", map[string]string{"Accept-Language": "en"}); resp.StatusCode != 503 ||
			decode[errorBody](t, body).Error.Code != "no_healthy_instance" {
			t.Fatalf("an area whose only instance publishes no contract: %d %s", resp.StatusCode, body)
		}
	}

	// A rule outside its prefix: written to the KV as a rogue instance would, past Publish's check.
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	rogue := contract.New(svc, testLimits, []authn.Rule{{Pattern: "GET /api/v1/orders/admin/orders", Access: authn.Anyone}})
	raw, _ := json.Marshal(rogue)
	if _, err := c.KV().Put(&consul.KVPair{Key: contract.Key(svc, rogue.Version()), Value: raw}, nil); err != nil {
		t.Fatal(err)
	}
	good := startBackend(t, c, svc, "good")
	// Registered first with no contract (never routed), then again naming the rogue one.
	bad := startServing(t, c, contract.Contract{Service: svc}, "rogue")
	bad.deregister()
	badDereg, err := discovery.Register(c, discovery.Registration{Name: svc, Host: "127.0.0.1", Port: bad.port, CheckInterval: 500 * time.Millisecond,
		Tags: []string{contract.Tag}, Meta: contract.Meta(rogue)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(badDereg)
	waitInstances(t, gw+prefix+"/x", 1)
	until(t, "Consul lists both instances healthy", func() bool {
		entries, _, err := c.Health().Service(svc, contract.Tag, true, (&consul.QueryOptions{}).WithContext(context.Background()))
		return err == nil && len(entries) == 2
	})
	before := good.requests.Load()
	for range 20 {
		time.Sleep(20 * time.Millisecond) // over 0.4 s, past the gateway's look at the new instance
		if resp, body := get(t, gw+prefix+"/x", nil); resp.StatusCode != 200 || decode[echo](t, body).Instance != "good" {
			t.Fatalf("with a rogue instance beside it: %d %s", resp.StatusCode, body)
		}
	}
	if bad.requests.Load() != 0 || good.requests.Load()-before != 20 {
		t.Errorf("the rogue instance got %d requests", bad.requests.Load())
	}
}
