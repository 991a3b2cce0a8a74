package chat

import (
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
)

// Who wrote a message.
const (
	FromVisitor = "visitor" // a visitor or a signed-in customer
	FromStaff   = "staff"
)

// Conversation statuses.
const (
	StatusOpen   = "open"
	StatusClosed = "closed"
)

// Conversation is one chat between a visitor or customer and staff.
type Conversation struct {
	ID            string    `json:"id" bson:"_id"`
	Name          string    `json:"name" bson:"name"`
	Email         string    `json:"email,omitempty" bson:"email,omitempty"`
	Language      string    `json:"language" bson:"language"`
	CustomerID    string    `json:"customerId,omitempty" bson:"customerId,omitempty"`
	Status        string    `json:"status" bson:"status"`
	CreatedAt     time.Time `json:"createdAt" bson:"createdAt"`
	LastMessageAt time.Time `json:"lastMessageAt" bson:"lastMessageAt"`
	LastMessage   string    `json:"lastMessage" bson:"lastMessage"` // a preview for the lists
	Seq           int64     `json:"seq" bson:"seq"`                 // the last message's number
	// Unread counts the visitor's messages staff have not read yet.
	Unread int `json:"unread" bson:"unread"`
	// TokenHash is the SHA-256 of the visitor's secret conversation token; a customer's
	// conversation has none (it is tied to CustomerID).
	TokenHash string `json:"-" bson:"tokenHash,omitempty"`
	// Inquired: the visitor's words while no staff was online were sent as a contact inquiry;
	// cleared by a staff answer, so the next offline spell makes one inquiry again.
	Inquired bool   `json:"-" bson:"inquired"`
	From     string `json:"-" bson:"from,omitempty"` // the creator's address, for abuse handling
	// EmailKey is Email as svc-auth keeps addresses ("" without one), which a KVKK copy finds a
	// visitor's conversations by (privacy.go).
	EmailKey string `json:"-" bson:"emailKey"`
	// The conversation's events not yet published (events.go), relayed to events:catalog.
	events.Outbox `bson:",inline" json:"-"`
}

// Message is one line of a conversation, numbered from 1 in the order it was stored.
type Message struct {
	ID             string    `json:"id" bson:"_id"`
	ConversationID string    `json:"conversationId" bson:"conversationId"`
	Seq            int64     `json:"seq" bson:"seq"`
	From           string    `json:"from" bson:"from"`
	Author         string    `json:"author,omitempty" bson:"author,omitempty"` // the staff member's name
	Text           string    `json:"text" bson:"text"`
	At             time.Time `json:"at" bson:"at"`
}

// Thread is a conversation with its messages.
type Thread struct {
	Conversation Conversation `json:"conversation"`
	Messages     []Message    `json:"messages"`
}

// Started is a new conversation; Token (visitors only) is the secret they keep to come back.
type Started struct {
	Thread
	Token string `json:"token,omitempty"`
	Sent  Sent   `json:"sent"`
}

// Sent tells the sender what became of their message: whether staff are online to read it and,
// when not, whether it went on as a contact inquiry or an e-mail address is needed for that.
type Sent struct {
	Message     Message `json:"message"`
	StaffOnline bool    `json:"staffOnline"`
	Inquiry     bool    `json:"inquiry,omitempty"`   // passed on as a contact inquiry
	NeedEmail   bool    `json:"needEmail,omitempty"` // nobody online and no address to answer to
}

// Page is one page of the staff's conversation list, newest activity first.
type Page struct {
	Conversations []Conversation `json:"conversations"`
	More          bool           `json:"more"`
}

// Caller is who is asking (authn.Caller: a signed-in user, or a visitor) with what the chat
// needs besides: Token, the conversation token a visitor holds (X-Chat-Token), and IP, the
// sender's address for rate limits and inquiries. The transport reads both from the request.
type Caller struct {
	authn.Caller
	Token string
	IP    string
}

// NewConversation is what a visitor or customer sends to start a chat.
type NewConversation struct {
	Name, Email, Text, Language, Key string
}

// NewMessage is one message sent to a conversation; Email lets a visitor add the address the
// offline notice asked for.
type NewMessage struct {
	ConversationID, Text, Key, Email string
}

// Event is what the streams carry: a new message, a read or a close, with the conversation as
// it is after it.
type Event struct {
	Type         string       `json:"type"` // message | read | closed | conversation
	Conversation Conversation `json:"conversation"`
	Message      *Message     `json:"message,omitempty"`
}

// Event types.
const (
	EventMessage = "message"
	EventRead    = "read"
	EventClosed  = "closed"
)
