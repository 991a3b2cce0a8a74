package chat

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/i18n"
	"linguaport/internal/privacy"
)

// emailKey is an address as svc-auth keeps an account's (lower-cased, trimmed), as the catalogue's
// inquiries fold theirs. A conversation keeps the address as its visitor typed it, and beside it
// this key, by which a KVKK request (naming the address as svc-auth keeps it) finds the visitor's
// conversations.
func emailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// ChatsFile is the name of the conversations' file in svc-catalog's part of a KVKK copy.
const ChatsFile = "chats.json"

// backfillEmailKeys gives the conversations stored before the key theirs ("" for those without an
// address), found by the key's index (equality to null), each in one conditional write so that an
// address added meanwhile (SetEmail writes its key) wins. Once done it reads nothing.
func (s *Store) backfillEmailKeys(ctx context.Context) error {
	old, err := s.find(ctx, bson.D{{Key: "emailKey", Value: nil}}, options.Find().SetProjection(bson.D{{Key: "email", Value: 1}}))
	if err != nil {
		return err
	}
	for _, c := range old {
		_, err := s.conversations.UpdateOne(ctx, bson.D{{Key: "_id", Value: c.ID}, {Key: "emailKey", Value: nil}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "emailKey", Value: emailKey(c.Email)}}}})
		if err != nil {
			return fmt.Errorf("migrate chat_conversations/%s email key: %w", c.ID, err)
		}
	}
	return nil
}

// byActivity lists a person's conversations newest activity first, without their outboxes.
var byActivity = options.Find().SetSort(bson.D{{Key: "lastMessageAt", Value: -1}}).
	SetProjection(bson.D{{Key: "outbox", Value: 0}})

// Of is every conversation of one person, each once, newest activity first: those of their
// customer account (customerID) and those they gave email in as a visitor (compared as emailKey
// folds it). Either may be "": a visitor has no account, and a conversation without an address
// is no one's to find by one. Each query is bounded by its index to the person's conversations.
func (s *Store) Of(ctx context.Context, customerID, email string) ([]Conversation, error) {
	var out []Conversation
	if customerID != "" {
		mine, err := s.find(ctx, bson.D{{Key: "customerId", Value: customerID}}, byActivity)
		if err != nil {
			return nil, err
		}
		out = append(out, mine...)
	}
	if key := emailKey(email); key != "" {
		given, err := s.find(ctx, bson.D{{Key: "emailKey", Value: key}}, byActivity)
		if err != nil {
			return nil, err
		}
		for _, c := range given {
			if !slices.ContainsFunc(out, func(o Conversation) bool { return o.ID == c.ID }) {
				out = append(out, c)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Conversation) int { return b.LastMessageAt.Compare(a.LastMessageAt) })
	return out, nil
}

// chatsCopy is chats.json: the person's live support conversations.
type chatsCopy struct {
	Chats []chatCopy `json:"chats"`
}

// chatCopy is a conversation as its visitor or customer may read it. The token hash, unread
// count, message numbers, the offline-inquiry flag and the outbox are the chat's workings and are
// left out.
type chatCopy struct {
	ID        string    `json:"id"`
	StartedAt time.Time `json:"startedAt"`
	Name      string    `json:"name"`
	Email     string    `json:"email,omitempty"`
	Language  string    `json:"language"`
	// IPAddress is the address the conversation was started from, kept against abuse.
	IPAddress string        `json:"ipAddress,omitempty"`
	Status    string        `json:"status"` // open | closed
	Messages  []messageCopy `json:"messages"`
}

// messageCopy is one message; From names its sender as the chat window did.
type messageCopy struct {
	At   time.Time `json:"at"`
	From string    `json:"from"`
	Text string    `json:"text"`
}

// senders are the chat window's names of a message's sender (webui/src/features/chat/texts.js,
// "you" and "staff"): staff's replies are signed as the team, never with the staff member's
// account name, which only staff see (unsigned).
var senders = map[i18n.Lang]struct{ visitor, staff string }{
	i18n.TR: {"Siz", "LinguaPort destek"},
	i18n.EN: {"You", "LinguaPort support"},
}

// PrivacyChats is chats.json of svc-catalog's part of a KVKK copy: the conversations of the
// request's account and those its address was given in, with every message as the person saw it
// (in the conversation's language).
func PrivacyChats(ctx context.Context, store *Store, r privacy.Requested) (privacy.File, error) {
	convs, err := store.Of(ctx, r.UserID, r.Email)
	if err != nil {
		return privacy.File{}, err
	}
	out := chatsCopy{Chats: make([]chatCopy, 0, len(convs))}
	for _, c := range convs {
		msgs, err := store.Messages(ctx, c.ID, 0)
		if err != nil {
			return privacy.File{}, err
		}
		names := senders[i18n.Parse(c.Language)]
		cc := chatCopy{ID: c.ID, StartedAt: c.CreatedAt, Name: c.Name, Email: c.Email, Language: c.Language, IPAddress: c.From,
			Status: c.Status, Messages: make([]messageCopy, 0, len(msgs))}
		for _, m := range msgs {
			from := names.visitor
			if m.From == FromStaff {
				from = names.staff
			}
			cc.Messages = append(cc.Messages, messageCopy{At: m.At, From: from, Text: m.Text})
		}
		out.Chats = append(out.Chats, cc)
	}
	return privacy.JSONFile(ChatsFile, out)
}

// idOnly reads a document's id alone.
var idOnly = options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}})

