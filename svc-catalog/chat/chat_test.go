package chat_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/svc-catalog/chat"
)

const (
	pub   = "/api/v1/catalog/chat"
	staff = "/api/v1/catalog/admin/chat"
)

func start(t *testing.T, f *fixture, instance int, w who, body map[string]any) answer {
	t.Helper()
	a := f.do(t, instance, "POST", pub+"/conversations", w, body)
	if a.status != 201 {
		t.Fatalf("start: %d %s", a.status, a.raw)
	}
	return a
}

// A visitor writes on instance A while a staff member watches on instance B: the message
// reaches B's stream, the staff answer from B reaches the visitor's stream on A, and the
// conversation is theirs alone by its token.
func TestVisitorAndStaffAcrossInstances(t *testing.T) {
	f := newFixture(t, options{})
	admin := who{bearer: f.token("staff-1", authn.RoleAdmin)}

	if a := f.do(t, 0, "GET", pub+"/status", who{}, nil); a.status != 200 || a.body["staffOnline"] != false {
		t.Fatalf("status with nobody online: %d %s", a.status, a.raw)
	}
	staffStream := f.follow(t, 1, staff+"/events", admin)
	// The staff stream on B makes staff online for A too (presence in Redis).
	if a := f.do(t, 0, "GET", pub+"/status", who{}, nil); a.body["staffOnline"] != true {
		t.Fatalf("status with a staff stream open: %s", a.raw)
	}

	sent := time.Now()
	a := start(t, f, 0, who{lang: "tr"}, map[string]any{"name": "Zeynep Kaya", "text": "Merhaba, yeminli tercüme fiyatı nedir?", "language": "tr"})
	token, _ := a.body["token"].(string)
	id := str(a.body, "conversation", "id")
	if token == "" || id == "" || a.body["sent"].(map[string]any)["staffOnline"] != true {
		t.Fatalf("start answer: %s", a.raw)
	}
	got := staffStream.next(t, "message")
	t.Logf("a message posted to instance A reached a staff stream on instance B in %v", time.Since(sent))
	if got.data.Conversation.ID != id || got.data.Message.Text != "Merhaba, yeminli tercüme fiyatı nedir?" || got.data.Conversation.Unread != 1 {
		t.Fatalf("staff event: %+v", got.data)
	}

	// The conversation is the token holder's: without it, or with another, it does not exist.
	visitor := who{chatToken: token}
	if a := f.do(t, 1, "GET", pub+"/conversations/"+id, visitor, nil); a.status != 200 || len(a.body["messages"].([]any)) != 1 {
		t.Fatalf("thread with the token: %d %s", a.status, a.raw)
	}
	for _, w := range []who{{}, {chatToken: "not-the-token"}, {bearer: f.token("someone", authn.RoleCustomer)}} {
		if a := f.do(t, 1, "GET", pub+"/conversations/"+id, w, nil); a.status != 404 {
			t.Fatalf("thread without its token (%+v): %d %s", w, a.status, a.raw)
		}
		if a := f.do(t, 1, "POST", pub+"/conversations/"+id+"/messages", w, map[string]any{"text": "sızma"}); a.status != 404 {
			t.Fatalf("message without its token: %d %s", a.status, a.raw)
		}
	}
	if a := f.do(t, 0, "GET", pub+"/conversations/"+id+"/events?token=wrong", who{}, nil); a.status != 404 {
		t.Fatalf("stream without its token: %d %s", a.status, a.raw)
	}

	visitorStream := f.follow(t, 0, pub+"/conversations/"+id+"/events?token="+token, who{})
	// The stored message comes first, numbered.
	if e := visitorStream.next(t, "message"); e.id != "1" || e.data.Message.From != chat.FromVisitor {
		t.Fatalf("backlog: %+v", e)
	}

	// The staff list shows it unread; the staff answer from B reaches the visitor on A.
	list := f.do(t, 1, "GET", staff+"/conversations?status=open", admin, nil)
	convs, _ := list.body["conversations"].([]any)
	if list.status != 200 || len(convs) != 1 || convs[0].(map[string]any)["unread"].(float64) != 1 {
		t.Fatalf("staff list: %d %s", list.status, list.raw)
	}
	if a := f.do(t, 1, "POST", staff+"/conversations/"+id+"/read", admin, nil); a.status != 200 || a.body["unread"].(float64) != 0 {
		t.Fatalf("read: %d %s", a.status, a.raw)
	}
	if e := staffStream.next(t, "read"); e.data.Conversation.ID != id {
		t.Fatalf("read event: %+v", e)
	}
	sent = time.Now()
	if a := f.do(t, 1, "POST", staff+"/conversations/"+id+"/messages", admin, map[string]any{"text": "Sayfa başına 300 TL."}); a.status != 201 {
		t.Fatalf("reply: %d %s", a.status, a.raw)
	}
	reply := visitorStream.next(t, "message")
	t.Logf("a staff answer posted to instance B reached the visitor's stream on instance A in %v", time.Since(sent))
	// Signed as the team by the widget: the visitor never gets the staff account's name.
	if reply.id != "2" || reply.data.Message.From != chat.FromStaff || reply.data.Message.Author != "" || reply.data.Message.Text != "Sayfa başına 300 TL." {
		t.Fatalf("reply event: %+v", reply)
	}

	// A reconnecting stream (Last-Event-ID 1) gets only what it missed.
	again := f.follow(t, 1, pub+"/conversations/"+id+"/events?token="+token+"&after=1", who{})
	if e := again.next(t, "message"); e.id != "2" {
		t.Fatalf("resumed stream: %+v", e)
	}

	if a := f.do(t, 0, "POST", staff+"/conversations/"+id+"/close", admin, nil); a.status != 200 || a.body["status"] != "closed" {
		t.Fatalf("close: %d %s", a.status, a.raw)
	}
	visitorStream.next(t, "closed")
	if a := f.do(t, 0, "GET", staff+"/conversations?status=closed", admin, nil); len(a.body["conversations"].([]any)) != 1 {
		t.Fatalf("closed list: %s", a.raw)
	}
	// Closing again changes nothing and records nothing.
	f.do(t, 0, "POST", staff+"/conversations/"+id+"/close", admin, nil)

	// Every staff change is in the audit log, once: the read, the answer, the close.
	cur, err := f.db.Collection("audit").Find(context.Background(), bson.D{{Key: "object.kind", Value: "chat_conversation"}, {Key: "object.id", Value: id}})
	if err != nil {
		t.Fatal(err)
	}
	var entries []struct {
		Action string
		Actor  struct{ ID string }
	}
	if err := cur.All(context.Background(), &entries); err != nil {
		t.Fatal(err)
	}
	actions := map[string]string{}
	for _, e := range entries {
		actions[e.Action] = e.Actor.ID
	}
	if len(entries) != 3 || actions["chat.read"] != "staff-1" || actions["chat.reply"] != "staff-1" || actions["chat.close"] != "staff-1" {
		t.Fatalf("audit entries: %+v, want one read, reply and close by staff-1", entries)
	}
}

