// Command growth measures whether the requests customers make most stay fast as stored data
// grows. It starts the stack exactly as `make up` does (its own data directory and ports, so a
// running `make up` is left alone), loads accounts, quotes and orders through the services'
// stores, and measures p50/p95 of five requests through nginx → gateway → services at a small
// and at a large amount of data in the same run:
//
//	make build tools webui && go run ./bench/growth [-quotes 100000] [-users 20000] [-n 200]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/bench/internal/customer"
	"linguaport/internal/authn"
	"linguaport/internal/ids"
	"linguaport/internal/mongox"
	"linguaport/internal/stackrun"
	"linguaport/svc-auth/auth"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

func main() {
	totalQuotes := flag.Int("quotes", 100_000, "quotes stored for the second measurement")
	totalUsers := flag.Int("users", 20_000, "accounts stored for the second measurement")
	small := flag.Int("small", 1_000, "quotes stored for the first measurement")
	samples := flag.Int("n", 200, "requests measured per operation and size")
	keep := flag.Bool("keep", false, "keep the data directory")
	flag.Parse()
	ctx := context.Background()

	dataDir, err := os.MkdirTemp("", "growth-bench-")
	check(err)
	// PostgreSQL runs as the postgres user when we are root, who must pass through.
	check(os.Chmod(dataDir, 0o711))
	if !*keep {
		defer os.RemoveAll(dataDir)
	}
	// The measured calls come back to back from one address, faster than nginx lets a client
	// send: what is measured is the stores' growth, not the limits.
	check(os.Setenv("NGINX_RATE_LIMITS", "off"))
	stack, err := stackrun.Start(dataDir, 5*time.Minute)
	check(err)
	defer func() { _ = stack.Stop() }()
	mongoURI := "mongodb://" + stack.Addr("MONGO") + "/"
	log.Printf("stack at %s, database %s", stack.Web(), mongoURI)

	client, err := mongox.Connect(ctx, mongoURI)
	check(err)
	defer client.Disconnect(ctx)
	l, err := newLoader(ctx, client)
	check(err)

	customer, err := signUp(stack.Web())
	check(err)

	// The users stored are in proportion to the quotes at each size, as a growing agency has.
	sizes := []int{*small, *totalQuotes}
	var results []result
	for _, size := range sizes {
		users := max(1, *totalUsers*size / *totalQuotes)
		start := time.Now()
		check(l.load(ctx, users, size))
		log.Printf("stored %d users and %d quotes (%d orders) in %s", l.users, l.quotes, l.orders, time.Since(start).Round(time.Second))
		results = append(results, measure(customer, size, l.users, *samples)...)
	}
	printTable(results)
}

// loader stores accounts, quotes and orders with the services' own documents and stores, in
// bulk: one HTTP call per document would measure the loading, not the growth.
type loader struct {
	coll struct{ users, quotes, orders *mongo.Collection }
	// hash is one real password hash shared by every loaded account (hashing 20,000 would take
	// minutes and is not what is measured).
	hash        string
	customerIDs []string
	// users, quotes and orders are how many of each are stored.
	users, quotes, orders int
}

func newLoader(ctx context.Context, client *mongo.Client) (*loader, error) {
	authStore, err := auth.NewMongoStore(ctx, client.Database("svc-auth"))
	if err != nil {
		return nil, err
	}
	quoteStore, err := quotes.NewMongoStore(ctx, client.Database("svc-orders"))
	if err != nil {
		return nil, err
	}
	orderStore, err := orders.NewMongoStore(ctx, client.Database("svc-orders"))
	if err != nil {
		return nil, err
	}
	hash, err := auth.HashPassword("Yuklenen-Hesap-2026")
	if err != nil {
		return nil, err
	}
	l := &loader{hash: hash}
	l.coll.users, l.coll.quotes, l.coll.orders = authStore.Users(), quoteStore.Collection(), orderStore.Collection()
	return l, nil
}