// IDsOf is the ids of the conversations Of finds (the person's account's and those they gave
// email in), each once, read by the same indexes without the conversations themselves.
func (s *Store) IDsOf(ctx context.Context, customerID, email string) ([]string, error) {
	var filters []bson.D
	if customerID != "" {
		filters = append(filters, bson.D{{Key: "customerId", Value: customerID}})
	}
	if key := emailKey(email); key != "" {
		filters = append(filters, bson.D{{Key: "emailKey", Value: key}})
	}
	out := []string{}
	for _, f := range filters {
		found, err := s.find(ctx, f, idOnly)
		if err != nil {
			return nil, err
		}
		for _, c := range found {
			if !slices.Contains(out, c.ID) {
				out = append(out, c.ID)
			}
		}
	}
	return out, nil
}

// Delete deletes the conversations ids names with every message of theirs, and answers how many
// of each it deleted. The messages go first, so a crash in between leaves conversations that a
// repeated erasure finds again rather than messages no conversation names; and once more after
// the conversations, for a message sent in that instant (AddMessage moves its conversation before
// it stores the message, and finds none once it is gone). With the conversations go what they
// hold: the visitor's token hash, the address they were started from, and events not yet relayed.
func (s *Store) Delete(ctx context.Context, ids []string) (conversations, messages int, err error) {
	if len(ids) == 0 {
		return 0, 0, nil
	}
	byConversation := bson.D{{Key: "conversationId", Value: bson.D{{Key: "$in", Value: ids}}}}
	msgs, err := s.messages.DeleteMany(ctx, byConversation)
	if err != nil {
		return 0, 0, fmt.Errorf("delete chat messages: %w", err)
	}
	convs, err := s.conversations.DeleteMany(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}})
	if err != nil {
		return 0, int(msgs.DeletedCount), fmt.Errorf("delete chat conversations: %w", err)
	}
	late, err := s.messages.DeleteMany(ctx, byConversation)
	if err != nil {
		return int(convs.DeletedCount), int(msgs.DeletedCount), fmt.Errorf("delete chat messages: %w", err)
	}
	return int(convs.DeletedCount), int(msgs.DeletedCount + late.DeletedCount), nil
}

// Forgetter clears a limiter's count for one key (ratelimit.Limiter does).
type Forgetter interface {
	Forget(ctx context.Context, key string) error
}

// ForgetSenders clears what the message limiter (Config.Messages) counts in Redis under the
// person's names: their account (customerID, "" for none) and each of the conversations convIDs a
// visitor wrote in. The counts hold no words and end with their window (a minute) anyway; an
// erasure leaves no key naming the person or their conversations meanwhile.
func ForgetSenders(ctx context.Context, f Forgetter, customerID string, convIDs []string) error {
	keys := make([]string, 0, len(convIDs)+1)
	if customerID != "" {
		keys = append(keys, userSender(customerID))
	}
	for _, id := range convIDs {
		keys = append(keys, conversationSender(id))
	}
	for _, k := range keys {
		if err := f.Forget(ctx, k); err != nil {
			return err
		}
	}
	return nil
}
