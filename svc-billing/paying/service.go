// Package paying pays invoices and tops up balances: from the balance (svc-billing/balance) or by
// card at the payment provider (svc-billing/payments), and settles what the provider reports,
// through its signed webhooks or when the customer comes back from its page (API.md "Paying an
// invoice", DESIGN §9).
//
// Every path ends in idempotent single-document writes: an invoice is marked paid by one
// conditional write (invoices.Service.MarkPaid), a balance moves once per key (balance.Service
// .Move). So a double click, a webhook racing the return page, a replayed webhook or a process
// killed halfway pay once; the events between the steps (balance.debited, invoice.refunded)
// finish what a crash interrupted (Handler).
package paying

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/balance"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-billing/payments"
)

// Reasons of the field errors this package gives, beside balance's.
const (
	ReasonRequired   = "required"
	ReasonChoice     = "choice" // method: balance or card
	ReasonOrigin     = "origin" // returnUrl: not an absolute URL on the site
	ReasonKey        = "format" // Idempotency-Key: 1–100 visible ASCII characters
	FieldKey         = "Idempotency-Key"
	maxKeyLength     = 100
	metaKind         = "kind"
	metaInvoice      = "invoiceId"
	metaCustomer     = "customerId"
	kindInvoice      = "invoice"
	kindTopUp        = "topup"
	sessionPlacehold = "{CHECKOUT_SESSION_ID}"
)

// PayRequest is a customer's Pay.
type PayRequest struct {
	Method    string    // invoices.MethodBalance or invoices.MethodCard
	ReturnURL string    // card: where the provider sends the customer back
	Key       string    // the Idempotency-Key
	Lang      i18n.Lang // the provider page's language
}

// PayResult is the answer to Pay: the invoice, and while a card payment waits for the customer
// at the provider, where to send them.
type PayResult struct {
	Invoice     invoices.Invoice `json:"invoice"`
	CheckoutURL string           `json:"checkoutUrl,omitempty"`
}

// TopUpRequest is a customer's card top-up of their balance.
type TopUpRequest struct {
	Amount    balance.Money
	ReturnURL string
	Key       string
	Lang      i18n.Lang
}

// TopUpResult is where to send the customer to pay the top-up.
type TopUpResult struct {
	CheckoutURL string `json:"checkoutUrl"`
}

// Service is paying's API.
type Service interface {
	// Pay pays the customer's invoice (API.md): from the balance at once, or by opening (or
	// reusing) a checkout session at the provider; a sandbox invoice at once, without a charge.
	// A paid invoice answers as it is.
	// Another customer's invoice is invoices.ErrNotFound, as if it did not exist.
	Pay(ctx context.Context, c authn.Caller, invoiceID string, r PayRequest) (PayResult, error)
	// Reconcile is the invoice after asking the provider about sessionID, which the customer
	// came back from: the page the provider returns to must not depend on the webhook's timing.
	Reconcile(ctx context.Context, c authn.Caller, invoiceID, sessionID string) (invoices.Invoice, error)
	// TopUp opens a checkout session crediting the customer's balance when paid;
	// balance.ErrSandbox for a sandbox customer.
	TopUp(ctx context.Context, customerID string, r TopUpRequest) (TopUpResult, error)
	// ReconcileTopUp credits the customer's top-up session if the provider says it is paid.
	ReconcileTopUp(ctx context.Context, customerID, sessionID string) error
	// Webhook verifies and settles one provider delivery; payments.ErrSignature when it is not
	// the provider's.
	Webhook(ctx context.Context, payload []byte, signature string) error
	// Refund refunds a paid invoice to its customer's balance (staff).
	Refund(ctx context.Context, invoiceID string) (invoices.Invoice, error)

	// SettleDebit marks the invoice paid by the balance entry (or returns the debit when the
	// invoice was paid otherwise): the second step of a balance payment, also run from
	// balance.debited.
	SettleDebit(ctx context.Context, invoiceID string, entry balance.Entry) (invoices.Invoice, error)
	// CreditRefund credits a refunded invoice's total to the balance, once: the second step of a
	// refund, also run from invoice.refunded.
	CreditRefund(ctx context.Context, invoiceID, customerID string, amount invoices.Money) error
}

type service struct {
	invoices invoices.Service
	balance  balance.Service
	provider payments.Provider
	webhooks payments.Webhooks
	seen     payments.WebhookLog
	keys     Keys
	origins  []string
	now      func() time.Time
	log      *slog.Logger
}

