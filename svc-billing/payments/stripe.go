package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"linguaport/internal/errs"
)

// Stripe is the Stripe Checkout adapter: a Provider and Webhooks through stripe-go v85, which
// speaks Stripe API version 2026-03-25.dahlia (stripe.APIVersion; svc-billing/API.md).
type Stripe struct {
	sc            *stripe.Client
	webhookSecret string
}

var (
	_ Provider = (*Stripe)(nil)
	_ Webhooks = (*Stripe)(nil)
)

// stripeTimeout bounds one request to Stripe. stripe-go's own is 80 s, longer than anyone waits
// for a Pay button; a request cut short is retried with the same Idempotency-Key, so it never
// opens a second session.
const stripeTimeout = 20 * time.Second

// NewStripe talks to Stripe's API at apiBase ("" for Stripe's own, https://api.stripe.com; the
// local stand-in's URL under `make up` and in tests) with secretKey, and verifies webhooks with
// webhookSecret (the endpoint's whsec_… signing secret).
func NewStripe(secretKey, apiBase, webhookSecret string) (*Stripe, error) {
	if secretKey == "" || webhookSecret == "" {
		return nil, errors.New("payments: the Stripe secret key and webhook secret are required")
	}
	cfg := &stripe.BackendConfig{
		HTTPClient: &http.Client{Timeout: stripeTimeout},
		// One retry of a dropped connection or a 409 (stripe-go sends the same Idempotency-Key):
		// more would keep the customer waiting for a provider that is down.
		MaxNetworkRetries: stripe.Int64(1),
		// Failures reach the caller as errors and are logged there, once.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if apiBase != "" {
		u, err := url.Parse(apiBase)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("payments: Stripe API base %q is not an http(s) URL", apiBase)
		}
		cfg.URL = stripe.String(strings.TrimSuffix(apiBase, "/"))
	}
	sc := stripe.NewClient(secretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg)))
	return &Stripe{sc: sc, webhookSecret: webhookSecret}, nil
}

// CreateCheckout opens a payment-mode Checkout Session of one line priced inline.
func (s *Stripe) CreateCheckout(ctx context.Context, r CheckoutRequest) (Session, error) {
	p := &stripe.CheckoutSessionCreateParams{
		Mode:       stripe.String(string(stripe.CheckoutSessionModePayment)),
		SuccessURL: stripe.String(r.SuccessURL),
		CancelURL:  stripe.String(r.CancelURL),
		Locale:     stripe.String(stripeLocale(r.Lang)),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				// Stripe's minor units are ISO 4217's, as ours: kuruş, cents, whole yen.
				Currency:    stripe.String(strings.ToLower(r.Currency)),
				UnitAmount:  stripe.Int64(r.Amount),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(r.Description)},
			},
			Quantity: stripe.Int64(1),
		}},
	}
	if r.ClientReference != "" {
		p.ClientReferenceID = stripe.String(r.ClientReference)
	}
	if r.CustomerEmail != "" {
		p.CustomerEmail = stripe.String(r.CustomerEmail)
	}
	for k, v := range r.Metadata {
		p.AddMetadata(k, v)
	}
	if r.Key != "" {
		p.SetIdempotencyKey(r.Key)
	}
	cs, err := s.sc.V1CheckoutSessions.Create(ctx, p)
	if err != nil {
		return Session{}, stripeError("create checkout session", err)
	}
	return sessionOf(cs), nil
}

// Checkout retrieves a session.
func (s *Stripe) Checkout(ctx context.Context, id string) (Session, error) {
	cs, err := s.sc.V1CheckoutSessions.Retrieve(ctx, id, nil)
	if err != nil {
		return Session{}, stripeError("retrieve checkout session "+id, err)
	}
	return sessionOf(cs), nil
}

// Verify checks the Stripe-Signature header with stripe-go (HMAC of the timestamp and body with
// the endpoint's secret, at most webhook.DefaultTolerance, 5 minutes, old) and decodes the event.
func (s *Stripe) Verify(payload []byte, signatureHeader string) (Event, error) {
	ev, err := webhook.ConstructEvent(payload, signatureHeader, s.webhookSecret)
	switch {
	case errors.Is(err, webhook.ErrNotSigned), errors.Is(err, webhook.ErrInvalidHeader),
		errors.Is(err, webhook.ErrNoValidSignature), errors.Is(err, webhook.ErrTooOld):
		return Event{}, fmt.Errorf("%w: %w", ErrSignature, err)
	case err != nil:
		// Signed by Stripe but not readable here (not JSON, an event of another release train
		// than stripe.APIVersion's, a v2 thin event): not the sender's fault, so not a 400 that
		// would make Stripe give up.
		return Event{}, fmt.Errorf("payments: stripe webhook: %w", err)
	}
	out := Event{ID: ev.ID, Type: string(ev.Type), Created: time.Unix(ev.Created, 0).UTC()}
	if out.Type != CheckoutCompleted && out.Type != CheckoutExpired {
		return out, nil
	}
	if ev.Data == nil {
		return Event{}, fmt.Errorf("payments: stripe webhook %s: no data", ev.ID)
	}
	var cs stripe.CheckoutSession
	if err := cs.UnmarshalJSON(ev.Data.Raw); err != nil {
		return Event{}, fmt.Errorf("payments: stripe webhook %s: decode session: %w", ev.ID, err)
	}
	out.Session = sessionOf(&cs)
	return out, nil
}

func sessionOf(cs *stripe.CheckoutSession) Session {
	s := Session{
		ID:              cs.ID,
		URL:             cs.URL,
		Status:          string(cs.Status),
		Paid:            cs.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid,
		Amount:          cs.AmountTotal,
		Currency:        strings.ToUpper(string(cs.Currency)),
		Metadata:        cs.Metadata,
		ClientReference: cs.ClientReferenceID,
	}
	if cs.ExpiresAt != 0 {
		s.ExpiresAt = time.Unix(cs.ExpiresAt, 0).UTC()
	}
	return s
}

// stripeLocale is Checkout's locale for the site's languages; Stripe picks from the browser
// for anything else.
func stripeLocale(lang string) string {
	switch lang {
	case "tr", "en":
		return lang
	}
	return "auto"
}

// stripeError sorts what stripe-go returned: a provider that is down or overloaded (5xx, 429,
// no answer) is errs.Unavailable; a refusal (4xx) carries Stripe's message.
func stripeError(op string, err error) error {
	var se *stripe.Error
	if !errors.As(err, &se) {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("payments: stripe %s: %w", op, err)
		}
		// No answer, or one that is not Stripe's (a proxy's HTML 502).
		return fmt.Errorf("payments: stripe %s: %w: %w", op, errs.ErrUnavailable, err)
	}
	switch {
	case se.HTTPStatusCode >= 500 || se.HTTPStatusCode == http.StatusTooManyRequests:
		return fmt.Errorf("payments: stripe %s: %w: %d %s", op, errs.ErrUnavailable, se.HTTPStatusCode, se.Msg)
	case se.HTTPStatusCode == http.StatusNotFound && se.Code == stripe.ErrorCodeResourceMissing:
		return fmt.Errorf("payments: stripe %s: %w: %s", op, ErrNotFound, se.Msg)
	case se.Type == stripe.ErrorTypeIdempotency:
		return fmt.Errorf("payments: stripe %s: %w: %s", op, ErrKeyReused, se.Msg)
	}
	param := ""
	if se.Param != "" {
		param = " (" + se.Param + ")"
	}
	return fmt.Errorf("payments: stripe %s: %w: %d %s%s", op, ErrRefused, se.HTTPStatusCode, se.Msg, param)
}
