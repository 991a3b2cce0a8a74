package api_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"linguaport/internal/authn"
)

// taxOf asks GET tax about the approve fixture's amounts (1.870,00 TRY, $68.00) with query added.
func (b *billing) taxOf(t *testing.T, token, lang string, query url.Values) answer {
	t.Helper()
	q := url.Values{"amount": {"187000"}, "currency": {"TRY"}, "amountUsd": {"6800"}}
	for k, v := range query {
		q[k] = v
	}
	return b.call(t, "/api/v1/billing/tax?"+q.Encode(), token, lang)
}

func moneyOf(t *testing.T, a answer, name string) (int64, string) {
	t.Helper()
	m, ok := a.body[name].(map[string]any)
	if !ok {
		t.Fatalf("no %s in %v", name, a.body)
	}
	return num(m["amount"]), m["currency"].(string)
}

// What GET tax shows before approval is what the invoice then carries, for a Turkish
// individual, a Turkish company and a company abroad: the same net, VAT, total (in the display
// currency and in USD), rate and VAT wording (the exemption abroad), in both languages.
func TestTaxEqualsTheInvoice(t *testing.T) {
	b := newBilling(t)
	for _, c := range []struct {
		customer string
		details  map[string]any
		inTurkey bool
		percent  int64
	}{
		{"cust-tax-tr", individualTR(), true, 20},
		{"cust-tax-co", companyTR(), true, 20},
		{"cust-tax-gb", companyAbroad(), false, 0},
	} {
		tok := b.token(c.customer, authn.RoleCustomer)
		if a := b.put(t, tok, "en", c.details); a.status != 200 {
			t.Fatalf("%s profile: %d %v", c.customer, a.status, a.body)
		}
		shown := map[string]answer{}
		for _, lang := range []string{"tr", "en"} {
			a := b.taxOf(t, tok, lang, nil)
			if a.status != 200 || a.body["basis"] != "profile" || a.body["inTurkey"] != c.inTurkey || a.body["country"] != c.details["country"] ||
				num(a.body["vatPercent"]) != c.percent {
				t.Fatalf("%s %s: %d %v", c.customer, lang, a.status, a.body)
			}
			shown[lang] = a
		}
		b.approve(t, "q-"+c.customer, c.customer)
		inv := b.list(t, tok, 1)[0]
		totals, usd := inv["totals"].(map[string]any), inv["totalsUsd"].(map[string]any)
		vat := linesOf(inv)[len(linesOf(inv))-1]
		for lang, a := range shown {
			for name, want := range map[string]int64{"net": num(totals["net"]), "vat": num(totals["vat"]), "total": num(totals["total"])} {
				if got, cur := moneyOf(t, a, name); got != want || cur != "TRY" {
					t.Errorf("%s %s %s: shown %d %s, invoiced %d", c.customer, lang, name, got, cur, want)
				}
			}
			for name, want := range map[string]int64{"netUsd": num(usd["net"]), "vatUsd": num(usd["vat"]), "totalUsd": num(usd["total"])} {
				if got, cur := moneyOf(t, a, name); got != want || cur != "USD" {
					t.Errorf("%s %s %s: shown %d %s, invoiced %d", c.customer, lang, name, got, cur, want)
				}
			}
			if label := vat["description"].(map[string]any)[lang]; a.body["vatLabel"] != label || num(vat["ratePercent"]) != num(a.body["vatPercent"]) ||
				inv["inTurkey"] != a.body["inTurkey"] {
				t.Errorf("%s %s: shown %v %v, invoiced %v", c.customer, lang, a.body["vatLabel"], a.body["vatPercent"], vat)
			}
		}
	}
	// The figures themselves, so the comparison above cannot pass on two empty answers.
	tr := b.taxOf(t, b.token("cust-tax-tr", authn.RoleCustomer), "tr", nil)
	if total := tr.body["total"].(map[string]any); num(total["amount"]) != 224_400 || total["formatted"] != "2.244,00 ₺" || num(total["decimals"]) != 2 ||
		tr.body["vatLabel"] != "KDV %20" {
		t.Errorf("Turkish individual: %v", tr.body)
	}
	gb := b.taxOf(t, b.token("cust-tax-gb", authn.RoleCustomer), "en", nil)
	if total := gb.body["total"].(map[string]any); num(total["amount"]) != 187_000 || total["formatted"] != "₺1,870.00" ||
		gb.body["vatLabel"] != "Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)" {
		t.Errorf("abroad: %v", gb.body)
	}
}

