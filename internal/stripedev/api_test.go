package stripedev_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	stripe "github.com/stripe/stripe-go/v85"

	"linguaport/internal/proc"
	"linguaport/internal/stripedev"
)

func TestCreateSessionWithStripeGo(t *testing.T) {
	e := newEnv(t)
	before := time.Now().Unix()
	p := e.sessionParams()
	p.SetIdempotencyKey("pay-inv_42-1")
	s := e.create(t, p)

	if !strings.HasPrefix(s.ID, "cs_test_") || s.Object != "checkout.session" || s.Livemode {
		t.Errorf("id %q object %q livemode %v", s.ID, s.Object, s.Livemode)
	}
	if s.URL != e.srv.URL()+"/pay/"+s.ID {
		t.Errorf("url %q", s.URL)
	}
	if s.AmountTotal != 3000 || s.AmountSubtotal != 3000 || s.Currency != "try" {
		t.Errorf("amount %d/%d %s, want 3000 try", s.AmountTotal, s.AmountSubtotal, s.Currency)
	}
	if s.Status != stripe.CheckoutSessionStatusOpen || s.PaymentStatus != stripe.CheckoutSessionPaymentStatusUnpaid || s.Mode != stripe.CheckoutSessionModePayment {
		t.Errorf("status %q payment %q mode %q", s.Status, s.PaymentStatus, s.Mode)
	}
	if s.ClientReferenceID != "inv_42" || s.Metadata["invoice_id"] != "inv_42" {
		t.Errorf("client_reference_id %q metadata %v", s.ClientReferenceID, s.Metadata)
	}
	if s.SuccessURL != *p.SuccessURL || s.CancelURL != *p.CancelURL {
		t.Errorf("success %q cancel %q", s.SuccessURL, s.CancelURL)
	}
	if s.Created < before || s.ExpiresAt < s.Created+23*3600 || s.ExpiresAt > s.Created+24*3600 {
		t.Errorf("created %d expires_at %d, want expiry 24 h after creation", s.Created, s.ExpiresAt)
	}

	// The same key and parameters answer the first session again, without making another.
	again := e.create(t, p)
	if again.ID != s.ID {
		t.Fatalf("repeat with the same Idempotency-Key made %s, want %s", again.ID, s.ID)
	}
	if again.LastResponse.Header.Get("Idempotent-Replayed") != "true" {
		t.Error("repeat not marked Idempotent-Replayed")
	}
	// The same key with other parameters is Stripe's idempotency_error.
	other := e.sessionParams()
	other.LineItems[0].Quantity = stripe.Int64(3)
	other.SetIdempotencyKey("pay-inv_42-1")
	_, err := e.sc.V1CheckoutSessions.Create(context.Background(), other)
	if se := stripeErr(t, err); se.Type != stripe.ErrorTypeIdempotency || se.HTTPStatusCode != http.StatusBadRequest {
		t.Errorf("reused key with other params: type %q status %d, want idempotency_error 400", se.Type, se.HTTPStatusCode)
	}
	// Without a key of its own, stripe-go sends a fresh one: a new session each time.
	fresh := e.create(t, e.sessionParams())
	if fresh.ID == s.ID {
		t.Error("a request with another key replayed the first session")
	}

	got := e.retrieve(t, s.ID)
	if got.ID != s.ID || got.AmountTotal != 3000 || got.Status != stripe.CheckoutSessionStatusOpen || got.Metadata["invoice_id"] != "inv_42" {
		t.Errorf("retrieved %+v", got)
	}
	if n := len(e.srv.Events()); n != 0 {
		t.Errorf("%d events before anything happened", n)
	}
}

