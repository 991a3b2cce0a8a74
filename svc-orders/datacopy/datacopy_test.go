package datacopy_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/counting"
	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/mongox"
	"linguaport/internal/privacy"
	"linguaport/internal/testenv"
	kept "linguaport/svc-orders/contracts"
	"linguaport/svc-orders/datacopy"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// The contracts' test reads svc-orders' own spelling of the event types; the handler matches
// internal/privacy's. They must be one.
func TestEventTypesAreInternalPrivacys(t *testing.T) {
	if datacopy.EventPrivacyRequested != privacy.EventRequested || datacopy.EventPrivacyPartReady != privacy.EventPartReady {
		t.Errorf("datacopy names %q and %q, internal/privacy %q and %q", datacopy.EventPrivacyRequested, datacopy.EventPrivacyPartReady,
			privacy.EventRequested, privacy.EventPartReady)
	}
	if !slices.Contains(privacy.Services, datacopy.Service) {
		t.Errorf("%s is not among the services svc-auth waits for: %v", datacopy.Service, privacy.Services)
	}
}

var now = time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)

func clock() time.Time { return now }

// seeded is a database with two customers' quotes, orders and files, and the translators who
// worked on them, written through svc-orders' own stores (their indexes included).
type seeded struct {
	sources datacopy.Sources
	parts   *privacy.PartStore
	db      *mongo.Database
}

