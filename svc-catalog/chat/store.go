package chat

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/events"
	"linguaport/internal/mongox"
)

// previewLen is how much of the last message the lists show.
const previewLen = 140

// Store keeps conversations and their messages in the service's database. Every query is served
// by an index made in NewStore.
type Store struct {
	conversations, messages *mongo.Collection
}

// NewStore uses db and makes sure of the indexes.
func NewStore(ctx context.Context, db *mongo.Database) (*Store, error) {
	s := &Store{conversations: db.Collection("chat_conversations"), messages: db.Collection("chat_messages")}
	err := errors.Join(
		mongox.EnsureIndexes(ctx, s.conversations,
			// The staff list by status, newest activity first, the id breaking ties for the cursor.
			mongo.IndexModel{Keys: bson.D{{Key: "status", Value: 1}, {Key: "lastMessageAt", Value: -1}, {Key: "_id", Value: -1}}},
			// A customer's own conversations (theirs, and a KVKK request's).
			mongo.IndexModel{Keys: bson.D{{Key: "customerId", Value: 1}, {Key: "lastMessageAt", Value: -1}}},
			// A KVKK request's: a visitor's conversations by the address they gave (privacy.go).
			mongo.IndexModel{Keys: bson.D{{Key: "emailKey", Value: 1}, {Key: "lastMessageAt", Value: -1}}},
			// The outbox relay's sweep (events.go).
			events.OutboxIndex()),
		mongox.EnsureIndexes(ctx, s.messages,
			mongo.IndexModel{Keys: bson.D{{Key: "conversationId", Value: 1}, {Key: "seq", Value: 1}}, Options: options.Index().SetUnique(true)}),
	)
	if err != nil {
		return nil, err
	}
	if err := s.backfillEmailKeys(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Conversations is the conversations' collection, whose outboxes the relay publishes.
func (s *Store) Conversations() *mongo.Collection { return s.conversations }

// AddConversation stores a new conversation, with the events in its outbox.
func (s *Store) AddConversation(ctx context.Context, c Conversation) error {
	if _, err := s.conversations.InsertOne(ctx, c); err != nil {
		return fmt.Errorf("add conversation: %w", err)
	}
	return nil
}

// Conversation loads one conversation.
func (s *Store) Conversation(ctx context.Context, id string) (Conversation, error) {
	var c Conversation
	err := s.conversations.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&c)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("conversation %s: %w", id, err)
	}
	return c, nil
}

var returnAfter = options.FindOneAndUpdate().SetReturnDocument(options.After)

func (s *Store) update(ctx context.Context, filter, update bson.D) (Conversation, error) {
	var c Conversation
	err := s.conversations.FindOneAndUpdate(ctx, filter, update, returnAfter).Decode(&c)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("update conversation: %w", err)
	}
	return c, nil
}

// SetEmail gives a conversation the address its visitor added later, with its key.
func (s *Store) SetEmail(ctx context.Context, id, email string) (Conversation, error) {
	return s.update(ctx, bson.D{{Key: "_id", Value: id}}, bson.D{{Key: "$set", Value: bson.D{
		{Key: "email", Value: email}, {Key: "emailKey", Value: emailKey(email)}}}})
}

// AddMessage stores a message under id and answers it with the conversation as it is after it;
// fresh is false when a message with that id was already stored (a repeated send), which is
// answered unchanged. The conversation's counters move first, in one write that also numbers
// the message and queues evs in its outbox, and the message is inserted under that number.
func (s *Store) AddMessage(ctx context.Context, convID, id, from, author, text string, at time.Time, evs ...events.Event) (Message, Conversation, bool, error) {
	if m, err := s.message(ctx, id); err == nil {
		c, err := s.Conversation(ctx, convID)
		return m, c, false, err
	} else if !errors.Is(err, mongo.ErrNoDocuments) {
		return Message{}, Conversation{}, false, err
	}
	at = at.UTC().Truncate(time.Millisecond)
	set := bson.D{{Key: "lastMessage", Value: preview(text)}}
	update := bson.D{{Key: "$max", Value: bson.D{{Key: "lastMessageAt", Value: at}}}}
	if from == FromVisitor {
		// A visitor writing again reopens a closed conversation: they are waiting for an answer.
		set = append(set, bson.E{Key: "status", Value: StatusOpen})
		update = append(update, bson.E{Key: "$inc", Value: bson.D{{Key: "seq", Value: 1}, {Key: "unread", Value: 1}}})
	} else {
		// Staff answering have read the conversation, and a later offline spell is news again.
		set = append(set, bson.E{Key: "unread", Value: 0}, bson.E{Key: "inquired", Value: false})
		update = append(update, bson.E{Key: "$inc", Value: bson.D{{Key: "seq", Value: 1}}})
	}
	if len(evs) > 0 {
		push, mark := events.PushUpdate(evs...)
		update = append(update, bson.E{Key: "$push", Value: bson.D{push}})
		set = append(set, mark)
	}
	update = append(update, bson.E{Key: "$set", Value: set})
	conv, err := s.update(ctx, bson.D{{Key: "_id", Value: convID}}, update)
	if err != nil {
		return Message{}, Conversation{}, false, err
	}
	m := Message{ID: id, ConversationID: convID, Seq: conv.Seq, From: from, Author: author, Text: text, At: at}
	if _, err := s.messages.InsertOne(ctx, m); err != nil {
		if !mongox.IsDuplicateKey(err) {
			return Message{}, Conversation{}, false, fmt.Errorf("add message: %w", err)
		}
		// The same send, at the same moment: the other one stored it. Its number is a gap. Its
		// events stay (taking them back by value is not reliable on FerretDB): staff may be told
		// twice of that one message.
		if from == FromVisitor {
			undo := bson.D{{Key: "$inc", Value: bson.D{{Key: "unread", Value: -1}}}}
			conv, err = s.update(ctx, bson.D{{Key: "_id", Value: convID}, {Key: "unread", Value: bson.D{{Key: "$gt", Value: 0}}}}, undo)
			if err != nil && !errors.Is(err, ErrNotFound) {
				return Message{}, Conversation{}, false, err
			}
		}
		m, err = s.message(ctx, id)
		if err != nil {
			return Message{}, Conversation{}, false, err
		}
		c, err := s.Conversation(ctx, convID)
		return m, c, false, err
	}
	return m, conv, true, nil
}