func TestCreateSessionRefusals(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name, param, code string
		edit              func(p *stripe.CheckoutSessionCreateParams)
	}{
		{"no success_url", "success_url", "parameter_missing", func(p *stripe.CheckoutSessionCreateParams) { p.SuccessURL = nil }},
		{"success_url not a URL", "success_url", "url_invalid", func(p *stripe.CheckoutSessionCreateParams) { p.SuccessURL = stripe.String("paid") }},
		{"no mode", "mode", "parameter_missing", func(p *stripe.CheckoutSessionCreateParams) { p.Mode = nil }},
		{"no line items", "line_items", "parameter_missing", func(p *stripe.CheckoutSessionCreateParams) { p.LineItems = nil }},
		{"bad currency", "line_items[0][price_data][currency]", "", func(p *stripe.CheckoutSessionCreateParams) {
			p.LineItems[0].PriceData.Currency = stripe.String("xyz")
		}},
		{"zero amount", "line_items[0][price_data][unit_amount]", "", func(p *stripe.CheckoutSessionCreateParams) {
			p.LineItems[0].PriceData.UnitAmount = stripe.Int64(0)
		}},
		{"negative amount", "line_items[0][price_data][unit_amount]", "", func(p *stripe.CheckoutSessionCreateParams) {
			p.LineItems[0].PriceData.UnitAmount = stripe.Int64(-5)
		}},
		{"no quantity", "line_items[0][quantity]", "parameter_missing", func(p *stripe.CheckoutSessionCreateParams) { p.LineItems[0].Quantity = nil }},
		{"no product name", "line_items[0][price_data][product_data][name]", "parameter_missing", func(p *stripe.CheckoutSessionCreateParams) {
			p.LineItems[0].PriceData.ProductData.Name = nil
		}},
		{"below Stripe's minimum charge", "line_items", "amount_too_small", func(p *stripe.CheckoutSessionCreateParams) {
			p.LineItems[0].PriceData.Currency, p.LineItems[0].PriceData.UnitAmount, p.LineItems[0].Quantity = stripe.String("usd"), stripe.Int64(49), stripe.Int64(1)
		}},
		{"bad email", "customer_email", "email_invalid", func(p *stripe.CheckoutSessionCreateParams) { p.CustomerEmail = stripe.String("not-an-email") }},
		{"expires too late", "expires_at", "", func(p *stripe.CheckoutSessionCreateParams) {
			p.ExpiresAt = stripe.Int64(time.Now().Add(25 * time.Hour).Unix())
		}},
		{"unknown parameter", "shipping_options[0][shipping_rate]", "parameter_unknown", func(p *stripe.CheckoutSessionCreateParams) {
			p.AddExtra("shipping_options[0][shipping_rate]", "shr_1")
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := e.sessionParams()
			c.edit(p)
			p.SetIdempotencyKey("refused-" + c.name)
			_, err := e.sc.V1CheckoutSessions.Create(context.Background(), p)
			se := stripeErr(t, err)
			if se.HTTPStatusCode != http.StatusBadRequest || se.Type != stripe.ErrorTypeInvalidRequest || se.Param != c.param || string(se.Code) != c.code {
				t.Errorf("got status %d type %q param %q code %q (%s), want 400 invalid_request_error param %q code %q",
					se.HTTPStatusCode, se.Type, se.Param, se.Code, se.Msg, c.param, c.code)
			}
			var invalid *stripe.InvalidRequestError
			if !errors.As(err, &invalid) {
				t.Error("stripe-go did not type it an InvalidRequestError")
			}
			// A refused request saves nothing under its key: the key works for a correct request.
			ok := e.sessionParams()
			ok.SetIdempotencyKey("refused-" + c.name)
			e.create(t, ok)
		})
	}
}

func TestWrongAPIKey(t *testing.T) {
	e := newEnv(t)
	_, err := client(e.srv.URL(), "sk_test_someone_elses_key").V1CheckoutSessions.Create(context.Background(), e.sessionParams())
	se := stripeErr(t, err)
	if se.HTTPStatusCode != http.StatusUnauthorized || se.Type != stripe.ErrorTypeInvalidRequest {
		t.Errorf("status %d type %q, want 401 invalid_request_error", se.HTTPStatusCode, se.Type)
	}
	if strings.Contains(se.Msg, "someone_elses") {
		t.Errorf("the 401 repeats the key: %q", se.Msg)
	}
	// No key at all, as a plain HTTP request.
	resp, err := http.Get(e.srv.URL() + "/v1/checkout/sessions/cs_test_x")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var answer struct {
		Error struct{ Type, Message string }
	}
	if resp.StatusCode != http.StatusUnauthorized || json.Unmarshal(body, &answer) != nil || answer.Error.Type != "invalid_request_error" {
		t.Errorf("no key: %d %s", resp.StatusCode, body)
	}
	if len(e.srv.Events()) != 0 {
		t.Error("an unauthenticated request made an event")
	}
}

