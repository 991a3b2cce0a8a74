// Package chat is the live support corner: a visitor or customer writes, staff in the back office
// answer in real time. Conversations and messages are kept in the service's database; every new
// message, read and close is published on Redis so the Server-Sent Events streams of every
// svc-catalog instance forward it (hub.go). A staff member with the back office open holds a
// staff stream, which keeps them "online" in a Redis presence set; when nobody is online the
// visitor is told so and, given an e-mail, their words become a contact inquiry.
package chat

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mail"
)

// Errors the service answers with; svc-catalog/api/errors.go words them for HTTP.
var (
	// ErrNotFound is an unknown conversation, or one the caller may not see: a visitor without
	// its token, another customer.
	ErrNotFound        = errors.New("conversation not found")
	ErrTooManyMessages = errors.New("too many chat messages")
	ErrUnknownCursor   = errors.New("unknown page cursor")
)

// Limits of what a chat carries.
const (
	MaxMessage = 2000 // runes of one message
	minName    = 2
	maxName    = 100
	maxKey     = 100 // an idempotency key
	PageSize   = 30  // conversations on one page of the staff list
	mineLimit  = 50  // a customer's own conversations shown
	// inquiryPrefix tells staff reading contact inquiries that this one came from the chat.
	inquiryPrefix = "[Canlı destek / Live chat] "
	// maxInquiry is the catalogue's limit on an inquiry's message.
	maxInquiry = 5000
)

// Service is the chat's API.
type Service interface {
	// Status tells whether any staff member is online now.
	Status(ctx context.Context) (bool, error)
	Start(ctx context.Context, c Caller, in NewConversation) (Started, error)
	Send(ctx context.Context, c Caller, in NewMessage) (Sent, error)
	Thread(ctx context.Context, c Caller, id string) (Thread, error)
	Mine(ctx context.Context, c Caller) ([]Conversation, error)
	// Follow streams a conversation's new messages after seq after, the ones already stored
	// first; the stream ends with ctx.
	Follow(ctx context.Context, c Caller, id string, after int64) (<-chan Event, error)

	// Staff.
	List(ctx context.Context, status, before string) (Page, error)
	StaffThread(ctx context.Context, id string) (Thread, error)
	Reply(ctx context.Context, c Caller, in NewMessage) (Message, error)
	MarkRead(ctx context.Context, id string) (Conversation, error)
	Close(ctx context.Context, id string) (Conversation, error)
	// Watch streams every conversation's activity to a staff member, who counts as online
	// while it runs.
	Watch(ctx context.Context, c Caller) (<-chan Event, error)
}

// Limiter decides whether a sender may send another message now.
type Limiter interface {
	Allow(ctx context.Context, key string) (ok bool, retryAfter time.Duration, err error)
}

// Inquiries takes the contact inquiry a chat becomes while no staff is online: the catalogue's
// SubmitInquiry, adapted in main.
type Inquiries interface {
	Contact(ctx context.Context, name, email, message, language, from string) error
}

// Bus carries events between instances and keeps staff presence (hub.go).
type Bus interface {
	Publish(ctx context.Context, e Event) error
	Subscribe(ctx context.Context, conversationID string) <-chan Event // "" for all
	StaffOnline(ctx context.Context) (bool, error)
	// Present marks one staff stream online now and keeps it so, in the background, until ctx
	// ends.
	Present(ctx context.Context, streamID string) error
}

type service struct {
	store     *Store
	bus       Bus
	limiter   Limiter // messages per sender
	starts    Limiter // conversations per address
	inquiries Inquiries
	now       func() time.Time
	newID     func() string
	onError   func(ctx context.Context, what string, err error)
	kick      func(ids ...any)
}

// Config is what NewService needs.
type Config struct {
	Store     *Store
	Bus       Bus
	Messages  Limiter
	Starts    Limiter
	Inquiries Inquiries
	Now       func() time.Time
	NewID     func() string
	// OnError hears of failures the sender is not answered with (an inquiry that could not be
	// made); nil ignores them.
	OnError func(ctx context.Context, what string, err error)
	// Kick tells the outbox relay of events:catalog which conversations got events (events.go);
	// nil leaves them to its sweep.
	Kick func(ids ...any)
}

// NewService returns the chat.
func NewService(c Config) Service {
	if c.OnError == nil {
		c.OnError = func(context.Context, string, error) {}
	}
	if c.Kick == nil {
		c.Kick = func(...any) {}
	}
	return &service{store: c.Store, bus: c.Bus, limiter: c.Messages, starts: c.Starts, inquiries: c.Inquiries,
		now: c.Now, newID: c.NewID, onError: c.OnError, kick: c.Kick}
}

