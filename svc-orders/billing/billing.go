// Package billing is svc-orders' client of svc-billing: whether a customer saved the billing
// details an invoice needs (asked before a quote is approved), and the VAT an invoice of a
// quote will carry (printed on the quote's PDF). It calls on the caller's behalf, forwarding
// their token (authn.Token), so svc-billing answers exactly what that caller may ask it and no
// service-only route or trust is needed.
package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/svcclient"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

// Client asks the svc-billing instances c reaches.
type Client struct{ c *svcclient.Client }

// New returns a client of svc-billing over c.
func New(c *svcclient.Client) *Client { return &Client{c: c} }

// Tax is svc-billing's GET tax answer, the part a quote prints: the VAT an invoice of the net
// will carry, worded in the language asked for.
type Tax struct {
	Basis      string `json:"basis"`
	InTurkey   bool   `json:"inTurkey"`
	Country    string `json:"country"`
	VATPercent int    `json:"vatPercent"`
	VATLabel   string `json:"vatLabel"`
	Net        Amount `json:"net"`
	VAT        Amount `json:"vat"`
	Total      Amount `json:"total"`
	TotalUSD   Amount `json:"totalUsd"`
}

// Amount is a figure of the answer in its minor units.
type Amount struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// Details are the calling customer's saved billing details and whether they are complete (GET
// billing/profile).
func (b *Client) Details(ctx context.Context) (contracts.Details, bool, error) {
	var p struct {
		contracts.Details
		Complete bool `json:"complete"`
	}
	if err := b.get(ctx, "/api/v1/billing/profile", i18n.TR, &p); err != nil {
		return contracts.Details{}, false, err
	}
	return p.Details, p.Complete, nil
}

// Price is what q's invoice will carry for its customer (Tax), as the contract prints it. A
// figure that does not add up is not printed: errs.ErrUnavailable.
func (b *Client) Price(ctx context.Context, c authn.Caller, q *quotes.Quote, lang i18n.Lang) (orders.Price, error) {
	t, err := b.Tax(ctx, c, q.CustomerID, q.Total.Amount, q.Total.Currency, q.TotalUSD.Amount, lang)
	if err != nil {
		return orders.Price{}, err
	}
	if t.Net.Amount != q.Total.Amount || t.Net.Currency != q.Total.Currency || t.Total.Amount != t.Net.Amount+t.VAT.Amount {
		return orders.Price{}, fmt.Errorf("svc-billing's tax of quote %s does not add up: %w", q.ID, errs.ErrUnavailable)
	}
	return orders.Price{Net: t.Net.Amount, VAT: t.VAT.Amount, Total: t.Total.Amount, Currency: t.Net.Currency, VATLabel: t.VATLabel}, nil
}

// Tax is what an invoice of net (netUSD in USD cents) in currency will charge customerID, by
// svc-billing's own rule, worded in lang. A customer asks for their own; staff (c) forward
// customerID, which svc-billing lets only staff name. svc-billing is asked with the token of the
// request in ctx.
func (b *Client) Tax(ctx context.Context, c authn.Caller, customerID string, net int64, currency string, netUSD int64, lang i18n.Lang) (Tax, error) {
	q := url.Values{"amount": {strconv.FormatInt(net, 10)}, "currency": {currency}, "amountUsd": {strconv.FormatInt(netUSD, 10)}}
	if c.Staff() && customerID != "" {
		q.Set("customer", customerID)
	}
	var t Tax
	err := b.get(ctx, "/api/v1/billing/tax?"+q.Encode(), lang, &t)
	return t, err
}

// get asks svc-billing with the caller's token. Any answer but 200 (svc-billing down, or
// refusing what it was asked) is errs.ErrUnavailable: the caller cannot be told more than that
// the answer is not there now.
func (b *Client) get(ctx context.Context, target string, lang i18n.Lang, into any) error {
	token, ok := authn.Token(ctx)
	if !ok {
		return fmt.Errorf("svc-billing %s: no caller's token to ask with: %w", target, errs.ErrUnavailable)
	}
	resp, err := b.c.Get(ctx, target, http.Header{"Authorization": {"Bearer " + token}, "Accept-Language": {string(lang)}})
	if err != nil {
		return err // already errs.ErrUnavailable
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("svc-billing %s answered %s: %w", target, resp.Status, errs.ErrUnavailable)
	}
	if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
		return fmt.Errorf("svc-billing %s: its answer: %v: %w", target, err, errs.ErrUnavailable)
	}
	return nil
}