// load adds accounts and quotes until there are users and quotes of them; a fifth of the quotes
// are approved and have their order.
func (l *loader) load(ctx context.Context, users, total int) error {
	now := time.Now().UTC()
	var userBatch, quoteBatch, orderBatch []any
	// flush stores what is batched, a thousand documents a call or the rest when all is true.
	flush := func(all bool) error {
		for _, b := range []struct {
			coll  *mongo.Collection
			docs  *[]any
			count *int
		}{{l.coll.users, &userBatch, &l.users}, {l.coll.quotes, &quoteBatch, &l.quotes}, {l.coll.orders, &orderBatch, &l.orders}} {
			if len(*b.docs) == 0 || (!all && len(*b.docs) < 1000) {
				continue
			}
			if _, err := b.coll.InsertMany(ctx, *b.docs, options.InsertMany().SetOrdered(false)); err != nil {
				return fmt.Errorf("%s: %w", b.coll.Name(), err)
			}
			*b.count += len(*b.docs)
			*b.docs = (*b.docs)[:0]
		}
		return nil
	}
	for n := l.users; n < users; n++ {
		id := ids.New()
		userBatch = append(userBatch, bson.D{
			{Key: "_id", Value: id}, {Key: "email", Value: fmt.Sprintf("loaded-%d@example.com", n)},
			{Key: "fullName", Value: fmt.Sprintf("Yüklenen Müşteri %d", n)}, {Key: "role", Value: authn.RoleCustomer},
			{Key: "passwordHash", Value: l.hash}, {Key: "phone", Value: ""}, {Key: "companyName", Value: ""},
			{Key: "address", Value: ""}, {Key: "lang", Value: "tr"}, {Key: "createdAt", Value: now}, {Key: "updatedAt", Value: now},
			{Key: "version", Value: int64(0)},
		})
		l.customerIDs = append(l.customerIDs, id)
		if err := flush(false); err != nil {
			return err
		}
	}
	if err := flush(true); err != nil {
		return err
	}
	for n := l.quotes; n < total; n++ {
		q := l.quote(now, n)
		quoteBatch = append(quoteBatch, q)
		if q.Status == quotes.QuoteApproved {
			orderBatch = append(orderBatch, &orders.Order{
				ID: q.OrderID, Number: q.OrderNumber, QuoteID: q.ID, CustomerID: q.CustomerID, Status: orders.InProgress,
				Work: q.Work, Deliveries: []files.File{}, CreatedAt: *q.DecidedAt,
				History: []orders.HistoryEntry{{Status: orders.AwaitingPayment, At: *q.DecidedAt}, {Status: orders.InProgress, At: *q.DecidedAt}},
			})
		}
		if err := flush(false); err != nil {
			return err
		}
	}
	return flush(true)
}

// quote is the i-th loaded quote: a year-old number series so live numbering is untouched, a
// random loaded customer, and every status a real collection holds.
func (l *loader) quote(now time.Time, i int) *quotes.Quote {
	created := now.Add(-time.Duration(rand.IntN(300*24)) * time.Hour)
	words := 200 + rand.IntN(5000)
	usd := pricing.Money{Amount: int64(words) * 9, Currency: "USD"}
	q := &quotes.Quote{
		ID: ids.New(), Number: fmt.Sprintf("Q-2025-%06d", i+1), CustomerID: l.customerIDs[rand.IntN(len(l.customerIDs))],
		Status: quotes.QuoteExpired, CreatedAt: created, ExpiresAt: created.Add(quotes.QuoteValidity),
		Work: quotes.Work{
			Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"},
			Urgency: "normal", AddOns: []string{}, Unit: "word", Quantity: words, Files: []files.File{},
			Lines: []pricing.PricedLine{}, TotalUSD: usd, Total: usd, RateMicros: 1_000_000,
		},
	}
	switch d := created.Add(time.Hour); i % 10 {
	case 0, 1:
		q.Status, q.DecidedAt, q.OrderID, q.OrderNumber = quotes.QuoteApproved, &d, ids.New(), fmt.Sprintf("O-2025-%06d", i+1)
	case 2:
		q.Status, q.DecidedAt, q.RejectReason = quotes.QuoteRejected, &d, "Bütçe aşıldı."
	case 3:
		q.Status, q.ExpiresAt = quotes.QuotePending, now.Add(quotes.QuoteValidity)
	}
	return q
}

// session is a signed-in customer of the stack.
type session struct{ *customer.Session }

// signUp registers a customer through the site, with their billing details.
func signUp(web string) (*session, error) {
	s, err := customer.SignUp(web, "Ölçüm Müşterisi", "growth", 30*time.Second)
	if err != nil {
		return nil, err
	}
	return &session{s}, nil
}

// accepting is the body of an approval of the quote id as the site sends it.
func (s *session) accepting(id string) map[string]any {
	body, err := s.Acceptance(id)
	if err != nil {
		log.Fatal(err)
	}
	return body
}

type result struct {
	op        string
	quotes    int
	users     int
	p50, p95  time.Duration
	failures  int
	samples   int
	firstFail string
}

