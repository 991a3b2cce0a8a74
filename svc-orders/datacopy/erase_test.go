package datacopy_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/counting"
	"linguaport/internal/audit"
	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/privacy"
	"linguaport/internal/testenv"
	"linguaport/svc-orders/datacopy"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/quotes"
)

// erasable is the seeded database with what only an erasure looks at: a customer's rejected
// quote with its own file, an older order of theirs with paper work and a legacy step, a
// translator's uploads never delivered and their desk, and another translator in the pool.
type erasable struct {
	seeded
	quotes  *quotes.MongoStore
	orders  *orders.MongoStore
	files   *files.MongoStore
	pool    *pool.MongoStore
	notices *pool.Notices
	audit   *audit.Log
	erase   privacy.Erase
}

func seedErasable(t *testing.T) erasable {
	t.Helper()
	ctx := context.Background()
	s := erasable{seeded: seed(t)}
	s.quotes = s.sources.Quotes.(*quotes.MongoStore)
	s.orders = s.sources.Orders.(*orders.MongoStore)
	s.files = s.sources.Files.(*files.MongoStore)
	s.pool = s.sources.Pool.(*pool.MongoStore)
	s.notices = s.sources.Notices.(*pool.Notices)
	var err error
	if s.audit, err = audit.NewLog(ctx, s.db, nil); err != nil {
		t.Fatal(err)
	}
	s.erase = datacopy.Erase(datacopy.ErasureSources{Quotes: s.quotes, Orders: s.orders, Files: s.files, Pool: s.pool, Notices: s.notices, Audit: s.audit})

	day := func(n int) time.Time { return now.AddDate(0, 0, n) }
	upload := func(f files.File, content string) files.File {
		t.Helper()
		f.Size, f.UploadedAt = int64(len(content)), day(-10)
		if err := s.files.Save(ctx, f, strings.NewReader(content)); err != nil {
			t.Fatal(err)
		}
		return f
	}
	draft := upload(files.File{ID: "file-a3", Name: "taslak.txt", Format: counting.TXT, Purpose: files.SourceFile, OwnerID: "cust-a",
		Counts: counting.Counts{Format: counting.TXT, Words: 40, Preview: "A's draft text"}}, "draft")
	upload(files.File{ID: "file-t2", Name: "half-done.docx", Format: counting.DOCX, Purpose: files.SourceFile, OwnerID: "tr-1"}, "tr-1's unfinished work")
	// Marked for order-b1, whose delivery was then refused: the order does not list it.
	upload(files.File{ID: "file-t3", Name: "refused.docx", Format: counting.DOCX, Purpose: files.DeliveryFile, OrderID: "order-b1", OwnerID: "tr-1"}, "refused")

	if err := s.quotes.Insert(ctx, &quotes.Quote{ID: "quote-a3", Number: "Q-2026-00004", CustomerID: "cust-a", Status: quotes.QuoteRejected,
		Work:      quotes.Work{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"de"}, Files: []files.File{draft}, Brief: "A's rejected brief"},
		CreatedAt: day(-12), ExpiresAt: day(2), RejectReason: "A's reason to reject"}); err != nil {
		t.Fatal(err)
	}
	shipped := day(-30)
	if _, err := s.orders.Create(ctx, &orders.Order{ID: "order-a2", Number: "O-2025-00042", QuoteID: "quote-a0", CustomerID: "cust-a", TranslatorID: "tr-2",
		Status: orders.Completed, Work: quotes.Work{Service: "sworn-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, AddOns: []string{"sworn"},
			Brief: "A's diploma, name as in passport"}, Deliveries: []files.File{}, CreatedAt: day(-60), CompletedAt: &shipped,
		History: []orders.HistoryEntry{
			{Status: orders.AwaitingPayment, At: day(-60)},
			{Status: orders.Assigned, At: day(-58), Note: "claimed"}, // an older order's system step
			{Status: orders.Completed, At: day(-30)},
		},
		Fulfilment: &orders.Fulfilment{Courier: "Yurtiçi Kargo", TrackingNumber: "YK-123456789",
			Done: []orders.StepDone{{Step: orders.StepTranslated, At: day(-40)}, {Step: orders.StepShipped, At: day(-35), Note: "Ayşe Hanım'ın ofisine", By: "staff-9"}}},
	}); err != nil {
		t.Fatal(err)
	}

	if _, err := s.orders.UpdateDesk(ctx, "tr-1", func(d *orders.Desk) (*orders.Desk, error) {
		d.Jobs = append(d.Jobs, orders.DeskJob{OrderID: "order-x", At: day(0)})
		return d, nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Apply(ctx, &pool.Translator{ID: "tr-2", Version: 1, Pairs: []pool.Pair{{Source: "tr", Target: "en"}}, At: day(-40)}); err != nil {
		t.Fatal(err)
	}
	// Staff's audit entries, as internal/audit stores them: on A's order and approved quote
	// (kept), on A's pending quote (deleted with it) and on B's order (not A's).
	entry := func(id, action, kind, object, before, after string) any {
		return bson.D{{Key: "_id", Value: id}, {Key: "actor", Value: bson.D{{Key: "id", Value: "staff-9"}, {Key: "name", Value: "Selin"}}},
			{Key: "action", Value: action}, {Key: "object", Value: bson.D{{Key: "kind", Value: kind}, {Key: "id", Value: object}}},
			{Key: "before", Value: before}, {Key: "after", Value: after}, {Key: "at", Value: day(-20)}}
	}
	if _, err := s.db.Collection(audit.Collection).InsertMany(ctx, []any{
		entry("audit-1", "order.expected_date", "order", "order-a1", `{"expectedDate":"2026-11-01","history":[]}`,
			`{"expectedDate":"2026-11-03","history":[{"note":"Ayşe Hanım'ın isteğiyle"}]}`),
		entry("audit-2", "quote.revise", "quote", "quote-a1", `{"revisions":[],"total":{"amount":100000}}`,
			`{"revisions":[{"note":"A's revision note"}],"total":{"amount":120000}}`),
		entry("audit-3", "quote.revise", "quote", "quote-a2", `{"brief":"A's brief"}`, `{"brief":"A's brief, revised"}`),
		entry("audit-4", "order.expected_date", "order", "order-b1", `{"expectedDate":"2026-11-01","history":[]}`,
			`{"expectedDate":"2026-11-02","history":[{"note":"B's note"}]}`),
	}); err != nil {
		t.Fatal(err)
	}
	return s
}

// entriesOf is the audit log's entries of an object, as staff's audit screen lists them.
func entriesOf(t *testing.T, s erasable, kind, id string) []audit.Entry {
	t.Helper()
	p, err := s.audit.List(context.Background(), audit.Filter{Object: &audit.Object{Kind: kind, ID: id}})
	if err != nil {
		t.Fatal(err)
	}
	return p.Entries
}

func eraseFor(t *testing.T, s erasable, r privacy.Requested) privacy.Erasure {
	t.Helper()
	got, err := s.erase(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if err := privacy.CheckKept(datacopy.Service, got); err != nil {
		t.Error(err)
	}
	if got.Erased == nil || got.Kept == nil {
		t.Errorf("a report's lists are never null: %+v", got)
	}
	return got
}

// counts reads a report's list as a map, failing on a collection named twice.
func counts(t *testing.T, list []privacy.Count) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, c := range list {
		if _, dup := out[c.Collection]; dup {
			t.Errorf("%s counted twice in %+v", c.Collection, list)
		}
		out[c.Collection] = c.Count
	}
	return out
}

func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// gone fails for each file whose description, bytes or chunks are still stored.
func gone(t *testing.T, s erasable, ids ...string) {
	t.Helper()
	ctx := context.Background()
	for _, id := range ids {
		if _, err := s.files.File(ctx, id); !errors.Is(err, files.ErrNotFound) {
			t.Errorf("%s: description still there (%v)", id, err)
		}
		if r, err := s.files.Open(ctx, id); err == nil {
			r.Close()
			t.Errorf("%s: still downloads", id)
		}
	}
	in := bson.D{{Key: "$in", Value: ids}}
	if n, err := s.db.Collection("uploads.files").CountDocuments(ctx, bson.D{{Key: "_id", Value: in}}); err != nil || n != 0 {
		t.Errorf("%d GridFS files of %v left: %v", n, ids, err)
	}
	if n, err := s.db.Collection("uploads.chunks").CountDocuments(ctx, bson.D{{Key: "files_id", Value: in}}); err != nil || n != 0 {
		t.Errorf("%d GridFS chunks of %v left: %v", n, ids, err)
	}
}

// downloads fails unless the file is stored with content.
func downloads(t *testing.T, s erasable, id, content string) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.files.File(ctx, id); err != nil {
		t.Errorf("%s: %v", id, err)
		return
	}
	r, err := s.files.Open(ctx, id)
	if err != nil {
		t.Errorf("%s: %v", id, err)
		return
	}
	defer r.Close()
	if b, err := io.ReadAll(r); err != nil || string(b) != content {
		t.Errorf("%s holds %q (%v), want %q", id, b, err, content)
	}
}

