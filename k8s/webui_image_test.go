package k8s

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"linguaport/internal/proc"
)

// The web UI image's command (webui/nginx/start.sh with nginx.conf), run with real nginx as an
// unprivileged user who may write only nginx's prefix, as in the pod (runAsNonRoot, read-only
// root filesystem, an emptyDir on /tmp): it serves the site and answers the pod's probes.
func TestWebUIImageRunsUnprivileged(t *testing.T) {
	if _, err := exec.LookPath("nginx"); err != nil {
		t.Fatal("nginx missing: `make test-deps` installs it")
	}
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} { // the test's own directories are private
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// What the image holds, readable by anyone and writable by none but root.
	conf, www, prefix := filepath.Join(dir, "conf"), filepath.Join(dir, "www"), filepath.Join(dir, "prefix")
	for _, d := range []string{conf, www, prefix} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"nginx.conf", "default.conf.template", "lp_trace.lua", "start.sh"} {
		b, err := os.ReadFile(filepath.Join("..", "webui", "nginx", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(conf, f), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(www, "index.html"), []byte("<!doctype html><title>LinguaPort</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	ports, err := proc.FreePorts(1)
	if err != nil {
		t.Fatal(err)
	}
	// The trace collector (in the cluster a name, which nginx resolves with the pod's resolver).
	traces := make(chan string, 16)
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		traces <- r.URL.Path + " " + string(b)
	}))
	defer collector.Close()
	cmd := exec.Command("/bin/sh", filepath.Join(conf, "start.sh"))
	cmd.Env = append(os.Environ(), fmt.Sprintf("LISTEN_PORT=%d", ports[0]), "WEB_ROOT="+www, "GATEWAY_UPSTREAM=127.0.0.1:9",
		"NGINX_CONF_DIR="+conf, "NGINX_PREFIX="+filepath.Join(prefix, "nginx"),
		"OTLP_TRACES_ADDR="+strings.TrimPrefix(collector.URL, "http://"))
	// Its output goes to a pipe it owns, as the container runtime hands a container its stdout
	// (nginx reopens /dev/stdout for the access log).
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var output strings.Builder
	copied := make(chan struct{})
	go func() { _, _ = io.Copy(&output, r); close(copied) }()
	cmd.Stdout, cmd.Stderr = w, w
	if os.Geteuid() == 0 {
		// nobody, who owns only the prefix (the pod's /tmp)
		for _, err := range []error{os.Chown(prefix, 65534, 65534), w.Chown(65534, 65534)} {
			if err != nil {
				t.Fatal(err)
			}
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	p, err := proc.StartCmd(cmd)
	_ = w.Close()
	if err != nil {
		t.Fatal(err)
	}
	logs := func() string { p.Stop(); <-copied; return output.String() }
	t.Cleanup(p.Stop)

	base := fmt.Sprintf("http://127.0.0.1:%d", ports[0])
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path string) (int, string) {
		t.Helper()
		res, err := client.Get(base + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if res, err := client.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			break
		}
		select {
		case <-p.Exited():
			t.Fatalf("nginx ended (%s):\n%s", p.Exit(), logs())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("nginx never answered:\n%s", logs())
		}
	}

	if code, body := get("/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz %d %q", code, body)
	}
	if code, _ := get("/readyz"); code != 200 {
		t.Errorf("/readyz %d with the build in place", code)
	}
	if code, body := get("/index.html"); code != 200 || !strings.Contains(body, "LinguaPort") {
		t.Errorf("the site: %d %q", code, body)
	}
	if code, _ := get("/"); code != 302 {
		t.Errorf("/ answered %d, want the redirect to /tr", code)
	}
	if code, _ := get("/api/v1/geo/currencies"); code != 502 {
		t.Errorf("the API with no gateway answered %d, want 502", code)
	}
	select {
	case got := <-traces:
		if !strings.HasPrefix(got, "/v1/traces ") || !strings.Contains(got, `"stringValue":"nginx"`) || !strings.Contains(got, `"name":"GET /api/"`) {
			t.Errorf("the collector got %s", got)
		}
	case <-time.After(10 * time.Second):
		t.Error("nginx sent the collector no span")
	}
	// Without the build it is alive but not ready, so the pod leaves the Service's endpoints.
	if err := os.Remove(filepath.Join(www, "index.html")); err != nil {
		t.Fatal(err)
	}
	if code, _ := get("/readyz"); code != 503 {
		t.Errorf("/readyz %d without the build, want 503", code)
	}
	if code, _ := get("/healthz"); code != 200 {
		t.Errorf("/healthz %d without the build", code)
	}
	if os.Geteuid() == 0 {
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.Pid()))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(status), "\nUid:\t65534\t") {
			t.Errorf("nginx does not run as nobody:\n%s", status)
		}
	}
	out := logs()
	if strings.Contains(out, "[emerg]") || strings.Contains(out, "[alert]") || strings.Contains(out, "Permission denied") {
		t.Errorf("nginx complained:\n%s", out)
	}
	// The access log reaches the container's output.
	if !strings.Contains(out, `"GET /index.html HTTP/1.1" 200`) {
		t.Errorf("no access log line in the output:\n%s", out)
	}
}
