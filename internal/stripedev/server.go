// Package stripedev is a local stand-in for Stripe Checkout, the card payment provider of
// svc-billing (DESIGN §9), for the tests and `make up`, which cannot reach Stripe. The project
// allows a stand-in only for a third party, and only one that speaks the real protocol: the
// official stripe-go client, pointed at URL() instead of https://api.stripe.com, talks to it
// unchanged, and its webhooks verify with stripe-go's webhook.ConstructEvent.
//
// It speaks Stripe API version APIVersion, the one the stripe-go major in go.mod is pinned to:
// its answers and events have that version's shapes, and a request that asks for a version of
// another release train (Stripe-Version) is refused rather than answered in shapes it does not
// expect.
//
// What of Stripe it implements:
//
//   - POST /v1/checkout/sessions in mode=payment with inline price_data line items,
//     success_url, cancel_url, client_reference_id, customer_email, metadata, locale and
//     expires_at, validated as Stripe does for those and answered with a Checkout Session;
//     GET /v1/checkout/sessions/{id}; POST /v1/checkout/sessions/{id}/expire.
//   - Secret-key authentication (Bearer, or Basic with the key as user name), Stripe's error
//     JSON ({"error": {"type", "code", "param", "message"}}) and Idempotency-Key on every POST:
//     the same key and parameters replay the first answer, other parameters are an
//     idempotency_error.
//   - GET /v1/events/{id} and GET /v1/events (type filter, limit, starting_after).
//   - A hosted payment page at the session's url (/pay/{id}) in English or Turkish, where the
//     person at the browser pays with a test card, has the card declined (the session stays
//     open and unpaid) or cancels (back to cancel_url); paying completes the session and goes
//     to success_url with {CHECKOUT_SESSION_ID} filled in.
//   - checkout.session.completed and checkout.session.expired events, POSTed to one webhook
//     endpoint with a Stripe-Signature header made as Stripe makes it, retried with back-off
//     until the endpoint answers 2xx, and resent on demand with Resend.
//
// Everything else (other modes, prices by id, customers, refunds, Connect) is not there; an
// unknown parameter is refused as Stripe refuses one, so a client that starts using something
// this stand-in lacks fails loudly instead of being half-served. It keeps its state in memory
// and trusts whoever can reach its port: development and tests only.
package stripedev

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// APIVersion is the Stripe API version the stand-in speaks, sent as Stripe-Version on its answers
// and as api_version in its events. It is stripe-go v85's stripe.APIVersion, the version that
// client sends and whose shapes it decodes (a test holds the two equal, so a stripe-go upgrade
// that moves the version fails there until the stand-in has been brought to the new shapes).
// What changed for the part implemented here since 2025-08-27.basil (stripe-go v82): Checkout's
// ui_mode "hosted" became "hosted_page" (2026-03-25.dahlia), sessions gained customer_account
// (null here, as for a session without one; Clover), and stripe-go's webhook parsing now insists
// on object "event" and on the same release train.
const APIVersion = "2026-03-25.dahlia"

// DefaultRetryDelays is how long the stand-in waits before each redelivery of an event its
// endpoint did not accept: about two minutes in all. Stripe keeps trying for three days; what
// matters for a receiver is that a delivery it missed comes again later.
var DefaultRetryDelays = []time.Duration{
	time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 20 * time.Second, 30 * time.Second, time.Minute,
}

// Config configures the stand-in.
type Config struct {
	// SecretKey is the one API key it accepts (STRIPE_SECRET_KEY of the client), e.g.
	// "sk_test_local". Required.
	SecretKey string
	// WebhookURL is the endpoint events are POSTed to; with none, events are only kept (see
	// Events and GET /v1/events). SetWebhookURL changes it later.
	WebhookURL string
	// WebhookSecret signs the webhooks (STRIPE_WEBHOOK_SECRET of the receiver), e.g.
	// "whsec_local". Required.
	WebhookSecret string
	// RetryDelays are the waits before each redelivery; DefaultRetryDelays when nil. Tests make
	// them short. After the last one the event stays undelivered until Resend.
	RetryDelays []time.Duration
	// WebhookTimeout bounds one delivery attempt; 10 s when zero.
	WebhookTimeout time.Duration
	// PublicURL is the base URL the client and the customer's browser reach the stand-in at
	// (URL, and the sessions' hosted pages below it), for one listening behind an address of
	// another name, such as a Kubernetes Service ("http://payments:8091"). Empty: the listen
	// address, a wildcard one over loopback.
	PublicURL string
}