func (s *service) Status(ctx context.Context) (bool, error) { return s.bus.StaffOnline(ctx) }

func (s *service) Start(ctx context.Context, c Caller, in NewConversation) (Started, error) {
	in.Name, in.Email, in.Text = strings.TrimSpace(in.Name), strings.TrimSpace(in.Email), strings.TrimSpace(in.Text)
	fields := errs.Fields{}
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		fields.Add("name", "required")
	case n < minName || n > maxName:
		fields.Add("name", "length")
	}
	if in.Email != "" && !mail.ValidAddress(in.Email) {
		fields.Add("email", "email")
	}
	if !i18n.Valid(in.Language) {
		fields.Add("language", "language")
	}
	checkText(fields, in.Text, in.Key)
	if err := fields.Err(); err != nil {
		return Started{}, err
	}
	if err := allow(ctx, s.starts, "start:"+c.IP); err != nil {
		return Started{}, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	conv := Conversation{ID: s.newID(), Name: in.Name, Email: in.Email, EmailKey: emailKey(in.Email), Language: in.Language,
		Status: StatusOpen, CreatedAt: now, LastMessageAt: now, From: c.IP}
	var token string
	if c.Role == authn.RoleCustomer {
		conv.CustomerID = c.ID
	} else {
		token = newToken()
		conv.TokenHash = hashToken(token)
	}
	online, err := s.bus.StaffOnline(ctx)
	if err != nil {
		return Started{}, err
	}
	opened, err := events.New(ctx, EventChatOpened, Opened{ConversationID: conv.ID, Name: conv.Name, Language: conv.Language,
		CustomerID: conv.CustomerID, At: now, StaffOnline: online})
	if err != nil {
		return Started{}, err
	}
	conv.Outbox.Add(opened)
	if err := s.store.AddConversation(ctx, conv); err != nil {
		return Started{}, err
	}
	s.kick(conv.ID)
	conv.Outbox = events.Outbox{}
	// The opening message is told by chat.opened.
	sent, err := s.send(ctx, conv, c, NewMessage{ConversationID: conv.ID, Text: in.Text, Key: in.Key}, false)
	if err != nil {
		return Started{}, err
	}
	th, err := s.thread(ctx, conv.ID)
	if err != nil {
		return Started{}, err
	}
	return Started{Thread: unsigned(th), Token: token, Sent: sent}, nil
}

func checkText(fields errs.Fields, text, key string) {
	switch n := utf8.RuneCountInString(text); {
	case n == 0:
		fields.Add("text", "required")
	case n > MaxMessage:
		fields.Add("text", "length")
	}
	if len(key) > maxKey {
		fields.Add("key", "length")
	}
}

func allow(ctx context.Context, l Limiter, key string) error {
	ok, retry, err := l.Allow(ctx, key)
	if err != nil {
		return err
	}
	if !ok {
		return &errs.RateLimited{RetryAfter: retry, Reason: ErrTooManyMessages}
	}
	return nil
}

func (s *service) Send(ctx context.Context, c Caller, in NewMessage) (Sent, error) {
	in.Text, in.Email = strings.TrimSpace(in.Text), strings.TrimSpace(in.Email)
	fields := errs.Fields{}
	checkText(fields, in.Text, in.Key)
	if in.Email != "" && !mail.ValidAddress(in.Email) {
		fields.Add("email", "email")
	}
	if err := fields.Err(); err != nil {
		return Sent{}, err
	}
	conv, err := s.visible(ctx, c, in.ConversationID)
	if err != nil {
		return Sent{}, err
	}
	if in.Email != "" && conv.Email == "" {
		if conv, err = s.store.SetEmail(ctx, conv.ID, in.Email); err != nil {
			return Sent{}, err
		}
	}
	return s.send(ctx, conv, c, in, true)
}

