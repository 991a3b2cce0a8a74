package api

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/svc-catalog/chat"
)

// ChatEndpoints are the chat's request-answer operations as go-kit endpoints; its two event
// streams are handlers of their own (transport_chat.go).
type ChatEndpoints struct {
	Status, Start, Send, Thread, Mine         endpoint.Endpoint
	List, StaffThread, Reply, MarkRead, Close endpoint.Endpoint
}

// visitor is what the chat knows of a caller beyond authn.Caller, read from the request by the
// decoders: the conversation token a visitor holds, and the sender's address.
type visitor struct{ Token, IP string }

// caller is the chat's caller: the request's authn.Caller with its visitor's token and address.
func (v visitor) caller(ctx context.Context) chat.Caller {
	return chat.Caller{Caller: authn.CallerFrom(ctx), Token: v.Token, IP: v.IP}
}

type startRequest struct {
	visitor
	In chat.NewConversation
}

type messageRequest struct {
	visitor
	In chat.NewMessage
}

// visitRequest names a conversation a visitor or customer asks for.
type visitRequest struct {
	visitor
	ID string
}

type listRequest struct{ Status, Before string }

type statusResponse struct {
	StaffOnline bool `json:"staffOnline"`
}

type mineResponse struct {
	Conversations []chat.Conversation `json:"conversations"`
}

// makeChatEndpoints wires each endpoint to s; the staff's changes (an answer, a read, a close)
// are recorded in log (internal/audit) with the conversation as it was before and is after.
func makeChatEndpoints(s chat.Service, log *audit.Log) ChatEndpoints {
	e := ChatEndpoints{
		Status: func(ctx context.Context, _ any) (any, error) {
			online, err := s.Status(ctx)
			return statusResponse{online}, err
		},
		Start: func(ctx context.Context, request any) (any, error) {
			r := request.(startRequest)
			return s.Start(ctx, r.caller(ctx), r.In)
		},
		Send: func(ctx context.Context, request any) (any, error) {
			r := request.(messageRequest)
			return s.Send(ctx, r.caller(ctx), r.In)
		},
		Thread: func(ctx context.Context, request any) (any, error) {
			r := request.(visitRequest)
			return s.Thread(ctx, r.caller(ctx), r.ID)
		},
		Mine: func(ctx context.Context, _ any) (any, error) {
			v, err := s.Mine(ctx, visitor{}.caller(ctx))
			return mineResponse{v}, err
		},
		List: func(ctx context.Context, request any) (any, error) {
			r := request.(listRequest)
			return s.List(ctx, r.Status, r.Before)
		},
		StaffThread: func(ctx context.Context, request any) (any, error) { return s.StaffThread(ctx, request.(string)) },
		Reply: func(ctx context.Context, request any) (any, error) {
			r := request.(messageRequest)
			return s.Reply(ctx, r.caller(ctx), r.In)
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
	case messageRequest:
		return r.In.ConversationID
	}
	return ""
}