func TestCustomersErasureKeepsTheCommercialRecordAlone(t *testing.T) {
	ctx := context.Background()
	s := seedErasable(t)
	_, copyOfB := copyOf(t, s.seeded, privacy.Requested{RequestID: "rb", Kind: privacy.KindCopy, UserID: "cust-b", Role: "customer", Lang: "en"})

	r := privacy.Requested{RequestID: "r1", Kind: privacy.KindErasure, UserID: "cust-a", Email: "a@example.com", Role: "customer", Lang: "tr"}
	first := eraseFor(t, s, r)
	// Files: A's three uploads and the translation delivered on order-a1. Quotes: quote-a2
	// (pending) and quote-a3 (rejected) deleted, quote-a1 (approved) anonymised. Orders: both
	// anonymised.
	// Audit: the entry of quote-a2 deleted with it; those of order-a1 and quote-a1 kept.
	if got, want := counts(t, first.Erased), map[string]int{"files": 4, "quotes": 3, "orders": 2, "audit": 1}; !equalCounts(got, want) {
		t.Errorf("erased %v, want %v", got, want)
	}
	if got, want := counts(t, first.Kept), map[string]int{"quotes": 1, "orders": 2, "audit": 2}; !equalCounts(got, want) {
		t.Errorf("kept %v, want %v", got, want)
	}
	// The kept entries say who did what and when, without what people wrote.
	if e := entriesOf(t, s, "order", "order-a1"); len(e) != 1 || e[0].Actor.Name != "Selin" || e[0].Action != "order.expected_date" ||
		string(e[0].Before) != `{"expectedDate":"2026-11-01"}` || string(e[0].After) != `{"expectedDate":"2026-11-03"}` {
		t.Errorf("order-a1's audit entries: %+v", e)
	}
	if e := entriesOf(t, s, "quote", "quote-a1"); len(e) != 1 || string(e[0].Before) != `{"total":{"amount":100000}}` || string(e[0].After) != `{"total":{"amount":120000}}` {
		t.Errorf("quote-a1's audit entries: %+v", e)
	}
	if e := entriesOf(t, s, "quote", "quote-a2"); len(e) != 0 {
		t.Errorf("the deleted quote-a2's audit entries remain: %+v", e)
	}
	if e := entriesOf(t, s, "order", "order-b1"); len(e) != 1 || !strings.Contains(string(e[0].After), "B's note") {
		t.Errorf("B's order's audit entry changed: %+v", e)
	}

	gone(t, s, "file-a1", "file-a2", "file-a3", "file-t1")
	downloads(t, s, "file-b1", "B's contract")
	downloads(t, s, "file-t2", "tr-1's unfinished work") // tr-1's, not A's

	for _, id := range []string{"quote-a2", "quote-a3"} {
		if _, err := s.quotes.Quote(ctx, id); !errors.Is(err, quotes.ErrNotFound) {
			t.Errorf("%s never approved, still there: %v", id, err)
		}
	}
	q, err := s.quotes.Quote(ctx, "quote-a1")
	if err != nil {
		t.Fatal(err)
	}
	if q.Status != quotes.QuoteApproved || q.Brief != "" || len(q.Files) != 0 || q.Total.Amount != 120000 || q.OrderNumber != "O-2026-00001" ||
		len(q.Revisions) != 1 || q.Revisions[0].Note != "" || q.Revisions[0].Total.Amount != 120000 {
		t.Errorf("approved quote kept as %+v", q)
	}
	if c := q.Contract; c == nil || c.Digest != "digest-a1" || c.IP != "203.0.113.7" || len(c.Documents) != 1 || c.Documents[0].Sections[0].Blocks[0].Text != "Alıcı: Ayşe Yılmaz" {
		t.Errorf("the accepted contract is not kept word for word: %+v", q.Contract)
	}

	o, err := s.orders.Order(ctx, "order-a1")
	if err != nil {
		t.Fatal(err)
	}
	if o.Brief != "" || o.DeliveryNote != "" || o.RevisionReason != "" || len(o.Files) != 0 || len(o.Deliveries) != 0 ||
		o.Number != "O-2026-00001" || o.Status != orders.Completed || o.Total.Amount != 120000 || o.InvoiceID != "inv-a1" || o.Contract == nil ||
		o.TranslatorID != "tr-1" || o.Pay == nil || o.PaidAt == nil || o.CompletedAt == nil || len(o.History) != 7 {
		t.Errorf("order kept as %+v", o)
	}
	for _, h := range o.History {
		if h.Note != "" {
			t.Errorf("a note left on order-a1: %+v", h)
		}
	}
	o, err = s.orders.Order(ctx, "order-a2")
	if err != nil {
		t.Fatal(err)
	}
	if o.Brief != "" || o.History[1].Note != "" || o.History[1].Step != orders.StepClaimed || o.Fulfilment == nil ||
		o.Fulfilment.TrackingNumber != "" || o.Fulfilment.Courier != "Yurtiçi Kargo" || len(o.Fulfilment.Done) != 2 || o.Fulfilment.Done[1].Note != "" {
		t.Errorf("order-a2 kept as %+v, fulfilment %+v", o, o.Fulfilment)
	}

	// What A's copy reads now: none of their words or files, the contract still.
	got, all := copyOf(t, s.seeded, privacy.Requested{RequestID: "ra", Kind: privacy.KindCopy, UserID: "cust-a", Role: "customer", Lang: "tr"})
	absent(t, "cust-a after the erasure", all, "A's", "Başlık", "İlk teslim", "Uzun metin", "tez.docx", "mektup", "taslak", "thesis-en", "Ayşe Hanım", "YK-123456789", "Q-2026-00002", "Q-2026-00004")
	if cs := decode[datacopy.ContractsFile](t, got["contracts.json"]).Contracts; len(cs) != 1 || cs[0].Digest != "digest-a1" {
		t.Errorf("contracts after the erasure %+v", cs)
	}
	if fs := decode[datacopy.FilesFile](t, got["files.json"]); fs.Count != 0 {
		t.Errorf("files after the erasure %+v", fs)
	}

	// B is untouched: their copy reads as it did.
	if _, after := copyOf(t, s.seeded, privacy.Requested{RequestID: "rb2", Kind: privacy.KindCopy, UserID: "cust-b", Role: "customer", Lang: "en"}); after != copyOfB {
		t.Errorf("cust-b's copy changed:\nbefore %s\nafter  %s", copyOfB, after)
	}

	// Again (a redelivered request, a crash before the answer): the same kept records, nothing
	// more erased.
	second := eraseFor(t, s, r)
	if got, want := counts(t, second.Kept), counts(t, first.Kept); !equalCounts(got, want) {
		t.Errorf("kept %v the second time, %v the first", got, want)
	}
	for _, c := range second.Erased {
		if c.Count != 0 {
			t.Errorf("the second erasure erased %d of %s", c.Count, c.Collection)
		}
	}
}