// A signed-in customer's conversation is tied to their account: they see it without a token,
// in chat/mine, and another customer sees neither.
func TestCustomerSeesTheirsOnly(t *testing.T) {
	f := newFixture(t, options{instances: 1})
	mine, other := who{bearer: f.token("cust-1", authn.RoleCustomer)}, who{bearer: f.token("cust-2", authn.RoleCustomer)}
	a := start(t, f, 0, mine, map[string]any{"name": "Can Demir", "text": "Siparişim ne zaman biter?", "language": "tr"})
	id := str(a.body, "conversation", "id")
	if a.body["token"] != nil {
		t.Fatalf("a customer's conversation got a token: %s", a.raw)
	}
	start(t, f, 0, who{}, map[string]any{"name": "Visitor", "text": "Hello", "language": "en"})
	if a := f.do(t, 0, "GET", pub+"/conversations/"+id, mine, nil); a.status != 200 {
		t.Fatalf("own thread: %d %s", a.status, a.raw)
	}
	if a := f.do(t, 0, "POST", pub+"/conversations/"+id+"/messages", mine, map[string]any{"text": "Bir de fatura?"}); a.status != 201 {
		t.Fatalf("own message: %d %s", a.status, a.raw)
	}
	m := f.do(t, 0, "GET", pub+"/mine", mine, nil)
	if list, _ := m.body["conversations"].([]any); m.status != 200 || len(list) != 1 || list[0].(map[string]any)["id"] != id {
		t.Fatalf("mine: %d %s", m.status, m.raw)
	}
	if o := f.do(t, 0, "GET", pub+"/mine", other, nil); len(o.body["conversations"].([]any)) != 0 {
		t.Fatalf("another customer's mine: %s", o.raw)
	}
	if o := f.do(t, 0, "GET", pub+"/conversations/"+id, other, nil); o.status != 404 {
		t.Fatalf("another customer's thread: %d", o.status)
	}
	if v := f.do(t, 0, "GET", pub+"/mine", who{}, nil); v.status != 401 {
		t.Fatalf("a visitor's mine: %d", v.status)
	}
}

