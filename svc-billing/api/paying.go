package api

import (
	"context"
	"io"
	"net/http"

	"linguaport/internal/authn"
	"linguaport/internal/company"
	"linguaport/internal/httpx"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/paying"
)

// The bodies of the payment routes are a few short fields; a provider's event is a few KB.
const (
	maxPayBody     = 4 << 10
	maxWebhookBody = 64 << 10
)

// payBody is POST invoices/{id}/pay's body.
type payBody struct {
	Method    string `json:"method"`
	ReturnURL string `json:"returnUrl"`
}

type payRequest struct {
	InvoiceID string
	paying.PayRequest
}

type topUpBody struct {
	Amount    balance.Money `json:"amount"`
	ReturnURL string        `json:"returnUrl"`
}

type transferBody struct {
	Amount    balance.Money `json:"amount"`
	Sender    string        `json:"sender"`
	Date      string        `json:"date"`
	Reference string        `json:"reference"`
}

type balanceRequest struct{ Currency, Before, Session string }

type rejectRequest struct {
	ID     string
	Reason string `json:"reason"`
}

type webhookRequest struct {
	Payload   []byte
	Signature string
}

// received acknowledges a webhook, processed now or before.
var received = struct {
	Received bool `json:"received"`
}{true}

// makePayingEndpoints wires the payment, balance and staff routes. Whose balance it is comes from
// the token; paying asks the invoices whether the invoice is the caller's.
func makePayingEndpoints(s Services, e *Endpoints) {
	e.Pay = func(ctx context.Context, request any) (any, error) {
		req := request.(payRequest)
		return s.Paying.Pay(ctx, authn.CallerFrom(ctx), req.InvoiceID, req.PayRequest)
	}
	e.Balance = func(ctx context.Context, request any) (any, error) {
		customer := authn.CallerFrom(ctx).ID
		req := request.(balanceRequest)
		if req.Session != "" {
			if err := s.Paying.ReconcileTopUp(ctx, customer, req.Session); err != nil {
				return nil, err
			}
		}
		view, err := s.Balance.Balance(ctx, customer, req.Currency, req.Before)
		if err != nil {
			return nil, err
		}
		return customerBalance{View: view, BankAccounts: bankAccountsOf(s.Company)}, nil
	}
	e.TopUp = func(ctx context.Context, request any) (any, error) {
		return s.Paying.TopUp(ctx, authn.CallerFrom(ctx).ID, request.(paying.TopUpRequest))
	}
	e.DeclareTransfer = func(ctx context.Context, request any) (any, error) {
		return s.Balance.DeclareTransfer(ctx, authn.CallerFrom(ctx).ID, request.(balance.TransferInput))
	}
	e.Transfers = func(ctx context.Context, request any) (any, error) {
		return s.Balance.Transfers(ctx, request.(balance.TransferQuery))
	}
	e.ConfirmTransfer = func(ctx context.Context, request any) (any, error) {
		return s.Balance.ConfirmTransfer(ctx, request.(string))
	}
	e.RejectTransfer = func(ctx context.Context, request any) (any, error) {
		req := request.(rejectRequest)
		return s.Balance.RejectTransfer(ctx, req.ID, req.Reason)
	}
	e.Refund = func(ctx context.Context, request any) (any, error) {
		return s.Paying.Refund(ctx, request.(string))
	}
	e.Webhook = func(ctx context.Context, request any) (any, error) {
		req := request.(webhookRequest)
		return received, s.Paying.Webhook(ctx, req.Payload, req.Signature)
	}
}

func decodePay(_ context.Context, r *http.Request) (any, error) {
	var b payBody
	if err := httpx.DecodeJSONStrict(r, maxPayBody, &b); err != nil {
		return nil, err
	}
	return payRequest{InvoiceID: r.PathValue("id"), PayRequest: paying.PayRequest{
		Method: b.Method, ReturnURL: b.ReturnURL, Key: r.Header.Get("Idempotency-Key"), Lang: httpx.LangFrom(r.Context()),
	}}, nil
}

func decodeBalance(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	return balanceRequest{Currency: q.Get("currency"), Before: q.Get("before"), Session: q.Get("session")}, nil
}

func decodeTopUp(_ context.Context, r *http.Request) (any, error) {
	var b topUpBody
	if err := httpx.DecodeJSON(r, maxPayBody, &b); err != nil {
		return nil, err
	}
	return paying.TopUpRequest{Amount: b.Amount, ReturnURL: b.ReturnURL, Key: r.Header.Get("Idempotency-Key"),
		Lang: httpx.LangFrom(r.Context())}, nil
}

func decodeTransfer(_ context.Context, r *http.Request) (any, error) {
	var b transferBody
	if err := httpx.DecodeJSON(r, maxPayBody, &b); err != nil {
		return nil, err
	}
	return balance.TransferInput{Amount: b.Amount, Sender: b.Sender, Date: b.Date, Reference: b.Reference}, nil
}

func decodeTransferList(_ context.Context, r *http.Request) (any, error) {
	v := r.URL.Query()
	return balance.TransferQuery{Status: v.Get("status"), Q: v.Get("q"), Sort: v.Get("sort"), Before: v.Get("before")}, nil
}

func decodeID(_ context.Context, r *http.Request) (any, error) { return r.PathValue("id"), nil }

func decodeReject(_ context.Context, r *http.Request) (any, error) {
	req := rejectRequest{ID: r.PathValue("id")}
	if err := httpx.DecodeJSON(r, maxPayBody, &req); err != nil {
		return nil, err
	}
	return req, nil
}

// decodeWebhook keeps the body exactly as sent: the signature is over its bytes.
func decodeWebhook(_ context.Context, r *http.Request) (any, error) {
	payload, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, maxWebhookBody))
	if err != nil {
		return nil, err
	}
	return webhookRequest{Payload: payload, Signature: r.Header.Get("Stripe-Signature")}, nil
}

// encodeCreated answers a declared transfer 201.
func encodeCreated(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusCreated, response)
}

// customerBalance is GET balance's answer: the balance and, for its bank transfer form, the
// agency's accounts to transfer to (its facts, internal/company), so the page shows the same
// accounts as the invoices.
type customerBalance struct {
	balance.View
	BankAccounts []bankAccount `json:"bankAccounts"`
}

// bankAccount is one of the agency's accounts as a customer copies it into their bank's form:
// the IBAN grouped in fours.
type bankAccount struct {
	Bank     string `json:"bank"`
	Branch   string `json:"branch"`
	Holder   string `json:"holder"`
	IBAN     string `json:"iban"`
	Currency string `json:"currency"`
}

func bankAccountsOf(f company.Facts) []bankAccount {
	out := make([]bankAccount, 0, len(f.BankAccounts))
	for _, a := range f.BankAccounts {
		out = append(out, bankAccount{Bank: a.Bank, Branch: a.Branch, Holder: a.Holder, IBAN: company.DisplayIBAN(a.IBAN), Currency: a.Currency})
	}
	return out
}
