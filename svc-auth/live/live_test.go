package live_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/svc-auth/live"
)

// Two svc-auth instances share one Redis: a notice recorded by either instance's consumer reaches
// every staff stream on both, each with its staff member's count. A stream starts with the
// counts.
func TestNoticeReachesStreamsOnBothInstances(t *testing.T) {
	f := newFixture(t, 2)
	ayse, deniz := f.staff("ayse"), f.staff("deniz")
	a0, first := f.open(t, 0, ayse)
	if !sameCounts(first, counts(nil)) {
		t.Fatalf("a new staff member's counts %v", first)
	}
	a1, _ := f.open(t, 1, ayse)
	d1, _ := f.open(t, 1, deniz)

	sent := time.Now()
	typ, payload := paid("o1", "O-2026-00042")
	f.handle(t, 0, typ, payload, time.Now())
	for name, s := range map[string]*stream{"ayşe on the handling instance": a0, "ayşe on the other": a1, "deniz on the other": d1} {
		u := s.next(t, "notice")
		if u.Notice == nil || u.Notice.Category != live.Orders || u.Notice.Ref != "o1" || u.Notice.ID != "paid-o1" ||
			u.Notice.Title != (i18n.Text{TR: "Yeni ödenmiş sipariş: O-2026-00042", EN: "New paid order: O-2026-00042"}) {
			t.Fatalf("%s: %+v", name, u.Notice)
		}
		if !sameCounts(u.Counts, map[string]int{live.Orders: 1}) {
			t.Fatalf("%s: counts %v", name, u.Counts)
		}
	}
	t.Logf("a notice recorded on instance A reached streams on A and B in %v", time.Since(sent))
}

// Counts follow what each staff member looked at: marking a screen seen (on any instance) sends
// every stream of theirs fresh counts and leaves others' alone; after the instance holding a
// stream restarts, the stream opened again (as the browser's EventSource does) starts with the
// right counts, events handled meanwhile included.
func TestCountsAfterSeenAndRestart(t *testing.T) {
	f := newFixture(t, 2)
	ayse, deniz := f.staff("ayse"), f.staff("deniz")
	a0, _ := f.open(t, 0, ayse)
	d0, _ := f.open(t, 0, deniz)
	for i, id := range []string{"o1", "o2"} {
		typ, payload := paid(id, fmt.Sprintf("O-2026-0000%d", i+1))
		f.handle(t, 1, typ, payload, time.Now())
		a0.next(t, "notice")
		d0.next(t, "notice")
	}
	f.handle(t, 1, live.EventTransferDeclared, map[string]any{"transferId": "trf-1", "customerId": "c1",
		"amount": map[string]any{"amount": 125050, "currency": "TRY", "decimals": 2}, "declaredAt": time.Now()}, time.Now())
	if u := a0.next(t, "notice"); !sameCounts(u.Counts, map[string]int{live.Transfers: 1}) ||
		u.Notice.Title != (i18n.Text{TR: "Havale bildirildi: 1.250,50 ₺", EN: "Bank transfer declared: ₺1,250.50"}) {
		t.Fatalf("transfer notice %+v %v", u.Notice, u.Counts)
	}
	d0.next(t, "notice")

	// Ayşe opens the orders screen, through the other instance.
	a := f.do(t, 1, "POST", seenPath, ayse, "en", map[string]any{"categories": []string{live.Orders, live.Revisions, live.Escalations}})
	want := counts(map[string]int{live.Transfers: 1})
	if a.status != 200 || fmt.Sprint(a.body["counts"]) != fmt.Sprint(toAny(want)) {
		t.Fatalf("seen: %d %s", a.status, a.raw)
	}
	if u := a0.next(t, "counts"); !sameCounts(u.Counts, want) {
		t.Fatalf("ayşe's stream after seen: %v", u.Counts)
	}
	d0.quiet(t, 300*time.Millisecond)

	// Instance A restarts; meanwhile a revision is asked for.
	f.instances[0].stop()
	a0.end(t, 5*time.Second)
	f.handle(t, 1, live.EventOrderStatusChanged, map[string]any{"orderId": "o1", "number": "O-2026-00001", "customerId": "c1",
		"translatorId": "t1", "status": "revision_requested", "at": time.Now()}, time.Now())
	f.instances[0] = f.start(t)
	// The revision came after Ayşe looked at the orders screen: it counts; the paid orders do not.
	_, again := f.open(t, 0, ayse)
	if want := counts(map[string]int{live.Transfers: 1, live.Revisions: 1}); !sameCounts(again, want) {
		t.Fatalf("ayşe's counts after the restart %v, want %v", again, want)
	}
	_, dz := f.open(t, 0, deniz)
	if want := counts(map[string]int{live.Orders: 2, live.Transfers: 1, live.Revisions: 1}); !sameCounts(dz, want) {
		t.Fatalf("deniz's counts after the restart %v, want %v", dz, want)
	}
}

