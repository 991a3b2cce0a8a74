package invoices

import (
	"context"
	"errors"
	"fmt"

	"linguaport/svc-billing/profile"
)

// Where a tax preview's market comes from (Tax.Basis).
const (
	// BasisProfile: the customer's saved billing details, as the invoice will read them.
	BasisProfile = "profile"
	// BasisCountry: a country given with the request (details being filled in, not saved yet).
	BasisCountry = "country"
	// BasisDefault: neither; billed as in Turkey, the site's default market, as build does.
	BasisDefault = "default"
)

// TaxQuery asks what an invoice of Net (NetUSD in USD cents) would charge: for CustomerID's
// saved billing details, or for Country when it is given ("" for neither).
type TaxQuery struct {
	CustomerID string
	Country    string
	Net        int64
	NetUSD     int64
}

// Tax is the VAT and the totals an invoice of the query's net would carry, worked out by the
// invoice's own rule (charge), so a price shown before approval is the price invoiced.
type Tax struct {
	Basis      string
	InTurkey   bool
	Country    string
	VATPercent int
	// VATLine is the invoice's VAT line: its wording ("KDV %20", or the exemption abroad), rate
	// and amounts.
	VATLine   Line
	Totals    Totals
	TotalsUSD Totals
}

// billedInTurkey is build's reading of the details: no details saved (no country) bills as in
// Turkey, the site's default market.
func billedInTurkey(d profile.Details) bool { return d.Country == "" || d.InTurkey() }

// charge is the VAT line and totals of an invoice of net and netUSD: the rate for customers
// billed in Turkey, 0 % with the exemption abroad. Every figure of an invoice and of a preview
// comes from here.
func charge(inTurkey bool, ratePercent int, net, netUSD int64) (vat Line, totals, totalsUSD Totals, vatPercent int) {
	if inTurkey {
		vatPercent = ratePercent
	}
	vat = vatLine(inTurkey, vatPercent, net, netUSD)
	totals = Totals{Net: net, VAT: vat.Amount, Total: net + vat.Amount}
	totalsUSD = Totals{Net: netUSD, VAT: vat.AmountUSD, Total: netUSD + vat.AmountUSD}
	return vat, totals, totalsUSD, vatPercent
}

func (s *service) Tax(ctx context.Context, q TaxQuery) (Tax, error) {
	t := Tax{Basis: BasisDefault, Country: profile.Turkey}
	switch {
	case q.Country != "":
		t.Basis, t.Country = BasisCountry, q.Country
	case q.CustomerID != "":
		p, err := profile.IssuedTo(ctx, s.profiles, q.CustomerID)
		switch {
		case err == nil:
			t.Basis, t.Country = BasisProfile, p.Country
			if t.Country == "" {
				t.Country = profile.Turkey
			}
		case !errors.Is(err, profile.ErrNotFound):
			return Tax{}, fmt.Errorf("billing details of %s: %w", q.CustomerID, err)
		}
	}
	t.InTurkey = billedInTurkey(profile.Details{Country: t.Country})
	t.VATLine, t.Totals, t.TotalsUSD, t.VATPercent = charge(t.InTurkey, s.vatPercent, q.Net, q.NetUSD)
	return t, nil
}
