package stripedev_test

import (
	"context"
	"errors"
	"net"
	"net/url"
	"testing"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// pay completes a new session on its hosted page and returns it.
func (e *env) pay(t *testing.T) *stripe.CheckoutSession {
	t.Helper()
	s := e.create(t, e.sessionParams())
	e.press(t, e.open(t, s.URL, nil), "pay", func(f url.Values) { f.Set("email", "ayse@example.com") })
	return s
}

func TestWebhookRetriedUntilAccepted(t *testing.T) {
	e := newEnv(t)
	e.hook.failNext(2)
	s := e.pay(t)
	var ids []string
	for range 3 {
		d := e.hook.next(t)
		if d.err != nil {
			t.Fatalf("attempt %d: %v", len(ids)+1, d.err) // every attempt is signed anew and verifies
		}
		ids = append(ids, d.event.ID)
	}
	if ids[0] != ids[1] || ids[1] != ids[2] {
		t.Errorf("redeliveries carry other events: %v", ids)
	}
	waitFor(t, func() bool { return allDelivered(e.srv.Events()) })
	evs := e.srv.Events()
	if len(evs) != 1 || evs[0].Attempts != 3 || evs[0].SessionID != s.ID || evs[0].Type != "checkout.session.completed" {
		t.Errorf("events %+v, want one completed event taken at the third attempt", evs)
	}
}

// A receiver that cannot be reached when the customer pays gets the event when it is back.
func TestWebhookReachesReceiverThatWasDown(t *testing.T) {
	e := newEnv(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	down := "http://" + ln.Addr().String() + "/webhooks/stripe"
	_ = ln.Close() // nothing listens there now: connection refused
	e.srv.SetWebhookURL(down)
	e.pay(t)
	waitFor(t, func() bool { evs := e.srv.Events(); return len(evs) == 1 && evs[0].Attempts >= 1 })
	e.srv.SetWebhookURL(e.hook.url) // the receiver is back (at its new address)
	d := e.hook.next(t)
	if d.err != nil || d.event.Type != stripe.EventTypeCheckoutSessionCompleted {
		t.Fatalf("late delivery %s %v", d.event.Type, d.err)
	}
	waitFor(t, func() bool { return allDelivered(e.srv.Events()) })
	if a := e.srv.Events()[0].Attempts; a < 2 {
		t.Errorf("%d attempts, want the failed one and the late one", a)
	}
}

func TestWebhookGivesUpAfterLastRetryUntilResend(t *testing.T) {
	e := newEnv(t)
	e.hook.failNext(1000)
	e.pay(t)
	for range len(fastRetries) + 1 {
		e.hook.next(t)
	}
	waitFor(t, func() bool { return e.srv.Events()[0].Attempts == len(fastRetries)+1 })
	ev := e.srv.Events()[0]
	if ev.Delivered {
		t.Fatal("delivered although the receiver refused every attempt")
	}
	got, err := e.sc.V1Events.Retrieve(context.Background(), ev.ID, nil)
	if err != nil || got.PendingWebhooks != 1 {
		t.Errorf("undelivered event: pending_webhooks %d, err %v", got.PendingWebhooks, err)
	}
	if err := e.srv.Resend(context.Background(), ev.ID); err == nil {
		t.Error("Resend reported success although the receiver answered 500")
	}
	e.hook.next(t)
	e.hook.failNext(0)
	if err := e.srv.Resend(context.Background(), ev.ID); err != nil {
		t.Fatalf("Resend: %v", err)
	}
	if d := e.hook.next(t); d.err != nil || d.event.ID != ev.ID {
		t.Errorf("resent %s %v", d.event.ID, d.err)
	}
	if !e.srv.Events()[0].Delivered {
		t.Error("not delivered after a successful Resend")
	}
}

// Resend replays an event the receiver already took: same id, same data. A receiver must
// process it once however often it comes; this is how its tests make it come again.
func TestResendReplaysTheSameEvent(t *testing.T) {
	e := newEnv(t)
	e.pay(t)
	first := e.hook.next(t)
	if err := e.srv.Resend(context.Background(), first.event.ID); err != nil {
		t.Fatal(err)
	}
	again := e.hook.next(t)
	if again.err != nil || again.event.ID != first.event.ID || string(again.event.Data.Raw) != string(first.event.Data.Raw) {
		t.Errorf("resent event %s differs from %s (%v)", again.event.ID, first.event.ID, again.err)
	}
	if err := e.srv.Resend(context.Background(), "evt_nope"); err == nil {
		t.Error("Resend of an unknown event succeeded")
	}
}

// The signature's timestamp is the sending time, so ConstructEvent's 300 s tolerance works:
// a delivery signed ten minutes ago is refused as too old and nothing else.
func TestStaleSignatureRefused(t *testing.T) {
	e := newEnv(t)
	e.pay(t)
	d := e.hook.next(t)
	e.srv.SetClock(func() time.Time { return time.Now().Add(-10 * time.Minute) })
	if err := e.srv.Resend(context.Background(), d.event.ID); err == nil {
		t.Error("the receiver took a stale delivery")
	}
	stale := e.hook.next(t)
	if !errors.Is(stale.err, webhook.ErrTooOld) {
		t.Fatalf("stale delivery: %v, want ErrTooOld", stale.err)
	}
	if _, err := webhook.ConstructEventIgnoringTolerance(stale.body, stale.header, webhookSecret); err != nil {
		t.Errorf("the stale delivery's signature is otherwise wrong: %v", err)
	}
}