func TestRetrieveUnknownSession(t *testing.T) {
	e := newEnv(t)
	_, err := e.sc.V1CheckoutSessions.Retrieve(context.Background(), "cs_test_nope", nil)
	if se := stripeErr(t, err); se.HTTPStatusCode != http.StatusNotFound || se.Code != stripe.ErrorCodeResourceMissing {
		t.Errorf("status %d code %q, want 404 resource_missing", se.HTTPStatusCode, se.Code)
	}
}

func TestExpireSession(t *testing.T) {
	e := newEnv(t)
	s := e.create(t, e.sessionParams())
	params := &stripe.CheckoutSessionExpireParams{}
	params.SetIdempotencyKey("expire-1")
	got, err := e.sc.V1CheckoutSessions.Expire(context.Background(), s.ID, params)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != stripe.CheckoutSessionStatusExpired || got.URL != "" || got.PaymentStatus != stripe.CheckoutSessionPaymentStatusUnpaid {
		t.Errorf("after expire: status %q url %q payment %q", got.Status, got.URL, got.PaymentStatus)
	}
	d := e.hook.next(t)
	if d.err != nil {
		t.Fatalf("ConstructEvent: %v", d.err)
	}
	if d.event.Type != stripe.EventTypeCheckoutSessionExpired || d.event.GetObjectValue("id") != s.ID || d.event.GetObjectValue("status") != "expired" {
		t.Errorf("event %s about %s status %s", d.event.Type, d.event.GetObjectValue("id"), d.event.GetObjectValue("status"))
	}
	if d.event.Request == nil || d.event.Request.ID != got.LastResponse.RequestID || d.event.Request.IdempotencyKey != "expire-1" {
		t.Errorf("event request %+v, want the expire request %s", d.event.Request, got.LastResponse.RequestID)
	}
	// Only an open session can be expired, and its page is gone.
	_, err = e.sc.V1CheckoutSessions.Expire(context.Background(), s.ID, nil)
	if se := stripeErr(t, err); se.HTTPStatusCode != http.StatusBadRequest {
		t.Errorf("expiring twice: status %d", se.HTTPStatusCode)
	}
	if p := e.open(t, s.URL, nil); p.status != http.StatusGone || p.action != "" {
		t.Errorf("page of an expired session: %d, form %q", p.status, p.action)
	}
}

func TestSessionExpiresOnTime(t *testing.T) {
	e := newEnv(t)
	s := e.create(t, e.sessionParams())
	e.srv.SetClock(func() time.Time { return time.Unix(s.ExpiresAt, 0).Add(time.Second) })
	if got := e.retrieve(t, s.ID); got.Status != stripe.CheckoutSessionStatusExpired {
		t.Fatalf("status %q after expires_at, want expired", got.Status)
	}
	d := e.hook.next(t)
	if d.err != nil || d.event.Type != stripe.EventTypeCheckoutSessionExpired || d.event.GetObjectValue("id") != s.ID {
		t.Fatalf("event %s %v", d.event.Type, d.err)
	}
	if d.event.Request == nil || d.event.Request.ID != "" {
		t.Errorf("request %+v, want none: Stripe expired it, not an API call", d.event.Request)
	}
}

func TestEventsAPI(t *testing.T) {
	e := newEnv(t)
	for range 3 {
		s := e.create(t, e.sessionParams())
		if _, err := e.sc.V1CheckoutSessions.Expire(context.Background(), s.ID, nil); err != nil {
			t.Fatal(err)
		}
		e.hook.next(t)
	}
	evs := e.srv.Events()
	waitFor(t, func() bool { return allDelivered(e.srv.Events()) })
	got, err := e.sc.V1Events.Retrieve(context.Background(), evs[0].ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != evs[0].ID || got.Type != stripe.EventTypeCheckoutSessionExpired || got.APIVersion != stripe.APIVersion || got.PendingWebhooks != 0 {
		t.Errorf("event %s %s %s pending %d", got.ID, got.Type, got.APIVersion, got.PendingWebhooks)
	}
	// stripe-go's iterator walks the pages (limit 1) newest first.
	list := &stripe.EventListParams{Type: stripe.String("checkout.session.expired")}
	list.Limit = stripe.Int64(1)
	var ids []string
	for ev, err := range e.sc.V1Events.List(context.Background(), list).All(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ev.ID)
	}
	if len(ids) != 3 || ids[0] != evs[2].ID || ids[2] != evs[0].ID {
		t.Errorf("listed %v, want %s %s %s", ids, evs[2].ID, evs[1].ID, evs[0].ID)
	}
	if _, err := e.sc.V1Events.Retrieve(context.Background(), "evt_nope", nil); stripeErr(t, err).HTTPStatusCode != http.StatusNotFound {
		t.Error("unknown event not 404")
	}
}

