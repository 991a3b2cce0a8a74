package api_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

// ownPages walks GET path?query as token from the first page, following next (which names the
// page's last item, "" on the last page), and answers the ids of each page under key.
func (f *fixture) ownPages(t *testing.T, path, key, token, query string) [][]string {
	t.Helper()
	var pages [][]string
	after := ""
	for len(pages) <= 20 {
		q := path + "?" + query
		if after != "" {
			q += "&after=" + url.QueryEscape(after)
		}
		a := f.send(t, "GET", q, "en", token, nil)
		if a.status != 200 {
			t.Fatalf("%s: %d %s", q, a.status, a.raw)
		}
		ids := []string{}
		for _, item := range a.body[key].([]any) {
			ids = append(ids, obj(item)["id"].(string))
		}
		pages = append(pages, ids)
		next, ok := a.body["next"].(string)
		switch {
		case !ok:
			t.Fatalf("%s: no next: %s", q, a.raw)
		case next == "":
			return pages
		case len(ids) == 0 || next != ids[len(ids)-1]:
			t.Fatalf("%s: next %q is not the page's last item: %v", q, next, ids)
		}
		after = next
	}
	t.Fatalf("%s?%s: no last page", path, query)
	return nil
}

// checkPaging walks the list at every page size and asks it without parameters: each walk meets
// want once each, in order, in pages of the size asked (the last one shorter); without
// parameters the list is one page, as the web app always read it.
func (f *fixture) checkPaging(t *testing.T, path, key, token string, want []string) {
	t.Helper()
	for limit := 1; limit <= len(want)+1; limit++ {
		pages := f.ownPages(t, path, key, token, fmt.Sprintf("limit=%d", limit))
		if !slices.Equal(slices.Concat(pages...), want) || len(pages) != max(1, (len(want)+limit-1)/limit) {
			t.Errorf("%s in pages of %d: %v, want %v", path, limit, pages, want)
			continue
		}
		for i, p := range pages[:len(pages)-1] {
			if len(p) != limit {
				t.Errorf("%s in pages of %d: page %d holds %d", path, limit, i, len(p))
			}
		}
	}
	if pages := f.ownPages(t, path, key, token, ""); len(pages) != 1 || !slices.Equal(pages[0], want) {
		t.Errorf("%s without parameters: %v, want %v", path, pages, want)
	}
}

// refusedPage asks GET path?query as token in both languages: a 400 naming field (after or
// limit) in the language asked, never anything else.
func (f *fixture) refusedPage(t *testing.T, path, token, query, field string) {
	t.Helper()
	words := map[string]map[string]string{
		"after": {"en": "The page cursor must be the id of a known item.", "tr": "Sayfa imleci bilinen bir kaydın kimliği olmalı."},
		"limit": {"en": "The page size (limit) must be a whole number from 1 to 100.", "tr": "Sayfa boyutu (limit) 1 ile 100 arasında bir tam sayı olmalı."},
	}[field]
	for lang, want := range words {
		a := f.send(t, "GET", path+"?"+query, lang, token, nil)
		if a.status != 400 || a.code() != "validation_failed" || fieldOf(a.body, field) != want {
			t.Errorf("%s?%s (%s): %d %s", path, query, lang, a.status, a.raw)
		}
	}
}

// pagingSeed are the orders and quotes of the paging tests: id and minute of creation. Newest
// first they read a, f, e, c, b, g, d: e and c were made in one instant, the greater id first,
// and fall on both sides of the end of a page of 3 (or of 2 of the translator's).
var pagingSeed = []struct {
	id     string
	minute int
}{{"a", 6}, {"f", 5}, {"e", 3}, {"c", 3}, {"b", 2}, {"g", 1}, {"d", 0}}