// Without saved details the answer is Turkey's (the invoice's default); a country being typed
// into the form is previewed; staff ask for a customer's; nobody else may.
func TestTaxBasis(t *testing.T) {
	b := newBilling(t)
	gb := b.token("cust-basis-gb", authn.RoleCustomer)
	if a := b.put(t, gb, "en", individualAbroad()); a.status != 200 {
		t.Fatal(a.body)
	}
	staff := b.token("staff", authn.RoleAdmin)
	for _, c := range []struct {
		name, token string
		query       url.Values
		basis       string
		country     string
		vat         int64
	}{
		{"visitor", "", nil, "default", "TR", 37_400},
		{"visitor, country DE", "", url.Values{"country": {"de"}}, "country", "DE", 0},
		{"customer without details", b.token("cust-basis-none", authn.RoleCustomer), nil, "default", "TR", 37_400},
		{"customer abroad", gb, nil, "profile", "DE", 0},
		{"customer abroad previewing TR", gb, url.Values{"country": {"TR"}}, "country", "TR", 37_400},
		{"staff for the customer abroad", staff, url.Values{"customer": {"cust-basis-gb"}}, "profile", "DE", 0},
		{"staff alone", staff, nil, "default", "TR", 37_400},
		{"translator", b.token("tr-1", authn.RoleTranslator), nil, "default", "TR", 37_400},
	} {
		a := b.taxOf(t, c.token, "en", c.query)
		if vat, _ := moneyOf(t, a, "vat"); a.status != 200 || a.body["basis"] != c.basis || a.body["country"] != c.country || vat != c.vat {
			t.Errorf("%s: %d %v", c.name, a.status, a.body)
		}
	}
	// Without amountUsd there are no USD figures.
	if a := b.call(t, "/api/v1/billing/tax?amount=100&currency=JPY", "", "en"); a.status != 200 || a.body["netUsd"] != nil ||
		a.body["total"].(map[string]any)["formatted"] != "¥120" {
		t.Errorf("JPY without USD: %d %v", a.status, a.body)
	}
	// ?customer= is staff's only.
	if a := b.taxOf(t, gb, "en", url.Values{"customer": {"cust-basis-none"}}); a.status != 403 {
		t.Errorf("a customer naming another: %d %v", a.status, a.body)
	}
	if a := b.taxOf(t, "", "en", url.Values{"customer": {"cust-basis-gb"}}); a.status != 401 {
		t.Errorf("a visitor naming a customer: %d %v", a.status, a.body)
	}
}

// Bad input is a 400 naming each bad parameter in the request's language, never a 5xx.
func TestTaxBadInput(t *testing.T) {
	b := newBilling(t)
	for _, c := range []struct {
		query  string
		fields []string
	}{
		{"", []string{"amount", "currency"}},
		{"amount=-1&currency=TRY", []string{"amount"}},
		{"amount=1.5&currency=TRY", []string{"amount"}},
		{"amount=99999999999999999999&currency=TRY", []string{"amount"}},
		{"amount=100&currency=CHF", []string{"currency"}},
		{"amount=100&currency=TRY&amountUsd=x", []string{"amountUsd"}},
		{"amount=100&currency=TRY&country=XX", []string{"country"}},
		{"amount=100&currency=TRY&contry=DE", []string{"contry"}},
	} {
		for _, lang := range []string{"tr", "en"} {
			a := b.call(t, "/api/v1/billing/tax?"+c.query, "", lang)
			code, fields := errorOf(a)
			if a.status != 400 || code != "validation_failed" || len(fields) != len(c.fields) {
				t.Errorf("%q %s: %d %v", c.query, lang, a.status, a.body)
				continue
			}
			for _, f := range c.fields {
				msg, _ := fields[f].(string)
				if msg == "" || strings.Contains(msg, "Invalid value") || strings.Contains(msg, "Geçersiz değer") || (lang == "tr") != turkish(msg+fmt.Sprint(a.body)) {
					t.Errorf("%q %s: field %s worded %q", c.query, lang, f, msg)
				}
			}
		}
	}
}