// send stores a visitor's message, publishes it (announced on events:catalog too, as
// chat.message, when announce) and, with nobody online, passes the words on as a contact
// inquiry once per offline spell.
func (s *service) send(ctx context.Context, conv Conversation, c Caller, in NewMessage, announce bool) (Sent, error) {
	sender := conversationSender(conv.ID)
	if c.ID != "" {
		sender = userSender(c.ID)
	}
	if err := allow(ctx, s.limiter, sender); err != nil {
		return Sent{}, err
	}
	online, err := s.bus.StaffOnline(ctx)
	if err != nil {
		return Sent{}, err
	}
	var evs []events.Event
	if announce {
		ev, err := events.New(ctx, EventChatMessage, Wrote{ConversationID: conv.ID, Name: conv.Name, Language: conv.Language,
			At: s.now().UTC().Truncate(time.Millisecond), StaffOnline: online})
		if err != nil {
			return Sent{}, err
		}
		evs = append(evs, ev)
	}
	msg, conv, fresh, err := s.store.AddMessage(ctx, conv.ID, s.messageID(conv.ID, in.Key), FromVisitor, "", in.Text, s.now(), evs...)
	if err != nil {
		return Sent{}, err
	}
	if len(evs) > 0 {
		// Also on a repeat: the relay reads the conversation once and finds its events or none.
		s.kick(conv.ID)
	}
	if fresh {
		s.publish(ctx, Event{Type: EventMessage, Conversation: conv, Message: &msg})
	}
	sent := Sent{Message: msg, StaffOnline: online}
	if online {
		return sent, nil
	}
	if conv.Email == "" {
		sent.NeedEmail = true
		return sent, nil
	}
	sent.Inquiry = conv.Inquired || s.inquire(ctx, conv, c.IP)
	return sent, nil
}

// inquire turns the visitor's messages since staff last answered into one contact inquiry. The
// flag is taken first, in one conditional write, so two messages at once make one inquiry.
func (s *service) inquire(ctx context.Context, conv Conversation, ip string) bool {
	took, err := s.store.TakeInquiry(ctx, conv.ID)
	if err != nil || !took {
		if err != nil {
			s.onError(ctx, "chat inquiry flag", err)
		}
		return took
	}
	msgs, err := s.store.Messages(ctx, conv.ID, 0)
	if err == nil {
		var b strings.Builder
		b.WriteString(inquiryPrefix)
		// Only what was written since the last staff answer is news to whoever reads it.
		start := 0
		for i, m := range msgs {
			if m.From == FromStaff {
				start = i + 1
			}
		}
		for _, m := range msgs[start:] {
			b.WriteString("\n")
			b.WriteString(m.Text)
		}
		text := b.String()
		if utf8.RuneCountInString(text) > maxInquiry {
			text = string([]rune(text)[:maxInquiry])
		}
		err = s.inquiries.Contact(ctx, conv.Name, conv.Email, text, conv.Language, ip)
	}
	if err != nil {
		s.onError(ctx, "chat inquiry", err)
		// Let the next message try again.
		if rerr := s.store.ReleaseInquiry(ctx, conv.ID); rerr != nil {
			s.onError(ctx, "chat inquiry flag", rerr)
		}
		return false
	}
	return true
}

// The message limiter's keys: a signed-in sender's account (a customer, a staff member), or the
// conversation a visitor writes in with its token. An erasure forgets the person's (privacy.go).
func userSender(id string) string             { return "user:" + id }
func conversationSender(convID string) string { return "conversation:" + convID }

// messageID is stable for one idempotency key, so a send repeated with it is stored once.
func (s *service) messageID(convID, key string) string {
	if key == "" {
		return s.newID()
	}
	sum := sha256.Sum256([]byte(convID + "\x00" + key))
	return hex.EncodeToString(sum[:12])
}

func (s *service) publish(ctx context.Context, e Event) {
	if err := s.bus.Publish(ctx, e); err != nil {
		// The change is stored; streams catch up from the database when they reconnect.
		s.onError(ctx, "chat publish", err)
	}
}

// visible loads a conversation the caller may see: their own as a customer, or with its token.
// Owns is asked of customers alone: staff read and answer conversations on their own routes, and
// one writing on the visitor's side would speak as the customer.
func (s *service) visible(ctx context.Context, c Caller, id string) (Conversation, error) {
	conv, err := s.store.Conversation(ctx, id)
	if err != nil {
		return Conversation{}, err
	}
	switch {
	case conv.CustomerID != "" && c.Role == authn.RoleCustomer && c.Owns(conv.CustomerID):
	case conv.TokenHash != "" && c.Token != "" &&
		subtle.ConstantTimeCompare([]byte(hashToken(c.Token)), []byte(conv.TokenHash)) == 1:
	default:
		return Conversation{}, ErrNotFound
	}
	return conv, nil
}

func (s *service) Thread(ctx context.Context, c Caller, id string) (Thread, error) {
	if _, err := s.visible(ctx, c, id); err != nil {
		return Thread{}, err
	}
	th, err := s.thread(ctx, id)
	return unsigned(th), err
}

