package api_test

import (
	"context"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// What an integrator's program sends is read strictly: a misspelt or unknown field in an
// estimate, a quote, an approval, a rejection or a revision is 400 unknown_field naming it, in
// the request's language, and nothing is stored or decided; a wrong type is 400 too.
func TestBodiesRefuseUnknownFields(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-strict")
	qid := f.newQuote(t, customer)
	ctx := context.Background()
	before, _ := f.quotes.Collection().CountDocuments(ctx, bson.D{})
	for _, c := range []struct {
		path string
		body any
	}{
		{"/api/v1/orders/estimate", map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 100, "qty": 5}},
		{"/api/v1/orders/quotes", map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 100, "notes": "x"}},
		{"/api/v1/orders/quotes", map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": "en", "quantity": 100}},
		{"/api/v1/orders/quotes/" + qid + "/approve", map[string]any{"version": 1, "acceptContract": true}},
		{"/api/v1/orders/quotes/" + qid + "/reject", map[string]any{"reasons": "Too expensive"}},
	} {
		a := f.send(t, "POST", c.path, "tr", customer, c.body)
		if a.status != 400 || (a.code() != "unknown_field" && a.code() != "malformed_json") {
			t.Errorf("%s %v: %d %s", c.path, c.body, a.status, a.raw)
		}
	}
	if a := f.send(t, "POST", "/api/v1/orders/quotes", "tr", customer, map[string]any{"service": "professional-translation", "sourceLanguage": "tr",
		"targetLanguages": []string{"en"}, "quantity": 100, "notes": "x"}); a.code() != "unknown_field" || a.message() == "" {
		t.Errorf("an unknown field: %s", a.raw)
	}
	after, _ := f.quotes.Collection().CountDocuments(ctx, bson.D{})
	if after != before {
		t.Errorf("refused requests stored %d quotes", after-before)
	}
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", customer, nil); a.body["status"] != "pending" {
		t.Errorf("the quote after refused decisions: %s", a.raw)
	}
}
