package api_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"sort"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/testenv"
	"linguaport/svc-billing/api"
)

// badRoute is one state-changing route of the route table (api.Routes) with what bad input it can be sent.
type badRoute struct {
	path  string // the route with real ids filled in (an unknown one where a real one would act)
	token string
	key   bool   // the route needs an Idempotency-Key
	body  string // a well-typed body, refused or harmless; "" for routes that read none
	// wrongType is the body with a JSON value of the wrong type; amount is the body with "%s"
	// where its amount's number goes ("" for routes without an amount).
	wrongType, amount string
	// signed: a negative amount is no bad input here (staff's adjustment debits with one).
	signed bool
	// more are the route's own bad bodies (an unknown payment method …).
	more map[string]string
}

// badCase is one bad request; a key is sent unless noKey.
type badCase struct {
	name, contentType, body string
	noKey                   bool
}

func (r badRoute) cases() []badCase {
	cases := []badCase{
		{name: "malformed JSON", contentType: "application/json", body: `{"amount": `},
		{name: "text/plain", contentType: "text/plain", body: or(r.body, `{}`)},
		{name: "over the JSON limit", contentType: "application/json", body: `{"x":"` + strings.Repeat("a", 70<<10) + `"}`},
	}
	if r.wrongType != "" {
		cases = append(cases, badCase{name: "wrong JSON type", contentType: "application/json", body: r.wrongType})
	}
	if r.amount != "" {
		for name, n := range map[string]string{
			"amount as a string": `"100"`, "negative amount": `-100`, "zero amount": `0`,
			"amount overflowing int64": `99999999999999999999999`, "fractional amount": `1.5`,
		} {
			if r.signed && name == "negative amount" {
				continue
			}
			cases = append(cases, badCase{name: name, contentType: "application/json", body: strings.Replace(r.amount, "%s", n, 1)})
		}
	}
	for name, body := range r.more {
		cases = append(cases, badCase{name: name, contentType: "application/json", body: body})
	}
	if r.key {
		cases = append(cases, badCase{name: "no Idempotency-Key", contentType: "application/json", body: r.body, noKey: true})
	}
	return cases
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// Every state-changing billing route, sent each kind of bad input in Turkish and in English,
// answers a 4xx (never a 5xx) whose message and field errors are in the request's language, and
// stores nothing. The routes come from the route table (api.Routes, the one the service serves
// and publishes): a new POST or PUT route without a row here fails the test.
func TestEveryRouteRefusesBadInput(t *testing.T) {
	b := newBilling(t)
	customer, inv := b.pending(t, "cust-bad-input")
	invoiceID := inv["id"].(string)
	declared := b.post(t, "/api/v1/billing/balance/transfers", customer, "en", "", map[string]any{
		"amount": map[string]any{"amount": 10_000, "currency": "TRY"}, "sender": "Ayşe Yılmaz", "date": "2026-11-20", "reference": "Havale"})
	if declared.status != 201 {
		t.Fatalf("declare a transfer: %d %v", declared.status, declared.body)
	}
	transferID := declared.body["id"].(string)
	admin := b.token("admin-bad-input", authn.RoleAdmin)
	translator := b.token("tr-bad-input", authn.RoleTranslator)
	money := `{"amount":{"amount":%s,"currency":"TRY"}`

	routes := map[string]badRoute{
		"PUT /api/v1/billing/profile": {path: "/api/v1/billing/profile", token: customer,
			body: `{"type":"individual"}`, wrongType: `{"fullName":5,"country":["TR"]}`,
			more: map[string]string{"unknown field": `{"vkn2":"4540536920"}`, "not an object": `["TR"]`}},
		"POST /api/v1/billing/invoices/{id}/pay": {path: "/api/v1/billing/invoices/" + invoiceID + "/pay", token: customer, key: true,
			body: `{"method":"balance"}`, wrongType: `{"method":1}`,
			more: map[string]string{"unknown method": `{"method":"cash"}`, "no method": `{}`, "null method": `{"method":null}`}},
		"POST /api/v1/billing/balance/top-ups": {path: "/api/v1/billing/balance/top-ups", token: customer, key: true,
			body: `{"amount":{"amount":100,"currency":"TRY"},"returnUrl":"` + site + `/tr"}`, wrongType: `{"amount":"100 TRY"}`,
			amount: money + `,"returnUrl":"` + site + `/tr"}`,
			more:   map[string]string{"unknown currency": `{"amount":{"amount":100,"currency":"XYZ"},"returnUrl":"` + site + `/tr"}`}},
		"POST /api/v1/billing/balance/transfers": {path: "/api/v1/billing/balance/transfers", token: customer,
			body: `{}`, wrongType: `{"amount":{"amount":100,"currency":"TRY"},"sender":7,"date":"2026-11-20","reference":"x"}`,
			amount: money + `,"sender":"Ayşe Yılmaz","date":"2026-11-20","reference":"Havale"}`},
		// A real transfer would be confirmed by any body: an unknown one is the bad input.
		"POST /api/v1/billing/admin/transfers/{id}/confirm": {path: "/api/v1/billing/admin/transfers/trf-nope/confirm", token: admin},
		"POST /api/v1/billing/admin/transfers/{id}/reject": {path: "/api/v1/billing/admin/transfers/" + transferID + "/reject", token: admin,
			body: `{"reason":""}`, wrongType: `{"reason":["no"]}`},
		// The invoice is pending: refunding it is refused whatever the body.
		"POST /api/v1/billing/admin/invoices/{id}/refund": {path: "/api/v1/billing/admin/invoices/" + invoiceID + "/refund", token: admin},
		"POST /api/v1/billing/earnings/payouts": {path: "/api/v1/billing/earnings/payouts", token: translator, key: true,
			body: `{}`, wrongType: `{"bankAccountId":12}`, amount: `{"bankAccountId":"ba-1","amount":{"amount":%s,"currency":"TRY"}}`},
		"POST /api/v1/billing/admin/payouts/{id}/paid": {path: "/api/v1/billing/admin/payouts/po-nope/paid", token: admin},
		"POST /api/v1/billing/admin/payouts/{id}/reject": {path: "/api/v1/billing/admin/payouts/po-nope/reject", token: admin,
			body: `{"reason":"no"}`, wrongType: `{"reason":false}`},
		"POST /api/v1/billing/admin/invoices/{id}/mark-paid": {path: "/api/v1/billing/admin/invoices/" + invoiceID + "/mark-paid", token: admin,
			body: `{}`, wrongType: `{"reference":12,"receivedAt":"2026-11-20"}`,
			more: map[string]string{"no reference": `{"receivedAt":"2026-11-20"}`, "date not a date": `{"reference":"EFT 1","receivedAt":"yesterday"}`}},
		"POST /api/v1/billing/admin/balances/{customerId}/adjustments": {path: "/api/v1/billing/admin/balances/cust-bad-input/adjustments", token: admin, key: true,
			body: `{"amount":{"amount":100,"currency":"TRY"}}`, wrongType: `{"amount":{"amount":100,"currency":"TRY"},"reason":{"why":"x"}}`,
			amount: `{"amount":{"amount":%s,"currency":"TRY"},"reason":"goodwill"}`, signed: true},
		"PUT /api/v1/billing/admin/customers/{customerId}/e-fatura": {path: "/api/v1/billing/admin/customers/cust-bad-input/e-fatura", token: admin,
			body: `{}`, wrongType: `{"scenario":1,"alias":"urn:mail:a@b.c"}`,
			more: map[string]string{"an export scenario": `{"scenario":"IHRACAT","alias":"urn:mail:a@b.c"}`, "an e-mail, not an alias": `{"scenario":"TEMELFATURA","alias":"a@b.c"}`}},
		// The customer is not registered: there is nothing to remove.
		"DELETE /api/v1/billing/admin/customers/{customerId}/e-fatura": {path: "/api/v1/billing/admin/customers/cust-bad-input/e-fatura", token: admin},
		// Unsigned: whatever the body, the signature refuses it first.
		"POST /api/v1/billing/webhooks/stripe": {path: "/api/v1/billing/webhooks/stripe", body: `{"id":"evt_1","type":"checkout.session.completed"}`,
			wrongType: `{"id":1}`},
	}
	var missing []string
	for _, rule := range api.Routes(api.Endpoints{}).Rules() {
		method, _, _ := strings.Cut(rule.Pattern, " ")
		if _, ok := routes[rule.Pattern]; !ok && (method == "POST" || method == "PUT" || method == "PATCH" || method == "DELETE") {
			missing = append(missing, rule.Pattern)
		}
	}
	if len(missing) > 0 {
		t.Errorf("state-changing routes of the route table not sent bad input here: %v", missing)
	}

	before := b.snapshot(t)
	patterns := make([]string, 0, len(routes))
	for p := range routes {
		patterns = append(patterns, p)
	}
	sort.Strings(patterns)
	for _, pattern := range patterns {
		r := routes[pattern]
		method, _, _ := strings.Cut(pattern, " ")
		for _, c := range r.cases() {
			key := ""
			if r.key && !c.noKey {
				key = "bad-input-" + strings.ReplaceAll(c.name, " ", "-")
			}
			send := func(lang string) answer {
				return b.raw(t, method, r.path, r.token, lang, c.contentType, key, c.body)
			}
			inLanguages(t, pattern+" "+c.name, send)
		}
	}

	// The reads with a bad query: a currency nobody has, a cursor that is no entry, a document
	// language the site does not have, a status no transfer or payout has.
	// Each is refused by the parameter's name, in words about what it is.
	for _, q := range []struct{ path, token, field, word string }{
		{"/api/v1/billing/balance?currency=XYZ", customer, "currency", "currency"},
		{"/api/v1/billing/balance?before=nope", customer, "before", "cursor"},
		{"/api/v1/billing/invoices/" + invoiceID + ".pdf?lang=de", customer, "lang", "language"},
		{"/api/v1/billing/earnings?before=nope", translator, "before", "cursor"},
		{"/api/v1/billing/admin/transfers?status=bogus", admin, "status", "status"},
		{"/api/v1/billing/admin/payouts?status=bogus", admin, "status", "status"},
		{"/api/v1/billing/admin/invoices?status=bogus", admin, "status", "status"},
		{"/api/v1/billing/admin/invoices?pastDue=maybe", admin, "pastDue", "pastDue"},
		{"/api/v1/billing/invoices?orderId=" + strings.Repeat("o", 101), customer, "orderId", "order id"},
		{"/api/v1/billing/tax?amount=-1&currency=TRY", "", "amount", "amount"},
		{"/api/v1/billing/tax?amount=1&currency=XYZ", customer, "currency", "currency"},
		{"/api/v1/billing/tax?amount=1&currency=TRY&country=ZZ", "", "country", "country"},
	} {
		en := inLanguages(t, "GET "+q.path, func(lang string) answer { return b.raw(t, "GET", q.path, q.token, lang, "", "", "") })
		if _, fields := problemOf(en); !strings.Contains(fields[q.field], q.word) {
			t.Errorf("GET %s: field %s worded %q, want it to speak of the %s", q.path, q.field, fields[q.field], q.word)
		}
	}

	if after := b.snapshot(t); after != before {
		t.Errorf("bad input changed what is stored:\nbefore %s\nafter  %s", before, after)
	}
}

// inLanguages sends a bad request in Turkish and in English: both are the same 4xx, with the same
// code and fields, worded in each language (Turkish letters in the Turkish words, none in the
// English ones), and no field answered with the words of no field. It answers the English one.
func inLanguages(t *testing.T, name string, send func(lang string) answer) (en answer) {
	t.Helper()
	tr, en := send("tr"), send("en")
	if tr.status < 400 || tr.status > 499 || en.status != tr.status {
		t.Errorf("%s: %d (tr) / %d (en), want the same 4xx; %v", name, tr.status, en.status, en.body)
		return en
	}
	trMsg, trFields := problemOf(tr)
	enMsg, enFields := problemOf(en)
	if errorCode(tr) == "" || errorCode(tr) != errorCode(en) {
		t.Errorf("%s: codes %q / %q", name, errorCode(tr), errorCode(en))
	}
	if trMsg == enMsg || !turkish(trMsg) || turkish(enMsg) || enMsg == "" {
		t.Errorf("%s: messages tr %q, en %q", name, trMsg, enMsg)
	}
	if !slices.Equal(keys(trFields), keys(enFields)) {
		t.Errorf("%s: fields tr %v, en %v", name, trFields, enFields)
	}
	for field, trText := range trFields {
		enText := enFields[field]
		if trText == enText || !turkish(trText) || turkish(enText) || enText == "Invalid value." {
			t.Errorf("%s: field %s worded tr %q, en %q", name, field, trText, enText)
		}
	}
	return en
}

func problemOf(a answer) (string, map[string]string) {
	e, _ := a.body["error"].(map[string]any)
	msg, _ := e["message"].(string)
	fields := map[string]string{}
	raw, _ := e["fields"].(map[string]any)
	for k, v := range raw {
		fields[k], _ = v.(string)
	}
	return msg, fields
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// turkish: the text has a letter English does not.
func turkish(s string) bool { return strings.ContainsAny(s, "çğıöşüÇĞİÖŞÜ") }

// raw sends a request with a raw body; "" leaves the content type, the key or the body out.
func (b *billing) raw(t *testing.T, method, path, token, lang, contentType, key, body string) answer {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, b.url+path, rd)
	req.Header.Set("Accept-Language", lang)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	var out map[string]any
	resp := testenv.DoJSON(t, req, &out)
	return answer{status: resp.StatusCode, header: resp.Header, body: out}
}

// snapshot is everything svc-billing keeps, each collection's documents as JSON, to compare before
// and after: bad input may change none of it.
func (b *billing) snapshot(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	names, err := b.db.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	var out strings.Builder
	for _, name := range names {
		cur, err := b.db.Collection(name).Find(ctx, bson.D{})
		if err != nil {
			t.Fatal(err)
		}
		var docs []bson.M
		if err := cur.All(ctx, &docs); err != nil {
			t.Fatal(err)
		}
		sort.Slice(docs, func(i, j int) bool { return fmtID(docs[i]) < fmtID(docs[j]) })
		raw, _ := json.Marshal(docs)
		out.WriteString(name + ": " + string(raw) + "\n")
	}
	return out.String()
}

func fmtID(d bson.M) string { raw, _ := json.Marshal(d["_id"]); return string(raw) }