// Server is a running stand-in.
type Server struct {
	cfg      Config
	url      string
	srv      *http.Server
	client   *http.Client // delivers webhooks
	clock    atomic.Pointer[func() time.Time]
	hookURL  atomic.Pointer[string]
	ctx      context.Context // cancelled by Close, stops pending redeliveries
	cancel   context.CancelFunc
	wg       sync.WaitGroup
	closeMu  sync.Once
	closeErr error

	postMu sync.Mutex // see api

	mu          sync.Mutex
	closed      bool
	sessions    map[string]*session
	events      []*event // in order of creation
	eventByID   map[string]*event
	idempotency map[string]*savedResponse
}

// Start serves a stand-in on addr ("127.0.0.1:0", any free loopback port, when empty).
func Start(addr string, cfg Config) (*Server, error) {
	if cfg.SecretKey == "" || cfg.WebhookSecret == "" {
		return nil, errors.New("stripedev: SecretKey and WebhookSecret are required")
	}
	if cfg.RetryDelays == nil {
		cfg.RetryDelays = DefaultRetryDelays
	}
	if cfg.WebhookTimeout <= 0 {
		cfg.WebhookTimeout = 10 * time.Second
	}
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("stripedev: listen %s: %w", addr, err)
	}
	base := "http://" + publicHostPort(ln.Addr().(*net.TCPAddr))
	if cfg.PublicURL != "" {
		base = strings.TrimSuffix(cfg.PublicURL, "/")
	}
	s := &Server{
		cfg:         cfg,
		url:         base,
		client:      &http.Client{Timeout: cfg.WebhookTimeout},
		sessions:    map[string]*session{},
		eventByID:   map[string]*event{},
		idempotency: map[string]*savedResponse{},
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	now := time.Now
	s.clock.Store(&now)
	s.SetWebhookURL(cfg.WebhookURL)

	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/checkout/sessions", s.api(s.createSession))
	mux.HandleFunc("GET /v1/checkout/sessions/{id}", s.api(s.retrieveSession))
	mux.HandleFunc("POST /v1/checkout/sessions/{id}/expire", s.api(s.expireSession))
	mux.HandleFunc("GET /v1/events/{id}", s.api(s.retrieveEvent))
	mux.HandleFunc("GET /v1/events", s.api(s.listEvents))
	mux.HandleFunc("/v1/", s.api(s.unknownRoute))
	mux.HandleFunc("GET /pay/{id}", s.payPage)
	mux.HandleFunc("POST /pay/{id}", s.payAction)
	mux.HandleFunc("GET /{$}", s.index)
	s.srv = &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
	}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// URL is the API base to give the client (STRIPE_API_BASE, stripe.BackendConfig.URL), e.g.
// "http://127.0.0.1:43121"; the hosted pages are below it too.
func (s *Server) URL() string { return s.url }

// SetWebhookURL points webhooks at u from now on ("" stops sending them), for a receiver that
// starts after the stand-in.
func (s *Server) SetWebhookURL(u string) { s.hookURL.Store(&u) }

// Close stops the server and the pending redeliveries, and waits for deliveries under way to
// end. It is safe to call more than once.
func (s *Server) Close() error {
	s.closeMu.Do(func() {
		s.mu.Lock()
		s.closed = true // no delivery starts after this, so wg.Wait below sees them all
		s.mu.Unlock()
		s.cancel()
		s.closeErr = s.srv.Close()
		s.wg.Wait()
	})
	return s.closeErr
}

func (s *Server) now() time.Time { return (*s.clock.Load())() }

// publicHostPort turns a listen address into one a client can dial: a wildcard listener is
// reached over loopback.
func publicHostPort(a *net.TCPAddr) string {
	ip := a.IP
	switch {
	case ip == nil || ip.IsUnspecified() && ip.To4() != nil:
		ip = net.IPv4(127, 0, 0, 1)
	case ip.IsUnspecified():
		ip = net.IPv6loopback
	}
	return net.JoinHostPort(ip.String(), strconv.Itoa(a.Port))
}

const idAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// newID makes an id in Stripe's shape: a prefix and n random base-62 characters.
func newID(prefix string, n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return prefix + string(b)
}
