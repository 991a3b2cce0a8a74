package chat

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/audit"
)

// Endpoints are the chat's request-answer operations as go-kit endpoints; the two streams are
// served by sse.go.
type Endpoints struct {
	Status, Start, Send, Thread, Mine         endpoint.Endpoint
	List, StaffThread, Reply, MarkRead, Close endpoint.Endpoint
}

type listRequest struct{ Status, Before string }

type statusResponse struct {
	StaffOnline bool `json:"staffOnline"`
}

type mineResponse struct {
	Conversations []Conversation `json:"conversations"`
}

// MakeEndpoints wires each endpoint to s; the staff's changes (an answer, a read, a close) are
// recorded in log (internal/audit) with the conversation as it was before and is after.
func MakeEndpoints(s Service, log *audit.Log) Endpoints {
	e := Endpoints{
		Status: func(ctx context.Context, _ any) (any, error) {
			online, err := s.Status(ctx)
			return statusResponse{online}, err
		},
		Start: func(ctx context.Context, request any) (any, error) {
			return s.Start(ctx, callerFrom(ctx), request.(NewConversation))
		},
		Send: func(ctx context.Context, request any) (any, error) {
			return s.Send(ctx, callerFrom(ctx), request.(NewMessage))
		},
		Thread: func(ctx context.Context, request any) (any, error) {
			return s.Thread(ctx, callerFrom(ctx), request.(string))
		},
		Mine: func(ctx context.Context, _ any) (any, error) {
			v, err := s.Mine(ctx, callerFrom(ctx))
			return mineResponse{v}, err
		},
		List: func(ctx context.Context, request any) (any, error) {
			r := request.(listRequest)
			return s.List(ctx, r.Status, r.Before)
		},
		StaffThread: func(ctx context.Context, request any) (any, error) { return s.StaffThread(ctx, request.(string)) },
		Reply: func(ctx context.Context, request any) (any, error) {
			return s.Reply(ctx, callerFrom(ctx), request.(NewMessage))
		},
		MarkRead: func(ctx context.Context, request any) (any, error) { return s.MarkRead(ctx, request.(string)) },
		Close:    func(ctx context.Context, request any) (any, error) { return s.Close(ctx, request.(string)) },
	}
	state := func(ctx context.Context, id string) (any, error) {
		th, err := s.StaffThread(ctx, id)
		return th.Conversation, err
	}
	// An answer is recorded as the message it added (before: none).
	e.Reply = log.Endpoint("chat.reply", "chat_conversation", objectID, nil, e.Reply)
	e.MarkRead = log.Endpoint("chat.read", "chat_conversation", objectID, state, e.MarkRead)
	e.Close = log.Endpoint("chat.close", "chat_conversation", objectID, state, e.Close)
	return e
}

// objectID is the conversation a staff action's request names.
func objectID(request any) string {
	switch r := request.(type) {
	case string:
		return r
	case NewMessage:
		return r.ConversationID
	}
	return ""
}