func (s *Store) message(ctx context.Context, id string) (Message, error) {
	var m Message
	err := s.messages.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&m)
	if err != nil && !errors.Is(err, mongo.ErrNoDocuments) {
		return m, fmt.Errorf("message %s: %w", id, err)
	}
	return m, err
}

func preview(text string) string {
	if utf8.RuneCountInString(text) <= previewLen {
		return text
	}
	return string([]rune(text)[:previewLen-1]) + "…"
}

// Messages are a conversation's messages numbered after after, in order.
func (s *Store) Messages(ctx context.Context, convID string, after int64) ([]Message, error) {
	cur, err := s.messages.Find(ctx, bson.D{{Key: "conversationId", Value: convID}, {Key: "seq", Value: bson.D{{Key: "$gt", Value: after}}}},
		options.Find().SetSort(bson.D{{Key: "seq", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("messages of %s: %w", convID, err)
	}
	out := []Message{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("messages of %s: %w", convID, err)
	}
	return out, nil
}

// ByCustomer is a customer's conversations, newest activity first.
func (s *Store) ByCustomer(ctx context.Context, customerID string, limit int) ([]Conversation, error) {
	return s.find(ctx, bson.D{{Key: "customerId", Value: customerID}},
		options.Find().SetSort(bson.D{{Key: "lastMessageAt", Value: -1}}).SetLimit(int64(limit)))
}

func (s *Store) find(ctx context.Context, filter bson.D, opts *options.FindOptionsBuilder) ([]Conversation, error) {
	cur, err := s.conversations.Find(ctx, filter, opts)
	if err != nil {
		return nil, fmt.Errorf("find conversations: %w", err)
	}
	out := []Conversation{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read conversations: %w", err)
	}
	return out, nil
}

// List is a page of conversations with status, newest activity first, after the one named
// before (a conversation id) when given.
func (s *Store) List(ctx context.Context, status, before string, size int) (Page, error) {
	page := mongox.Keyset{Key: "lastMessageAt", Limit: int64(size + 1)}
	if before != "" {
		cur, err := s.Conversation(ctx, before)
		if errors.Is(err, ErrNotFound) {
			return Page{}, ErrUnknownCursor
		}
		if err != nil {
			return Page{}, err
		}
		page.After, page.AfterID = cur.LastMessageAt, cur.ID
	}
	list, err := s.find(ctx, page.Filter(bson.D{{Key: "status", Value: status}}), page.Options())
	if err != nil {
		return Page{}, err
	}
	p := Page{Conversations: list, More: len(list) > size}
	if p.More {
		p.Conversations = list[:size]
	}
	return p, nil
}

// MarkRead clears a conversation's unread count; changed is false when it had none.
func (s *Store) MarkRead(ctx context.Context, id string) (Conversation, bool, error) {
	return s.change(ctx, id, bson.E{Key: "unread", Value: bson.D{{Key: "$gt", Value: 0}}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "unread", Value: 0}}}})
}

// Close closes a conversation; changed is false when it was closed already.
func (s *Store) Close(ctx context.Context, id string) (Conversation, bool, error) {
	return s.change(ctx, id, bson.E{Key: "status", Value: StatusOpen},
		bson.D{{Key: "$set", Value: bson.D{{Key: "status", Value: StatusClosed}}}})
}

// change applies update when the conversation matches cond, in one conditional write.
func (s *Store) change(ctx context.Context, id string, cond bson.E, update bson.D) (Conversation, bool, error) {
	c, err := s.update(ctx, bson.D{{Key: "_id", Value: id}, cond}, update)
	if errors.Is(err, ErrNotFound) {
		c, err = s.Conversation(ctx, id)
		return c, false, err
	}
	return c, err == nil, err
}

// TakeInquiry marks that the conversation's offline words went on as an inquiry; false when
// they already had.
func (s *Store) TakeInquiry(ctx context.Context, id string) (bool, error) {
	_, took, err := s.change(ctx, id, bson.E{Key: "inquired", Value: false},
		bson.D{{Key: "$set", Value: bson.D{{Key: "inquired", Value: true}}}})
	return took, err
}

// ReleaseInquiry undoes TakeInquiry after the inquiry could not be made.
func (s *Store) ReleaseInquiry(ctx context.Context, id string) error {
	_, err := s.conversations.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}}, bson.D{{Key: "$set", Value: bson.D{{Key: "inquired", Value: false}}}})
	if err != nil {
		return fmt.Errorf("release inquiry: %w", err)
	}
	return nil
}
