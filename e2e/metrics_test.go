package e2e

import (
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"linguaport/internal/events"
)

// program is one process of the stack whose /metrics Prometheus scrapes (k8s/monitoring).
type program struct {
	name, port string // port: the NAME of its DEVSTACK_<NAME>_PORT
	outboxes   int    // how many outboxes its relays drain
	groups     []string
}

// The consumer groups each program reads, "stream group", as its main wires them.
var programs = []program{
	{name: "gateway", port: "GATEWAY"},
	{name: "svc-geo", port: "GEO"},
	// svc-auth reads every area: its inbox and mails (group svc-auth, svc-auth-inbox on the
	// translators' stream, beside the accounts' consumer), staff's live notices (svc-auth-live)
	// and the customers' webhooks (svc-auth-webhooks, on ordering's and billing's streams).
	// Its KVKK requests' answers come back through svc-auth-privacy on the privacy stream, and
	// on its own (its own part answers its own announcement).
	{name: "svc-auth", port: "AUTH", outboxes: 2, groups: []string{
		"events:auth svc-auth", "events:auth svc-auth-privacy", "events:billing svc-auth", "events:billing svc-auth-live", "events:billing svc-auth-webhooks",
		"events:catalog svc-auth", "events:catalog svc-auth-live", "events:orders svc-auth", "events:orders svc-auth-live", "events:orders svc-auth-webhooks",
		"events:privacy svc-auth-privacy", "events:translators svc-auth", "events:translators svc-auth-inbox", "events:translators svc-auth-live"}},
	// Inquiries (replies), conversations (chat.opened, chat.message) and its answers to KVKK
	// requests, which it reads from svc-auth's stream.
	{name: "svc-catalog", port: "CATALOG", outboxes: 3, groups: []string{"events:auth svc-catalog"}},
	{name: "svc-orders", port: "ORDERS", outboxes: 4, groups: []string{
		"events:auth svc-orders", "events:billing svc-orders", "events:orders svc-orders", "events:translators svc-orders"}},
	// Invoices, accounts, earnings, payouts, declared transfers and KVKK answers.
	{name: "svc-billing", port: "BILLING", outboxes: 6, groups: []string{
		"events:auth svc-billing", "events:billing svc-billing", "events:billing svc-billing-earnings", "events:billing svc-billing-edocuments", "events:orders svc-billing",
		"events:orders svc-billing-earnings", "events:translators svc-billing-earnings"}},
	{name: "svc-translators", port: "TRANSLATORS", outboxes: 4, groups: []string{
		"events:auth svc-translators", "events:translators svc-translators"}},
}

// routesServed are routes the traffic of TestMetrics reached, by program.
var routesServed = map[string][]string{
	"gateway":     {"GET /api/v1/auth/providers", "GET /api/v1/catalog/services"},
	"svc-auth":    {"GET /api/v1/auth/providers"},
	"svc-catalog": {"GET /api/v1/catalog/services"},
}

