package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company"
	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/ids"
	"linguaport/internal/privacy"
	"linguaport/internal/ratelimit"
	"linguaport/internal/testenv"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// The contracts' test finds svc-catalog's part in a request by its own constants; they must be
// the events internal/privacy sends and handles.
func TestPrivacyEventNames(t *testing.T) {
	if EventPrivacyRequested != privacy.EventRequested || EventPrivacyPartReady != privacy.EventPartReady {
		t.Errorf("svc-catalog names %q and %q, internal/privacy %q and %q",
			EventPrivacyRequested, EventPrivacyPartReady, privacy.EventRequested, privacy.EventPartReady)
	}
}

// catalogue is svc-catalog's stores and services as main wires them, on a test database and Redis.
type catalogue struct {
	db        *mongo.Database
	redis     *testenv.Redis
	store     *catalog.MongoStore
	chats     *chat.Store
	inquiries catalog.Service
	staff     catalog.StaffService
	chat      chat.Service
	messages  *ratelimit.Limiter // the chat's message limiter, whose counts an erasure forgets
	audit     *audit.Log
	// staffCtx is a request's context signed in as Selin, which the audit log records as the actor.
	staffCtx context.Context
	log      *slog.Logger
}

func newCatalogue(t *testing.T) *catalogue {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	c := &catalogue{db: testenv.Mongo(t), redis: testenv.StartRedis(t), log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	var err error
	if c.store, err = catalog.NewMongoStore(ctx, c.db); err != nil {
		t.Fatal(err)
	}
	c.inquiries = catalog.NewService(c.store, ratelimit.New(c.redis.Client, "inquiries", 100, time.Hour), ids.New, company.Demo())
	if c.audit, err = audit.NewLog(ctx, c.db, c.log); err != nil {
		t.Fatal(err)
	}
	c.staff = catalog.NewStaffService(c.store, c.audit, c.log, time.Now, ids.New, func(...any) {})
	c.staffCtx = signedIn(t, c.redis, selin.Caller)
	if c.chats, err = chat.NewStore(ctx, c.db); err != nil {
		t.Fatal(err)
	}
	hub, err := chat.NewHub(ctx, c.redis.Client, chat.DefaultPresenceTTL, c.log)
	if err != nil {
		t.Fatal(err)
	}
	c.messages = ratelimit.New(c.redis.Client, "chat-messages", 100, time.Minute)
	c.chat = chat.NewService(chat.Config{Store: c.chats, Bus: hub,
		Messages: c.messages, Starts: ratelimit.New(c.redis.Client, "chat-starts", 100, time.Hour),
		Inquiries: chatInquiries{c.inquiries}, Now: time.Now, NewID: ids.New})
	return c
}

// signedIn is the context of a request with who's valid token, as the route table's
// authenticator identifies it: what the audit log records staff's changes with.
func signedIn(t *testing.T, r *testenv.Redis, who authn.Caller) context.Context {
	t.Helper()
	_, key, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer := authn.NewSigner("k", key)
	session := "s-" + who.ID
	if err := r.Client.Set(context.Background(), authn.SessionKey(session), "1", time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	token, err := signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: who.ID, Session: session, Role: who.Role, Name: who.Name,
		ExpiresAt: time.Now().Add(time.Hour).Unix()})
	if err != nil {
		t.Fatal(err)
	}
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	ctx := auth.Identify(req)
	if _, ok := authn.FromContext(ctx); !ok {
		t.Fatal("the staff token is not accepted")
	}
	return ctx
}

var (
	selin = chat.Caller{Caller: authn.Caller{ID: "st-1", Role: authn.RoleAdmin, Name: "Selin Yönetici"}}
	ayse  = privacy.Requested{RequestID: "req-ayse", Kind: privacy.KindCopy, UserID: "u-ayse", Email: "ayse@example.com", Role: "customer", Lang: "tr"}
	bob   = privacy.Requested{RequestID: "req-bob", Kind: privacy.KindCopy, UserID: "u-bob", Email: "bob@example.com", Role: "customer", Lang: "en"}
)

func (c *catalogue) inquire(t *testing.T, in catalog.Inquiry) catalog.Inquiry {
	t.Helper()
	stored, err := c.inquiries.SubmitInquiry(context.Background(), in)
	if err != nil {
		t.Fatalf("inquiry from %s: %v", in.Email, err)
	}
	return stored
}

