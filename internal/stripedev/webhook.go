package stripedev

// Events and their delivery to the webhook endpoint, signed as Stripe signs them.

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// eventJSON is an Event as Stripe renders it, in the API and in a webhook's body.
type eventJSON struct {
	ID         string `json:"id"`
	Object     string `json:"object"`
	APIVersion string `json:"api_version"`
	Created    int64  `json:"created"`
	Data       struct {
		Object json.RawMessage `json:"object"`
	} `json:"data"`
	Livemode        bool         `json:"livemode"`
	PendingWebhooks int64        `json:"pending_webhooks"`
	Request         eventRequest `json:"request"`
	Type            string       `json:"type"`
}

// eventRequest names the API request that caused the event; both are null when the customer
// did (paying on the hosted page) or Stripe did (expiring a session on time).
type eventRequest struct {
	ID             *string `json:"id"`
	IdempotencyKey *string `json:"idempotency_key"`
}

type event struct {
	eventJSON
	sessionID string
	hooked    bool // a webhook endpoint was set when it happened
	delivered bool
	attempts  int
}

// Event is what the stand-in knows of one event, for tests.
type Event struct {
	ID, Type, SessionID string
	// Delivered says the endpoint has answered a delivery with 2xx; Attempts counts deliveries
	// (the automatic ones and Resend).
	Delivered bool
	Attempts  int
}

// newEventLocked records an event about a session as it is now. The caller holds s.mu and
// calls deliver after releasing it.
func (s *Server) newEventLocked(typ string, obj sessionJSON, req *eventRequest) *event {
	raw, _ := json.Marshal(obj) // a struct of strings and numbers always encodes
	ev := &event{sessionID: obj.ID, hooked: *s.hookURL.Load() != ""}
	ev.ID = newID("evt_1", 23)
	ev.Object = "event"
	// stripe-go's webhook.ConstructEvent refuses an event of another release train than its own.
	ev.APIVersion = APIVersion
	ev.Created = s.now().Unix()
	ev.Data.Object = raw
	ev.Type = typ
	if req != nil {
		ev.Request = *req
	}
	s.events = append(s.events, ev)
	s.eventByID[ev.ID] = ev
	return ev
}

// view is the event as GET /v1/events/{id} shows it now.
func (ev *event) view() eventJSON {
	v := ev.eventJSON
	if ev.hooked && !ev.delivered {
		v.PendingWebhooks = 1
	}
	return v
}

// Events lists the events so far, oldest first.
func (s *Server) Events() []Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Event, 0, len(s.events))
	for _, ev := range s.events {
		out = append(out, Event{ID: ev.ID, Type: ev.Type, SessionID: ev.sessionID, Delivered: ev.delivered, Attempts: ev.attempts})
	}
	return out
}

// deliver sends ev to the webhook endpoint in the background, and again after each of
// Config.RetryDelays while the endpoint does not take it, until it does or Close.
func (s *Server) deliver(ev *event) {
	s.mu.Lock()
	if s.closed || !ev.hooked {
		s.mu.Unlock()
		return
	}
	s.wg.Add(1)
	s.mu.Unlock()
	go func() {
		defer s.wg.Done()
		for i := 0; ; i++ {
			if s.send(s.ctx, ev) == nil || i >= len(s.cfg.RetryDelays) {
				return
			}
			t := time.NewTimer(s.cfg.RetryDelays[i])
			select {
			case <-s.ctx.Done():
				t.Stop()
				return
			case <-t.C:
			}
			s.mu.Lock()
			done := ev.delivered // a Resend may have got it through meanwhile
			s.mu.Unlock()
			if done {
				return
			}
		}
	}()
}

// Resend delivers an event once more now, as the Dashboard's "Resend" does, and reports
// whether the endpoint took it. Receivers are tested with it for processing an event once
// however often it comes.
func (s *Server) Resend(ctx context.Context, eventID string) error {
	s.mu.Lock()
	ev := s.eventByID[eventID]
	s.mu.Unlock()
	if ev == nil {
		return fmt.Errorf("stripedev: no such event %q", eventID)
	}
	return s.send(ctx, ev)
}

// send makes one delivery attempt with a fresh signature, as Stripe signs every attempt anew.
func (s *Server) send(ctx context.Context, ev *event) error {
	target := *s.hookURL.Load()
	if target == "" {
		return errors.New("stripedev: no webhook URL set")
	}
	s.mu.Lock()
	ev.attempts++
	v := ev.view()
	s.mu.Unlock()
	if v.PendingWebhooks == 0 {
		v.PendingWebhooks = 1 // the one being delivered is pending until it is answered
	}
	payload := encode(v)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(payload))
	if err != nil {
		return fmt.Errorf("stripedev: webhook request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	req.Header.Set("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")
	req.Header.Set("Stripe-Signature", s.signature(payload))
	resp, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("stripedev: deliver %s to %s: %w", ev.ID, target, err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	// Stripe counts only a 2xx as delivered; a redirect is a failure too.
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("stripedev: deliver %s to %s: status %d", ev.ID, target, resp.StatusCode)
	}
	s.mu.Lock()
	ev.delivered = true
	s.mu.Unlock()
	return nil
}

// signature is the Stripe-Signature header for payload: "t=<unix>,v1=<hex HMAC-SHA256 of
// "<unix>.<payload>" keyed with the webhook secret>".
func (s *Server) signature(payload []byte) string {
	t := strconv.FormatInt(s.now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(s.cfg.WebhookSecret))
	mac.Write([]byte(t + "."))
	mac.Write(payload)
	return "t=" + t + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}