// TestMetrics scrapes every program of the running stack after some traffic: each serves the
// same RED metrics under the same names, types and labels, and each with outboxes or consumers
// serves their backlog and lag for every one of them, which drain to 0 once the stack is idle.
func TestMetrics(t *testing.T) {
	s := startStack(t, t.TempDir())

	// Traffic through nginx and the gateway, then straight to each program, so every one has
	// answered requests (a metric with labels shows no series before its first observation).
	for _, path := range []string{"/api/v1/auth/providers", "/api/v1/catalog/services", "/api/v1/geo/lookup?ip=8.8.8.8",
		"/api/v1/orders/orders", "/api/v1/no-such-area"} {
		get(t, s.web+path)
	}
	for _, p := range programs {
		get(t, "http://"+s.run.Addr(p.port)+"/api/v1/no-such-route")
	}

	red := map[string]struct {
		typ    dto.MetricType
		labels []string
	}{
		"http_requests_total":           {dto.MetricType_COUNTER, []string{"code", "method", "route"}},
		"http_request_duration_seconds": {dto.MetricType_HISTOGRAM, []string{"method", "route"}},
	}
	helps := map[string]string{}
	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			families := scrape(t, "http://"+s.run.Addr(p.port)+"/metrics")
			for name, want := range red {
				f := families[name]
				if f == nil || len(f.GetMetric()) == 0 {
					t.Errorf("%s is not served", name)
					continue
				}
				if f.GetType() != want.typ {
					t.Errorf("%s is a %v, want %v", name, f.GetType(), want.typ)
				}
				for _, m := range f.GetMetric() {
					if got := labelNames(m); !slices.Equal(got, want.labels) {
						t.Errorf("%s has labels %v, want %v", name, got, want.labels)
					}
				}
				if h, ok := helps[name]; ok && h != f.GetHelp() {
					t.Errorf("%s's help %q differs from another program's %q", name, f.GetHelp(), h)
				}
				helps[name] = f.GetHelp()
			}
			// Per route: the declared pattern a request matched (at the gateway, the access rule
			// or its prefix), "unmatched" for none; never a bare "/" that lumps them together.
			routes := map[string]bool{}
			for _, m := range families["http_requests_total"].GetMetric() {
				route := label(m, "route")
				routes[route] = true
				if route != "unmatched" && !strings.Contains(route, "/api/v1/") {
					t.Errorf("http_requests_total has route %q", route)
				}
			}
			for _, want := range append(routesServed[p.name], "unmatched") {
				if !routes[want] {
					t.Errorf("no requests counted for route %q; routes %v", want, slices.Sorted(maps.Keys(routes)))
				}
			}

			eventNames := []string{events.MetricOutboxBacklog, events.MetricConsumerLag, events.MetricConsumerPending}
			if p.outboxes == 0 && len(p.groups) == 0 {
				for _, name := range eventNames {
					if families[name] != nil {
						t.Errorf("%s served by a program without outboxes or consumers", name)
					}
				}
				return
			}
			// Consumers create their groups as they start, and the relays and consumers work
			// through what seeding the stack produced: wait for every series and for 0.
			var last string
			deadline := time.Now().Add(90 * time.Second)
			for {
				families = scrape(t, "http://"+s.run.Addr(p.port)+"/metrics")
				last = eventState(families, p)
				if last == "" || time.Now().After(deadline) {
					break
				}
				time.Sleep(500 * time.Millisecond)
			}
			if last != "" {
				t.Fatal(last)
			}
			for _, name := range eventNames {
				f := families[name]
				if f == nil && len(p.groups) == 0 && name != events.MetricOutboxBacklog {
					continue // a program with outboxes and no consumer serves no consumer series
				}
				if f.GetType() != dto.MetricType_GAUGE || f.GetHelp() == "" {
					t.Errorf("%s is a %v with help %q, want a gauge with help", name, f.GetType(), f.GetHelp())
				}
				if h, ok := helps[name]; ok && h != f.GetHelp() {
					t.Errorf("%s's help %q differs from another program's %q", name, f.GetHelp(), h)
				}
				helps[name] = f.GetHelp()
			}
		})
	}
}

// eventState says what is not yet as it should be: every outbox and group served, backlog and
// lag 0; "" once it is.
func eventState(families map[string]*dto.MetricFamily, p program) string {
	backlog := families[events.MetricOutboxBacklog]
	if n := len(backlog.GetMetric()); n != p.outboxes {
		return fmt.Sprintf("%d outboxes served, want %d", n, p.outboxes)
	}
	for _, m := range backlog.GetMetric() {
		if !slices.Equal(labelNames(m), []string{"outbox"}) {
			return fmt.Sprintf("backlog labels %v", labelNames(m))
		}
		if v := m.GetGauge().GetValue(); v != 0 {
			return fmt.Sprintf("outbox %s has backlog %v", label(m, "outbox"), v)
		}
	}
	for _, name := range []string{events.MetricConsumerLag, events.MetricConsumerPending} {
		var got []string
		for _, m := range families[name].GetMetric() {
			if !slices.Equal(labelNames(m), []string{"group", "stream"}) {
				return fmt.Sprintf("%s labels %v", name, labelNames(m))
			}
			got = append(got, label(m, "stream")+" "+label(m, "group"))
			if v := m.GetGauge().GetValue(); name == events.MetricConsumerLag && v != 0 {
				return fmt.Sprintf("group %s of %s lags %v behind", label(m, "group"), label(m, "stream"), v)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, p.groups) {
			return fmt.Sprintf("%s served for %v, want %v", name, got, p.groups)
		}
	}
	return ""
}

func get(t *testing.T, url string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

func scrape(t *testing.T, url string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("scrape %s: %v", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("scrape %s: %s", url, resp.Status)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("scrape %s: %v", url, err)
	}
	return families
}

func labelNames(m *dto.Metric) []string {
	var names []string
	for _, l := range m.GetLabel() {
		names = append(names, l.GetName())
	}
	slices.Sort(names)
	return names
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.GetLabel() {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}