// Every staff route refuses visitors (401) and customers and translators (403), and answers staff.
func TestStaffRoutesAreStaffOnly(t *testing.T) {
	f := newFixture(t, options{instances: 1})
	a := start(t, f, 0, who{}, map[string]any{"name": "Visitor", "text": "Hello", "language": "en"})
	id := str(a.body, "conversation", "id")
	routes := []struct{ method, path string }{
		{"GET", staff + "/conversations"},
		{"GET", staff + "/conversations/" + id},
		{"GET", staff + "/events"},
		{"POST", staff + "/conversations/" + id + "/messages"},
		{"POST", staff + "/conversations/" + id + "/read"},
		{"POST", staff + "/conversations/" + id + "/close"},
	}
	for _, r := range routes {
		for _, c := range []struct {
			w      who
			status int
		}{
			{who{}, 401},
			{who{bearer: f.token("c", authn.RoleCustomer)}, 403},
			{who{bearer: f.token("tr", authn.RoleTranslator)}, 403},
		} {
			if a := f.do(t, 0, r.method, r.path, c.w, map[string]any{"text": "x"}); a.status != c.status {
				t.Errorf("%s %s as %+v: %d, want %d", r.method, r.path, c.w, a.status, c.status)
			}
		}
	}
	admin := who{bearer: f.token("staff", authn.RoleAdmin)}
	if a := f.do(t, 0, "GET", staff+"/conversations/"+id, admin, nil); a.status != 200 {
		t.Errorf("staff thread: %d", a.status)
	}
	if a := f.do(t, 0, "GET", staff+"/conversations/nope", admin, nil); a.status != 404 {
		t.Errorf("unknown conversation: %d", a.status)
	}
	if a := f.do(t, 0, "GET", staff+"/conversations?status=spam", admin, nil); a.status != 400 || a.field("status") == "" {
		t.Errorf("bad status filter: %d %s", a.status, a.raw)
	}
	if a := f.do(t, 0, "GET", staff+"/conversations?before=nope", admin, nil); a.status != 400 || a.field("before") == "" {
		t.Errorf("bad cursor: %d %s", a.status, a.raw)
	}
}

