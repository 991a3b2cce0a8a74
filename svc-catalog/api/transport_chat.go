package api

import (
	"context"
	"net/http"
	"strconv"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/httpx"
	"linguaport/internal/sse"
	"linguaport/svc-catalog/chat"
)

// TokenHeader carries a visitor's conversation token; an EventSource, which cannot send
// headers, passes it as the token query parameter instead.
const TokenHeader = "X-Chat-Token"

// Heartbeat is how often an idle chat stream sends a comment line (internal/sse).
type Heartbeat = sse.Heartbeat

// DefaultHeartbeat is well within the proxies' idle limits.
const DefaultHeartbeat = sse.DefaultHeartbeat

// maxChatBody bounds a chat request: a message of chat.MaxMessage runes, in JSON.
const maxChatBody = 16 << 10

// visitorOf reads the chat's visitor from r: the conversation token it carries and the sender's
// address, as trusted tells it.
func visitorOf(r *http.Request, trusted httpx.TrustedProxies) visitor {
	token := r.Header.Get(TokenHeader)
	if token == "" {
		token = r.URL.Query().Get("token")
	}
	ip := ""
	if a, ok := trusted.ClientIP(r); ok {
		ip = a.String()
	}
	return visitor{Token: token, IP: ip}
}

// Chat answers are one person's conversation: never kept by a cache.
func encodePrivate(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, response)
}

func encodePrivateCreated(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusCreated, response)
}

// decodeChatID is the conversation a staff route names.
func decodeChatID(_ context.Context, r *http.Request) (any, error) { return r.PathValue("id"), nil }

func decodeVisit(trusted httpx.TrustedProxies) kithttp.DecodeRequestFunc {
	return func(_ context.Context, r *http.Request) (any, error) {
		return visitRequest{visitor: visitorOf(r, trusted), ID: r.PathValue("id")}, nil
	}
}

func decodeList(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	return listRequest{Status: q.Get("status"), Before: q.Get("before")}, nil
}

// idempotencyKey is the request's Idempotency-Key header, else the body's key.
func idempotencyKey(r *http.Request, body string) string {
	if k := r.Header.Get("Idempotency-Key"); k != "" {
		return k
	}
	return body
}

func decodeStart(trusted httpx.TrustedProxies) kithttp.DecodeRequestFunc {
	return func(ctx context.Context, r *http.Request) (any, error) {
		var body struct {
			Name, Email, Text, Language, Key string
		}
		if err := httpx.DecodeJSON(r, maxChatBody, &body); err != nil {
			return nil, err
		}
		if body.Language == "" {
			body.Language = string(httpx.LangFrom(ctx))
		}
		return startRequest{visitor: visitorOf(r, trusted), In: chat.NewConversation{Name: body.Name, Email: body.Email,
			Text: body.Text, Language: body.Language, Key: idempotencyKey(r, body.Key)}}, nil
	}
}

func decodeMessage(trusted httpx.TrustedProxies) kithttp.DecodeRequestFunc {
	return func(_ context.Context, r *http.Request) (any, error) {
		var body struct{ Text, Key, Email string }
		if err := httpx.DecodeJSON(r, maxChatBody, &body); err != nil {
			return nil, err
		}
		return messageRequest{visitor: visitorOf(r, trusted), In: chat.NewMessage{ConversationID: r.PathValue("id"),
			Text: body.Text, Email: body.Email, Key: idempotencyKey(r, body.Key)}}, nil
	}
}

// lastSeq is where a reconnecting stream picks up: the EventSource's Last-Event-ID, else after.
func lastSeq(r *http.Request) int64 {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("after")
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// followHandler streams one conversation to its visitor or customer. Each message carries its
// number as the event id, so a reconnecting EventSource (Last-Event-ID) gets what it missed.
func followHandler(s chat.Service, trusted httpx.TrustedProxies, hb Heartbeat) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		events, err := s.Follow(r.Context(), visitorOf(r, trusted).caller(r.Context()), r.PathValue("id"), lastSeq(r))
		if err != nil {
			encodeError(r.Context(), err, w)
			return
		}
		sse.Stream(w, r, hb, events, message)
	})
}

// watchHandler streams every conversation's activity to a staff member, who counts as online
// while it is open.
func watchHandler(s chat.Service, trusted httpx.TrustedProxies, hb Heartbeat) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		events, err := s.Watch(r.Context(), visitorOf(r, trusted).caller(r.Context()))
		if err != nil {
			encodeError(r.Context(), err, w)
			return
		}
		sse.Stream(w, r, hb, events, message)
	})
}

// message is an event as the streams send it: named by its type, a message numbered by its seq.
func message(e chat.Event) sse.Message {
	m := sse.Message{Event: e.Type, Data: e}
	if e.Message != nil {
		m.ID = strconv.FormatInt(e.Message.Seq, 10)
	}
	return m
}