// The stand-in speaks the API version of the stripe-go it is tested with: the version header of
// its answers, the shapes of that version (Checkout's ui_mode is "hosted_page" since
// 2026-03-25.dahlia) and its events' api_version (TestEventsAPI). A request for a version of
// another release train is refused, one of the same train is served.
func TestAPIVersion(t *testing.T) {
	if stripedev.APIVersion != stripe.APIVersion {
		t.Fatalf("the stand-in speaks %s, stripe-go sends %s: bring internal/stripedev to that version's shapes", stripedev.APIVersion, stripe.APIVersion)
	}
	e := newEnv(t)
	s := e.create(t, e.sessionParams())
	if v := s.LastResponse.Header.Get("Stripe-Version"); v != stripe.APIVersion {
		t.Errorf("Stripe-Version %q, want %q", v, stripe.APIVersion)
	}
	if s.UIMode != stripe.CheckoutSessionUIModeHostedPage {
		t.Errorf("ui_mode %q, want %q", s.UIMode, stripe.CheckoutSessionUIModeHostedPage)
	}
	for asked, want := range map[string]int{
		"":                     http.StatusOK,
		stripe.APIVersion:      http.StatusOK,
		"2026-08-26.dahlia":    http.StatusOK, // a later version of the same train only adds fields
		"2025-08-27.basil":     http.StatusBadRequest,
		"2025-11-17.clover":    http.StatusBadRequest,
		"dahlia":               http.StatusBadRequest,
		"2026-13-45.dahlia":    http.StatusBadRequest,
		"2026-03-25.dahlia.x ": http.StatusBadRequest,
	} {
		req, _ := http.NewRequest(http.MethodGet, e.srv.URL()+"/v1/checkout/sessions/"+s.ID, nil)
		req.SetBasicAuth(secretKey, "")
		if asked != "" {
			req.Header.Set("Stripe-Version", asked)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var answer struct {
			ID    string
			Error struct{ Type, Message string }
		}
		if err := json.Unmarshal(body, &answer); err != nil || resp.StatusCode != want {
			t.Errorf("Stripe-Version %q: %d %s, want %d", asked, resp.StatusCode, body, want)
			continue
		}
		if want == http.StatusOK && answer.ID != s.ID {
			t.Errorf("Stripe-Version %q: answered %s", asked, body)
		}
		if want != http.StatusOK && (answer.Error.Type != "invalid_request_error" || !strings.Contains(answer.Error.Message, stripedev.APIVersion)) {
			t.Errorf("Stripe-Version %q: refusal %s does not name the version spoken", asked, body)
		}
	}
}

// TestPublicURL: behind a name of its own (a Kubernetes Service), the stand-in gives that name
// as its URL and in the sessions' hosted page links, which the customer's browser follows.
func TestPublicURL(t *testing.T) {
	ports, err := proc.FreePorts(1)
	if err != nil {
		t.Fatal(err)
	}
	listen := "127.0.0.1:" + strconv.Itoa(ports[0])
	srv, err := stripedev.Start(listen, stripedev.Config{
		SecretKey: secretKey, WebhookSecret: webhookSecret, PublicURL: "http://payments.example:8091/",
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	if srv.URL() != "http://payments.example:8091" {
		t.Fatalf("URL %q, want the public URL without its trailing slash", srv.URL())
	}
	// The API is still served where it listens.
	e := &env{shop: newShop(t), sc: client("http://"+listen, secretKey)}
	s := e.create(t, e.sessionParams())
	if s.URL != "http://payments.example:8091/pay/"+s.ID {
		t.Errorf("session url %q, want below the public URL", s.URL)
	}
}
