package api_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
)

// fakeBilling stands in for svc-billing's two routes svc-orders asks, on the caller's token as
// svc-billing does: GET billing/profile (a customer's own details: a person, or a company for
// those saved with saveCompany, billed in the country saved) and GET billing/tax
// (svc-billing's rule, restated here: 20 % KDV on the net rounded half up in Turkey, the
// exemption abroad; svc-billing's tests hold that rule equal to the invoice's). down makes it
// answer 500, as a svc-billing that fails.
type fakeBilling struct {
	url     string
	mu      sync.Mutex
	country map[string]string // customer → the country of their saved details
	company map[string]bool   // customers who buy as a company
	down    atomic.Bool
	asked   atomic.Int64
}

func startFakeBilling(t *testing.T, auth *authn.Authenticator) *fakeBilling {
	t.Helper()
	b := &fakeBilling{country: map[string]string{}, company: map[string]bool{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/billing/profile", func(w http.ResponseWriter, r *http.Request) {
		caller, ok := authn.FromContext(r.Context())
		if !ok || caller.Role != authn.RoleCustomer {
			http.Error(w, `{"error":{"code":"forbidden"}}`, http.StatusForbidden)
			return
		}
		country, saved := b.saved(caller.Subject)
		if !saved {
			_ = httpx.WriteJSON(w, http.StatusOK, map[string]any{"complete": false})
			return
		}
		p := map[string]any{"complete": true, "type": "individual", "fullName": "Deniz Aydın", "address": "Moda Cad. 5", "city": "İstanbul",
			"postcode": "34710", "country": country, "email": caller.Subject + "@example.com"}
		if b.isCompany(caller.Subject) {
			p["type"], p["companyName"] = "company", "Örnek Yayıncılık A.Ş."
		}
		switch {
		case country != "TR":
			p["taxId"] = "DE123456789"
		case p["type"] == "company":
			p["taxOffice"], p["vkn"] = "Kadıköy", "1234567890"
		default:
			p["tckn"] = "10000000146"
		}
		_ = httpx.WriteJSON(w, http.StatusOK, p)
	})
	mux.HandleFunc("GET /api/v1/billing/tax", func(w http.ResponseWriter, r *http.Request) {
		caller, _ := authn.FromContext(r.Context())
		q := r.URL.Query()
		customer := caller.Subject
		if c := q.Get("customer"); c != "" {
			if caller.Role != authn.RoleAdmin {
				http.Error(w, `{"error":{"code":"forbidden"}}`, http.StatusForbidden)
				return
			}
			customer = c
		}
		country, saved := b.saved(customer)
		if !saved {
			country = "TR"
		}
		net, _ := strconv.ParseInt(q.Get("amount"), 10, 64)
		netUSD, _ := strconv.ParseInt(q.Get("amountUsd"), 10, 64)
		percent, label := 20, map[string]string{"tr": "KDV %20", "en": "VAT 20%"}[string(httpx.ParseAcceptLanguage(r.Header.Get("Accept-Language")))]
		if country != "TR" {
			percent, label = 0, map[string]string{"tr": "KDV Kanunu 11/1-a maddesi uyarınca istisna", "en": "Exempt from Turkish VAT (export of services, VAT Law art. 11/1-a)"}[string(httpx.ParseAcceptLanguage(r.Header.Get("Accept-Language")))]
		}
		vat, vatUSD := (net*int64(percent)+50)/100, (netUSD*int64(percent)+50)/100
		m := func(n int64, cur string) map[string]any {
			return map[string]any{"amount": n, "currency": cur, "decimals": 2}
		}
		cur := q.Get("currency")
		_ = httpx.WriteJSON(w, http.StatusOK, map[string]any{"basis": "profile", "inTurkey": country == "TR", "country": country, "vatPercent": percent,
			"vatLabel": label, "net": m(net, cur), "vat": m(vat, cur), "total": m(net+vat, cur),
			"netUsd": m(netUSD, "USD"), "vatUsd": m(vatUSD, "USD"), "totalUsd": m(netUSD+vatUSD, "USD")})
	})
	srv := httptest.NewServer(auth.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.asked.Add(1)
		if b.down.Load() {
			http.Error(w, "down", http.StatusInternalServerError)
			return
		}
		mux.ServeHTTP(w, r)
	})))
	t.Cleanup(srv.Close)
	b.url = srv.URL
	return b
}