// NewService pays through invoices, balances and provider, keeping the webhooks it has seen in
// seen and the Idempotency-Keys it has claimed in keys; returnUrls must be on one of origins
// (SITE_ORIGINS). Arguments in every service's order: stores, other services, options.
func NewService(seen payments.WebhookLog, keys Keys, inv invoices.Service, bal balance.Service, provider payments.Provider,
	webhooks payments.Webhooks, origins []string, now func() time.Time, log *slog.Logger) Service {
	return &service{invoices: inv, balance: bal, provider: provider, webhooks: webhooks, seen: seen, keys: keys,
		origins: origins, now: now, log: log}
}

func (s *service) Pay(ctx context.Context, c authn.Caller, invoiceID string, r PayRequest) (PayResult, error) {
	// The invoice first: another customer's is 404 whatever the request says (the invoices ask
	// whether the caller owns it). The money is its customer's: the debit names inv.CustomerID.
	inv, err := s.invoices.Invoice(ctx, c, invoiceID)
	if err != nil {
		return PayResult{}, err
	}
	fields := errs.Fields{}
	checkKey(fields, r.Key)
	switch r.Method {
	case invoices.MethodBalance:
	case invoices.MethodCard:
		s.checkReturn(fields, "returnUrl", r.ReturnURL)
	case "":
		fields.Add("method", ReasonRequired)
	default:
		fields.Add("method", ReasonChoice)
	}
	if err := fields.Err(); err != nil {
		return PayResult{}, err
	}
	if err := s.keys.Claim(ctx, c.ID, r.Key, "pay|"+invoiceID+"|"+r.Method); err != nil {
		return PayResult{}, err
	}
	switch inv.Status {
	case invoices.Paid:
		return PayResult{Invoice: inv}, nil
	case invoices.Refunded:
		return PayResult{}, invoices.ErrAlreadyRefunded
	}
	if inv.Sandbox {
		return s.payInSandbox(ctx, inv, r)
	}
	if r.Method == invoices.MethodBalance {
		return s.payFromBalance(ctx, inv)
	}
	return s.payByCard(ctx, inv, r)
}

// payInSandbox pays a sandbox invoice at once and charges nothing: no session at the provider,
// no debit of the balance, whichever method the request named (checked as for a live invoice, so
// an integrator's mistakes show in the sandbox), which the payment keeps as its reference. It is
// the same one conditional write from pending to paid as every payment (invoices.MarkPaid), with
// invoice.paid in it, so svc-orders starts the order as for any payment and two racing Pays pay
// once and publish one invoice.paid; the loser is answered the paid invoice.
func (s *service) payInSandbox(ctx context.Context, inv invoices.Invoice, r PayRequest) (PayResult, error) {
	paid, err := s.invoices.MarkPaid(ctx, inv.ID, invoices.Payment{Method: invoices.MethodSandbox, Reference: r.Method})
	if err != nil {
		return PayResult{}, err
	}
	return PayResult{Invoice: paid}, nil
}

// payFromBalance debits the invoice's total once (the key is the invoice's) and marks it paid.
// The debit also queues balance.debited, so a crash right after it still pays the invoice.
func (s *service) payFromBalance(ctx context.Context, inv invoices.Invoice) (PayResult, error) {
	total := inv.Total()
	entry, err := s.balance.Move(ctx, balance.Movement{
		CustomerID: inv.CustomerID, Key: balance.KeyInvoice(inv.ID), Kind: balance.Debit,
		Amount: balance.Money{Amount: total.Amount, Currency: total.Currency, Decimals: total.Decimals},
		Reason: balance.ReasonInvoice, Reference: inv.ID, Label: inv.Number,
	})
	if err != nil {
		return PayResult{}, err
	}
	paid, err := s.SettleDebit(ctx, inv.ID, entry)
	return PayResult{Invoice: paid}, err
}

