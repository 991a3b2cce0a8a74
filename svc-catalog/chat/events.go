package chat

import "time"

// Events of the chat on events.Stream("catalog") (API.md "Events"), each queued in the
// conversation's outbox in the write that causes it, so staff's live notices (svc-auth) hear of
// every new conversation and visitor's message even if this process dies right after. The
// Redis pub/sub of hub.go stays what moves the chat itself: it is immediate, these are durable.
const (
	// EventChatOpened: a visitor or customer started a conversation (its first message with it).
	EventChatOpened = "chat.opened"
	// EventChatMessage: a visitor or customer wrote again in their conversation.
	EventChatMessage = "chat.message"
)

// Opened is chat.opened's payload: who wrote, in which language; never what they wrote (staff
// read it in the back office).
type Opened struct {
	ConversationID string    `json:"conversationId"`
	Name           string    `json:"name"`
	Language       string    `json:"language"`
	CustomerID     string    `json:"customerId,omitempty"`
	At             time.Time `json:"at"`
	// StaffOnline says whether any staff member had live support open when it was written:
	// when none had, svc-auth mails the staff address that a chat is waiting.
	StaffOnline bool `json:"staffOnline"`
}

// Wrote is chat.message's payload.
type Wrote struct {
	ConversationID string    `json:"conversationId"`
	Name           string    `json:"name"`
	Language       string    `json:"language"`
	At             time.Time `json:"at"`
	StaffOnline    bool      `json:"staffOnline"` // as in Opened
}
