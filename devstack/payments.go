package main

import (
	"fmt"
	"path/filepath"

	"linguaport/internal/stripedev"
)

// The local card payment stand-in's keys. They are not secrets: the stand-in takes no real card
// and moves no money, and it only listens on loopback.
const (
	paymentsSecretKey     = "sk_test_linguaport_local"
	paymentsWebhookSecret = "whsec_linguaport_local"
)

// billingWebhookPath is svc-billing's webhook endpoint below the gateway (svc-billing/API.md).
const billingWebhookPath = "/api/v1/billing/webhooks/stripe"

// startPayments runs the local stand-in for Stripe Checkout (internal/stripedev) on the STRIPE
// port: svc-billing's card payments open sessions there, the customer pays (or has the card
// declined, or cancels) on its hosted page, headed "Local payment stand-in — not Stripe", and
// its signed webhooks go to svc-billing through the gateway. Events the gateway was not up for
// yet are redelivered with back-off, as Stripe does.
func (s *stack) startPayments() error {
	srv, err := stripedev.Start(loopback(s.cfg.port("STRIPE")), stripedev.Config{
		SecretKey:     paymentsSecretKey,
		WebhookSecret: paymentsWebhookSecret,
		WebhookURL:    "http://" + loopback(s.cfg.port("GATEWAY")) + billingWebhookPath,
	})
	if err != nil {
		return fmt.Errorf("payment stand-in: %w", err)
	}
	s.payments = srv
	s.log.Info("card payment stand-in (not Stripe)", "url", srv.URL())
	return nil
}

// paymentsEnv points svc-billing's Stripe client and webhook check at the stand-in.
func (s *stack) paymentsEnv() []string {
	return []string{
		"STRIPE_SECRET_KEY=" + paymentsSecretKey,
		"STRIPE_WEBHOOK_SECRET=" + paymentsWebhookSecret,
		"STRIPE_API_BASE=" + s.payments.URL(),
		// Not payment settings, but svc-billing's: days to pay an invoice (as k8s sets it), and
		// where the local GİB integrator records the e-Arşiv documents it would send.
		"INVOICE_DUE_DAYS=7",
		"EINVOICE_RECORD_DIR=" + filepath.Join(s.cfg.dataDir, "e-documents"),
	}
}
