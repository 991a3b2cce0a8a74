package chat_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/svc-catalog/chat"
)

// outbox is the types and payloads of the events waiting in a conversation's outbox.
func (f *fixture) outbox(t *testing.T, id string) []events.Event {
	t.Helper()
	var doc struct {
		events.Outbox `bson:",inline"`
	}
	if err := f.db.Collection("chat_conversations").FindOne(context.Background(), bson.D{{Key: "_id", Value: id}}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	return doc.Pending
}

// A new conversation and each later visitor's message are announced durably on events:catalog
// from the conversation's outbox (for staff's live notices): chat.opened with the first
// message, chat.message for the next ones, once per message however often it is sent; staff's
// replies are not announced. The relay publishes them in the shape of their contracts.
func TestConversationsAndVisitorsMessagesAreAnnounced(t *testing.T) {
	f := newFixture(t, options{instances: 1})
	a := start(t, f, 0, who{lang: "en", key: "k1"}, map[string]any{"name": "Sam Carter", "text": "Hello, a quick question.", "language": "en"})
	id, token := str(a.body, "conversation", "id"), a.body["token"].(string)
	got := f.outbox(t, id)
	if len(got) != 1 || got[0].Type != chat.EventChatOpened {
		t.Fatalf("after the start the outbox holds %+v, want chat.opened alone", got)
	}
	var opened chat.Opened
	if err := got[0].Decode(&opened); err != nil || opened.ConversationID != id || opened.Name != "Sam Carter" || opened.Language != "en" || opened.At.IsZero() {
		t.Fatalf("chat.opened %s: %v", got[0].Data, err)
	}

	visitor := who{chatToken: token, key: "k2"}
	for range 2 { // the same send twice: one message, one event
		if a := f.do(t, 0, "POST", pub+"/conversations/"+id+"/messages", visitor, map[string]any{"text": "Are you there?"}); a.status != 201 {
			t.Fatalf("send: %d %s", a.status, a.raw)
		}
	}
	admin := who{bearer: f.token("staff-1", authn.RoleAdmin)}
	if a := f.do(t, 0, "POST", staff+"/conversations/"+id+"/messages", admin, map[string]any{"text": "Yes!"}); a.status != 201 {
		t.Fatalf("reply: %d %s", a.status, a.raw)
	}
	got = f.outbox(t, id)
	if len(got) != 2 || got[1].Type != chat.EventChatMessage {
		t.Fatalf("the outbox holds %+v, want chat.opened and one chat.message", got)
	}
	var wrote chat.Wrote
	if err := got[1].Decode(&wrote); err != nil || wrote.ConversationID != id || wrote.Name != "Sam Carter" || wrote.Language != "en" {
		t.Fatalf("chat.message %s: %v", got[1].Data, err)
	}

	// The relay (svc-catalog's main wires one on the collection) publishes and empties it;
	// testenv checks what reached Redis against the contracts when the test ends.
	relay := events.NewRelay(f.db.Collection("chat_conversations"), events.Stream("catalog"), events.NewPublisher(f.redis.Client),
		slog.New(slog.NewTextHandler(io.Discard, nil)), time.Hour)
	if n, err := relay.Sweep(context.Background()); err != nil || n != 2 {
		t.Fatalf("sweep published %d: %v", n, err)
	}
	if got := f.outbox(t, id); len(got) != 0 {
		t.Fatalf("after the relay the outbox holds %+v", got)
	}
	// The conversation still reads as before after the relay's version bump.
	if a := f.do(t, 0, "GET", staff+"/conversations/"+id, admin, nil); a.status != 200 || len(a.body["messages"].([]any)) != 3 {
		t.Fatalf("thread after the relay: %d %s", a.status, a.raw)
	}
}

// Staff's replies reach the visitor signed by nobody in particular (the widget signs them as the
// team, in the page's language); staff still see who answered.
func TestVisitorsSeeNoStaffAccountName(t *testing.T) {
	f := newFixture(t, options{instances: 1})
	a := start(t, f, 0, who{lang: "en"}, map[string]any{"name": "Sam Carter", "text": "Hello!", "language": "en"})
	id, token := str(a.body, "conversation", "id"), a.body["token"].(string)
	admin := who{bearer: f.token("staff-1", authn.RoleAdmin)}
	visitorStream := f.follow(t, 0, pub+"/conversations/"+id+"/events?token="+token, who{})
	visitorStream.next(t, "message")
	if a := f.do(t, 0, "POST", staff+"/conversations/"+id+"/messages", admin, map[string]any{"text": "Hi Sam!"}); a.status != 201 || a.body["author"] != "Ayşe staff-1" {
		t.Fatalf("reply: %d %s", a.status, a.raw)
	}
	if e := visitorStream.next(t, "message"); e.data.Message.From != chat.FromStaff || e.data.Message.Author != "" {
		t.Fatalf("the visitor's stream: %+v", e.data.Message)
	}
	for _, path := range []string{pub + "/conversations/" + id} {
		a := f.do(t, 0, "GET", path, who{chatToken: token}, nil)
		msgs, _ := a.body["messages"].([]any)
		if a.status != 200 || len(msgs) != 2 {
			t.Fatalf("%s: %d %s", path, a.status, a.raw)
		}
		if author, ok := msgs[1].(map[string]any)["author"]; ok {
			t.Fatalf("the visitor's thread names the staff member: %v", author)
		}
	}
	th := f.do(t, 0, "GET", staff+"/conversations/"+id, admin, nil)
	if msgs, _ := th.body["messages"].([]any); len(msgs) != 2 || msgs[1].(map[string]any)["author"] != "Ayşe staff-1" {
		t.Fatalf("staff's thread: %s", th.raw)
	}
}
