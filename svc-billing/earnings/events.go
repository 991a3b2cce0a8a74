package earnings

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/svc-billing/balance"
)

// Events consumed here; the producers' payloads are declared as consumers do (svc-orders/API.md,
// svc-translators/API.md).
const (
	EventOrderStatusChanged = "order.status_changed"
	EventPayoutAccounts     = "translator.payout_accounts"
	statusCompleted         = "completed"
)

type statusChanged struct {
	OrderID      string `json:"orderId"`
	Number       string `json:"number"`
	TranslatorID string `json:"translatorId"`
	Status       string `json:"status"`
	Pay          *struct {
		AmountUSD int64 `json:"amountUsd"`
		Amount    struct {
			Amount   int64  `json:"amount"`
			Currency string `json:"currency"`
		} `json:"amount"`
	} `json:"pay"`
}

// requested is payout.requested's payload: the payout, with what the request asked for.
type requested struct {
	Payout
	Whole bool `json:"whole"`
}

// Handler applies the events earnings follow, on events:orders (a completed order credits its
// pay), events:translators (the bank accounts payouts go to) and events:billing (a payout whose
// request died after its debit). Every one is idempotent, so redeliveries change nothing.
func Handler(s Service, log *slog.Logger) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		switch e.Type {
		case EventOrderStatusChanged:
			var p statusChanged
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			if p.Status != statusCompleted || authn.IsSandbox(p.TranslatorID) {
				// The sandbox's simulated translator (authn.SandboxID("translator")) did no work
				// and is paid nothing; done, not an error to retry.
				return nil
			}
			if p.Pay == nil || p.TranslatorID == "" || p.Pay.Amount.Currency != Currency || p.Pay.Amount.Amount <= 0 {
				// Nothing to credit (an order priced before pay was kept): retrying would not help.
				log.WarnContext(ctx, "completed order without pay to credit", "order", p.OrderID, "translator", p.TranslatorID)
				return nil
			}
			err := s.Earn(ctx, p.OrderID, p.Number, p.TranslatorID, balance.Money{Amount: p.Pay.Amount.Amount, Currency: Currency})
			if errors.Is(err, ErrKeyReused) {
				log.WarnContext(ctx, "order credited before with another pay; the first stands", "order", p.OrderID, "err", err)
				return nil
			}
			return err
		case EventPayoutAccounts:
			var p PayoutAccounts
			if err := e.Decode(&p); err != nil || p.TranslatorID == "" {
				return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
			}
			return s.SetAccounts(ctx, p)
		case EventPayoutRequested:
			var p requested
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			p.Payout.Whole = p.Whole
			return s.EnsurePayout(ctx, p.Payout)
		}
		return nil
	}
}
