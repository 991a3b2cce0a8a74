package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	// One subtest per file, on the one stack: `go test -run 'TestBrowser/cookies' ./e2e/` runs
	// webui/e2e/cookies.test.mjs alone.
	files, err := filepath.Glob(filepath.Join(root, "webui", "e2e", "*.test.mjs"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no browser tests in webui/e2e: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".test.mjs")
		t.Run(name, func(t *testing.T) {
			cmd := exec.CommandContext(ctx, "node", "--test", "--test-concurrency=1", "--test-reporter=spec", filepath.Join("e2e", filepath.Base(file)))
			cmd.Dir = filepath.Join(root, "webui")
			cmd.Env = append(os.Environ(), "BASE_URL="+s.web, "REDIS_ADDR="+s.redis, "MAIL_URL="+s.mail)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("browser tests of %s failed: %v\n%s", name, err, out)
			}
			t.Logf("%s", out)
		})
	}
}