func toAny(m map[string]int) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = float64(v)
	}
	return out
}

// A redelivered event (published twice on the stream, as at-least-once delivery may) records one
// notice and reaches a stream once; the handler run again on it, as after a crash before the
// processed id was recorded, records and announces nothing more.
func TestRedeliveredEventMakesOneNotice(t *testing.T) {
	f := newFixture(t, 1)
	s, _ := f.open(t, 0, f.staff("ayse"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	handler := live.Handler(f.instances[0].store, f.instances[0].hub, time.Now)
	consumer := events.NewConsumer(f.redis.Client, events.Stream("catalog"), "svc-auth-live", f.db.Collection("processed_events"), handler, quiet)
	consumer.Block = 100 * time.Millisecond
	done := make(chan struct{})
	go func() { defer close(done); _ = consumer.Run(ctx) }()
	defer func() { cancel(); <-done }()

	e := event(t, live.EventChatOpened, map[string]any{"conversationId": "conv-1", "name": "Sam Carter", "language": "en", "at": time.Now()}, time.Now())
	pub := events.NewPublisher(f.redis.Client)
	for range 2 {
		if err := pub.Publish(ctx, events.Stream("catalog"), e); err != nil {
			t.Fatal(err)
		}
	}
	u := s.next(t, "notice")
	if u.Notice.ID != e.ID || u.Notice.Category != live.Chats || u.Notice.Ref != "conv-1" || u.Notice.Title.EN != "New live chat: Sam Carter" ||
		!sameCounts(u.Counts, map[string]int{live.Chats: 1}) {
		t.Fatalf("notice %+v %v", u.Notice, u.Counts)
	}
	s.quiet(t, 500*time.Millisecond)
	if err := handler(ctx, e); err != nil {
		t.Fatal(err)
	}
	s.quiet(t, 300*time.Millisecond)
	if n, _ := f.db.Collection("staff_notices").CountDocuments(ctx, bson.D{{Key: "_id", Value: e.ID}}); n != 1 {
		t.Fatalf("%d notices of one event", n)
	}
	if pending, err := f.redis.Client.XPending(ctx, events.Stream("catalog"), "svc-auth-live").Result(); err != nil || pending.Count != 0 {
		t.Fatalf("entries left unacknowledged: %+v %v", pending, err)
	}
}

// failingOnce is an Announcer whose first announcement fails.
type failingOnce struct {
	next  live.Announcer
	tries atomic.Int32
}

func (a *failingOnce) Announce(ctx context.Context, n live.Notice) error {
	if a.tries.Add(1) == 1 {
		return redis.ErrClosed
	}
	return a.next.Announce(ctx, n)
}

// An announcement that failed (Redis away) fails the handling, so the event comes again; the
// notice recorded the first time is then announced, once.
func TestFailedAnnouncementIsRetried(t *testing.T) {
	f := newFixture(t, 1)
	s, _ := f.open(t, 0, f.staff("ayse"))
	handler := live.Handler(f.instances[0].store, &failingOnce{next: f.instances[0].hub}, time.Now)
	e := event(t, live.EventTicketOpened, map[string]any{"ticketId": "tk-1", "translatorId": "t1", "subject": "Ödeme gecikti", "category": "payments", "at": time.Now()}, time.Now())
	if err := handler(context.Background(), e); err == nil {
		t.Fatal("a failed announcement was not reported")
	}
	s.quiet(t, 200*time.Millisecond)
	for range 2 {
		if err := handler(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
	if u := s.next(t, "notice"); u.Notice.Title.TR != "Yeni destek talebi: Ödeme gecikti" || u.Counts[live.Tickets] != 1 {
		t.Fatalf("notice %+v %v", u.Notice, u.Counts)
	}
	s.quiet(t, 300*time.Millisecond)
}

// Each event staff must hear of makes its notice, in both languages, linking to its thing; the
// others, and news older than MaxAge, make none. A paid order is told once, also when it is back
// in progress after its translator gave it back.
func TestEventsBecomeNotices(t *testing.T) {
	f := newFixture(t, 1)
	now := time.Now()
	for _, c := range []struct {
		typ      string
		payload  map[string]any
		category string
		ref      string
		title    i18n.Text
	}{
		{live.EventOrderStatusChanged, map[string]any{"orderId": "o7", "number": "O-7", "customerId": "c", "status": "revision_requested", "at": now},
			live.Revisions, "o7", i18n.Text{TR: "Düzeltme istendi: O-7", EN: "Revision requested: O-7"}},
		{live.EventOrderEscalated, map[string]any{"orderId": "o8", "number": "O-8", "customerId": "c", "reason": "unclaimed", "at": now},
			live.Escalations, "o8", i18n.Text{TR: "Çevirmen bekleyen iş: O-8", EN: "Job waiting for a translator: O-8"}},
		{live.EventOrderEscalated, map[string]any{"orderId": "o9", "number": "O-9", "customerId": "c", "reason": "revision_overdue", "at": now},
			live.Escalations, "o9", i18n.Text{TR: "Düzeltme süresi geçti: O-9", EN: "Revision overdue: O-9"}},
		{live.EventOrderEscalated, map[string]any{"orderId": "o10", "number": "O-10", "customerId": "c", "reason": "revision_unavailable", "at": now},
			live.Escalations, "o10", i18n.Text{TR: "Düzeltme çevirmen bekliyor: O-10", EN: "Revision needs a translator: O-10"}},
		{live.EventApplicationSubmitted, map[string]any{"applicationId": "app-1"},
			live.Applications, "app-1", i18n.Text{TR: "Yeni çevirmen başvurusu", EN: "New translator application"}},
		{live.EventTicketMessage, map[string]any{"ticketId": "tk-2", "translatorId": "t", "subject": "Fatura", "category": "payments", "at": now},
			live.Tickets, "tk-2", i18n.Text{TR: "Destek talebinde yeni mesaj: Fatura", EN: "New message in a support ticket: Fatura"}},
		{live.EventChatMessage, map[string]any{"conversationId": "conv-2", "name": "Zeynep", "language": "tr", "at": now},
			live.Chats, "conv-2", i18n.Text{TR: "Canlı destekte yeni mesaj: Zeynep", EN: "New live chat message: Zeynep"}},
		{live.EventTransferDeclared, map[string]any{"transferId": "trf-9", "customerId": "c", "amount": map[string]any{"amount": 500, "currency": "JPY", "decimals": 0}, "declaredAt": now},
			live.Transfers, "trf-9", i18n.Text{TR: "Havale bildirildi: 500 ¥", EN: "Bank transfer declared: ¥500"}},
	} {
		e := f.handle(t, 0, c.typ, c.payload, now)
		var n live.Notice
		if err := f.db.Collection("staff_notices").FindOne(context.Background(), bson.D{{Key: "_id", Value: e.ID}}).Decode(&n); err != nil {
			t.Fatalf("%s: no notice: %v", c.typ, err)
		}
		if n.Category != c.category || n.Ref != c.ref || n.Title != c.title || !n.Announced || !n.CreatedAt.Equal(now.UTC().Truncate(time.Millisecond)) {
			t.Errorf("%s: %+v", c.typ, n)
		}
	}
	// Ignored: other statuses, other services' events, old news; a paid order told once.
	typ, payload := paid("o1", "O-1")
	f.handle(t, 0, typ, payload, now)
	f.handle(t, 0, typ, payload, now.Add(time.Hour)) // given back to the pool later
	f.handle(t, 0, live.EventOrderStatusChanged, map[string]any{"orderId": "o2", "number": "O-2", "customerId": "c", "status": "assigned", "at": now}, now)
	f.handle(t, 0, "quote.created", map[string]any{"quoteId": "q", "number": "Q-1", "customerId": "c", "total": map[string]any{"amount": 1, "currency": "TRY", "decimals": 2, "formatted": "0,01 ₺"}}, now)
	// A customer's sandbox space (authn.SandboxID) is told through webhooks only: its paid order and
	// its revision are no staff's news.
	f.handle(t, 0, live.EventOrderStatusChanged, map[string]any{"orderId": "o-sbx", "number": "O-90", "customerId": authn.SandboxID("c"), "status": "in_progress", "at": now}, now)
	f.handle(t, 0, live.EventOrderStatusChanged, map[string]any{"orderId": "o-sbx", "number": "O-90", "customerId": authn.SandboxID("c"),
		"translatorId": authn.SandboxID("translator"), "status": "revision_requested", "at": now}, now)
	old := f.handle(t, 0, live.EventApplicationSubmitted, map[string]any{"applicationId": "app-old"}, now.Add(-live.MaxAge-time.Hour))
	if n, _ := f.db.Collection("staff_notices").CountDocuments(context.Background(), bson.D{{Key: "_id", Value: old.ID}}); n != 0 {
		t.Error("old news made a notice")
	}
	got, err := f.instances[0].store.Counts(context.Background(), "nobody", now)
	if err != nil {
		t.Fatal(err)
	}
	if want := counts(map[string]int{live.Orders: 1, live.Revisions: 1, live.Escalations: 3, live.Applications: 1, live.Tickets: 1, live.Chats: 1, live.Transfers: 1}); !sameCounts(got, want) {
		t.Fatalf("counts %v, want %v", got, want)
	}
	// An event that names nothing is an error (retried, then visible in the logs), not a notice.
	bad := event(t, live.EventChatOpened, map[string]any{"conversationId": "", "name": "x", "language": "tr", "at": now}, now)
	if err := live.Handler(f.instances[0].store, f.instances[0].hub, time.Now)(context.Background(), bad); err == nil {
		t.Error("a chat.opened without its conversation made no error")
	}
}

// A count stops at CountCap (the page shows 99+), however many notices there are.
func TestCountsAreCapped(t *testing.T) {
	f := newFixture(t, 1)
	ctx := context.Background()
	now := time.Now()
	docs := make([]any, 0, 150)
	for i := range 150 {
		docs = append(docs, live.Notice{ID: fmt.Sprintf("n%d", i), Category: live.Chats, Ref: "c", CreatedAt: now.Add(-time.Duration(i) * time.Minute)})
	}
	if _, err := f.db.Collection("staff_notices").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	got, err := f.instances[0].store.CountsOf(ctx, "ayse", now, live.Chats)
	if err != nil || got[live.Chats] != live.CountCap {
		t.Fatalf("count %v: %v", got, err)
	}
	// Old notices are pruned after Keep.
	if _, err := f.db.Collection("staff_notices").InsertOne(ctx, live.Notice{ID: "ancient", Category: live.Chats, Ref: "c", CreatedAt: now.Add(-live.Keep - time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if n, err := f.instances[0].store.Prune(ctx, now); err != nil || n != 1 {
		t.Fatalf("pruned %d: %v", n, err)
	}
}

// Only staff reach the feed: a visitor 401, a customer or translator 403, at the service too; bad
// "seen" bodies are refused in the request's language.
func TestOnlyStaffAndCheckedInput(t *testing.T) {
	f := newFixture(t, 1)
	for _, c := range []struct {
		token  string
		status int
	}{{"", 401}, {f.token("c1", authn.RoleCustomer, time.Hour), 403}, {f.token("t1", authn.RoleTranslator, time.Hour), 403}} {
		if a := f.do(t, 0, "GET", eventsPath, c.token, "en", nil); a.status != c.status {
			t.Errorf("stream as %q: %d %s", c.token, a.status, a.raw)
		}
		if a := f.do(t, 0, "POST", seenPath, c.token, "en", map[string]any{"categories": []string{"orders"}}); a.status != c.status {
			t.Errorf("seen as %q: %d %s", c.token, a.status, a.raw)
		}
	}
	ayse := f.staff("ayse")
	for _, c := range []struct {
		body      any
		lang      string
		code, msg string
	}{
		{map[string]any{}, "en", "validation_failed", "Name at least one category."},
		{map[string]any{"categories": []string{}}, "tr", "validation_failed", "En az bir kategori belirtin."},
		{map[string]any{"categories": []string{"orders", "invoices"}}, "en", "validation_failed", "Each category must be one of: orders, revisions"},
		{map[string]any{"categories": "orders"}, "tr", "malformed_json", ""},
	} {
		a := f.do(t, 0, "POST", seenPath, ayse, c.lang, c.body)
		e, _ := a.body["error"].(map[string]any)
		fields, _ := e["fields"].(map[string]any)
		msg, _ := fields["categories"].(string)
		if a.status != 400 || e["code"] != c.code || !strings.HasPrefix(msg, c.msg) {
			t.Errorf("seen %v: %d %s", c.body, a.status, a.raw)
		}
	}
}

// A stream ends when the access token it was opened with expires: an account signed out or no
// longer staff stops hearing, and the browser opens it again with a renewed token.
func TestStreamEndsWithItsToken(t *testing.T) {
	f := newFixture(t, 1)
	s, _ := f.open(t, 0, f.token("ayse", authn.RoleAdmin, 1500*time.Millisecond))
	s.end(t, 5*time.Second)
}
