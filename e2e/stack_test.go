// Package e2e tests the whole running stack, started exactly as `make up` starts it, through
// nginx → gateway → services.
package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/httpx"
	"linguaport/internal/mongox"
	"linguaport/internal/stackrun"
	"linguaport/internal/testenv"
)

type devstack struct {
	run     *stackrun.Stack
	cmd     *exec.Cmd
	web     string
	mail    string // the mail capture's listing
	mongo   string
	redis   string // host:port
	consul  string // the agent's HTTP address, host:port
	dataDir string
}

// startStack runs .bin/devstack on free ports with its data in dataDir and waits until it says
// it is running.
func startStack(t *testing.T, dataDir string) *devstack {
	t.Helper()
	// The tests call every route as five callers within seconds, and sign in and sign up far
	// more often than a person, all from this one address: nginx's request limits (tested on
	// their own in devstack/nginx_limits_test.go, with the same template) would refuse them.
	t.Setenv("NGINX_RATE_LIMITS", "off")
	// Webhooks retried within the test's time (a deployment's schedule spans three days).
	t.Setenv("WEBHOOKS_RETRY_SCHEDULE", webhookRetrySchedule)
	// The sandbox's simulated translator works in seconds (a deployment: 10 s and 30 s).
	t.Setenv("ORDERS_SANDBOX_CLAIM_AFTER", sandboxClaimAfter)
	t.Setenv("ORDERS_SANDBOX_DELIVER_AFTER", sandboxDeliverAfter)
	letPostgresThrough(t, dataDir)
	run, err := stackrun.Start(dataDir, 3*time.Minute)
	if err != nil {
		t.Fatalf("%v (make test builds .bin/devstack)\n%s", err, tailLogs(dataDir))
	}
	s := &devstack{run: run, cmd: run.Cmd, web: run.Web(), mail: "http://" + run.Addr("MAIL") + "/messages",
		mongo: "mongodb://" + run.Addr("MONGO") + "/", redis: run.Addr("REDIS"), consul: run.Addr("CONSUL"), dataDir: dataDir}
	// Cleanups run last first: the logs are kept once the stack has stopped writing them.
	t.Cleanup(func() { keepLogsOfFailure(t, dataDir) })
	t.Cleanup(func() { s.stop(t) })
	return s
}

// keepLogsOfFailure copies the stack's logs out of dataDir (a temporary directory, removed
// after the test) when the test failed: a failure that shows only in a full run, under load,
// is explained by what the services logged, which would otherwise be gone with the directory.
func keepLogsOfFailure(t *testing.T, dataDir string) {
	if !t.Failed() {
		return
	}
	files, _ := filepath.Glob(filepath.Join(dataDir, "logs", "*.log"))
	if len(files) == 0 {
		return
	}
	kept, err := os.MkdirTemp("", "linguaport-"+strings.ReplaceAll(t.Name(), "/", "-")+"-logs-")
	if err != nil {
		t.Logf("keeping the stack's logs: %v", err)
		return
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err == nil {
			err = os.WriteFile(filepath.Join(kept, filepath.Base(f)), data, 0o644)
		}
		if err != nil {
			t.Logf("keeping %s: %v", filepath.Base(f), err)
		}
	}
	t.Logf("the stack's logs are kept in %s", kept)
}

// letPostgresThrough lets the postgres user, whom devstack runs PostgreSQL as when we are root,
// through the directories the test made above dataDir: a test's temporary directory is root's
// alone.
func letPostgresThrough(t *testing.T, dataDir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		return
	}
	tmp := filepath.Clean(os.TempDir())
	for d := filepath.Dir(filepath.Clean(dataDir)); strings.HasPrefix(d, tmp+string(filepath.Separator)); d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(d, fi.Mode().Perm()|0o001); err != nil {
			t.Fatal(err)
		}
	}
}

// stop checks that every event the services published keeps to its contract, presses Ctrl-C and
// checks everything the stack started is gone.
func (s *devstack) stop(t *testing.T) {
	if s.cmd.ProcessState != nil {
		return
	}
	rdb := redis.NewClient(&redis.Options{Addr: s.redis})
	testenv.CheckEventContracts(t, rdb)
	rdb.Close()
	pids := childPids(s.cmd.Process.Pid)
	if err := s.run.Stop(); err != nil {
		t.Fatalf("Ctrl-C: %v", err)
	}
	for _, pid := range pids {
		if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err == nil {
			if st, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); !strings.Contains(string(st), ") Z ") {
				t.Errorf("process %d started by the stack still runs after Ctrl-C", pid)
			}
		}
	}
}

