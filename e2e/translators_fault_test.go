package e2e

import (
	"syscall"
	"testing"
	"time"
)

// testPoolWithoutTranslators: the job pool is svc-orders' own read model of the translators, so
// with svc-translators stopped (SIGSTOP: it holds its port and answers nothing, the worst kind
// of down) the demo translator still sees their pool and their jobs.
func testPoolWithoutTranslators(t *testing.T, s *devstack) {
	st, _, set := call(t, s, "POST", "/api/v1/auth/login", map[string]any{"email": "tercuman@linguaport.local", "password": "Tercuman-Demo-2026"}, nil)
	if st != 200 || set["authToken"] == nil {
		t.Fatalf("translator login: %d", st)
	}
	session := map[string]string{"authToken": set["authToken"].Value}
	pid := childByComm(t, s.cmd.Process.Pid, "svc-translators")
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = syscall.Kill(pid, syscall.SIGCONT) }()
	began := time.Now()
	for _, path := range []string{"/api/v1/orders/pool", "/api/v1/orders/orders"} {
		st, body, err := try(s, "GET", path, nil, session)
		if err != nil || st != 200 {
			t.Errorf("%s with svc-translators stopped: %d %v %v", path, st, body, err)
		}
	}
	t.Logf("pool and jobs answered in %v with svc-translators stopped", time.Since(began).Round(time.Millisecond))
}
