package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/audit"
	"linguaport/internal/events"
	"linguaport/internal/privacy"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

var (
	ayseErasure = privacy.Requested{RequestID: "req-ayse-erase", Kind: privacy.KindErasure, UserID: "u-ayse", Email: "ayse@example.com",
		Role: "customer", Lang: "tr"}
	// Bob asks as a visitor: by his address alone, his account's conversation is not his request's.
	bobVisitorErasure = privacy.Requested{RequestID: "req-bob-erase", Kind: privacy.KindErasure, Email: "bob@example.com", Lang: "en"}
)

// erased is a report's erased counts as the tests compare them.
func erased(inquiries, chats, messages, auditEntries int) []privacy.Count {
	return []privacy.Count{{Collection: "inquiries", Count: inquiries}, {Collection: "chats", Count: chats},
		{Collection: "chat_messages", Count: messages}, {Collection: "audit", Count: auditEntries}}
}

// checkReport fails t unless report erased want and kept nothing, in a file the retention list
// lets through.
func checkReport(t *testing.T, what string, report privacy.Erasure, want []privacy.Count) {
	t.Helper()
	if !slices.Equal(report.Erased, want) {
		t.Errorf("%s erased %+v, want %+v", what, report.Erased, want)
	}
	if report.Kept == nil || len(report.Kept) != 0 {
		t.Errorf("%s kept %+v, want an empty list", what, report.Kept)
	}
	if err := privacy.CheckKept(privacyService, report); err != nil {
		t.Errorf("%s: %v", what, err)
	}
	f, err := privacy.JSONFile(privacy.ErasureFile, report)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(f.Data), `"kept": []`) {
		t.Errorf("%s's file does not say nothing is kept:\n%s", what, f.Data)
	}
}