func childPids(parent int) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		fields := strings.Fields(string(st[strings.LastIndexByte(string(st), ')')+1:]))
		if len(fields) > 1 && fields[1] == strconv.Itoa(parent) {
			pids = append(pids, pid)
		}
	}
	return pids
}

func tailLogs(dataDir string) string {
	var b strings.Builder
	files, _ := filepath.Glob(filepath.Join(dataDir, "logs", "*.log"))
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if len(data) > 2000 {
			data = data[len(data)-2000:]
		}
		fmt.Fprintf(&b, "--- %s\n%s\n", filepath.Base(f), data)
	}
	return b.String()
}

func getJSON(t *testing.T, url string, header http.Header) (int, map[string]any, http.Header) {
	t.Helper()
	var body map[string]any
	resp := testenv.GetJSON(t, url, header, &body)
	return resp.StatusCode, body, resp.Header
}

func TestWholeStack(t *testing.T) {
	t.Setenv("NGINX_TRUSTED_PROXIES", "127.0.0.2")
	dataDir := t.TempDir()
	s := startStack(t, dataDir)

	t.Run("lookup through nginx, gateway and svc-geo", func(t *testing.T) {
		status, body, h := getJSON(t, s.web+"/api/v1/geo/lookup?ip=88.255.0.1", nil)
		if status != 200 || body["country"] != "TR" || body["currency"] != "TRY" {
			t.Fatalf("got %d %v", status, body)
		}
		if !httpx.ValidRequestID(h.Get("X-Request-Id")) {
			t.Errorf("no request id on the answer: %v", h)
		}
	})
	t.Run("catalogue through nginx and the gateway", func(t *testing.T) {
		status, body, h := getJSON(t, s.web+"/api/v1/catalog/services", nil)
		if status != 200 || len(body["services"].([]any)) != 8 || h.Get("ETag") == "" {
			t.Fatalf("services: %d %v", status, body)
		}
		status, body, _ = getJSON(t, s.web+"/api/v1/catalog/faq?lang=en&category=pricing", nil)
		if status != 200 || len(body["items"].([]any)) < 4 {
			t.Errorf("faq: %d %v", status, body)
		}
	})
	t.Run("caller currency follows the address the ingress forwards", func(t *testing.T) {
		// nginx believes X-Forwarded-For from NGINX_TRUSTED_PROXIES only (127.0.0.2 here, standing
		// in for the ingress) and passes on the client it names.
		dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
		ingress := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
		req, _ := http.NewRequest("GET", s.web+"/api/v1/geo/currency", nil)
		req.Header.Set("X-Forwarded-For", "88.255.0.1")
		resp, err := ingress.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body map[string]any
		err = json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		if err != nil || body["currency"] != "TRY" {
			t.Errorf("through the ingress: %v %v", body, err)
		}
		// The same header from a browser is its own claim, not believed.
		_, body, _ = getJSON(t, s.web+"/api/v1/geo/currency", http.Header{"X-Forwarded-For": {"88.255.0.1"}})
		if body["currency"] != "USD" || body["country"] != "" {
			t.Errorf("a loopback visitor naming another address: %v", body)
		}
	})
	t.Run("errors are JSON in the request's language", func(t *testing.T) {
		status, body, _ := getJSON(t, s.web+"/api/v1/geo/lookup?ip=nope", http.Header{"Accept-Language": {"en"}})
		if status != 400 || body["error"].(map[string]any)["message"] != "Invalid IP address." {
			t.Errorf("got %d %v", status, body)
		}
		status, body, _ = getJSON(t, s.web+"/api/v1/nothing", nil)
		if status != 404 || body["error"].(map[string]any)["code"] != "route_not_found" {
			t.Errorf("got %d %v", status, body)
		}
	})
	t.Run("an estimate through nginx, the gateway, svc-orders and svc-geo", func(t *testing.T) {
		status, body, _ := call(t, s, "POST", "/api/v1/orders/estimate", map[string]any{
			"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 1000, "currency": "TRY",
		}, nil)
		total, _ := body["total"].(map[string]any)
		// $85.00 at 27.5 TRY per USD.
		if status != 200 || total["currency"] != "TRY" || total["amount"] != float64(233750) {
			t.Errorf("estimate: %d %v", status, body)
		}
	})
	t.Run("accounts through nginx, the gateway and svc-auth", func(t *testing.T) {
		testAccounts(t, s)
	})
	t.Run("ordering: upload, quote, approve, payment event, inbox", func(t *testing.T) {
		testOrdering(t, s)
	})
	t.Run("money: no approval without billing details; a customer abroad is shown and invoiced no KDV", func(t *testing.T) {
		testAbroadNeverChargedVAT(t, s)
	})
	t.Run("a revision comes back to whoever delivered, who redelivers with no staff step", func(t *testing.T) {
		testRevisionComesBack(t, s)
	})
	t.Run("a revision its translator cannot take back is escalated and given to someone else", func(t *testing.T) {
		testRevisionEscalated(t, s)
	})
	t.Run("distance sales: the accepted contract is mailed once, with its PDF, at approval", func(t *testing.T) {
		testContractMailed(t, s)
	})
	t.Run("KVKK: a customer's copy gathers every service's records; nobody else downloads it", func(t *testing.T) {
		testPrivacyCopy(t, s)
	})
	t.Run("KVKK: an erasure waits for a stopped service, completes when it runs, and keeps exactly the retention list", func(t *testing.T) {
		testPrivacyErasure(t, s)
	})
	t.Run("API keys: a key acts as its customer in every service, read-only keys only read, revoked keys stop", func(t *testing.T) {
		testAPIKeys(t, s)
	})
	t.Run("webhooks: an endpoint hears every step of an order, signed and in order, and a failing one is retried", func(t *testing.T) {
		testWebhooks(t, s)
	})
	t.Run("API client: generated from the served OpenAPI document, it drives an integrator's flow", func(t *testing.T) {
		testAPIClient(t, s)
	})
	t.Run("sandbox: a sandbox key's order is paid without charge, a simulated translator delivers, every webhook fires", func(t *testing.T) {
		testSandbox(t, s)
	})
	t.Run("access matrix: every declared route as visitor, customer, another customer, translator, admin and a sandbox key", func(t *testing.T) {
		testAccessMatrix(t, s)
	})
	t.Run("OAuth: Google and Facebook sign-in through the local stand-in's page", func(t *testing.T) {
		testOAuthStandIn(t, s)
	})
	t.Run("no placeholder text in pages, API answers, PDFs and mails", func(t *testing.T) {
		testNoPlaceholders(t, s)
	})
	t.Run("web UI: prerendered pages with security headers, hashed assets cached a year", func(t *testing.T) {
		noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := noRedirect.Get(s.web + "/")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/tr" {
			t.Errorf("root: %d → %q, want 302 → /tr", resp.StatusCode, resp.Header.Get("Location"))
		}
		resp, err = http.Get(s.web + "/tr/hizmetler")
		if err != nil {
			t.Fatal(err)
		}
		html, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(html), `<html lang="tr">`) || !strings.Contains(string(html), "<h1>") {
			t.Fatalf("services page: %d %.300s", resp.StatusCode, html)
		}
		if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("CSP %q", csp)
		}
		if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("page Cache-Control %q", cc)
		}
		asset := regexp.MustCompile(`/assets/[^"\s]+\.js`).FindString(string(html))
		req, _ := http.NewRequest(http.MethodGet, s.web+asset, nil)
		req.Header.Set("Accept-Encoding", "br")
		resp, err = http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if asset == "" || resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "br" || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("asset %q: %d encoding %q cache %q", asset, resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("Cache-Control"))
		}
		resp, err = http.Get(s.web + "/en/no-such-page")
		if err != nil {
			t.Fatal(err)
		}
		html, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 404 || !strings.Contains(string(html), "Page not found") {
			t.Errorf("unknown page: %d %.300s", resp.StatusCode, html)
		}
	})
	t.Run("the currency is resolved through svc-geo in Chromium", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
			"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--user-data-dir="+t.TempDir(), "--virtual-time-budget=10000", "--dump-dom", s.web+"/en").Output()
		if err != nil {
			t.Fatalf("chromium: %v", err)
		}
		if !strings.Contains(string(out), `data-resolved="true"`) {
			t.Errorf("the currency picker never resolved the display currency:\n%.3000s", out)
		}
	})

	// Data written to the embedded database survives a restart of the stack.
	ctx := context.Background()
	client, err := mongox.Connect(ctx, s.mongo)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.Database("e2e").Collection("notes").InsertOne(ctx, bson.D{{Key: "_id", Value: "kept"}}); err != nil {
		t.Fatal(err)
	}
	_ = client.Disconnect(ctx)
	s.stop(t)

	s2 := startStack(t, dataDir)
	client, err = mongox.Connect(ctx, s2.mongo)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Disconnect(ctx)
	if n, err := client.Database("e2e").Collection("notes").CountDocuments(ctx, bson.D{{Key: "_id", Value: "kept"}}); err != nil || n != 1 {
		t.Fatalf("document written before the restart: count %d, err %v", n, err)
	}
}