var estimate = map[string]any{
	"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en", "de"},
	"quantity": 1200, "urgency": "normal", "currency": "TRY",
}

// quoteRequest is the estimate turned into a quote.
func quoteRequest() map[string]any {
	body := map[string]any{"brief": "Ölçüm"}
	for k, v := range estimate {
		body[k] = v
	}
	return body
}

// measure times n of each request, one after another (latency, not throughput), after a few
// unmeasured ones; the quotes created are the ones approved, and every approval makes an order
// that GET orders then lists.
func measure(s *session, storedQuotes, storedUsers, n int) []result {
	// GET orders is read by a customer with as many orders as a regular customer has; the
	// measured approvals give s hundreds, which no list screen shows at once.
	reader, err := signUp(s.Web)
	check(err)
	for range 10 {
		status, raw, err := reader.Do("POST", "/api/v1/orders/quotes", quoteRequest())
		var q struct{ ID string }
		if err != nil || status != http.StatusCreated || json.Unmarshal(raw, &q) != nil {
			log.Fatalf("reader's quote: %d %s %v", status, raw, err)
		}
		if status, raw, err := reader.Do("POST", "/api/v1/orders/quotes/"+q.ID+"/approve", reader.accepting(q.ID)); err != nil || status != http.StatusOK {
			log.Fatalf("reader's approval: %d %s %v", status, raw, err)
		}
	}
	var created []string
	quote := func() (int, []byte, error) {
		status, raw, err := s.Do("POST", "/api/v1/orders/quotes", quoteRequest())
		var q struct{ ID string }
		if status == http.StatusCreated && json.Unmarshal(raw, &q) == nil {
			created = append(created, q.ID)
		}
		return status, raw, err
	}
	// Each approval's contract is read before the approvals are timed, as a customer reads it
	// on the page before approving.
	var accepting []map[string]any
	approve := func() (int, []byte, error) {
		if len(accepting) == 0 {
			for _, id := range created {
				accepting = append(accepting, map[string]any{"id": id, "body": s.accepting(id)})
			}
		}
		if len(created) == 0 {
			return 0, nil, fmt.Errorf("no quote left to approve")
		}
		id, body := created[0], accepting[0]["body"]
		created, accepting = created[1:], accepting[1:]
		return s.Do("POST", "/api/v1/orders/quotes/"+id+"/approve", body)
	}
	name := 0
	ops := []struct {
		name string
		want int
		call func() (int, []byte, error)
	}{
		{"POST orders/estimate", 200, func() (int, []byte, error) { return s.Do("POST", "/api/v1/orders/estimate", estimate) }},
		{"POST orders/quotes", 201, quote},
		{"POST orders/quotes/{id}/approve", 200, approve},
		{"GET orders/orders (10 orders)", 200, func() (int, []byte, error) { return reader.Do("GET", "/api/v1/orders/orders", nil) }},
		{"PATCH auth/me", 200, func() (int, []byte, error) {
			name++
			return s.Do("PATCH", "/api/v1/auth/me", map[string]any{"fullName": fmt.Sprintf("Ölçüm Müşterisi %d", name)})
		}},
	}
	const warmup = 5
	var out []result
	for _, op := range ops {
		r := result{op: op.name, quotes: storedQuotes, users: storedUsers}
		var took []time.Duration
		for i := range n + warmup {
			start := time.Now()
			status, raw, err := op.call()
			d := time.Since(start)
			if err != nil || status != op.want {
				r.failures++
				if r.firstFail == "" {
					r.firstFail = fmt.Sprintf("%d %s %v", status, strings.TrimSpace(string(raw)), err)
				}
				continue
			}
			if i >= warmup {
				took = append(took, d)
			}
		}
		slices.Sort(took)
		r.samples = len(took)
		if len(took) > 0 {
			r.p50, r.p95 = took[len(took)*50/100], took[min(len(took)-1, len(took)*95/100)]
		}
		log.Printf("%-32s at %6d quotes: p50 %s p95 %s (%d failures)", r.op, storedQuotes, ms(r.p50), ms(r.p95), r.failures)
		if r.firstFail != "" {
			log.Printf("  first failure: %.300s", r.firstFail)
		}
		out = append(out, r)
	}
	return out
}

func printTable(results []result) {
	fmt.Println("| request | stored quotes | stored users | p50 | p95 | failures |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	for _, r := range results {
		fmt.Printf("| %s | %d | %d | %s | %s | %d/%d |\n", r.op, r.quotes, r.users, ms(r.p50), ms(r.p95), r.failures, r.samples+r.failures)
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