func (c *catalogue) reply(t *testing.T, inquiryID, text string) {
	t.Helper()
	if _, err := c.staff.Reply(c.staffCtx, selin.Caller, inquiryID, text); err != nil {
		t.Fatal(err)
	}
}

func (c *catalogue) startChat(t *testing.T, who chat.Caller, in chat.NewConversation) chat.Started {
	t.Helper()
	started, err := c.chat.Start(context.Background(), who, in)
	if err != nil {
		t.Fatalf("chat of %s: %v", in.Name, err)
	}
	return started
}

// answerChat answers a conversation as staff, recorded in the audit log as the route table's
// endpoint records it (chat.reply, the message it added).
func (c *catalogue) answerChat(t *testing.T, convID, text string) {
	t.Helper()
	m, err := c.chat.Reply(c.staffCtx, selin, chat.NewMessage{ConversationID: convID, Text: text})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.audit.Change(c.staffCtx, "chat.reply", audit.Object{Kind: "chat_conversation", ID: convID}, nil, m); err != nil {
		t.Fatal(err)
	}
}

// seedPeople stores what Ayşe (customer u-ayse) and Bob (customer u-bob) left with the
// catalogue, through the real services, and a few documents as older versions stored them.
func (c *catalogue) seedPeople(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	// Ayşe typed her address in other cases than the account keeps it.
	c.inquire(t, catalog.Inquiry{Kind: "contact", Name: "Ayşe Yılmaz", Email: " Ayse@Example.COM ", Phone: "+90 532 000 00 01",
		Message: "Ayşe'nin iletişim mesajı burada.", Language: "tr", From: "203.0.113.1"})
	corp := c.inquire(t, catalog.Inquiry{Kind: "corporate", Name: "Ayşe Yılmaz", Email: "ayse@example.com", Company: "Yılmaz Lojistik",
		Message: "Ayşe'nin kurumsal teklif isteği.", Language: "tr", From: "203.0.113.2"})
	c.reply(t, corp.ID, "Ayşe Hanım, teklifimiz ektedir.")
	theirs := c.inquire(t, catalog.Inquiry{Kind: "contact", Name: "Bob Stone", Email: "bob@example.com",
		Message: "Bob's question about prices.", Language: "en", From: "198.51.100.9"})
	c.reply(t, theirs.ID, "Dear Bob, here are our prices.")

	// Her account's chat (no address), answered by staff.
	mine := c.startChat(t, chat.Caller{Caller: authn.Caller{ID: "u-ayse", Role: authn.RoleCustomer, Name: "Ayşe Yılmaz"}, IP: "203.0.113.4"},
		chat.NewConversation{Name: "Ayşe", Text: "Ayşe soruyor: siparişim ne durumda?", Language: "tr"})
	c.answerChat(t, mine.Conversation.ID, "Çevirmeniniz üzerinde çalışıyor.")
	// A visitor's chat with her address; nobody online, so it is also a contact inquiry.
	c.startChat(t, chat.Caller{IP: "203.0.113.5"}, chat.NewConversation{Name: "Ayse Y", Email: "AYSE@example.com",
		Text: "Ayşe asks as a visitor.", Language: "en"})
	// A visitor's chat she gave her address in later, when asked for one.
	later := c.startChat(t, chat.Caller{IP: "203.0.113.6"}, chat.NewConversation{Name: "Ayşe", Text: "Ayşe adressiz başladı.", Language: "tr"})
	if _, err := c.chat.Send(ctx, chat.Caller{Token: later.Token, IP: "203.0.113.6"},
		chat.NewMessage{ConversationID: later.Conversation.ID, Text: "Ayşe adresini ekledi.", Email: "ayse@example.com"}); err != nil {
		t.Fatal(err)
	}

	c.startChat(t, chat.Caller{Caller: authn.Caller{ID: "u-bob", Role: authn.RoleCustomer, Name: "Bob Stone"}, IP: "198.51.100.10"},
		chat.NewConversation{Name: "Bob", Text: "Bob's account question.", Language: "en"})
	visiting := c.startChat(t, chat.Caller{IP: "198.51.100.11"}, chat.NewConversation{Name: "Bob", Email: "bob@example.com",
		Text: "Bob's visitor question.", Language: "en"})
	c.answerChat(t, visiting.Conversation.ID, "Hello Bob, we can help.")
	// A visitor who left no address is no one's to find by one.
	c.startChat(t, chat.Caller{IP: "192.0.2.1"}, chat.NewConversation{Name: "Adsız Ziyaretçi", Text: "Adsız ziyaretçinin sorusu.", Language: "tr"})

	// Stored before the key of the address: an inquiry and a conversation, found once svc-catalog
	// has started again (the catalogue's seeding migrates, the chat's store on opening).
	if _, err := c.db.Collection("inquiries").InsertOne(ctx, bson.D{{Key: "_id", Value: "old-ayse"}, {Key: "kind", Value: "contact"},
		{Key: "name", Value: "Ayşe Yılmaz"}, {Key: "email", Value: "Ayse@example.com"}, {Key: "message", Value: "Ayşe'nin eski mesajı."},
		{Key: "language", Value: "tr"}, {Key: "createdAt", Value: time.Now().Add(-time.Hour)}, {Key: "from", Value: "203.0.113.3"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.db.Collection("chat_conversations").InsertOne(ctx, bson.D{{Key: "_id", Value: "old-chat"}, {Key: "name", Value: "Ayşe"},
		{Key: "email", Value: "ayse@EXAMPLE.com"}, {Key: "language", Value: "tr"}, {Key: "status", Value: chat.StatusClosed},
		{Key: "createdAt", Value: time.Now().Add(-2 * time.Hour)}, {Key: "lastMessageAt", Value: time.Now().Add(-2 * time.Hour)},
		{Key: "seq", Value: 0}, {Key: "unread", Value: 0}, {Key: "inquired", Value: false}}); err != nil {
		t.Fatal(err)
	}
	content, err := catalog.SeedContent()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.store.Seed(ctx, content); err != nil {
		t.Fatal(err)
	}
	if c.chats, err = chat.NewStore(ctx, c.db); err != nil {
		t.Fatal(err)
	}
}

// copyOf is svc-catalog's two files as a test reads them.
type copyOf struct {
	Inquiries []inquiryOf `json:"inquiries"`
	Chats     []chatOf    `json:"chats"`
}

type inquiryOf struct {
	ID        string `json:"id"`
	Message   string `json:"message"`
	IPAddress string `json:"ipAddress"`
	Status    string `json:"status"`
	Replies   []struct {
		At      time.Time `json:"at"`
		Message string    `json:"message"`
	} `json:"replies"`
}

type chatOf struct {
	ID        string `json:"id"`
	IPAddress string `json:"ipAddress"`
	Messages  []struct {
		From string `json:"from"`
		Text string `json:"text"`
	} `json:"messages"`
}

// gather runs svc-catalog's gather for r and reads its files, checking their names.
func gather(t *testing.T, g privacy.Gather, r privacy.Requested) (copyOf, string) {
	t.Helper()
	files, err := g(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var all strings.Builder
	var out copyOf
	for _, f := range files {
		names = append(names, f.Name)
		all.Write(f.Data)
		if err := json.Unmarshal(f.Data, &out); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
	}
	if want := []string{"inquiries.json", "chats.json"}; !slices.Equal(names, want) {
		t.Fatalf("files %v, want %v", names, want)
	}
	return out, all.String()
}

// A person's copy holds their inquiries (found by their address in any case, staff's replies
// with them) and their chats (their account's and those they gave the address in), with their
// IP addresses, and nothing of anyone else's nor of staff's workings.
func TestPrivacyGather(t *testing.T) {
	c := newCatalogue(t)
	c.seedPeople(t)
	g := privacyGather(c.store, c.chats)

	got, raw := gather(t, g, ayse)
	var messages, ips []string
	for _, in := range got.Inquiries {
		messages = append(messages, in.Message)
		ips = append(ips, in.IPAddress)
	}
	for _, want := range []string{"Ayşe'nin iletişim mesajı burada.", "Ayşe'nin kurumsal teklif isteği.", "Ayşe'nin eski mesajı.",
		"[Canlı destek / Live chat] \nAyşe asks as a visitor.", "[Canlı destek / Live chat] \nAyşe adressiz başladı.\nAyşe adresini ekledi."} {
		if !slices.Contains(messages, want) {
			t.Errorf("inquiries %q lack %q", messages, want)
		}
	}
	if len(got.Inquiries) != 5 {
		t.Errorf("%d inquiries, want 5: %q", len(got.Inquiries), messages)
	}
	for _, ip := range []string{"203.0.113.1", "203.0.113.2", "203.0.113.3"} {
		if !slices.Contains(ips, ip) {
			t.Errorf("inquiries' addresses %q lack %s", ips, ip)
		}
	}
	var replied int
	for _, in := range got.Inquiries {
		if len(in.Replies) > 0 {
			replied++
			if r := in.Replies[0]; r.Message != "Ayşe Hanım, teklifimiz ektedir." || r.At.IsZero() || in.Status != catalog.InquiryHandled {
				t.Errorf("the corporate inquiry's reply %+v, status %s", in.Replies, in.Status)
			}
		}
		if in.Status == "" || in.Replies == nil {
			t.Errorf("inquiry %q without status or replies list", in.Message)
		}
	}
	if replied != 1 {
		t.Errorf("%d inquiries with replies, want 1", replied)
	}

	if len(got.Chats) != 4 {
		t.Fatalf("%d chats, want 4: %s", len(got.Chats), raw)
	}
	var lines []string
	chatIPs := map[string]bool{}
	for _, ch := range got.Chats {
		chatIPs[ch.IPAddress] = true
		for _, m := range ch.Messages {
			lines = append(lines, m.From+": "+m.Text)
		}
	}
	for _, want := range []string{"Siz: Ayşe soruyor: siparişim ne durumda?", "LinguaPort destek: Çevirmeniniz üzerinde çalışıyor.",
		"You: Ayşe asks as a visitor.", "Siz: Ayşe adressiz başladı.", "Siz: Ayşe adresini ekledi."} {
		if !slices.Contains(lines, want) {
			t.Errorf("chats' messages %q lack %q", lines, want)
		}
	}
	for _, ip := range []string{"203.0.113.4", "203.0.113.5", "203.0.113.6"} {
		if !chatIPs[ip] {
			t.Errorf("chats' addresses %v lack %s", chatIPs, ip)
		}
	}
	if !slices.ContainsFunc(got.Chats, func(ch chatOf) bool { return ch.ID == "old-chat" && len(ch.Messages) == 0 }) {
		t.Errorf("the chat stored before the address key is missing: %s", raw)
	}
	for _, never := range []string{"Bob", "bob@", "198.51.100.", "Adsız", "192.0.2.1", "Selin", "st-1",
		"tokenHash", "emailKey", "outbox", "mailbox", "searchVersion", `"keys"`, `"version"`, "unread", "inquired"} {
		if strings.Contains(raw, never) {
			t.Errorf("Ayşe's copy holds %q:\n%s", never, raw)
		}
	}

	theirs, raw := gather(t, g, bob)
	if len(theirs.Inquiries) != 2 || len(theirs.Chats) != 2 {
		t.Errorf("Bob's copy: %d inquiries, %d chats, want 2 and 2:\n%s", len(theirs.Inquiries), len(theirs.Chats), raw)
	}
	if !strings.Contains(raw, "Dear Bob, here are our prices.") || !strings.Contains(raw, "LinguaPort support") {
		t.Errorf("Bob's copy lacks the reply or the staff's signature:\n%s", raw)
	}
	for _, never := range []string{"Ayşe", "ayse", "203.0.113.", "Adsız", "Selin"} {
		if strings.Contains(raw, never) {
			t.Errorf("Bob's copy holds %q:\n%s", never, raw)
		}
	}

	// Someone who left nothing gets the two files, empty; a request without an address never
	// finds the conversations stored without one.
	for _, r := range []privacy.Requested{
		{RequestID: "req-none", Kind: privacy.KindCopy, UserID: "u-none", Email: "none@example.com"},
		{RequestID: "req-blank", Kind: privacy.KindCopy},
	} {
		if none, raw := gather(t, g, r); len(none.Inquiries) != 0 || len(none.Chats) != 0 || none.Inquiries == nil || none.Chats == nil {
			t.Errorf("%s: %s", r.RequestID, raw)
		}
	}
}

// The handler answers a copy once, however often the request is delivered, through the part
// store's outbox to events:catalog in the contract's shape; given no Erase, an erasure is not its
// to answer, nor are other events of svc-auth's stream (TestPrivacyEraseHandler answers one). A request published on events:auth is answered
// through a consumer as main runs it.
func TestPrivacyHandler(t *testing.T) {
	c := newCatalogue(t)
	c.seedPeople(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	parts, err := privacy.NewPartStore(ctx, c.db)
	if err != nil {
		t.Fatal(err)
	}
	relay := events.NewRelay(parts.Collection(), events.Stream("catalog"), events.NewPublisher(c.redis.Client), c.log, time.Minute)
	var kicked []any
	handle := privacy.Handler(privacyService, privacy.Answers{Copy: privacyGather(c.store, c.chats)}, parts,
		func(ids ...any) { kicked = append(kicked, ids...); relay.Kick(ids...) }, time.Now)

	request := func(r privacy.Requested) events.Event {
		e, err := events.New(ctx, privacy.EventRequested, r)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	first := request(ayse)
	other, err := events.New(ctx, "account.registered", map[string]string{"userId": "u-ayse"})
	if err != nil {
		t.Fatal(err)
	}
	erasure := ayse
	erasure.RequestID, erasure.Kind = "req-erase", privacy.KindErasure
	// Delivered twice, and announced again under a new event: one answer.
	for _, e := range []events.Event{first, first, request(ayse), request(erasure), other} {
		if err := handle(ctx, e); err != nil {
			t.Fatalf("%s: %v", e.Type, err)
		}
	}
	if n, err := parts.Collection().CountDocuments(ctx, bson.D{}); err != nil || n != 1 {
		t.Fatalf("%d answers (%v), want 1", n, err)
	}
	var part struct {
		Service string         `bson:"service"`
		Files   int            `bson:"files"`
		Outbox  []events.Event `bson:"outbox"`
	}
	if err := parts.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: ayse.RequestID}}).Decode(&part); err != nil {
		t.Fatal(err)
	}
	if part.Service != "svc-catalog" || part.Files != 2 || len(part.Outbox) != 1 || part.Outbox[0].Type != privacy.EventPartReady {
		t.Fatalf("the answer %+v", part)
	}
	if !slices.Equal(kicked, []any{ayse.RequestID}) {
		t.Errorf("kicked %v, want the one answer", kicked)
	}

	// Bob's request arrives on svc-auth's stream, read as main reads it.
	processed := c.db.Collection("processed_events")
	consumer := events.NewConsumer(c.redis.Client, events.Stream("auth"), "svc-catalog", processed, handle, c.log)
	consumer.Block = 100 * time.Millisecond
	if err := events.NewPublisher(c.redis.Client).Publish(ctx, events.Stream("auth"), request(bob)); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{}, 2)
	go func() { relay.Run(ctx); done <- struct{}{} }()
	go func() { _ = consumer.Run(ctx); done <- struct{}{} }()
	defer func() { cancel(); <-done; <-done }()

	answers := map[string]privacy.PartReady{}
	deadline := time.Now().Add(10 * time.Second)
	for len(answers) < 2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		answers = partsOn(t, c)
	}
	for _, r := range []privacy.Requested{ayse, bob} {
		a, ok := answers[r.RequestID]
		if !ok {
			t.Fatalf("no answer to %s on events:catalog: %v", r.RequestID, answers)
		}
		if a.Service != "svc-catalog" || len(a.Files) != 2 || a.Files[0].Name != "inquiries.json" || a.Files[1].Name != "chats.json" {
			t.Errorf("the answer to %s: %+v", r.RequestID, a)
		}
	}
	if n, err := parts.Collection().CountDocuments(ctx, bson.D{}); err != nil || n != 2 {
		t.Errorf("%d answers (%v), want 2", n, err)
	}
}

// partsOn reads the privacy.part_ready events on events:catalog by request, failing on a second
// answer to one request and on a payload its contract refuses.
func partsOn(t *testing.T, c *catalogue) map[string]privacy.PartReady {
	t.Helper()
	msgs, err := c.redis.Client.XRange(context.Background(), events.Stream("catalog"), "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]privacy.PartReady{}
	for _, m := range msgs {
		if m.Values["type"] != privacy.EventPartReady {
			continue
		}
		data, _ := m.Values["data"].(string)
		if err := contracts.Check("privacy.part_ready", []byte(data)); err != nil {
			t.Fatalf("%v\n%s", err, data)
		}
		var p privacy.PartReady
		if err := json.Unmarshal([]byte(data), &p); err != nil {
			t.Fatal(err)
		}
		if _, twice := out[p.RequestID]; twice {
			t.Fatalf("%s answered twice", p.RequestID)
		}
		out[p.RequestID] = p
	}
	return out
}