func TestTranslatorsErasureRemovesTheirPlaceInThePool(t *testing.T) {
	ctx := context.Background()
	s := seedErasable(t)
	r := privacy.Requested{RequestID: "r1", Kind: privacy.KindErasure, UserID: "tr-1", Email: "t@example.com", Role: "translator", Lang: "tr"}
	first := eraseFor(t, s, r)
	if got, want := counts(t, first.Erased), map[string]int{"files": 2, "translators": 1, "pool_notices": 1, "desks": 1}; !equalCounts(got, want) {
		t.Errorf("erased %v, want %v", got, want)
	}
	if len(first.Kept) != 0 {
		t.Errorf("kept %+v: a translator's jobs are their customers' records", first.Kept)
	}

	if p, err := s.pool.Translator(ctx, "tr-1"); err != nil || p != nil {
		t.Errorf("tr-1's profile %+v: %v", p, err)
	}
	if n, err := s.notices.NoticesOf(ctx, "tr-1"); err != nil || n.LastSentAt != nil || len(n.Waiting) != 0 {
		t.Errorf("tr-1's notices %+v: %v", n, err)
	}
	if d, err := s.orders.Desk(ctx, "tr-1"); err != nil || d != nil {
		t.Errorf("tr-1's desk %+v: %v", d, err)
	}
	if p, err := s.pool.Translator(ctx, "tr-2"); err != nil || p == nil {
		t.Errorf("tr-2's profile went too: %v", err)
	}
	gone(t, s, "file-t2", "file-t3")
	// The translation delivered on order-a1 is its customer's, and the job stays as it was.
	downloads(t, s, "file-t1", "translated thesis")
	o, err := s.orders.Order(ctx, "order-a1")
	if err != nil {
		t.Fatal(err)
	}
	if o.TranslatorID != "tr-1" || o.DeliveryNote != "Başlık düzeltildi" || len(o.Deliveries) != 1 || o.Brief != "A's brief" {
		t.Errorf("order-a1 changed: %+v", o)
	}

	second := eraseFor(t, s, r)
	if len(second.Kept) != 0 {
		t.Errorf("kept %+v the second time", second.Kept)
	}
	for _, c := range second.Erased {
		if c.Count != 0 {
			t.Errorf("the second erasure erased %d of %s", c.Count, c.Collection)
		}
	}
}

