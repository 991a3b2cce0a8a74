package catalog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company"
	"linguaport/internal/discovery"
	"linguaport/internal/embeddb"
	"linguaport/internal/httpx"
	"linguaport/internal/mongox"
	"linguaport/internal/ratelimit"
	"linguaport/internal/redisx"
	"linguaport/internal/testenv"
	"linguaport/svc-catalog/api"
	"linguaport/svc-catalog/catalog"
)

// While its database is down the service answers 503 "unavailable" in the request's language
// with Retry-After, within a few seconds, and leaves Consul's healthy list through its readiness
// check; when the database is back on the same address, /readyz, Consul and the answers recover
// by themselves, with the data still there. Nothing is restarted or reconnected by hand.
func TestDatabaseOutageAnswers503AndRecovers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "db")
	addr := fmt.Sprintf("127.0.0.1:%d", testenv.FreePort(t))
	startDB := func() (stop func()) {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		db, err := embeddb.Start(ctx, addr, dir, nil)
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		return func() { cancel(); <-db.Done() }
	}
	stopDB := startDB()
	t.Cleanup(func() { stopDB() })

	ctx := context.Background()
	client, err := mongox.Connect(ctx, "mongodb://"+addr+"/")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Disconnect(context.Background()) })
	store, err := catalog.NewMongoStore(ctx, client.Database("catalog"))
	if err != nil {
		t.Fatal(err)
	}
	content, _ := catalog.SeedContent()
	if _, err := store.Seed(ctx, content); err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	svc := catalog.NewService(store, ratelimit.New(r.Client, "inquiries", 5, time.Hour), func() string { return "inq" }, company.Demo())
	chatCtx, stopChat := context.WithCancel(ctx)
	t.Cleanup(stopChat)
	chats := newChat(t, chatCtx, client.Database("catalog"), r.Client)
	auditLog, err := audit.NewLog(ctx, client.Database("catalog"), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httpx.NewServer(httpx.Options{
		Name: "svc-catalog",
		// Staff's side is served by the same store; nobody signs in here.
		Handler: api.Routes(api.MakeEndpoints(svc, catalog.NewStaffService(store, nil, nil, time.Now, nil, nil), chats, auditLog),
			chats, httpx.LoopbackOnly, api.DefaultHeartbeat).Handler(authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{}, nil), nil)),
		Checks: []httpx.Check{{Name: "mongo", Probe: mongox.Ping(client)}, {Name: "redis", Probe: redisx.Ping(r.Client)}},
	})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)

	c := testenv.Consul(t)
	service := fmt.Sprintf("svc-catalog-outage-%d", time.Now().UnixNano())
	deregister, err := discovery.Register(c, discovery.Registration{Name: service, Host: "127.0.0.1",
		Port: ts.Listener.Addr().(*net.TCPAddr).Port, CheckInterval: 300 * time.Millisecond, Ready: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(deregister)
	passing := func() int {
		entries, _, err := c.Health().Service(service, "", true, nil)
		if err != nil {
			t.Fatal(err)
		}
		return len(entries)
	}

	services := func(lang string) (int, map[string]any, http.Header, time.Duration) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/v1/catalog/services", nil)
		req.Header.Set("Accept-Language", lang)
		begin := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		raw, _ := io.ReadAll(resp.Body)
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Fatalf("%d, not JSON: %q", resp.StatusCode, raw)
		}
		return resp.StatusCode, body, resp.Header, time.Since(begin)
	}
	ready := func() int {
		resp, err := http.Get(ts.URL + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if status, _, _, _ := services("en"); status != 200 || ready() != 200 {
		t.Fatalf("before the outage: services %d", status)
	}
	waitUntil(t, 10*time.Second, "the instance passing in Consul", func() bool { return passing() == 1 })

	stopDB()
	want := map[string]string{
		"tr": "Hizmet geçici olarak kullanılamıyor. Lütfen birkaç saniye sonra tekrar deneyin.",
		"en": "The service is temporarily unavailable. Please try again in a few seconds.",
	}
	for _, lang := range []string{"tr", "en"} {
		status, body, header, took := services(lang)
		e, _ := body["error"].(map[string]any)
		if status != 503 || e["code"] != "unavailable" || e["message"] != want[lang] || header.Get("Retry-After") == "" || took > 5*time.Second {
			t.Errorf("%s with the database down: %d %v Retry-After %q after %s", lang, status, body, header.Get("Retry-After"), took)
		}
		t.Logf("database down: %s request answered %d in %s", lang, status, took.Round(time.Millisecond))
	}
	begin := time.Now()
	if status := ready(); status != 503 || time.Since(begin) > 3*time.Second {
		t.Errorf("/readyz with the database down: %d after %s", status, time.Since(begin))
	}
	waitUntil(t, 10*time.Second, "the instance leaving Consul's healthy list", func() bool { return passing() == 0 })
	left := time.Since(begin)
	// Not ready is not dead: the instance stays registered, to come back.
	if entries, _, err := c.Health().Service(service, "", false, nil); err != nil || len(entries) != 1 {
		t.Fatalf("instance gone from Consul: %d %v", len(entries), err)
	}

	stopDB = startDB()
	up := time.Now()
	waitUntil(t, 15*time.Second, "/readyz answering 200", func() bool { return ready() == 200 })
	readyAgain := time.Since(up)
	waitUntil(t, 15*time.Second, "the instance passing in Consul again", func() bool { return passing() == 1 })
	passingAgain := time.Since(up)
	status, body, _, _ := services("en")
	if list, _ := body["services"].([]any); status != 200 || len(list) != 8 {
		t.Fatalf("after the database came back: %d %v", status, body)
	}
	t.Logf("left the healthy list %s after /readyz first failed; after the database restarted: ready in %s, passing in Consul in %s",
		left.Round(time.Millisecond), readyAgain.Round(time.Millisecond), passingAgain.Round(time.Millisecond))
}

func waitUntil(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within %s", what, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
