package e2e

import (
	"syscall"
	"testing"
	"time"
)

// testPoolWithoutTranslators: the job pool is svc-orders' own read model of the translators, so
// with svc-translators stopped (SIGSTOP: it holds its port and answers nothing, the worst kind
// of down) the demo translator still finds the newcomer's paid order (orderID, in their pool
// before the fault) in their pool, and claims it. The claim is given back after, so the job
// stays in the pool for the steps that follow.
func testPoolWithoutTranslators(t *testing.T, s *devstack, orderID string) {
	session := demoTranslatorSession(t, s)
	if err := waitPool(s, session, orderID, true); err != nil {
		t.Fatalf("before the fault: %v", err)
	}
	pid := childByComm(t, s.cmd.Process.Pid, "svc-translators")
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = syscall.Kill(pid, syscall.SIGCONT) }()
	began := time.Now()
	has, pool, err := inPool(s, session, orderID)
	if err != nil || !has {
		t.Fatalf("with svc-translators stopped the pool does not offer the paid order %s: %v %v", orderID, pool, err)
	}
	st, claimed, err := try(s, "POST", "/api/v1/orders/orders/"+orderID+"/claim", nil, session)
	if err != nil || st != 200 || claimed["status"] != "assigned" {
		t.Fatalf("claim with svc-translators stopped: %d %v %v", st, claimed, err)
	}
	if st, jobs, err := try(s, "GET", "/api/v1/orders/orders", nil, session); err != nil || st != 200 || !hasOrder(jobs, orderID) {
		t.Errorf("the claimed job is not among the translator's jobs with svc-translators stopped: %d %v %v", st, jobs, err)
	}
	t.Logf("pool, claim and jobs answered in %v with svc-translators stopped", time.Since(began).Round(time.Millisecond))
	if st, back, err := try(s, "POST", "/api/v1/orders/orders/"+orderID+"/unclaim", nil, session); err != nil || st != 200 || back["status"] != "in_progress" {
		t.Errorf("unclaim: %d %v %v", st, back, err)
	}
}

// hasOrder reports whether an orders list answer holds the order.
func hasOrder(list map[string]any, orderID string) bool {
	for _, o := range asList(list["orders"]) {
		if o.(map[string]any)["id"] == orderID {
			return true
		}
	}
	return false
}