// unsigned is a thread as its visitor or customer sees it: staff's replies without the name of
// the staff member's account. The widget signs them as the team, in the page's language
// ("LinguaPort destek", "LinguaPort support"): an account's name is no signature (it may be a
// role, in Turkish, as the demo's "LinguaPort Yönetici"), and a surname is the staff member's own.
func unsigned(th Thread) Thread {
	for i := range th.Messages {
		th.Messages[i].Author = ""
	}
	return th
}

// unsignedEvent is e without the staff member's name, copied: the hub hands one event to every
// stream of this instance.
func unsignedEvent(e Event) Event {
	if e.Message != nil && e.Message.Author != "" {
		m := *e.Message
		m.Author = ""
		e.Message = &m
	}
	return e
}

func (s *service) thread(ctx context.Context, id string) (Thread, error) {
	conv, err := s.store.Conversation(ctx, id)
	if err != nil {
		return Thread{}, err
	}
	msgs, err := s.store.Messages(ctx, id, 0)
	if err != nil {
		return Thread{}, err
	}
	return Thread{Conversation: conv, Messages: msgs}, nil
}

func (s *service) Mine(ctx context.Context, c Caller) ([]Conversation, error) {
	if c.Role != authn.RoleCustomer || !c.SignedIn() {
		return []Conversation{}, nil
	}
	return s.store.ByCustomer(ctx, c.ID, mineLimit)
}

func (s *service) Follow(ctx context.Context, c Caller, id string, after int64) (<-chan Event, error) {
	conv, err := s.visible(ctx, c, id)
	if err != nil {
		return nil, err
	}
	// Subscribe before reading what is stored, so nothing falls between the two.
	live := s.bus.Subscribe(ctx, id)
	stored, err := s.store.Messages(ctx, id, after)
	if err != nil {
		return nil, err
	}
	out := make(chan Event, 16)
	go func() {
		defer close(out)
		last := after
		emit := func(e Event) bool {
			if e.Message != nil {
				if e.Message.Seq <= last {
					return true
				}
				last = e.Message.Seq
			}
			select {
			case out <- unsignedEvent(e):
				return true
			case <-ctx.Done():
				return false
			}
		}
		for i := range stored {
			if !emit(Event{Type: EventMessage, Conversation: conv, Message: &stored[i]}) {
				return
			}
		}
		for e := range live {
			if !emit(e) {
				return
			}
		}
	}()
	return out, nil
}

func (s *service) List(ctx context.Context, status, before string) (Page, error) {
	if status == "" {
		status = StatusOpen
	}
	if status != StatusOpen && status != StatusClosed {
		return Page{}, errs.Fields{"status": "chatStatus"}
	}
	return s.store.List(ctx, status, before, PageSize)
}

func (s *service) StaffThread(ctx context.Context, id string) (Thread, error) {
	return s.thread(ctx, id)
}

func (s *service) Reply(ctx context.Context, c Caller, in NewMessage) (Message, error) {
	in.Text = strings.TrimSpace(in.Text)
	fields := errs.Fields{}
	checkText(fields, in.Text, in.Key)
	if err := fields.Err(); err != nil {
		return Message{}, err
	}
	if _, err := s.store.Conversation(ctx, in.ConversationID); err != nil {
		return Message{}, err
	}
	if err := allow(ctx, s.limiter, userSender(c.ID)); err != nil {
		return Message{}, err
	}
	msg, conv, fresh, err := s.store.AddMessage(ctx, in.ConversationID, s.messageID(in.ConversationID, in.Key), FromStaff, c.Name, in.Text, s.now())
	if err != nil {
		return Message{}, err
	}
	if fresh {
		s.publish(ctx, Event{Type: EventMessage, Conversation: conv, Message: &msg})
	}
	return msg, nil
}

func (s *service) MarkRead(ctx context.Context, id string) (Conversation, error) {
	conv, changed, err := s.store.MarkRead(ctx, id)
	if err == nil && changed {
		s.publish(ctx, Event{Type: EventRead, Conversation: conv})
	}
	return conv, err
}

func (s *service) Close(ctx context.Context, id string) (Conversation, error) {
	conv, changed, err := s.store.Close(ctx, id)
	if err == nil && changed {
		s.publish(ctx, Event{Type: EventClosed, Conversation: conv})
	}
	return conv, err
}

func (s *service) Watch(ctx context.Context, c Caller) (<-chan Event, error) {
	live := s.bus.Subscribe(ctx, "")
	if err := s.bus.Present(ctx, s.newID()); err != nil {
		return nil, err
	}
	return live, nil
}

func newToken() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
