package api_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/svcclient"
	"linguaport/internal/testenv"
	geoapi "linguaport/svc-geo/api"
	"linguaport/svc-geo/geo"
	"linguaport/svc-orders/api"
	"linguaport/svc-orders/pricing"
)

// hangingGeo is svc-geo's real handler, registered in Consul as svc-geo, whose conversions hang
// while hanging is set: the instance still passes its health check, so Consul keeps listing it,
// and only the callers' breakers can stop sending it work.
type hangingGeo struct {
	hanging  atomic.Bool
	converts atomic.Int64 // conversions asked for, answered or not
}

func startHangingGeo(t *testing.T) (*hangingGeo, *discovery.Instances) {
	t.Helper()
	g := &hangingGeo{}
	geoHandler := geoapi.Routes(geoapi.MakeEndpoints(geo.NewService(geo.EmbeddedLocator{})), httpx.LoopbackOnly).Handler(nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/healthz":
			return
		case r.URL.Path == "/api/v1/geo/convert":
			g.converts.Add(1)
			if g.hanging.Load() {
				<-r.Context().Done() // until the caller gives up
				return
			}
		}
		geoHandler.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)

	c := testenv.Consul(t)
	deregister, err := discovery.Register(c, discovery.Registration{Name: "svc-geo", Host: "127.0.0.1",
		Port: srv.Listener.Addr().(*net.TCPAddr).Port, CheckInterval: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(deregister)
	w := discovery.Watch(c, "svc-geo", nil)
	t.Cleanup(w.Stop)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if addrs, _ := w.Snapshot(); len(addrs) == 1 {
			return g, w
		}
		if time.Now().After(deadline) {
			t.Fatal("consul never listed svc-geo")
		}
	}
}

// serveEstimates serves svc-orders' real handler whose pricing converts through geoClient; the
// estimate, open to anyone, needs nothing else of the fixture in orders_test.go.
func serveEstimates(t *testing.T, geoClient *svcclient.Client) string {
	t.Helper()
	prices, err := pricing.NewMongoStore(context.Background(), testenv.Mongo(t), pricing.SeedPriceList())
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	priceSvc := pricing.LoggingMiddleware(log)(pricing.NewService(prices, nil, pricing.NewGeoConverter(geoClient), time.Now))
	// No request here carries a token, so no key or session is ever looked up.
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{}, authn.NewRedisSessions(nil)), nil)
	handler := api.Routes(api.MakeEndpoints(api.Services{Pricing: priceSvc}), httpx.LoopbackOnly).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-orders", Handler: handler, Logger: log, Registry: prometheus.NewRegistry()}).Handler())
	t.Cleanup(srv.Close)
	return srv.URL
}

type timedAnswer struct {
	answer
	took time.Duration
}

func estimateEUR(t *testing.T, url, lang string) timedAnswer {
	t.Helper()
	f := &fixture{url: url}
	start := time.Now()
	a := f.send(t, "POST", "/api/v1/orders/estimate", lang, "", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"},
		"quantity": 1000, "urgency": "normal", "currency": "EUR",
	})
	return timedAnswer{answer: a, took: time.Since(start)}
}

// unavailable checks the site's 503 in the request's language.
func unavailable(t *testing.T, a timedAnswer, lang string) {
	t.Helper()
	want := map[string]string{
		"tr": "Hizmet geçici olarak kullanılamıyor. Lütfen birkaç saniye sonra tekrar deneyin.",
		"en": "The service is temporarily unavailable. Please try again in a few seconds.",
	}[lang]
	if a.status != http.StatusServiceUnavailable || a.code() != "unavailable" || a.message() != want || a.header.Get("Retry-After") == "" {
		t.Fatalf("%s: %d %s, Retry-After %q, want 503 unavailable %q with Retry-After", lang, a.status, a.raw, a.header.Get("Retry-After"), want)
	}
}

// The quote path with svc-geo hanging: the first estimates wait for the call's timeout and answer
// 503; once svc-geo's breaker is open the estimates answer 503 at once, in either language,
// without calling svc-geo; when svc-geo answers again the estimates work again by themselves.
func TestEstimateAnswers503AtOnceWhileGeoHangsAndRecovers(t *testing.T) {
	g, instances := startHangingGeo(t)
	const timeout = 1500 * time.Millisecond
	b := svcclient.DefaultBreaker
	b.Failures, b.CoolDown = 3, 2*time.Second
	client := svcclient.New(instances, timeout, svcclient.WithBreaker(b))
	t.Cleanup(client.Close)
	url := serveEstimates(t, client)

	// €: 1,000 words × $0.085 = $85.00 at 0.85 EUR per USD.
	ok := func(a timedAnswer) {
		t.Helper()
		if total := obj(a.body, "total"); a.status != http.StatusOK || total["currency"] != "EUR" || total["amount"] != 7225.0 {
			t.Fatalf("estimate: %d %s", a.status, a.raw)
		}
	}
	// The client takes in Consul's list on a goroutine of its own: wait until it has.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		a := estimateEUR(t, url, "en")
		if a.status == http.StatusOK || time.Now().After(deadline) {
			ok(a)
			break
		}
	}

	g.hanging.Store(true)
	slow := 0
	for i := 0; ; i++ {
		lang := []string{"tr", "en"}[i%2]
		a := estimateEUR(t, url, lang)
		unavailable(t, a, lang)
		if a.took < time.Second {
			break // the breaker is open
		}
		if a.took < timeout {
			t.Fatalf("a slow failure took %v, less than the call's timeout", a.took)
		}
		if slow++; slow > int(b.Failures) {
			t.Fatalf("still slow after %d failures", slow)
		}
	}
	t.Logf("%d estimates waited for svc-geo's timeout (%v) before its breaker opened", slow, timeout)
	asked := g.converts.Load()
	var slowest time.Duration
	for i := range 10 {
		lang := []string{"tr", "en"}[i%2]
		a := estimateEUR(t, url, lang)
		unavailable(t, a, lang)
		if slowest = max(slowest, a.took); a.took >= time.Second {
			t.Fatalf("estimate %d with svc-geo's breaker open took %v", i+1, a.took)
		}
	}
	if n := g.converts.Load() - asked; n != 0 {
		t.Fatalf("svc-geo was asked %d conversions while its breaker was open", n)
	}
	t.Logf("the slowest of 10 estimates with the breaker open took %v", slowest)

	// svc-geo answers again: nothing is restarted, and within the cool-down and a probe the
	// estimates work again.
	g.hanging.Store(false)
	back := time.Now()
	for {
		a := estimateEUR(t, url, "en")
		if a.status == http.StatusOK {
			ok(a)
			break
		}
		unavailable(t, a, "en")
		if time.Since(back) > b.CoolDown+timeout+time.Second {
			t.Fatalf("estimates still fail %v after svc-geo came back", time.Since(back))
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("estimates worked again %v after svc-geo did", time.Since(back))
	for _, lang := range []string{"tr", "en"} {
		ok(estimateEUR(t, url, lang))
	}
}