// A customer's orders, a translator's and every order for staff page by cursor (DESIGN §15):
// limit orders a page, newest first, the id breaking ties of one instant, after= the next of the
// page before. A cursor must be one of the caller's own orders; a bad one or a bad limit is a
// 400 naming it in the request's language. Without parameters the list is as before it paged.
func TestOrdersPageByCursor(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	base := time.Now().UTC().Add(-time.Hour).Truncate(time.Millisecond)
	store := func(id, customer, translator string, minute int) {
		t.Helper()
		o := &orders.Order{ID: id, Number: "O-2026-" + id, QuoteID: "q-" + id, CustomerID: customer, TranslatorID: translator,
			Status: orders.AwaitingPayment, CreatedAt: base.Add(time.Duration(minute) * time.Minute)}
		if translator != "" {
			o.Status = orders.Assigned
		}
		if _, err := f.orders.Create(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	var mine []string
	for _, s := range pagingSeed {
		mine = append(mine, "ord-"+s.id)
	}
	// Stored oldest first, so that no walk passes on the order of insertion.
	for i := len(pagingSeed) - 1; i >= 0; i-- {
		translator := ""
		if s := pagingSeed[i]; s.id == "e" || s.id == "c" || s.id == "g" {
			translator = "tr-pages"
		}
		store(mine[i], "cust-pages", translator, pagingSeed[i].minute)
	}
	store("else-1", "cust-else", "tr-pages", 4)
	store("else-2", "cust-else", "", 7)
	const list = "/api/v1/orders/orders"
	customer := f.tokenFor("cust-pages", authn.RoleCustomer)
	translator := f.tokenFor("tr-pages", authn.RoleTranslator)

	pages := f.ownPages(t, list, "orders", customer, "limit=3")
	if len(pages) != 3 || len(pages[0]) != 3 || len(pages[1]) != 3 || len(pages[2]) != 1 || !slices.Equal(slices.Concat(pages...), mine) {
		t.Errorf("pages of 3: %v, want %v", pages, mine)
	}
	f.checkPaging(t, list, "orders", customer, mine)
	f.checkPaging(t, list, "orders", translator, []string{"else-1", "ord-e", "ord-c", "ord-g"})
	f.checkPaging(t, list, "orders", f.token(authn.RoleAdmin), []string{"else-2", "ord-a", "ord-f", "else-1", "ord-e", "ord-c", "ord-b", "ord-g", "ord-d"})

	// Another's order is no cursor, nor one that does not exist.
	for _, c := range []struct{ token, query string }{
		{customer, "limit=3&after=else-1"},
		{customer, "after=nope"},
		{customer, "after=ord-a&after=ord-f"},
		{translator, "after=ord-a"}, // their customer's, not assigned to them
		{f.tokenFor("cust-else", authn.RoleCustomer), "limit=1&after=ord-a"},
	} {
		f.refusedPage(t, list, c.token, c.query, "after")
	}
	for _, limit := range []string{"0", "101", "-1", "1.5", "three", "", "3&limit=4"} {
		f.refusedPage(t, list, customer, "limit="+limit, "limit")
	}
}

// Without a limit a list holds today's page (newest.Limit), not the most one may ask for.
func TestOrdersWithoutLimitAreAsBefore(t *testing.T) {
	f := newFixture(t)
	ids := f.seedOrders(t, "cust-long", 105)
	a := f.send(t, "GET", "/api/v1/orders/orders", "en", f.tokenFor("cust-long", authn.RoleCustomer), nil)
	if got := a.body["orders"].([]any); a.status != 200 || len(got) != 105 || a.body["next"] != "" || obj(got[0])["id"] != ids[104] {
		t.Errorf("without a limit: %d, %d orders, next %v", a.status, len(got), a.body["next"])
	}
}

// A customer's quotes page as their orders do.
func TestQuotesPageByCursor(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	base := time.Now().UTC().Add(-time.Hour).Truncate(time.Millisecond)
	store := func(id, customer string, minute int) {
		t.Helper()
		q := &quotes.Quote{ID: id, Number: "Q-2026-" + id, CustomerID: customer, Status: quotes.QuotePending,
			CreatedAt: base.Add(time.Duration(minute) * time.Minute), ExpiresAt: base.Add(14 * 24 * time.Hour)}
		if err := f.quotes.Insert(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	var mine []string
	for _, s := range pagingSeed {
		mine = append(mine, "quote-"+s.id)
	}
	for i := len(pagingSeed) - 1; i >= 0; i-- {
		store(mine[i], "cust-pages", pagingSeed[i].minute)
	}
	store("quote-else", "cust-else", 4)
	const list = "/api/v1/orders/quotes"
	customer := f.tokenFor("cust-pages", authn.RoleCustomer)

	pages := f.ownPages(t, list, "quotes", customer, "limit=3")
	if len(pages) != 3 || len(pages[0]) != 3 || len(pages[1]) != 3 || len(pages[2]) != 1 || !slices.Equal(slices.Concat(pages...), mine) {
		t.Errorf("pages of 3: %v, want %v", pages, mine)
	}
	f.checkPaging(t, list, "quotes", customer, mine)
	if pages := f.ownPages(t, list, "quotes", f.tokenFor("cust-else", authn.RoleCustomer), "limit=1"); !slices.Equal(slices.Concat(pages...), []string{"quote-else"}) {
		t.Errorf("another customer's: %v", pages)
	}

	for _, query := range []string{"limit=3&after=quote-else", "after=nope", "after=ord-a"} {
		f.refusedPage(t, list, customer, query, "after")
	}
	for _, limit := range []string{"0", "101", "x", ""} {
		f.refusedPage(t, list, customer, "limit="+limit, "limit")
	}
}