func seed(t *testing.T) seeded {
	t.Helper()
	ctx := context.Background()
	db := testenv.Mongo(t)
	quoteStore, err := quotes.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	orderStore, err := orders.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	fileStore, err := files.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	translators, err := pool.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	notices, err := pool.NewNotices(ctx, db, clock, func(...any) {})
	if err != nil {
		t.Fatal(err)
	}
	parts, err := privacy.NewPartStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}

	day := func(n int) time.Time { return now.AddDate(0, 0, n) }
	at := func(n int) *time.Time { t := day(n); return &t }
	upload := func(f files.File, content string) files.File {
		t.Helper()
		f.Size, f.UploadedAt = int64(len(content)), day(-30)
		if err := fileStore.Save(ctx, f, strings.NewReader(content)); err != nil {
			t.Fatal(err)
		}
		return f
	}
	thesis := upload(files.File{ID: "file-a1", Name: "tez.docx", Format: counting.DOCX, Purpose: files.SourceFile, OwnerID: "cust-a",
		Counts: counting.Counts{Format: counting.DOCX, Words: 1200, Characters: 6400, Pages: 7, Preview: "A's thesis text", FirstPage: "A's first page"}}, "thesis bytes")
	letter := upload(files.File{ID: "file-a2", Name: "mektup.txt", Format: counting.TXT, Purpose: files.SourceFile, OwnerID: "cust-a",
		Counts: counting.Counts{Format: counting.TXT, Words: 80, Preview: "A's letter text"}}, "letter")
	contractB := upload(files.File{ID: "file-b1", Name: "sozlesme-b.pdf", Format: counting.PDF, Purpose: files.SourceFile, OwnerID: "cust-b",
		Counts: counting.Counts{Format: counting.PDF, Words: 500, Preview: "B's contract text"}}, "B's contract")
	delivered := upload(files.File{ID: "file-t1", Name: "thesis-en.docx", Format: counting.DOCX, Purpose: files.DeliveryFile, OrderID: "order-a1",
		OwnerID: "tr-1", Counts: counting.Counts{Format: counting.DOCX, Words: 1100}}, "translated thesis")

	money := pricing.Money{Amount: 120000, Currency: "TRY", Decimals: 2, Formatted: "1.200,00 ₺"}
	work := func(brief string, fs ...files.File) quotes.Work {
		return quotes.Work{Service: "professional-translation", SourceLanguage: "tr", TargetLanguages: []string{"en"}, Urgency: "normal",
			Unit: "word", Quantity: 1200, Files: fs, Brief: brief, TotalUSD: pricing.Money{Amount: 3500, Currency: "USD", Decimals: 2},
			Total: money, RateMicros: 34_000_000, Window: pricing.Window{MinDays: 3, MaxDays: 5}}
	}
	contract := &kept.Accepted{Contract: kept.Contract{Kind: kept.Consumer, Version: kept.Version, Lang: "tr",
		Documents: []kept.Document{{Title: "Mesafeli Hizmet Sözleşmesi", Sections: []kept.Section{{Blocks: []kept.Block{{Text: "Alıcı: Ayşe Yılmaz"}}}}}},
		Consents:  []kept.Consent{{ID: kept.ConsentAccept, Text: "Kabul ediyorum."}}, Total: "1.200,00 ₺", Digest: "digest-a1"},
		AcceptedAt: day(-20), IP: "203.0.113.7"}
	for _, q := range []*quotes.Quote{
		{ID: "quote-a1", Number: "Q-2026-00001", CustomerID: "cust-a", Status: quotes.QuoteApproved, Work: work("A's brief", thesis),
			CreatedAt: day(-25), ExpiresAt: day(-11), DecidedAt: at(-20), OrderID: "order-a1", OrderNumber: "O-2026-00001", Contract: contract,
			PriceVersion: 2, Revisions: []quotes.Revision{{Version: 2, Previous: money, Total: money, Note: "Uzun metin indirimi", By: "staff-9", At: day(-22)}}},
		// Pending past its expiry: the copy reads it as expired, as the customer's screens do.
		{ID: "quote-a2", Number: "Q-2026-00002", CustomerID: "cust-a", Status: quotes.QuotePending, Work: work("", letter),
			CreatedAt: day(-15), ExpiresAt: day(-1)},
		{ID: "quote-b1", Number: "Q-2026-00003", CustomerID: "cust-b", Status: quotes.QuoteApproved, Work: work("B's brief", contractB),
			CreatedAt: day(-14), ExpiresAt: day(0), OrderID: "order-b1", OrderNumber: "O-2026-00002"},
	} {
		if err := quoteStore.Insert(ctx, q); err != nil {
			t.Fatal(err)
		}
	}

	pay := &pricing.Pay{USD: 2040, TRY: 70176, RateMicros: 34_400_000}
	for _, o := range []*orders.Order{
		// tr-1 claimed it, delivered, revised on the customer's request and was done.
		{ID: "order-a1", Number: "O-2026-00001", QuoteID: "quote-a1", CustomerID: "cust-a", TranslatorID: "tr-1", Status: orders.Completed,
			Work: work("A's brief", thesis), Placement: orders.Placement{Pay: pay, Deadline: at(-14), ClaimedAt: at(-18)},
			Deliveries: []files.File{delivered}, DeliveryNote: "Başlık düzeltildi", RevisionReason: "Başlığı düzeltin", InvoiceID: "inv-a1",
			CreatedAt: day(-20), PaidAt: at(-19), DeliveredAt: at(-15), CompletedAt: at(-7),
			Contract: &orders.ContractRef{Kind: kept.Consumer, Version: kept.Version, Lang: "tr", AcceptedAt: day(-20)},
			History: []orders.HistoryEntry{
				{Status: orders.AwaitingPayment, At: day(-20)},
				{Status: orders.InProgress, At: day(-19)},
				{Status: orders.Assigned, At: day(-18), Step: orders.StepClaimed},
				{Status: orders.Delivered, At: day(-17), Note: "İlk teslim"},
				{Status: orders.RevisionRequested, At: day(-16), Note: "Başlığı düzeltin", Step: orders.StepRevisionReturned, TranslatorID: "tr-1"},
				{Status: orders.Delivered, At: day(-15), Note: "Başlık düzeltildi"},
				{Status: orders.Completed, At: day(-7)},
			}},
		// tr-1 delivered it; staff gave B's revision to tr-2, who has it now.
		{ID: "order-b1", Number: "O-2026-00002", QuoteID: "quote-b1", CustomerID: "cust-b", TranslatorID: "tr-2", Status: orders.RevisionRequested,
			Work: work("B's brief", contractB), Placement: orders.Placement{Pay: pay, Deadline: at(-5)},
			Deliveries: []files.File{}, DeliveryNote: "B's delivery", RevisionReason: "B's reason",
			CreatedAt: day(-14), PaidAt: at(-13), DeliveredAt: at(-6),
			History: []orders.HistoryEntry{
				{Status: orders.AwaitingPayment, At: day(-14)},
				{Status: orders.InProgress, At: day(-13)},
				{Status: orders.Assigned, At: day(-12), Step: orders.StepClaimed},
				{Status: orders.Delivered, At: day(-6), Note: "B's delivery"},
				{Status: orders.RevisionRequested, At: day(-5), Note: "B's reason", Step: orders.StepRevisionReturned, TranslatorID: "tr-1"},
				{Status: orders.RevisionRequested, At: day(-4), Step: orders.StepRevisionReassigned, TranslatorID: "tr-2", PreviousTranslatorID: "tr-1", By: "staff-9"},
			}},
		// tr-2's alone: nothing of it is tr-1's.
		{ID: "order-b2", Number: "O-2026-00003", QuoteID: "quote-b2", CustomerID: "cust-b", TranslatorID: "tr-2", Status: orders.Assigned,
			Work: work("B's second brief"), Placement: orders.Placement{Pay: pay}, CreatedAt: day(-3),
			History: []orders.HistoryEntry{{Status: orders.Assigned, At: day(-2), Step: orders.StepAssigned, TranslatorID: "tr-2", By: "staff-9"}}},
	} {
		if _, err := orderStore.Create(ctx, o); err != nil {
			t.Fatal(err)
		}
	}

	// Every quote and order has its slice from its store: the collections are ready at once, and
	// a copy reads them a slice at a time.
	for _, coll := range []*mongo.Collection{quoteStore.Collection(), orderStore.Collection()} {
		if err := mongox.BackfillSlices(ctx, coll, time.Minute); err != nil {
			t.Fatal(err)
		}
		if ready, err := mongox.SlicesReady(ctx, coll); err != nil || !ready {
			t.Fatalf("%s not ready: %v", coll.Name(), err)
		}
	}

	if _, err := translators.Apply(ctx, &pool.Translator{ID: "tr-1", Version: 3, Pairs: []pool.Pair{{Source: "tr", Target: "en"}},
		Services: []string{"professional-translation"}, At: day(-40)}); err != nil {
		t.Fatal(err)
	}
	if err := notices.Queue(ctx, "tr-1", "entry-1", pool.NoticeJob{OrderID: "order-x", Number: "O-2026-00009", Service: "professional-translation",
		SourceLanguage: "tr", TargetLanguages: []string{"en"}}); err != nil {
		t.Fatal(err)
	}
	return seeded{
		sources: datacopy.Sources{Quotes: quoteStore, Orders: orderStore, Files: fileStore, Pool: translators, Notices: notices},
		parts:   parts,
		db:      db,
	}
}