// Visitors and staff have nothing here: an empty report, nothing changed.
func TestNoErasureWithoutACustomerOrTranslatorAccount(t *testing.T) {
	ctx := context.Background()
	s := seedErasable(t)
	for _, r := range []privacy.Requested{
		{RequestID: "r1", Kind: privacy.KindErasure, Email: "visitor@example.com", Lang: "tr"},
		{RequestID: "r2", Kind: privacy.KindErasure, UserID: "staff-9", Email: "staff@example.com", Role: "admin", Lang: "tr"},
	} {
		if got := eraseFor(t, s, r); len(got.Erased) != 0 || len(got.Kept) != 0 {
			t.Errorf("%+v: %+v", r, got)
		}
	}
	if q, err := s.quotes.Quote(ctx, "quote-a1"); err != nil || q.Brief != "A's brief" {
		t.Errorf("quote-a1 changed: %v", err)
	}
}

// The handler as main.go wires it: an erasure answered once, however often it arrives, with
// one erasure.json holding the report; the answer keeps its contract.
func TestHandlerAnswersAnErasureOnce(t *testing.T) {
	ctx := context.Background()
	s := seedErasable(t)
	rdb := testenv.StartRedis(t).Client
	relay := events.NewRelay(s.parts.Collection(), events.Stream("orders"), events.NewPublisher(rdb), nil, time.Hour)
	var kicked []any
	handle := privacy.Handler(datacopy.Service, privacy.Answers{Copy: datacopy.Gather(s.sources, clock), Erase: s.erase}, s.parts,
		func(ids ...any) { kicked = append(kicked, ids...) }, clock)
	request := privacy.Requested{RequestID: "req-e1", Kind: privacy.KindErasure, UserID: "cust-a", Email: "a@example.com", Role: "customer", Lang: "tr"}
	event := func() events.Event {
		t.Helper()
		e, err := events.New(ctx, datacopy.EventPrivacyRequested, request)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	first := event()
	for _, e := range []events.Event{first, first, event()} {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(kicked, []any{"req-e1"}) {
		t.Errorf("relay kicked for %v, want req-e1 once", kicked)
	}
	if n, err := relay.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("relay published %d events: %v", n, err)
	}
	if n, err := s.parts.Collection().CountDocuments(ctx, bson.D{}); err != nil || n != 1 {
		t.Errorf("%d answers kept: %v", n, err)
	}

	msgs, err := rdb.XRange(ctx, events.Stream("orders"), "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 || msgs[0].Values["type"] != datacopy.EventPrivacyPartReady {
		t.Fatalf("on events:orders: %v", msgs)
	}
	data, _ := msgs[0].Values["data"].(string)
	if err := contracts.Check(datacopy.EventPrivacyPartReady, []byte(data)); err != nil {
		t.Errorf("privacy.part_ready breaks its contract: %v\n%s", err, data)
	}
	var part privacy.PartReady
	if err := json.Unmarshal([]byte(data), &part); err != nil {
		t.Fatal(err)
	}
	if part.RequestID != "req-e1" || part.Service != "svc-orders" || len(part.Files) != 1 || part.Files[0].Name != privacy.ErasureFile {
		t.Fatalf("answer %+v", part)
	}
	report := decode[privacy.Erasure](t, part.Files[0].Data)
	if got, want := counts(t, report.Kept), map[string]int{"quotes": 1, "orders": 2, "audit": 2}; !equalCounts(got, want) {
		t.Errorf("reported kept %v, want %v", got, want)
	}
	if got := counts(t, report.Erased); got["files"] != 4 || got["quotes"] != 3 || got["orders"] != 2 {
		t.Errorf("reported erased %v", got)
	}
	gone(t, s, "file-a1")
}