// SettleDebit marks the invoice paid by the balance entry. If a card payment won the race, the
// debit goes back to the balance: the customer pays once.
func (s *service) SettleDebit(ctx context.Context, invoiceID string, entry balance.Entry) (invoices.Invoice, error) {
	inv, err := s.invoices.Invoice(ctx, invoices.Agency, invoiceID)
	if err != nil {
		return invoices.Invoice{}, err
	}
	if inv.CustomerID != entry.CustomerID {
		// Only a bug can debit one customer for another's invoice; it never pays the invoice.
		s.log.ErrorContext(ctx, "balance debit for another customer's invoice ignored", "invoice", invoiceID, "entry", entry.ID)
		return inv, nil
	}
	paid, err := s.invoices.MarkPaid(ctx, invoiceID, invoices.Payment{Method: invoices.MethodBalance, Reference: entry.ID})
	if errors.Is(err, invoices.ErrAlreadyRefunded) && inv.Payment != nil && inv.Payment.Reference == entry.ID {
		// This very debit paid it (the request settled it before this event came) and staff
		// refunded it since: the refund credited the money back, so returning the debit too
		// would credit the customer twice.
		return inv, nil
	}
	if errors.Is(err, invoices.ErrAlreadyRefunded) || (err == nil && paid.Payment.Reference != entry.ID) {
		s.log.WarnContext(ctx, "invoice paid otherwise; balance debit returned", "invoice", invoiceID, "entry", entry.ID)
		_, cerr := s.balance.Move(ctx, balance.Movement{
			CustomerID: entry.CustomerID, Key: "return:" + entry.ID, Kind: balance.Credit,
			Amount: entry.Amount, Reason: balance.ReasonRefund, Reference: invoiceID, Label: inv.Number,
		})
		if cerr != nil {
			return paid, cerr
		}
		return s.invoices.Invoice(ctx, invoices.Agency, invoiceID)
	}
	return paid, err
}

// payByCard answers the open session, or opens one. Its provider key is the invoice's attempt
// and the return address, so two clicks open one session and a session that expired is
// followed by a new one.
func (s *service) payByCard(ctx context.Context, inv invoices.Invoice, r PayRequest) (PayResult, error) {
	now := s.now()
	if inv.Checkout.Open(now) {
		return PayResult{Invoice: inv, CheckoutURL: inv.Checkout.URL}, nil
	}
	attempt := 1
	if inv.Checkout != nil {
		attempt = inv.Checkout.Attempt + 1
	}
	success, cancel := returnURLs(r.ReturnURL)
	total := inv.Total()
	session, err := s.provider.CreateCheckout(ctx, payments.CheckoutRequest{
		Key:             fmt.Sprintf("%s-%d-%s", inv.ID, attempt, fingerprint(r.ReturnURL, string(r.Lang))),
		Amount:          total.Amount,
		Currency:        total.Currency,
		Description:     i18n.Text{TR: "Fatura " + inv.Number, EN: "Invoice " + inv.Number}.In(r.Lang),
		CustomerEmail:   inv.Details.Email,
		Lang:            string(r.Lang),
		SuccessURL:      success,
		CancelURL:       cancel,
		ClientReference: inv.ID,
		Metadata:        map[string]string{metaKind: kindInvoice, metaInvoice: inv.ID, metaCustomer: inv.CustomerID},
	})
	if err != nil {
		return PayResult{}, fmt.Errorf("checkout for %s: %w", inv.ID, err)
	}
	stored, err := s.invoices.OpenCheckout(ctx, inv.ID, invoices.Checkout{
		SessionID: session.ID, URL: session.URL, ExpiresAt: session.ExpiresAt, Attempt: attempt,
	})
	if err != nil {
		return PayResult{}, err
	}
	if stored.Status != invoices.Pending || !stored.Checkout.Open(now) {
		return PayResult{Invoice: stored}, nil
	}
	return PayResult{Invoice: stored, CheckoutURL: stored.Checkout.URL}, nil
}

func (s *service) Reconcile(ctx context.Context, c authn.Caller, invoiceID, sessionID string) (invoices.Invoice, error) {
	inv, err := s.invoices.Invoice(ctx, c, invoiceID)
	if err != nil || inv.Status != invoices.Pending || sessionID == "" || inv.Sandbox {
		return inv, err // a sandbox invoice never has a session at the provider
	}
	session, err := s.provider.Checkout(ctx, sessionID)
	if errors.Is(err, payments.ErrNotFound) {
		return inv, nil // not a session of ours: the invoice as it is
	}
	if err != nil {
		return invoices.Invoice{}, err
	}
	if session.Metadata[metaInvoice] != inv.ID {
		return inv, nil
	}
	if err := s.settle(ctx, session); err != nil {
		return invoices.Invoice{}, err
	}
	return s.invoices.Invoice(ctx, c, invoiceID)
}

