package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"linguaport/internal/testenv"
)

// A customer's quote, asked for through nginx, is one trace in the stack's Jaeger, looked up by
// the request id the answer carries: nginx started it (its own span, sent by nginx, is the root
// and the gateway's span its child), the gateway passed it to svc-orders, svc-orders to svc-geo
// (the price in euros) and to MongoDB (the quote saved), the event went through Redis, and
// svc-auth's processing of the quote.created event it consumed (the customer's inbox message)
// continues it.
func TestTraceOfAQuoteAcrossTheStack(t *testing.T) {
	s := startStack(t, t.TempDir())
	jaeger := "http://" + s.run.Addr("JAEGER")

	email := fmt.Sprintf("trace-%d@example.com", time.Now().UnixNano())
	status, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "İzlenen Müşteri", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if status != 201 || set["authToken"] == nil {
		t.Fatalf("register: %d %v", status, body)
	}
	quote, _ := json.Marshal(map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 1000, "currency": "EUR", "brief": "İz",
	})
	req, _ := http.NewRequest(http.MethodPost, s.web+"/api/v1/orders/quotes", bytes.NewReader(quote))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", s.web)
	req.AddCookie(&http.Cookie{Name: "authToken", Value: set["authToken"].Value})
	var created map[string]any
	resp := testenv.DoJSON(t, req, &created)
	if resp.StatusCode != 201 {
		t.Fatalf("quote: %d %v", resp.StatusCode, created)
	}
	traceID := resp.Header.Get("X-Request-Id")
	if len(traceID) != 32 {
		t.Fatalf("request id %q is not nginx's 32 hex digits", traceID)
	}
	nginxSpan := traceID[16:] // the span id nginx derives from its request id

	checks := []traceCheck{
		{"nginx's own span " + nginxSpan + " is the root, with its request id", func(tr *jaegerTrace) bool {
			return tr.any(func(sp jaegerSpan) bool {
				return tr.service(sp) == "nginx" && sp.SpanID == nginxSpan && sp.parent() == "" && sp.tag("span.kind") == "server" &&
					sp.tag("http.request.id") == traceID && sp.OperationName == "POST /api/" && sp.tag("url.path") == "/api/v1/orders/quotes"
			})
		}},
		{"the gateway's server span is the child of nginx's span " + nginxSpan, func(tr *jaegerTrace) bool {
			return tr.any(func(sp jaegerSpan) bool {
				return tr.service(sp) == "gateway" && sp.tag("span.kind") == "server" && sp.parent() == nginxSpan
			})
		}},
		{"a svc-orders server span is the child of a gateway span", func(tr *jaegerTrace) bool {
			return tr.any(func(sp jaegerSpan) bool {
				return tr.service(sp) == "svc-orders" && sp.tag("span.kind") == "server" && tr.parentService(sp) == "gateway"
			})
		}},
		{"a svc-geo server span is the child of a svc-orders span", func(tr *jaegerTrace) bool {
			return tr.any(func(sp jaegerSpan) bool {
				return tr.service(sp) == "svc-geo" && sp.tag("span.kind") == "server" && tr.parentService(sp) == "svc-orders"
			})
		}},
		{"a MongoDB command of svc-orders", func(tr *jaegerTrace) bool {
			return tr.any(func(sp jaegerSpan) bool {
				return tr.service(sp) == "svc-orders" && sp.tag("db.system.name") == "mongodb" && sp.tag("span.kind") == "client"
			})
		}},
		{"a Redis command", func(tr *jaegerTrace) bool {
			return tr.any(func(sp jaegerSpan) bool {
				return sp.tag("db.system") == "redis" || sp.tag("db.system.name") == "redis"
			})
		}},
		// Its parent and its link are both the producer's span, which Jaeger's API shows as one
		// FOLLOWS_FROM reference.
		{"svc-auth's consumer span referring to svc-orders' producer span of the event", func(tr *jaegerTrace) bool {
			return tr.any(func(sp jaegerSpan) bool {
				return tr.service(sp) == "svc-auth" && sp.tag("span.kind") == "consumer" && slices.ContainsFunc(sp.References, func(r jaegerRef) bool {
					p := tr.span(r.SpanID)
					return p != nil && tr.service(*p) == "svc-orders" && p.tag("span.kind") == "producer"
				})
			})
		}},
	}
	tr := waitForTrace(t, jaeger, traceID, 30*time.Second, checks)
	if tr == nil {
		t.Fatal("no trace")
	}
	services := map[string]bool{}
	for _, sp := range tr.Spans {
		if padHex(sp.TraceID, 32) != traceID {
			t.Errorf("span %s (%s) is in trace %s, not %s", sp.OperationName, tr.service(sp), sp.TraceID, traceID)
		}
		services[tr.service(sp)] = true
	}
	for _, want := range []string{"gateway", "svc-orders", "svc-geo", "svc-auth"} {
		if !services[want] {
			t.Errorf("trace %s has no span of %s", traceID, want)
		}
	}
	if t.Failed() {
		t.Logf("trace %s:\n%s", traceID, tr.describe())
	}
}