// staffScreens reads staff's inquiry and conversation lists as the back office does, opening
// each listed item (nothing listed may be gone), and answers the ids and the whole text read.
func staffScreens(t *testing.T, c *catalogue) (inquiries, chats []string, text string) {
	t.Helper()
	ctx := context.Background()
	var all strings.Builder
	page, err := c.staff.Inquiries(ctx, catalog.InquiryFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range page.Inquiries {
		one, err := c.staff.Inquiry(ctx, in.ID)
		if err != nil {
			t.Fatalf("listed inquiry %s: %v", in.ID, err)
		}
		inquiries = append(inquiries, in.ID)
		all.WriteString(one.Name + " " + one.Email + " " + one.Message + "\n")
	}
	for _, status := range []string{chat.StatusOpen, chat.StatusClosed} {
		list, err := c.chat.List(ctx, status, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, conv := range list.Conversations {
			th, err := c.chat.StaffThread(ctx, conv.ID)
			if err != nil {
				t.Fatalf("listed conversation %s: %v", conv.ID, err)
			}
			chats = append(chats, conv.ID)
			all.WriteString(th.Conversation.Name + " " + th.Conversation.Email + "\n")
			for _, m := range th.Messages {
				all.WriteString(m.Text + "\n")
			}
		}
	}
	slices.Sort(inquiries)
	slices.Sort(chats)
	return inquiries, chats, all.String()
}

// auditObjects is every object the audit log has entries of, as "kind:id", sorted.
func auditObjects(t *testing.T, c *catalogue) []string {
	t.Helper()
	page, err := c.audit.List(context.Background(), audit.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range page.Entries {
		out = append(out, e.Object.String())
	}
	slices.Sort(out)
	return out
}

// messageCount is whether the chat's message limiter counts anything under sender in Redis.
func messageCount(t *testing.T, c *catalogue, sender string) bool {
	t.Helper()
	n, err := c.redis.Client.Exists(context.Background(), "ratelimit:chat-messages:"+sender).Result()
	if err != nil {
		t.Fatal(err)
	}
	return n == 1
}

func idsOf[T any](list []T, id func(T) string) []string {
	out := make([]string, 0, len(list))
	for _, v := range list {
		out = append(out, id(v))
	}
	slices.Sort(out)
	return out
}

// An erasure deletes the person's inquiries (found by their address in any case, with staff's
// replies), their conversations (their account's and those they gave the address in) with every
// message, the audit log's entries of both and the message limiter's counts under their names;
// it keeps nothing, touches no one else's, and finds nothing more when run again. Staff's lists
// read on without them.
func TestPrivacyErase(t *testing.T) {
	c := newCatalogue(t)
	c.seedPeople(t)
	ctx := context.Background()
	g := privacyGather(c.store, c.chats)
	erase := privacyErase(c.store, c.chats, c.messages, c.audit)

	hers, _ := gather(t, g, ayse)
	theirs, bobsCopy := gather(t, g, bob)
	herInquiries, herChats := idsOf(hers.Inquiries, func(i inquiryOf) string { return i.ID }), idsOf(hers.Chats, func(c chatOf) string { return c.ID })
	bobsInquiries, bobsChats := idsOf(theirs.Inquiries, func(i inquiryOf) string { return i.ID }), idsOf(theirs.Chats, func(c chatOf) string { return c.ID })
	listedInquiries, listedChats, _ := staffScreens(t, c)
	var anonymous []string
	for _, id := range listedChats {
		if !slices.Contains(herChats, id) && !slices.Contains(bobsChats, id) {
			anonymous = append(anonymous, id)
		}
	}
	if len(herInquiries) != 5 || len(herChats) != 4 || len(listedInquiries) != 7 || len(listedChats) != 7 || len(anonymous) != 1 {
		t.Fatalf("seeded: hers %d inquiries, %d chats; listed %d and %d; anonymous %v", len(herInquiries), len(herChats),
			len(listedInquiries), len(listedChats), anonymous)
	}
	// Staff answered her corporate inquiry and her account's chat, and Bob's inquiry and visitor chat.
	if got := auditObjects(t, c); len(got) != 4 {
		t.Fatalf("audit entries of %v, want 4", got)
	}
	for _, sender := range []string{"user:u-ayse", "user:u-bob"} {
		if !messageCount(t, c, sender) {
			t.Fatalf("no message count of %s before the erasure", sender)
		}
	}
	var herVisits, bobsVisits []string // conversations a visitor wrote in, counted by conversation
	for _, id := range herChats {
		if messageCount(t, c, "conversation:"+id) {
			herVisits = append(herVisits, id)
		}
	}
	for _, id := range bobsChats {
		if messageCount(t, c, "conversation:"+id) {
			bobsVisits = append(bobsVisits, id)
		}
	}
	if len(herVisits) != 2 || len(bobsVisits) != 1 {
		t.Fatalf("conversations counted: hers %v, Bob's %v", herVisits, bobsVisits)
	}

	// Her account's chat: her question and staff's answer; the visitor's: her question; the one she
	// gave her address in later: two messages; the one stored before the address key: none.
	report, err := erase(ctx, ayseErasure)
	if err != nil {
		t.Fatal(err)
	}
	checkReport(t, "Ayşe's erasure", report, erased(5, 4, 5, 2))

	if none, raw := gather(t, g, ayse); len(none.Inquiries) != 0 || len(none.Chats) != 0 {
		t.Errorf("Ayşe's copy after the erasure:\n%s", raw)
	}
	if _, raw := gather(t, g, bob); raw != bobsCopy {
		t.Errorf("Bob's copy changed with Ayşe's erasure:\nbefore %s\nafter %s", bobsCopy, raw)
	}
	for _, id := range herChats {
		if msgs, err := c.chats.Messages(ctx, id, 0); err != nil || len(msgs) != 0 {
			t.Errorf("conversation %s keeps %d messages (%v)", id, len(msgs), err)
		}
		if _, err := c.chats.Conversation(ctx, id); err != chat.ErrNotFound {
			t.Errorf("conversation %s: %v, want not found", id, err)
		}
	}
	inquiries, chats, text := staffScreens(t, c)
	if want := slices.Sorted(slices.Values(bobsInquiries)); !slices.Equal(inquiries, want) {
		t.Errorf("staff's inquiries %v, want Bob's %v", inquiries, want)
	}
	if want := slices.Sorted(slices.Values(append(slices.Clone(bobsChats), anonymous...))); !slices.Equal(chats, want) {
		t.Errorf("staff's conversations %v, want Bob's and the anonymous one %v", chats, want)
	}
	for _, never := range []string{"Ayşe", "Ayse", "ayse", "AYSE", "Yılmaz"} {
		if strings.Contains(text, never) {
			t.Errorf("staff's screens still show %q:\n%s", never, text)
		}
	}
	for _, want := range []string{"Adsız ziyaretçinin sorusu.", "Bob's question about prices.", "Bob's account question."} {
		if !strings.Contains(text, want) {
			t.Errorf("staff's screens lost %q:\n%s", want, text)
		}
	}
	got := auditObjects(t, c)
	want := []string{"chat_conversation:" + bobsVisits[0]}
	for _, id := range bobsInquiries {
		if slices.ContainsFunc(theirs.Inquiries, func(i inquiryOf) bool { return i.ID == id && len(i.Replies) > 0 }) {
			want = append(want, "inquiry:"+id)
		}
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("audit entries of %v after the erasure, want Bob's %v", got, want)
	}
	if messageCount(t, c, "user:u-ayse") || !messageCount(t, c, "user:u-bob") {
		t.Error("the account message counts after Ayşe's erasure: want hers gone, Bob's kept")
	}
	for _, id := range herVisits {
		if messageCount(t, c, "conversation:"+id) {
			t.Errorf("conversation %s is still counted in Redis", id)
		}
	}
	if !messageCount(t, c, "conversation:"+bobsVisits[0]) {
		t.Error("Bob's conversation's count went with Ayşe's erasure")
	}

	// Delivered again: nothing more to erase.
	again, err := erase(ctx, ayseErasure)
	if err != nil {
		t.Fatal(err)
	}
	checkReport(t, "Ayşe's erasure again", again, erased(0, 0, 0, 0))

	// Bob by his address alone: his inquiries and his visitor's conversation (his question and
	// staff's answer) go; his account's conversation, which gave no address, and the anonymous
	// visitor's stay.
	report, err = erase(ctx, bobVisitorErasure)
	if err != nil {
		t.Fatal(err)
	}
	checkReport(t, "Bob's erasure", report, erased(2, 1, 2, 2))
	inquiries, chats, text = staffScreens(t, c)
	if len(inquiries) != 0 || len(chats) != 2 || !slices.Contains(chats, anonymous[0]) ||
		!strings.Contains(text, "Bob's account question.") || strings.Contains(text, "Bob's visitor question.") {
		t.Errorf("after Bob's erasure staff see inquiries %v, conversations %v:\n%s", inquiries, chats, text)
	}
	if got := auditObjects(t, c); len(got) != 0 {
		t.Errorf("audit entries of %v left", got)
	}

	// A request naming nobody erases nothing, not the conversation without an address.
	report, err = erase(ctx, privacy.Requested{RequestID: "req-blank", Kind: privacy.KindErasure})
	if err != nil {
		t.Fatal(err)
	}
	checkReport(t, "a blank erasure", report, erased(0, 0, 0, 0))
	if th, err := c.chat.StaffThread(ctx, anonymous[0]); err != nil || len(th.Messages) != 1 {
		t.Errorf("the anonymous conversation: %d messages (%v)", len(th.Messages), err)
	}
}

// The handler answers an erasure once, however often the request is delivered or announced,
// with erasure.json through the part store's outbox to events:catalog in the contract's shape.
func TestPrivacyEraseHandler(t *testing.T) {
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
	answers := privacy.Answers{Copy: privacyGather(c.store, c.chats), Erase: privacyErase(c.store, c.chats, c.messages, c.audit)}
	handle := privacy.Handler(privacyService, answers, parts, func(ids ...any) { kicked = append(kicked, ids...); relay.Kick(ids...) }, time.Now)

	request := func() events.Event {
		e, err := events.New(ctx, privacy.EventRequested, ayseErasure)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	first := request()
	for _, e := range []events.Event{first, first, request()} {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
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
	if err := parts.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: ayseErasure.RequestID}}).Decode(&part); err != nil {
		t.Fatal(err)
	}
	if part.Service != "svc-catalog" || part.Files != 1 || len(part.Outbox) != 1 || part.Outbox[0].Type != privacy.EventPartReady {
		t.Fatalf("the answer %+v", part)
	}
	if !slices.Equal(kicked, []any{ayseErasure.RequestID}) {
		t.Errorf("kicked %v, want the one answer", kicked)
	}

	done := make(chan struct{})
	go func() { relay.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	var answer privacy.PartReady
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if a, ok := partsOn(t, c)[ayseErasure.RequestID]; ok {
			answer = a
			break
		}
	}
	if answer.Service != "svc-catalog" || len(answer.Files) != 1 || answer.Files[0].Name != privacy.ErasureFile {
		t.Fatalf("the answer on events:catalog: %+v", answer)
	}
	var report privacy.Erasure
	if err := json.Unmarshal(answer.Files[0].Data, &report); err != nil {
		t.Fatal(err)
	}
	checkReport(t, "the answered erasure", report, erased(5, 4, 5, 2))
	if none, raw := gather(t, answers.Copy, ayse); len(none.Inquiries) != 0 || len(none.Chats) != 0 {
		t.Errorf("Ayşe's copy after the answered erasure:\n%s", raw)
	}
}
