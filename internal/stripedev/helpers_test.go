package stripedev_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
	"golang.org/x/net/html"

	"linguaport/internal/stripedev"
)

const (
	secretKey     = "sk_test_local_0123456789abcdef"
	webhookSecret = "whsec_local_0123456789abcdef"
)

// fastRetries keep the redelivery tests quick.
var fastRetries = []time.Duration{20 * time.Millisecond, 40 * time.Millisecond, 80 * time.Millisecond, 160 * time.Millisecond}

// env is a stand-in with a webhook receiver and a merchant site the browser returns to.
type env struct {
	srv    *stripedev.Server
	sc     *stripe.Client
	hook   *receiver
	shop   *shop
	browse *http.Client
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{hook: newReceiver(t), shop: newShop(t)}
	srv, err := stripedev.Start("", stripedev.Config{
		SecretKey: secretKey, WebhookSecret: webhookSecret, WebhookURL: e.hook.url, RetryDelays: fastRetries,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	e.srv = srv
	e.sc = client(srv.URL(), secretKey)
	e.browse = &http.Client{Timeout: 10 * time.Second}
	return e
}

// client is stripe-go's client pointed at the stand-in, as svc-billing makes it from
// STRIPE_API_BASE and STRIPE_SECRET_KEY.
func client(base, key string) *stripe.Client {
	return stripe.NewClient(key, stripe.WithBackends(stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		URL:               stripe.String(base),
		MaxNetworkRetries: stripe.Int64(0),
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
	})))
}

// sessionParams is a typical invoice payment: two lines of 15.00 TRY.
func (e *env) sessionParams() *stripe.CheckoutSessionCreateParams {
	p := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		SuccessURL:        stripe.String(e.shop.url + "/paid?session_id={CHECKOUT_SESSION_ID}"),
		CancelURL:         stripe.String(e.shop.url + "/cancelled"),
		ClientReferenceID: stripe.String("inv_42"),
		Locale:            stripe.String("en"),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String("try"),
				UnitAmount:  stripe.Int64(1500),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String("Invoice LP-2026-000042")},
			},
			Quantity: stripe.Int64(2),
		}},
	}
	p.AddMetadata("invoice_id", "inv_42")
	return p
}

func (e *env) create(t *testing.T, p *stripe.CheckoutSessionCreateParams) *stripe.CheckoutSession {
	t.Helper()
	s, err := e.sc.V1CheckoutSessions.Create(context.Background(), p)
	if err != nil {
		t.Fatalf("create session: %v", err)
	}
	return s
}

func (e *env) retrieve(t *testing.T, id string) *stripe.CheckoutSession {
	t.Helper()
	s, err := e.sc.V1CheckoutSessions.Retrieve(context.Background(), id, nil)
	if err != nil {
		t.Fatalf("retrieve session: %v", err)
	}
	return s
}

// stripeErr is the *stripe.Error stripe-go returned, or a failure.
func stripeErr(t *testing.T, err error) *stripe.Error {
	t.Helper()
	var se *stripe.Error
	if !errors.As(err, &se) {
		t.Fatalf("want a *stripe.Error, got %T %v", err, err)
	}
	return se
}

// delivery is one webhook request as the receiver saw it.
type delivery struct {
	body   []byte
	header string
	event  stripe.Event
	err    error // from webhook.ConstructEvent
}

// receiver is svc-billing's webhook endpoint in miniature: it verifies every delivery with
// stripe-go's webhook.ConstructEvent and answers 500 while failures are left.
type receiver struct {
	url        string
	mu         sync.Mutex
	failures   int
	deliveries []delivery
	got        chan delivery
}

func newReceiver(t *testing.T) *receiver {
	rc := &receiver{got: make(chan delivery, 100)}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		d := delivery{body: body, header: r.Header.Get("Stripe-Signature")}
		d.event, d.err = webhook.ConstructEvent(body, d.header, webhookSecret)
		rc.mu.Lock()
		rc.deliveries = append(rc.deliveries, d)
		fail := rc.failures > 0
		if fail {
			rc.failures--
		}
		rc.mu.Unlock()
		rc.got <- d
		if fail || d.err != nil {
			http.Error(w, "not now", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(ts.Close)
	rc.url = ts.URL + "/webhooks/stripe"
	return rc
}

func (rc *receiver) failNext(n int) {
	rc.mu.Lock()
	rc.failures = n
	rc.mu.Unlock()
}

// next waits for the next delivery.
func (rc *receiver) next(t *testing.T) delivery {
	t.Helper()
	select {
	case d := <-rc.got:
		return d
	case <-time.After(10 * time.Second):
		t.Fatal("no webhook delivery within 10 s")
		return delivery{}
	}
}

func (rc *receiver) count() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return len(rc.deliveries)
}

// shop is the merchant's site the hosted page sends the customer back to.
type shop struct {
	url    string
	mu     sync.Mutex
	visits []string // path?query of each request
}

func newShop(t *testing.T) *shop {
	sh := &shop{}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sh.mu.Lock()
		sh.visits = append(sh.visits, r.URL.RequestURI())
		sh.mu.Unlock()
		_, _ = io.WriteString(w, "back at the shop")
	}))
	t.Cleanup(ts.Close)
	sh.url = ts.URL
	return sh
}

func (sh *shop) lastVisit() string {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if len(sh.visits) == 0 {
		return ""
	}
	return sh.visits[len(sh.visits)-1]
}

// page is the hosted page as a browser has it: its HTML and the form on it.
type page struct {
	status  int
	body    string
	action  string     // the form's action, absolute
	fields  url.Values // the form's named inputs
	buttons []string   // the values of its name=action buttons
}

func (e *env) open(t *testing.T, pageURL string, header http.Header) page {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, pageURL, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := e.browse.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return readPage(t, resp)
}

// press submits the page's form with the button action=value, as a browser does, following
// redirects; it returns the page the browser ends on.
func (e *env) press(t *testing.T, p page, value string, edit func(url.Values)) (*http.Response, page) {
	t.Helper()
	if p.action == "" {
		t.Fatalf("no form on the page:\n%s", p.body)
	}
	form := url.Values{}
	for k, v := range p.fields {
		form[k] = append([]string(nil), v...)
	}
	if edit != nil {
		edit(form)
	}
	form.Set("action", value)
	resp, err := e.browse.PostForm(p.action, form)
	if err != nil {
		t.Fatal(err)
	}
	return resp, readPage(t, resp)
}

func readPage(t *testing.T, resp *http.Response) page {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	p := page{status: resp.StatusCode, body: string(b), fields: url.Values{}}
	doc, err := html.Parse(strings.NewReader(p.body))
	if err != nil {
		return p
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			a := map[string]string{}
			for _, at := range n.Attr {
				a[at.Key] = at.Val
			}
			switch {
			case n.Data == "form":
				if u, err := resp.Request.URL.Parse(a["action"]); err == nil {
					p.action = u.String()
				}
			case n.Data == "input" && a["name"] != "":
				p.fields.Add(a["name"], a["value"])
			case n.Data == "button" && a["name"] == "action":
				p.buttons = append(p.buttons, a["value"])
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return p
}

// waitFor waits up to 10 s for cond.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met within 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func allDelivered(evs []stripedev.Event) bool {
	for _, ev := range evs {
		if !ev.Delivered {
			return false
		}
	}
	return true
}