// traceCheck is one thing the trace must show.
type traceCheck struct {
	what string
	ok   func(*jaegerTrace) bool
}

// waitForTrace asks Jaeger's query API for the trace until every check passes or the time is up
// (the services export every half second), then reports the checks that still fail.
func waitForTrace(t *testing.T, jaeger, traceID string, within time.Duration, checks []traceCheck) *jaegerTrace {
	t.Helper()
	var tr *jaegerTrace
	var failing []string
	for deadline := time.Now().Add(within); ; time.Sleep(500 * time.Millisecond) {
		var got struct{ Data []jaegerTrace }
		resp := testenv.GetJSON(t, jaeger+"/api/traces/"+traceID, nil, &got)
		if resp.StatusCode == http.StatusOK && len(got.Data) == 1 {
			tr = &got.Data[0]
			failing = failing[:0]
			for _, c := range checks {
				if !c.ok(tr) {
					failing = append(failing, c.what)
				}
			}
			if len(failing) == 0 {
				return tr
			}
		} else if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("GET %s/api/traces/%s: %d (%d traces)", jaeger, traceID, resp.StatusCode, len(got.Data))
		}
		if time.Now().After(deadline) {
			break
		}
	}
	if tr == nil {
		t.Fatalf("Jaeger has no trace %s after %s", traceID, within)
	}
	for _, f := range failing {
		t.Errorf("trace %s lacks %s", traceID, f)
	}
	return tr
}

// jaegerTrace is a trace as Jaeger's query API (/api/traces/<id>) answers it.
type jaegerTrace struct {
	TraceID   string
	Spans     []jaegerSpan
	Processes map[string]struct{ ServiceName string }
}

type jaegerSpan struct {
	TraceID, SpanID, OperationName, ProcessID string
	References                                []jaegerRef
	Tags                                      []struct {
		Key   string
		Value any
	}
}

// jaegerRef is a span's parent (CHILD_OF) or link (FOLLOWS_FROM).
type jaegerRef struct{ RefType, TraceID, SpanID string }

func (tr *jaegerTrace) any(f func(jaegerSpan) bool) bool { return slices.ContainsFunc(tr.Spans, f) }

func (tr *jaegerTrace) service(sp jaegerSpan) string { return tr.Processes[sp.ProcessID].ServiceName }

// span is the trace's span with the id, nil when it is not in the trace.
func (tr *jaegerTrace) span(id string) *jaegerSpan {
	for i, p := range tr.Spans {
		if padHex(p.SpanID, 16) == padHex(id, 16) {
			return &tr.Spans[i]
		}
	}
	return nil
}

// parentService is the service of the span's parent, "" when the parent is not in the trace.
func (tr *jaegerTrace) parentService(sp jaegerSpan) string {
	if p := tr.span(sp.parent()); p != nil && sp.parent() != "" {
		return tr.service(*p)
	}
	return ""
}

// describe lists the spans, one a line, for a failure's log.
func (tr *jaegerTrace) describe() string {
	var lines []string
	for _, sp := range tr.Spans {
		refs := make([]string, len(sp.References))
		for i, r := range sp.References {
			refs[i] = r.RefType + " " + padHex(r.SpanID, 16)
		}
		lines = append(lines, fmt.Sprintf("  %-15s %-8s %s %s ← %s", tr.service(sp), sp.tag("span.kind"), sp.OperationName, padHex(sp.SpanID, 16), strings.Join(refs, ", ")))
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// parent is the span id of the span's parent (its CHILD_OF reference), "" for a root.
func (sp jaegerSpan) parent() string {
	for _, r := range sp.References {
		if r.RefType == "CHILD_OF" {
			return padHex(r.SpanID, 16)
		}
	}
	return ""
}

func (sp jaegerSpan) tag(key string) string {
	for _, t := range sp.Tags {
		if t.Key == key {
			return fmt.Sprint(t.Value)
		}
	}
	return ""
}

// padHex restores the leading zeros Jaeger's API leaves out of ids.
func padHex(id string, n int) string {
	if len(id) < n {
		return strings.Repeat("0", n-len(id)) + id
	}
	return id
}