// copyOf gathers the copy for a person and answers its files by name, and all of it as text.
func copyOf(t *testing.T, s seeded, r privacy.Requested) (map[string]json.RawMessage, string) {
	t.Helper()
	got, err := datacopy.Gather(s.sources, clock)(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]json.RawMessage{}
	var all strings.Builder
	for _, f := range got {
		if _, dup := byName[f.Name]; dup {
			t.Errorf("%s twice", f.Name)
		}
		if !json.Valid(f.Data) || !strings.HasPrefix(string(f.Data), "{") || !strings.Contains(string(f.Data), "\n  ") {
			t.Errorf("%s is not an indented JSON object: %s", f.Name, f.Data)
		}
		byName[f.Name] = f.Data
		all.Write(f.Data)
	}
	return byName, all.String()
}

func decode[T any](t *testing.T, data json.RawMessage) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	return v
}

func names(files map[string]json.RawMessage) []string {
	var out []string
	for name := range files {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// absent fails for each text found in a copy that must not hold it.
func absent(t *testing.T, whose, copy string, texts ...string) {
	t.Helper()
	for _, s := range texts {
		if strings.Contains(copy, s) {
			t.Errorf("%s's copy holds %q", whose, s)
		}
	}
}

func TestCustomersCopyHoldsTheirsAlone(t *testing.T) {
	s := seed(t)
	got, all := copyOf(t, s, privacy.Requested{RequestID: "r1", Kind: privacy.KindCopy, UserID: "cust-a", Email: "a@example.com", Role: "customer", Lang: "tr"})
	if want := []string{"contracts.json", "files.json", "orders.json", "quotes.json"}; !slices.Equal(names(got), want) {
		t.Fatalf("files %v, want %v", names(got), want)
	}

	qs := decode[datacopy.QuotesFile](t, got["quotes.json"]).Quotes
	if len(qs) != 2 || qs[0].ID != "quote-a2" || qs[1].ID != "quote-a1" {
		t.Fatalf("quotes %+v, want quote-a2 then quote-a1", qs)
	}
	if qs[0].Status != quotes.QuoteExpired {
		t.Errorf("a pending quote past its expiry reads %s", qs[0].Status)
	}
	approved := qs[1]
	if approved.Brief != "A's brief" || len(approved.Files) != 1 || approved.Files[0].Name != "tez.docx" || approved.Files[0].Counts.Words != 1200 ||
		approved.OrderNumber != "O-2026-00001" || approved.ContractAcceptedAt == nil || approved.Version != 2 ||
		len(approved.Revisions) != 1 || approved.Revisions[0].Note != "Uzun metin indirimi" || approved.Revisions[0].By != "" {
		t.Errorf("approved quote %+v", approved)
	}

	os := decode[datacopy.OrdersFile](t, got["orders.json"]).Orders
	if len(os) != 1 || os[0].ID != "order-a1" {
		t.Fatalf("orders %+v, want order-a1", os)
	}
	o := os[0]
	if o.QuoteNumber != "Q-2026-00001" || o.Status != orders.Completed || o.RevisionReason != "Başlığı düzeltin" || o.Contract == nil ||
		len(o.Deliveries) != 1 || o.Deliveries[0].Name != "thesis-en.docx" || len(o.History) != 7 || o.History[4].Note != "Başlığı düzeltin" {
		t.Errorf("order %+v", o)
	}
	for _, h := range o.History {
		if h.TranslatorID != "" || h.PreviousTranslatorID != "" {
			t.Errorf("a customer's timeline names a translator: %+v", h)
		}
	}

	cs := decode[datacopy.ContractsFile](t, got["contracts.json"]).Contracts
	if len(cs) != 1 || cs[0].QuoteNumber != "Q-2026-00001" || cs[0].OrderNumber != "O-2026-00001" || cs[0].IP != "203.0.113.7" ||
		cs[0].Digest != "digest-a1" || len(cs[0].Documents) != 1 || !cs[0].AcceptedAt.Equal(now.AddDate(0, 0, -20)) {
		t.Errorf("contracts %+v", cs)
	}

	fs := decode[datacopy.FilesFile](t, got["files.json"])
	var ids []string
	for _, f := range fs.Files {
		ids = append(ids, f.ID)
	}
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"file-a1", "file-a2"}) || fs.Count != 2 || fs.TotalSize != int64(len("thesis bytes")+len("letter")) {
		t.Errorf("files %+v", fs)
	}

	// Nothing of the other customer, of the translators, of staff, of the files' text, nor of
	// what the service keeps for its own work.
	absent(t, "cust-a", all, "cust-", "quote-b", "order-b", "file-b", "B's", "tr-1", "tr-2", "staff-9", "A's thesis text",
		"A's letter text", "A's first page", `"outbox"`, `"approving"`, `"pay"`, `"poolKeys"`, `"preview"`)

	// The other customer's copy is theirs alone too.
	got, all = copyOf(t, s, privacy.Requested{RequestID: "r2", Kind: privacy.KindCopy, UserID: "cust-b", Role: "customer", Lang: "en"})
	if os := decode[datacopy.OrdersFile](t, got["orders.json"]).Orders; len(os) != 2 || os[0].ID != "order-b2" || os[1].ID != "order-b1" {
		t.Errorf("cust-b's orders %+v", os)
	}
	if cs := decode[datacopy.ContractsFile](t, got["contracts.json"]).Contracts; len(cs) != 0 {
		t.Errorf("cust-b accepted no contract: %+v", cs)
	}
	absent(t, "cust-b", all, "quote-a", "order-a", "file-a", "A's", "tez.docx", "203.0.113.7", "tr-1", "tr-2", "staff-9")
}

