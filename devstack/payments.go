package main

import (
	"fmt"
	"path/filepath"

	"linguaport/internal/standins"
	"linguaport/internal/stripedev"
)

// startPayments runs the local stand-in for Stripe Checkout (internal/stripedev) on the STRIPE
// port, with the keys it shares with svc-billing (internal/standins; not secrets: the stand-in
// takes no real card, moves no money and listens on loopback only): svc-billing's card payments
// open sessions there, the customer pays (or has the card declined, or cancels) on its hosted
// page, headed "Local payment stand-in — not Stripe", and its signed webhooks go to svc-billing
// through the gateway. Events the gateway was not up for yet are redelivered with back-off, as
// Stripe does.
func (s *stack) startPayments() error {
	srv, err := stripedev.Start(loopback(s.cfg.port("STRIPE")), stripedev.Config{
		SecretKey:     standins.PaymentsSecretKey,
		WebhookSecret: standins.PaymentsWebhookSecret,
		WebhookURL:    "http://" + loopback(s.cfg.port("GATEWAY")) + standins.BillingWebhookPath,
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
		"STRIPE_SECRET_KEY=" + standins.PaymentsSecretKey,
		"STRIPE_WEBHOOK_SECRET=" + standins.PaymentsWebhookSecret,
		"STRIPE_API_BASE=" + s.payments.URL(),
		// Not payment settings, but svc-billing's: days to pay an invoice (as k8s sets it), and
		// where the local GİB integrator records the e-Arşiv documents it would send.
		"INVOICE_DUE_DAYS=7",
		"EINVOICE_RECORD_DIR=" + filepath.Join(s.cfg.dataDir, "e-documents"),
	}
}