// With nobody online the visitor is told so; their words become one contact inquiry per
// offline spell, and without an address they are asked for one.
func TestOfflineBecomesOneInquiry(t *testing.T) {
	f := newFixture(t, options{instances: 1})
	a := start(t, f, 0, who{}, map[string]any{"name": "Elif Şahin", "email": "elif@example.com", "text": "Acil bir belge çevirisi lazım.", "language": "tr"})
	sent := a.body["sent"].(map[string]any)
	if sent["staffOnline"] != false || sent["inquiry"] != true {
		t.Fatalf("offline start: %s", a.raw)
	}
	id, visitor := str(a.body, "conversation", "id"), who{chatToken: a.body["token"].(string)}
	for i := range 3 {
		a := f.do(t, 0, "POST", pub+"/conversations/"+id+"/messages", visitor, map[string]any{"text": fmt.Sprintf("Ek bilgi %d", i)})
		if a.status != 201 || a.body["inquiry"] != true || a.body["staffOnline"] != false {
			t.Fatalf("offline message: %d %s", a.status, a.raw)
		}
	}
	got := f.inquiries.all()
	if len(got) != 1 || got[0].Email != "elif@example.com" || got[0].Name != "Elif Şahin" || got[0].Language != "tr" ||
		!strings.HasPrefix(got[0].Message, "[Canlı destek / Live chat] ") || !strings.Contains(got[0].Message, "Acil bir belge çevirisi lazım.") {
		t.Fatalf("inquiries: %+v", got)
	}

	// Staff answer later; when they are gone again the next words are a new inquiry, with only
	// what came after the answer.
	admin := who{bearer: f.token("staff", authn.RoleAdmin)}
	f.do(t, 0, "POST", staff+"/conversations/"+id+"/messages", admin, map[string]any{"text": "Yarın dönüyoruz."})
	f.do(t, 0, "POST", pub+"/conversations/"+id+"/messages", visitor, map[string]any{"text": "Teşekkürler, bekliyorum."})
	if got := f.inquiries.all(); len(got) != 2 || strings.Contains(got[1].Message, "Ek bilgi") || !strings.Contains(got[1].Message, "Teşekkürler") {
		t.Fatalf("second offline spell: %+v", got)
	}

	// Without an address: asked for one, no inquiry; giving it makes the inquiry.
	b := start(t, f, 0, who{}, map[string]any{"name": "Mert", "text": "Is anyone there?", "language": "en"})
	if s := b.body["sent"].(map[string]any); s["needEmail"] != true || s["inquiry"] == true {
		t.Fatalf("offline without an address: %s", b.raw)
	}
	bid, bw := str(b.body, "conversation", "id"), who{chatToken: b.body["token"].(string)}
	if a := f.do(t, 0, "POST", pub+"/conversations/"+bid+"/messages", bw, map[string]any{"text": "Here it is", "email": "not-an-address"}); a.status != 400 || a.field("email") == "" {
		t.Fatalf("bad address: %d %s", a.status, a.raw)
	}
	if a := f.do(t, 0, "POST", pub+"/conversations/"+bid+"/messages", bw, map[string]any{"text": "Here it is", "email": "mert@example.com"}); a.body["inquiry"] != true {
		t.Fatalf("address given: %s", a.raw)
	}
	if got := f.inquiries.all(); len(got) != 3 || got[2].Email != "mert@example.com" || !strings.Contains(got[2].Message, "Is anyone there?") {
		t.Fatalf("inquiry after the address: %+v", got)
	}
}

