package api

import (
	"errors"
	"net/http"

	"linguaport/internal/documents"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/paying"
	"linguaport/svc-billing/payments"
)

// explainPaying maps the payment and balance errors to their Problems.
func explainPaying(err error) *httpx.Problem {
	var (
		short   *balance.InsufficientBalance
		illegal *invoices.IllegalTransition
	)
	switch {
	case errors.As(err, &short):
		m := short.Missing
		return httpx.NewProblem(http.StatusConflict, "insufficient_balance", i18n.Text{
			TR: "Bakiyeniz bu ödeme için yetersiz: " + documents.Money(m.Amount, m.Currency, i18n.TR) + " eksik. Bakiye yükleyebilir veya kartla ödeyebilirsiniz.",
			EN: "Your balance does not cover this payment: " + documents.Money(m.Amount, m.Currency, i18n.EN) + " short. Top up your balance or pay by card.",
		}).WithDetails(map[string]any{"missing": m})
	case errors.Is(err, invoices.ErrAlreadyRefunded):
		return errRefunded
	case errors.Is(err, invoices.ErrNotPending):
		return errNotPending
	case errors.As(err, &illegal):
		return errNotPaid
	case errors.Is(err, paying.ErrKeyReused), errors.Is(err, balance.ErrKeyReused):
		return errKeyReused
	case errors.Is(err, balance.ErrNotFound):
		return errTransferNotFound
	case errors.Is(err, balance.ErrTransferDecided):
		return errTransferDecided
	case errors.Is(err, payments.ErrSignature):
		return errSignature
	case errors.Is(err, balance.ErrSandbox):
		return errSandboxTopUp
	}
	return nil
}

var (
	errRefunded = httpx.NewProblem(http.StatusConflict, "invoice_refunded",
		i18n.Text{TR: "Bu fatura iade edildi; ödenemez.", EN: "This invoice was refunded and cannot be paid."})
	errNotPending = httpx.NewProblem(http.StatusConflict, "invoice_not_pending",
		i18n.Text{TR: "Bu fatura ödeme beklemiyor (ödenmiş veya iade edilmiş); havale ile ödendi olarak işaretlenemez.", EN: "This invoice is not waiting for payment (paid or refunded); it cannot be marked paid by bank transfer."})
	errNotPaid = httpx.NewProblem(http.StatusConflict, "invoice_not_paid",
		i18n.Text{TR: "Yalnızca ödenmiş bir fatura iade edilebilir.", EN: "Only a paid invoice can be refunded."})
	errKeyReused = httpx.NewProblem(http.StatusUnprocessableEntity, "idempotency_key_reused",
		i18n.Text{TR: "Bu Idempotency-Key başka bir istek için kullanıldı; her yeni istek için yeni bir anahtar gönderin.", EN: "This Idempotency-Key was used for another request; send a new key with every new request."})
	errTransferNotFound = httpx.NewProblem(http.StatusNotFound, "transfer_not_found",
		i18n.Text{TR: "Havale bildirimi bulunamadı.", EN: "Transfer not found."})
	errTransferDecided = httpx.NewProblem(http.StatusConflict, "transfer_decided",
		i18n.Text{TR: "Bu havale için karar zaten verildi.", EN: "This transfer has already been decided."})
	// errSandboxTopUp refuses money for a sandbox balance (a card top-up or a declared transfer):
	// 422, the request is well formed but the sandbox takes no money, which a retry never changes.
	errSandboxTopUp = httpx.NewProblem(http.StatusUnprocessableEntity, "sandbox_top_up_refused",
		i18n.Text{TR: "Test (sandbox) hesabının bakiyesine para yüklenemez: test faturaları ücret alınmadan ödenir.", EN: "A sandbox balance cannot be topped up: sandbox invoices are paid without any charge."})
	errSignature = httpx.NewProblem(http.StatusBadRequest, "webhook_signature",
		i18n.Text{TR: "Webhook imzası eksik, yanlış veya eski.", EN: "The webhook signature is missing, wrong or stale."})
)