// settle applies a session the provider reports: a paid invoice session pays its invoice (or,
// when the invoice was paid otherwise or for another amount, credits the money to the balance
// so nothing is lost), a paid top-up credits the balance; unpaid sessions change nothing.
func (s *service) settle(ctx context.Context, session payments.Session) error {
	if !session.Paid {
		return nil
	}
	customer := session.Metadata[metaCustomer]
	credit := func(why string) error {
		if why != "" {
			s.log.WarnContext(ctx, why+"; the card payment is credited to the balance", "session", session.ID, "customer", customer)
		}
		_, err := s.balance.Move(ctx, balance.Movement{
			CustomerID: customer, Key: balance.KeyTopUp(session.ID), Kind: balance.Credit,
			Amount: balance.Money{Amount: session.Amount, Currency: session.Currency, Decimals: balance.Decimals(session.Currency)},
			Reason: balance.ReasonTopUp, Reference: session.ID,
		})
		return err
	}
	switch session.Metadata[metaKind] {
	case kindTopUp:
		return credit("")
	case kindInvoice:
	default:
		s.log.ErrorContext(ctx, "paid checkout session without a known kind", "session", session.ID)
		return nil
	}
	id := session.Metadata[metaInvoice]
	inv, err := s.invoices.Invoice(ctx, invoices.Agency, id)
	if err != nil {
		return fmt.Errorf("invoice %s of session %s: %w", id, session.ID, err)
	}
	total := inv.Total()
	if total.Amount != session.Amount || total.Currency != session.Currency || inv.CustomerID != customer {
		return credit("checkout amount differs from its invoice's")
	}
	paid, err := s.invoices.MarkPaid(ctx, id, invoices.Payment{Method: invoices.MethodCard, Reference: session.ID})
	if errors.Is(err, invoices.ErrAlreadyRefunded) || (err == nil && paid.Payment.Reference != session.ID) {
		return credit("invoice paid otherwise")
	}
	return err
}

func (s *service) TopUp(ctx context.Context, customerID string, r TopUpRequest) (TopUpResult, error) {
	if authn.IsSandbox(customerID) {
		// Nothing in the sandbox costs money (payInSandbox): a card charged here would be real.
		return TopUpResult{}, balance.ErrSandbox
	}
	fields := errs.Fields{}
	checkKey(fields, r.Key)
	s.checkReturn(fields, "returnUrl", r.ReturnURL)
	if reason := balance.AmountRefusal(r.Amount); reason != "" {
		fields.Add(balance.FieldAmount, reason)
	}
	if err := fields.Err(); err != nil {
		return TopUpResult{}, err
	}
	success, cancel := returnURLs(r.ReturnURL)
	session, err := s.provider.CreateCheckout(ctx, payments.CheckoutRequest{
		// The customer's key, so a double click opens one session and a reused key with another
		// amount is refused by the provider (payments.ErrKeyReused).
		Key:         "topup-" + customerID + "-" + r.Key,
		Amount:      r.Amount.Amount,
		Currency:    r.Amount.Currency,
		Description: i18n.Text{TR: "LinguaPort bakiye yükleme", EN: "LinguaPort balance top-up"}.In(r.Lang),
		Lang:        string(r.Lang),
		SuccessURL:  success, CancelURL: cancel,
		ClientReference: customerID,
		Metadata:        map[string]string{metaKind: kindTopUp, metaCustomer: customerID},
	})
	if errors.Is(err, payments.ErrKeyReused) {
		return TopUpResult{}, ErrKeyReused
	}
	if err != nil {
		return TopUpResult{}, fmt.Errorf("top-up checkout: %w", err)
	}
	return TopUpResult{CheckoutURL: session.URL}, nil
}