func TestTranslatorsCopyHoldsTheirJobs(t *testing.T) {
	s := seed(t)
	got, all := copyOf(t, s, privacy.Requested{RequestID: "r1", Kind: privacy.KindCopy, UserID: "tr-1", Email: "t@example.com", Role: "translator", Lang: "tr"})
	if want := []string{"files.json", "jobs.json", "pool.json"}; !slices.Equal(names(got), want) {
		t.Fatalf("files %v, want %v", names(got), want)
	}
	jobs := decode[datacopy.JobsFile](t, got["jobs.json"]).Jobs
	if len(jobs) != 2 || jobs[0].ID != "order-b1" || jobs[1].ID != "order-a1" {
		t.Fatalf("jobs %+v, want order-b1 then order-a1 (not tr-2's order-b2)", jobs)
	}
	mine, given := jobs[1], jobs[0]
	if !mine.Yours || mine.Status != orders.Completed || mine.Pay == nil || mine.Pay.TRY.Amount != 70176 || mine.Pay.USD.Amount != 2040 ||
		mine.DeliveredAt == nil || mine.Number != "O-2026-00001" || len(mine.History) != 7 || mine.History[4].TranslatorID != "tr-1" {
		t.Errorf("tr-1's own job %+v", mine)
	}
	// The job staff gave to tr-2: what it paid and the steps naming tr-1, nothing of tr-2's work.
	if given.Yours || given.Status != "" || given.DeliveredAt != nil || given.Pay == nil || len(given.History) != 2 ||
		given.History[0].TranslatorID != "tr-1" || given.History[1].Step != orders.StepRevisionReassigned ||
		given.History[1].PreviousTranslatorID != "tr-1" || given.History[1].TranslatorID != "" {
		t.Errorf("the job given on %+v", given)
	}

	fs := decode[datacopy.FilesFile](t, got["files.json"])
	if len(fs.Files) != 1 || fs.Files[0].ID != "file-t1" || fs.Files[0].OrderID != "order-a1" || fs.Files[0].Purpose != files.DeliveryFile {
		t.Errorf("tr-1's uploads %+v", fs)
	}
	p := decode[datacopy.PoolFile](t, got["pool.json"])
	if p.Profile == nil || len(p.Profile.Pairs) != 1 || p.Profile.ActiveJobCap != pool.DefaultCap || len(p.Notices.Waiting) != 1 ||
		p.Notices.Waiting[0].Number != "O-2026-00009" {
		t.Errorf("pool %+v", p)
	}
	// No customer, no other translator, no staff member, no customer's brief or file.
	absent(t, "tr-1", all, "cust-", "tr-2", "staff-9", "brief", "B's", "A's", "tez.docx", "sozlesme", "order-b2", `"outbox"`, `"poolKeys"`)

	// A translator the pool and the orders know nothing of has an empty copy, not an error.
	got, _ = copyOf(t, s, privacy.Requested{RequestID: "r2", Kind: privacy.KindCopy, UserID: "tr-9", Role: "translator", Lang: "en"})
	if jobs := decode[datacopy.JobsFile](t, got["jobs.json"]).Jobs; len(jobs) != 0 {
		t.Errorf("tr-9's jobs %+v", jobs)
	}
	if p := decode[datacopy.PoolFile](t, got["pool.json"]); p.Profile != nil || len(p.Notices.Waiting) != 0 {
		t.Errorf("tr-9's pool %+v", p)
	}
}