// A staff stream counts as online while open, is taken off when it closes, and one whose
// instance died (no refresh, no goodbye) drops off after the presence TTL.
func TestPresence(t *testing.T) {
	f := newFixture(t, options{instances: 1, presenceTTL: 600 * time.Millisecond})
	online := func() bool {
		return f.do(t, 0, "GET", pub+"/status", who{}, nil).body["staffOnline"] == true
	}
	s := f.follow(t, 0, staff+"/events", who{bearer: f.token("staff", authn.RoleAdmin)})
	time.Sleep(1500 * time.Millisecond) // past the TTL: the open stream keeps refreshing
	if !online() {
		t.Fatal("an open staff stream is not online after its TTL")
	}
	// An idle stream says so every heartbeat (1 s here), which keeps proxies from cutting it.
	if s.pings.Load() == 0 {
		t.Fatal("no heartbeat on an idle stream")
	}
	s.close()
	waitFor(t, func() bool { return !online() }, "a closed stream to go offline")

	// An instance that dies: its Redis connection is gone, so it neither refreshes nor removes.
	dead := redis.NewClient(&redis.Options{Addr: f.redis.Addr})
	ctx, cancel := context.WithCancel(context.Background())
	hub, err := chat.NewHub(ctx, dead, 600*time.Millisecond, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if err := hub.Present(ctx, "doomed"); err != nil {
		t.Fatal(err)
	}
	if !online() {
		t.Fatal("the other instance's staff is not online")
	}
	_ = dead.Close()
	cancel()
	waitFor(t, func() bool { return !online() }, "a dead instance's staff to drop off")
}

func waitFor(t *testing.T, ok func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 5 s for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Bad input is a 400 naming the field, in the request's language.
func TestValidationInBothLanguages(t *testing.T) {
	f := newFixture(t, options{instances: 1})
	long := strings.Repeat("ş", chat.MaxMessage+1)
	cases := []struct {
		body          map[string]any
		field, tr, en string
	}{
		{map[string]any{"name": "Ali", "text": "", "language": "tr"}, "text", "Mesajınızı yazın.", "Write your message."},
		{map[string]any{"name": "Ali", "text": long, "language": "tr"}, "text", "Mesaj en fazla 2000 karakter olabilir.", "A message can be at most 2000 characters."},
		{map[string]any{"name": "A", "text": "Merhaba", "language": "tr"}, "name", "Ad 2 ile 100 karakter arasında olmalı.", "The name must be 2 to 100 characters."},
		{map[string]any{"name": "Ali", "email": "ali@", "text": "Merhaba", "language": "tr"}, "email", "Geçerli bir e-posta adresi girin.", "Enter a valid email address."},
		{map[string]any{"name": "Ali", "text": "Merhaba", "language": "de"}, "language", "Dil tr veya en olmalı.", "The language must be tr or en."},
	}
	for _, c := range cases {
		for lang, want := range map[string]string{"tr": c.tr, "en": c.en} {
			a := f.do(t, 0, "POST", pub+"/conversations", who{lang: lang}, c.body)
			if a.status != 400 || a.field(c.field) != want {
				t.Errorf("%s (%s): %d %s, want %q", c.field, lang, a.status, a.raw, want)
			}
		}
	}
	a := start(t, f, 0, who{}, map[string]any{"name": "Ali", "text": "Merhaba", "language": "tr"})
	id, w := str(a.body, "conversation", "id"), who{chatToken: a.body["token"].(string), lang: "tr"}
	if a := f.do(t, 0, "POST", pub+"/conversations/"+id+"/messages", w, map[string]any{"text": long}); a.status != 400 || a.field("text") != "Mesaj en fazla 2000 karakter olabilir." {
		t.Errorf("long message: %d %s", a.status, a.raw)
	}
}

// A send repeated with its idempotency key (a double click, a retry) is stored once; a flood
// from one sender is held back with 429.
func TestDoubleSendStoredOnceAndFloodLimited(t *testing.T) {
	f := newFixture(t, options{instances: 2, perMinute: 12})
	admin := who{bearer: f.token("staff", authn.RoleAdmin)}
	a := start(t, f, 0, who{}, map[string]any{"name": "Ali", "text": "Merhaba", "language": "tr"})
	id, token := str(a.body, "conversation", "id"), a.body["token"].(string)
	w := who{chatToken: token, key: "send-1"}
	first := f.do(t, 0, "POST", pub+"/conversations/"+id+"/messages", w, map[string]any{"text": "Tek mesaj"})
	second := f.do(t, 1, "POST", pub+"/conversations/"+id+"/messages", w, map[string]any{"text": "Tek mesaj"})
	if first.status != 201 || second.status != 201 || str(first.body, "message", "id") != str(second.body, "message", "id") {
		t.Fatalf("double send: %s / %s", first.raw, second.raw)
	}
	th := f.do(t, 0, "GET", staff+"/conversations/"+id, admin, nil)
	if msgs := th.body["messages"].([]any); len(msgs) != 2 || th.body["conversation"].(map[string]any)["unread"].(float64) != 2 {
		t.Fatalf("after a double send: %s", th.raw)
	}
	// The same send five times at once, on both instances: still one message, counted once.
	var wg sync.WaitGroup
	ids := make([]string, 5)
	for i := range ids {
		wg.Go(func() {
			a := f.do(t, i%2, "POST", pub+"/conversations/"+id+"/messages", who{chatToken: token, key: "send-2"}, map[string]any{"text": "Aynı anda"})
			ids[i] = str(a.body, "message", "id")
		})
	}
	wg.Wait()
	th = f.do(t, 0, "GET", staff+"/conversations/"+id, admin, nil)
	if msgs := th.body["messages"].([]any); len(msgs) != 3 || th.body["conversation"].(map[string]any)["unread"].(float64) != 3 {
		t.Fatalf("after five sends at once: %s", th.raw)
	}
	for _, got := range ids {
		if got == "" || got != ids[0] {
			t.Fatalf("the same send answered different messages: %v", ids)
		}
	}

	status := 0
	for i := range 10 {
		status = f.do(t, 0, "POST", pub+"/conversations/"+id+"/messages", who{chatToken: token, lang: "tr"}, map[string]any{"text": fmt.Sprint("sel ", i)}).status
		if status == 429 {
			break
		}
	}
	if status != 429 {
		t.Fatal("a flood of messages was not limited")
	}
}

// The staff list pages through every open conversation, newest activity first, without overlap.
func TestStaffListPages(t *testing.T) {
	f := newFixture(t, options{instances: 1})
	admin := who{bearer: f.token("staff", authn.RoleAdmin)}
	const n = chat.PageSize + 2
	for i := range n {
		start(t, f, 0, who{}, map[string]any{"name": fmt.Sprintf("Ziyaretçi %02d", i), "text": "Merhaba", "language": "tr"})
	}
	first := f.do(t, 0, "GET", staff+"/conversations?status=open", admin, nil)
	page1, _ := first.body["conversations"].([]any)
	if len(page1) != chat.PageSize || first.body["more"] != true {
		t.Fatalf("first page: %d conversations, more %v", len(page1), first.body["more"])
	}
	last := page1[len(page1)-1].(map[string]any)["id"].(string)
	second := f.do(t, 0, "GET", staff+"/conversations?status=open&before="+last, admin, nil)
	page2, _ := second.body["conversations"].([]any)
	if len(page2) != 2 || second.body["more"] != false {
		t.Fatalf("second page: %s", second.raw)
	}
	seen := map[string]bool{}
	var prev time.Time
	for _, c := range append(page1, page2...) {
		m := c.(map[string]any)
		if seen[m["id"].(string)] {
			t.Fatalf("conversation %s on two pages", m["id"])
		}
		seen[m["id"].(string)] = true
		at, err := time.Parse(time.RFC3339Nano, m["lastMessageAt"].(string))
		if err != nil || (!prev.IsZero() && at.After(prev)) {
			t.Fatalf("not newest first: %v after %v (%v)", at, prev, err)
		}
		prev = at
	}
	if len(seen) != n {
		t.Fatalf("%d conversations listed, want %d", len(seen), n)
	}
	if a := f.do(t, 0, "GET", staff+"/conversations?status=closed", admin, nil); len(a.body["conversations"].([]any)) != 0 {
		t.Fatalf("closed list: %s", a.raw)
	}
}
