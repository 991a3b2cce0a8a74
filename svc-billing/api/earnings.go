package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"linguaport/internal/authn"
	"linguaport/internal/documents"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/earnings"
)

// payoutBody is POST earnings/payouts' body; no amount asks for the whole balance.
type payoutBody struct {
	BankAccountID string         `json:"bankAccountId"`
	Amount        *balance.Money `json:"amount"`
}

type payoutList struct {
	Payouts []earnings.Payout `json:"payouts"`
}

// makeEarningsEndpoints wires the translators' earnings routes and the staff's payout routes.
// Whose earnings they are comes from the token, never from the request; staff's decisions name
// the staff member who made them.
func makeEarningsEndpoints(s Services, e *Endpoints) {
	e.Earnings = func(ctx context.Context, request any) (any, error) {
		return s.Earnings.Earnings(ctx, authn.CallerFrom(ctx).ID, request.(string))
	}
	e.RequestPayout = func(ctx context.Context, request any) (any, error) {
		return s.Earnings.RequestPayout(ctx, authn.CallerFrom(ctx).ID, request.(earnings.PayoutRequest))
	}
	e.Payouts = func(ctx context.Context, _ any) (any, error) {
		list, err := s.Earnings.Payouts(ctx, authn.CallerFrom(ctx).ID)
		return payoutList{Payouts: list}, err
	}
	e.AdminPayouts = func(ctx context.Context, request any) (any, error) {
		return s.Earnings.PayoutsIn(ctx, request.(earnings.PayoutQuery))
	}
	e.PayoutPaid = func(ctx context.Context, request any) (any, error) {
		return s.Earnings.MarkPaid(ctx, request.(string), authn.CallerFrom(ctx).ID)
	}
	e.RejectPayout = func(ctx context.Context, request any) (any, error) {
		req := request.(rejectRequest)
		return s.Earnings.Reject(ctx, req.ID, authn.CallerFrom(ctx).ID, req.Reason)
	}
}

func decodeBefore(_ context.Context, r *http.Request) (any, error) {
	return r.URL.Query().Get("before"), nil
}

// decodePayoutList reads staff's list of payouts and the bank file alike, so the file exports
// what the list shows.
func decodePayoutList(_ context.Context, r *http.Request) (any, error) {
	v := r.URL.Query()
	return earnings.PayoutQuery{Status: v.Get("status"), Q: v.Get("q"), Sort: v.Get("sort"), Before: v.Get("before")}, nil
}

func decodePayout(_ context.Context, r *http.Request) (any, error) {
	var b payoutBody
	if err := httpx.DecodeJSON(r, maxPayBody, &b); err != nil {
		return nil, err
	}
	return earnings.PayoutRequest{BankAccountID: b.BankAccountID, Amount: b.Amount, Key: r.Header.Get("Idempotency-Key")}, nil
}

// explainEarnings maps the earnings' errors to their Problems; nil for others.
func explainEarnings(err error) *httpx.Problem {
	var (
		below *earnings.BelowThreshold
		low   *earnings.Insufficient
	)
	switch {
	case errors.As(err, &below):
		m, t := below.Missing, below.Threshold
		return httpx.NewProblem(http.StatusConflict, "below_threshold", i18n.Text{
			TR: "Ödeme en az " + documents.Money(t.Amount, t.Currency, i18n.TR) + " olmalı: " + documents.Money(m.Amount, m.Currency, i18n.TR) + " eksik.",
			EN: "A payout must be at least " + documents.Money(t.Amount, t.Currency, i18n.EN) + ": " + documents.Money(m.Amount, m.Currency, i18n.EN) + " short.",
		}).WithDetails(map[string]any{"missing": m, "threshold": t})
	case errors.As(err, &low):
		m := low.Missing
		return httpx.NewProblem(http.StatusConflict, "insufficient_earnings", i18n.Text{
			TR: "Kazancınız bu ödeme için yetersiz: " + documents.Money(m.Amount, m.Currency, i18n.TR) + " eksik.",
			EN: "Your earnings do not cover this payout: " + documents.Money(m.Amount, m.Currency, i18n.EN) + " short.",
		}).WithDetails(map[string]any{"missing": m})
	case errors.Is(err, earnings.ErrBankAccountNotFound):
		return errBankAccountNotFound
	case errors.Is(err, earnings.ErrPayoutNotFound):
		return errPayoutNotFound
	case errors.Is(err, earnings.ErrPayoutDecided):
		return errPayoutDecided
	case errors.Is(err, earnings.ErrKeyReused):
		return errKeyReused
	case errors.Is(err, earnings.ErrExportTooLarge):
		return errExportTooLarge
	}
	return nil
}

var (
	errBankAccountNotFound = httpx.NewProblem(http.StatusNotFound, "bank_account_not_found",
		i18n.Text{TR: "Bu banka hesabı hesaplarınız arasında yok; hesaplarınızı Banka hesaplarım sayfasında görebilirsiniz.", EN: "This bank account is not one of yours; see your bank accounts page."})
	errPayoutNotFound = httpx.NewProblem(http.StatusNotFound, "payout_not_found",
		i18n.Text{TR: "Ödeme talebi bulunamadı.", EN: "Payout not found."})
	errExportTooLarge = httpx.NewProblem(http.StatusUnprocessableEntity, "export_too_large", i18n.Text{
		TR: fmt.Sprintf("Banka dosyası en çok %d ödeme içerebilir; listeyi durum veya arama ile daraltın.", earnings.MaxExport),
		EN: fmt.Sprintf("A bank file holds at most %d payouts; narrow the list by status or search.", earnings.MaxExport),
	})
	errPayoutDecided = httpx.NewProblem(http.StatusConflict, "payout_decided",
		i18n.Text{TR: "Bu ödeme talebi için karar zaten verildi.", EN: "This payout has already been decided."})
)

// earningsFieldTexts word the payout routes' own reasons (the Idempotency-Key and amount bounds
// are worded as the payment routes').
var earningsFieldTexts = map[string]map[string]i18n.Text{
	earnings.FieldBankAccountID: {
		earnings.ReasonRequired: {TR: "Ödemenin yapılacağı banka hesabını seçin.", EN: "Choose the bank account to be paid to."},
	},
	earnings.FieldAmount: {
		earnings.ReasonCurrency: {TR: "Kazançlar Türk lirası (TRY) olarak ödenir.", EN: "Earnings are paid out in Turkish lira (TRY)."},
	},
	earnings.FieldStatus: {
		earnings.ReasonStatus: {TR: "Durum requested, paid veya rejected olmalı.", EN: "The status must be requested, paid or rejected."},
	},
	earnings.FieldReason: {
		earnings.ReasonNoReason:   {TR: "Reddetme nedenini yazın.", EN: "Write why the payout is rejected."},
		earnings.ReasonLongReason: {TR: "Neden en çok 500 karakter olmalı.", EN: "The reason must be at most 500 characters."},
	},
}