func (s *service) ReconcileTopUp(ctx context.Context, customerID, sessionID string) error {
	if authn.IsSandbox(customerID) {
		return nil // no top-up was ever opened for it (TopUp)
	}
	session, err := s.provider.Checkout(ctx, sessionID)
	if errors.Is(err, payments.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if session.Metadata[metaKind] != kindTopUp || session.Metadata[metaCustomer] != customerID {
		return nil // not this customer's top-up: nothing to say about it
	}
	return s.settle(ctx, session)
}

// Webhook verifies the delivery, skips an event already processed, settles it, then records
// it as processed. Recording last means a crash in between processes it again on the
// provider's next delivery, which the idempotent writes make harmless; recording first would
// lose it.
func (s *service) Webhook(ctx context.Context, payload []byte, signature string) error {
	ev, err := s.webhooks.Verify(payload, signature)
	if err != nil {
		if errors.Is(err, payments.ErrSignature) {
			s.log.WarnContext(ctx, "webhook refused", "error", err.Error())
		}
		return err
	}
	seen, err := s.seen.Seen(ctx, ev.ID)
	if err != nil {
		return err
	}
	if seen {
		s.log.InfoContext(ctx, "webhook replayed; already processed", "event", ev.ID, "type", ev.Type)
		return nil
	}
	switch ev.Type {
	case payments.CheckoutCompleted:
		err = s.settle(ctx, ev.Session)
	case payments.CheckoutExpired:
		if id := ev.Session.Metadata[metaInvoice]; id != "" {
			err = s.invoices.ForgetCheckout(ctx, id, ev.Session.ID)
		}
	}
	if err != nil {
		return err
	}
	return s.seen.Done(ctx, ev.ID, ev.Type)
}

func (s *service) Refund(ctx context.Context, invoiceID string) (invoices.Invoice, error) {
	inv, err := s.invoices.Refund(ctx, invoiceID)
	if err != nil {
		return invoices.Invoice{}, err
	}
	// invoice.refunded credits the balance too (Handler); crediting now shows it at once.
	return inv, s.credit(ctx, inv.ID, inv.CustomerID, inv.Number, inv.Total())
}

// CreditRefund is invoice.refunded's way in, which carries no number: the ledger names the
// refunded invoice by its number, as the customer knows it, so it is read (one read by _id).
func (s *service) CreditRefund(ctx context.Context, invoiceID, customerID string, amount invoices.Money) error {
	inv, err := s.invoices.Invoice(ctx, invoices.Agency, invoiceID)
	if err != nil {
		return fmt.Errorf("refund credit of %s: %w", invoiceID, err)
	}
	return s.credit(ctx, invoiceID, customerID, inv.Number, amount)
}

// credit moves a refunded invoice's amount onto its customer's balance, once (its key).
func (s *service) credit(ctx context.Context, invoiceID, customerID, number string, amount invoices.Money) error {
	_, err := s.balance.Move(ctx, balance.Movement{
		CustomerID: customerID, Key: balance.KeyRefund(invoiceID), Kind: balance.Credit,
		Amount: balance.Money{Amount: amount.Amount, Currency: amount.Currency, Decimals: amount.Decimals},
		Reason: balance.ReasonRefund, Reference: invoiceID, Label: number,
	})
	return err
}

// checkKey checks the Idempotency-Key header.
func checkKey(fields errs.Fields, key string) {
	switch {
	case key == "":
		fields.Add(FieldKey, ReasonRequired)
	case len(key) > maxKeyLength || strings.IndexFunc(key, func(r rune) bool { return r < '!' || r > '~' }) >= 0:
		fields.Add(FieldKey, ReasonKey)
	}
}

// checkReturn checks that a return address is an absolute URL on one of the site's origins, so
// the provider never sends a customer somewhere else.
func (s *service) checkReturn(fields errs.Fields, field, raw string) {
	if raw == "" {
		fields.Add(field, ReasonRequired)
		return
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" || u.User != nil {
		fields.Add(field, ReasonOrigin)
		return
	}
	origin := u.Scheme + "://" + u.Host
	for _, o := range s.origins {
		if strings.EqualFold(o, origin) {
			return
		}
	}
	fields.Add(field, ReasonOrigin)
}

// returnURLs are the provider's success and cancel addresses on the page that asked to pay:
// the same page told how it went, the session's id filled in by the provider.
func returnURLs(raw string) (success, cancel string) {
	u, _ := url.Parse(raw)
	q := u.Query()
	q.Del("checkout")
	q.Del("session")
	u.Fragment = ""
	base := *u
	q.Set("checkout", "cancelled")
	base.RawQuery = q.Encode()
	cancel = base.String()
	q.Set("checkout", "done")
	base.RawQuery = q.Encode()
	// The placeholder goes in unescaped: the provider replaces it literally.
	success = base.String() + "&session=" + sessionPlacehold
	return success, cancel
}

// fingerprint is a short digest of parts, for a provider key that changes with them.
func fingerprint(parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(h[:6])
}
