package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"linguaport/internal/proc"
)

// TestBrowser runs the web UI's browser tests (webui/e2e: headless Chromium driven by
// playwright-core) against the whole stack, with nginx serving the prerendered build.
func TestBrowser(t *testing.T) {
	if _, err := exec.LookPath("chromium"); err != nil {
		t.Fatal("chromium missing: `make test-deps` installs it")
	}
	root, err := proc.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	// The back office's day (webui/e2e/staff-day.test.mjs) needs an urgent job escalated within
	// seconds, and the tests together send more translator applications from one address than a
	// visitor may in an hour.
	t.Setenv("POOL_WINDOW_URGENT", "5s")
	t.Setenv("SWEEP_EVERY", "2s")
	t.Setenv("APPLICATIONS_PER_HOUR", "20")
	s := startStack(t, t.TempDir())

	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "--test", "--test-concurrency=1", "--test-reporter=spec", "e2e/")
	cmd.Dir = filepath.Join(root, "webui")
	cmd.Env = append(os.Environ(), "BASE_URL="+s.web, "REDIS_ADDR="+s.redis, "MAIL_URL="+s.mail)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("browser tests failed: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
