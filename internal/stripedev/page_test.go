package stripedev_test

import (
	"bytes"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// The whole card payment: session by stripe-go, the customer pays on the hosted page, the
// browser lands on success_url, and the receiver gets a checkout.session.completed that
// stripe-go's webhook.ConstructEvent accepts (and refuses when anything about it is off).
func TestPayOnHostedPage(t *testing.T) {
	e := newEnv(t)
	s := e.create(t, e.sessionParams())

	p := e.open(t, s.URL, nil)
	if p.status != http.StatusOK || !strings.Contains(p.body, "30.00 TRY") || !strings.Contains(p.body, "Invoice LP-2026-000042") {
		t.Fatalf("page %d without the amount or the line:\n%s", p.status, p.body)
	}
	if !slices.Equal(p.buttons, []string{"pay", "decline", "cancel"}) {
		t.Errorf("buttons %v", p.buttons)
	}
	resp, _ := e.press(t, p, "pay", func(f url.Values) { f.Set("email", "ayse@example.com") })
	if resp.StatusCode != http.StatusOK || resp.Request.URL.String() != e.shop.url+"/paid?session_id="+s.ID {
		t.Fatalf("browser ended at %d %s, want success_url with the session id", resp.StatusCode, resp.Request.URL)
	}

	d := e.hook.next(t)
	if d.err != nil {
		t.Fatalf("webhook.ConstructEvent refused the delivery: %v", d.err)
	}
	ev := d.event
	if ev.Type != stripe.EventTypeCheckoutSessionCompleted || ev.APIVersion != stripe.APIVersion || ev.Livemode || ev.Object != "event" || !strings.HasPrefix(ev.ID, "evt_") {
		t.Errorf("event %s type %s api %s livemode %v object %s", ev.ID, ev.Type, ev.APIVersion, ev.Livemode, ev.Object)
	}
	var paid stripe.CheckoutSession
	if err := paid.UnmarshalJSON(ev.Data.Raw); err != nil {
		t.Fatal(err)
	}
	if paid.ID != s.ID || paid.Status != stripe.CheckoutSessionStatusComplete || paid.PaymentStatus != stripe.CheckoutSessionPaymentStatusPaid ||
		paid.ClientReferenceID != "inv_42" || paid.Metadata["invoice_id"] != "inv_42" || paid.AmountTotal != 3000 || paid.Currency != "try" {
		t.Errorf("event's session %+v", paid)
	}
	if paid.CustomerDetails == nil || paid.CustomerDetails.Email != "ayse@example.com" || paid.PaymentIntent == nil || !strings.HasPrefix(paid.PaymentIntent.ID, "pi_") {
		t.Errorf("customer %+v payment intent %+v", paid.CustomerDetails, paid.PaymentIntent)
	}
	if got := e.retrieve(t, s.ID); got.Status != stripe.CheckoutSessionStatusComplete || got.PaymentStatus != stripe.CheckoutSessionPaymentStatusPaid || got.URL != "" {
		t.Errorf("retrieved after paying: %s %s url %q", got.Status, got.PaymentStatus, got.URL)
	}

	// What ConstructEvent refuses: another secret, a changed body, a missing header.
	if _, err := webhook.ConstructEvent(d.body, d.header, "whsec_wrong"); !errors.Is(err, webhook.ErrNoValidSignature) {
		t.Errorf("wrong secret: %v", err)
	}
	tampered := bytes.Replace(d.body, []byte(`"amount_total": 3000`), []byte(`"amount_total": 1`), 1)
	if bytes.Equal(tampered, d.body) {
		t.Fatal("test did not change the body")
	}
	if _, err := webhook.ConstructEvent(tampered, d.header, webhookSecret); !errors.Is(err, webhook.ErrNoValidSignature) {
		t.Errorf("tampered body: %v", err)
	}
	if _, err := webhook.ConstructEvent(d.body, "", webhookSecret); !errors.Is(err, webhook.ErrNotSigned) {
		t.Errorf("no header: %v", err)
	}

	// Pressing Pay again (a double click, the back button) pays nothing more.
	resp, _ = e.press(t, p, "pay", func(f url.Values) { f.Set("email", "ayse@example.com") })
	if resp.Request.URL.Path != "/paid" {
		t.Errorf("second press ended at %s", resp.Request.URL)
	}
	waitFor(t, func() bool { return allDelivered(e.srv.Events()) })
	if evs := e.srv.Events(); len(evs) != 1 || evs[0].Attempts != 1 {
		t.Errorf("events after paying twice: %+v, want one completed event delivered once", evs)
	}
	if p := e.open(t, s.URL, nil); p.action != "" || !strings.Contains(p.body, "complete") {
		t.Errorf("page of a paid session still offers to pay:\n%s", p.body)
	}
}

func TestDeclinedCardLeavesSessionOpen(t *testing.T) {
	e := newEnv(t)
	params := e.sessionParams()
	params.CustomerEmail = stripe.String("ayse@example.com")
	s := e.create(t, params)
	resp, p := e.press(t, e.open(t, s.URL, nil), "decline", nil)
	if resp.StatusCode != http.StatusPaymentRequired || !strings.Contains(p.body, `role="alert">Your card was declined.`) {
		t.Fatalf("decline: %d\n%s", resp.StatusCode, p.body)
	}
	if resp.Request.URL.Host == strings.TrimPrefix(e.shop.url, "http://") {
		t.Error("a decline left the payment page")
	}
	if got := e.retrieve(t, s.ID); got.Status != stripe.CheckoutSessionStatusOpen || got.PaymentStatus != stripe.CheckoutSessionPaymentStatusUnpaid {
		t.Errorf("after a decline: %s %s, want open unpaid", got.Status, got.PaymentStatus)
	}
	if evs := e.srv.Events(); len(evs) != 0 || e.hook.count() != 0 {
		t.Errorf("a decline made events %+v", evs)
	}
	// The customer can try again with a good card on the page the decline left them on.
	if resp, _ := e.press(t, p, "pay", nil); resp.Request.URL.Path != "/paid" {
		t.Errorf("paying after a decline ended at %s", resp.Request.URL)
	}
	if d := e.hook.next(t); d.err != nil || d.event.Type != stripe.EventTypeCheckoutSessionCompleted || d.event.GetObjectValue("customer_details", "email") != "ayse@example.com" {
		t.Errorf("after the retry: %s %v", d.event.Type, d.err)
	}
}

func TestCancelGoesBackToCancelURL(t *testing.T) {
	e := newEnv(t)
	s := e.create(t, e.sessionParams())
	resp, _ := e.press(t, e.open(t, s.URL, nil), "cancel", nil)
	if resp.StatusCode != http.StatusOK || resp.Request.URL.String() != e.shop.url+"/cancelled" || e.shop.lastVisit() != "/cancelled" {
		t.Fatalf("cancel ended at %d %s", resp.StatusCode, resp.Request.URL)
	}
	if got := e.retrieve(t, s.ID); got.Status != stripe.CheckoutSessionStatusOpen || got.PaymentStatus != stripe.CheckoutSessionPaymentStatusUnpaid {
		t.Errorf("after cancel: %s %s", got.Status, got.PaymentStatus)
	}
	if len(e.srv.Events()) != 0 {
		t.Error("cancelling made an event")
	}
}

func TestPayNeedsAnEmail(t *testing.T) {
	e := newEnv(t)
	s := e.create(t, e.sessionParams())
	resp, p := e.press(t, e.open(t, s.URL, nil), "pay", func(f url.Values) { f.Set("email", "nobody") })
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(p.body, "valid email") {
		t.Fatalf("bad email: %d", resp.StatusCode)
	}
	if got := e.retrieve(t, s.ID); got.PaymentStatus != stripe.CheckoutSessionPaymentStatusUnpaid {
		t.Error("paid without an email")
	}
}

func TestPageLanguage(t *testing.T) {
	e := newEnv(t)
	tr := e.sessionParams()
	tr.Locale = stripe.String("tr")
	tr.LineItems[0].PriceData.UnitAmount = stripe.Int64(123456)
	p := e.open(t, e.create(t, tr).URL, nil)
	if !strings.Contains(p.body, `<html lang="tr">`) || !strings.Contains(p.body, "2.469,12 TRY") || !strings.Contains(p.body, "Öde") {
		t.Errorf("Turkish page:\n%s", p.body)
	}
	auto := e.sessionParams()
	auto.Locale = stripe.String("auto")
	p = e.open(t, e.create(t, auto).URL, http.Header{"Accept-Language": {"en-GB,en;q=0.9"}})
	if !strings.Contains(p.body, `<html lang="en">`) || !strings.Contains(p.body, "Amount due") {
		t.Errorf("English page for an English browser:\n%s", p.body)
	}
	if p := e.open(t, e.srv.URL()+"/pay/cs_test_nope", nil); p.status != http.StatusNotFound {
		t.Errorf("unknown session page: %d", p.status)
	}
}