// Visitors and staff have nothing here (datacopy.Gather says why).
func TestNoCopyWithoutACustomerOrTranslatorAccount(t *testing.T) {
	s := seed(t)
	for _, r := range []privacy.Requested{
		{RequestID: "r1", Kind: privacy.KindCopy, Email: "visitor@example.com", Lang: "tr"},
		{RequestID: "r2", Kind: privacy.KindCopy, UserID: "staff-9", Email: "staff@example.com", Role: "admin", Lang: "tr"},
	} {
		if got, err := datacopy.Gather(s.sources, clock)(context.Background(), r); err != nil || len(got) != 0 {
			t.Errorf("%+v: %v %v", r, got, err)
		}
	}
}

// The handler as main.go wires it: a copy request answered once through the privacy_parts
// outbox, however often it arrives; erasures and the auth stream's other events are not its to
// answer. The answer that reaches our stream keeps its contract.
func TestHandlerAnswersACopyOnce(t *testing.T) {
	ctx := context.Background()
	s := seed(t)
	rdb := testenv.StartRedis(t).Client
	relay := events.NewRelay(s.parts.Collection(), events.Stream("orders"), events.NewPublisher(rdb), nil, time.Hour)
	var kicked []any
	handle := privacy.Handler(datacopy.Service, privacy.Answers{Copy: datacopy.Gather(s.sources, clock)}, s.parts, func(ids ...any) { kicked = append(kicked, ids...) }, clock)
	event := func(typ string, payload any) events.Event {
		t.Helper()
		e, err := events.New(ctx, typ, payload)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	request := privacy.Requested{RequestID: "req-1", Kind: privacy.KindCopy, UserID: "cust-a", Email: "a@example.com", Role: "customer", Lang: "tr"}
	copyRequest := event(datacopy.EventPrivacyRequested, request)
	for _, e := range []events.Event{
		copyRequest,
		copyRequest, // redelivered
		event(datacopy.EventPrivacyRequested, request), // published again by svc-auth's relay: a new event id
		event(datacopy.EventPrivacyRequested, privacy.Requested{RequestID: "req-2", Kind: privacy.KindErasure, UserID: "cust-b", Role: "customer"}),
		event("account.registered", map[string]string{"userId": "cust-c"}),
	} {
		if err := handle(ctx, e); err != nil {
			t.Fatalf("%s: %v", e.Type, err)
		}
	}
	if !slices.Equal(kicked, []any{"req-1"}) {
		t.Errorf("relay kicked for %v, want req-1 once", kicked)
	}
	if n, err := relay.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("relay published %d events: %v", n, err)
	}
	if n, err := s.parts.Collection().CountDocuments(ctx, map[string]any{}); err != nil || n != 1 {
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
	var got []string
	for _, f := range part.Files {
		got = append(got, f.Name)
	}
	if part.RequestID != "req-1" || part.Service != "svc-orders" || !slices.Equal(got, []string{"quotes.json", "orders.json", "contracts.json", "files.json"}) {
		t.Errorf("answer %s for %s with %v", part.Service, part.RequestID, got)
	}
}