func (b *fakeBilling) saved(customer string) (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c, ok := b.country[customer]
	return c, ok
}

// save records the customer's billing details as saved, billed in country.
func (b *fakeBilling) save(customer, country string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.country[customer] = country
}

// saveCompany records the customer's details as a company's, billed in Turkey.
func (b *fakeBilling) saveCompany(customer string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.country[customer], b.company[customer] = "TR", true
}

func (b *fakeBilling) isCompany(customer string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.company[customer]
}

// customer signs in a customer who saved billing details in Turkey, as the site asks before
// any approval.
func (f *fixture) customer(subject string) string {
	f.billing.save(subject, "TR")
	return f.tokenFor(subject, authn.RoleCustomer)
}

// Approving asks svc-billing first: without saved billing details it is refused (409, in both
// languages) and no order is opened; with them it goes through; a billing that does not answer
// is a 503 with Retry-After, never an approval without the check.
func TestApprovalNeedsBillingDetails(t *testing.T) {
	f := newFixture(t)
	customer := f.tokenFor("cust-no-details", authn.RoleCustomer)
	qid := f.newQuote(t, customer)
	for lang, want := range map[string]string{
		"tr": "Fatura bilgilerinizi kaydedin; fatura bu bilgilerle kesilir.",
		"en": "Save your billing details first: the invoice is issued to them.",
	} {
		a := f.approve(t, qid, lang, customer, 0)
		if a.status != 409 || a.code() != "billing_details_required" || a.message() != want {
			t.Errorf("%s without details: %d %s", lang, a.status, a.raw)
		}
	}
	if q := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", customer, nil); q.body["status"] != "pending" || q.body["orderId"] != "" {
		t.Errorf("the refused quote: %s", q.raw)
	}
	if o := f.send(t, "GET", "/api/v1/orders/orders", "en", customer, nil); len(o.body["orders"].([]any)) != 0 {
		t.Errorf("an order was opened: %s", o.raw)
	}
	// Someone else's quote is still 404, not a hint about billing details.
	if a := f.approve(t, qid, "en", f.customer("cust-nosy"), 0); a.status != 404 {
		t.Errorf("another customer: %d %s", a.status, a.raw)
	}

	f.billing.down.Store(true)
	f.billing.save("cust-no-details", "GB")
	a := f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/approve", "tr", customer, nil)
	if a.status != 503 || a.code() != "unavailable" || a.header.Get("Retry-After") == "" || !turkishText(a.message()) {
		t.Errorf("billing down: %d %v %s", a.status, a.header, a.raw)
	}
	if q := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", customer, nil); q.body["status"] != "pending" {
		t.Errorf("approved while billing was down: %s", q.raw)
	}

	f.billing.down.Store(false)
	asked := f.billing.asked.Load()
	ok := f.approve(t, qid, "en", customer, 0)
	if ok.status != 200 || obj(ok.body, "quote")["status"] != "approved" || obj(ok.body, "order")["id"] == nil {
		t.Fatalf("with details: %d %s", ok.status, ok.raw)
	}
	if f.billing.asked.Load() == asked {
		t.Error("approved without asking svc-billing")
	}
	// Approving again answers the same order, whatever billing says now.
	f.billing.down.Store(true)
	if again := f.approve(t, qid, "en", customer, 0); again.status != 200 ||
		obj(again.body, "order")["id"] != obj(ok.body, "order")["id"] {
		t.Errorf("approving again: %d %s", again.status, again.raw)
	}
}

func turkishText(s string) bool {
	for _, r := range s {
		if r == 'ı' || r == 'ş' || r == 'ğ' || r == 'ü' || r == 'ö' || r == 'ç' || r == 'İ' {
			return true
		}
	}
	return false
}
