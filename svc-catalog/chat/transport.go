package chat

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-catalog/access"
)

// TokenHeader carries a visitor's conversation token; an EventSource, which cannot send
// headers, passes it as the token query parameter instead.
const TokenHeader = "X-Chat-Token"

// maxBody bounds a chat request: a message of MaxMessage runes, in JSON.
const maxBody = 16 << 10

// MakeHandler serves the chat's routes (svc-catalog/access/chat.go), each behind its access
// check; trusted decides whose X-Forwarded-For names the sender.
func MakeHandler(e Endpoints, s Service, auth *authn.Authenticator, trusted httpx.TrustedProxies, heartbeat Heartbeat) http.Handler {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError), kithttp.ServerBefore(keepCaller(trusted))}
	json := func(ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodePrivate, opts...)
	}
	created := func(ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodeCreated, opts...)
	}
	const pub, staff = "/api/v1/catalog/chat", "/api/v1/catalog/admin/chat"
	m := authn.NewMux(auth, access.Chat)
	m.Handle("GET "+pub+"/status", json(e.Status, decodeNothing))
	m.Handle("POST "+pub+"/conversations", created(e.Start, decodeStart))
	m.Handle("GET "+pub+"/conversations/{id}", json(e.Thread, decodeID))
	m.Handle("POST "+pub+"/conversations/{id}/messages", created(e.Send, decodeMessage))
	m.Handle("GET "+pub+"/conversations/{id}/events", followHandler(s, trusted, heartbeat))
	m.Handle("GET "+pub+"/mine", json(e.Mine, decodeNothing))
	m.Handle("GET "+staff+"/conversations", json(e.List, decodeList))
	m.Handle("GET "+staff+"/conversations/{id}", json(e.StaffThread, decodeID))
	m.Handle("GET "+staff+"/events", watchHandler(s, trusted, heartbeat))
	m.Handle("POST "+staff+"/conversations/{id}/messages", created(e.Reply, decodeMessage))
	m.Handle("POST "+staff+"/conversations/{id}/read", json(e.MarkRead, decodeID))
	m.Handle("POST "+staff+"/conversations/{id}/close", json(e.Close, decodeID))
	return m.Handler()
}

type callerKey struct{}

// keepCaller puts the request's Caller in the context the endpoints get.
func keepCaller(trusted httpx.TrustedProxies) kithttp.RequestFunc {
	return func(ctx context.Context, r *http.Request) context.Context {
		return context.WithValue(ctx, callerKey{}, callerOf(r, trusted))
	}
}

func callerOf(r *http.Request, trusted httpx.TrustedProxies) Caller {
	token := r.Header.Get(TokenHeader)
	if token == "" {
		token = r.URL.Query().Get("token")
	}
	ip := ""
	if a, ok := trusted.ClientIP(r); ok {
		ip = a.String()
	}
	return CallerFrom(r.Context(), token, ip)
}

func callerFrom(ctx context.Context) Caller {
	c, _ := ctx.Value(callerKey{}).(Caller)
	return c
}

// Chat answers are one person's conversation: never kept by a cache.
func encodePrivate(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusOK, response)
}

func encodeCreated(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusCreated, response)
}

func decodeNothing(context.Context, *http.Request) (any, error) { return nil, nil }

func decodeID(_ context.Context, r *http.Request) (any, error) { return r.PathValue("id"), nil }

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

func decodeStart(ctx context.Context, r *http.Request) (any, error) {
	var body struct {
		Name, Email, Text, Language, Key string
	}
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return nil, err
	}
	if body.Language == "" {
		body.Language = string(httpx.LangFrom(ctx))
	}
	return NewConversation{Name: body.Name, Email: body.Email, Text: body.Text, Language: body.Language,
		Key: idempotencyKey(r, body.Key)}, nil
}

func decodeMessage(_ context.Context, r *http.Request) (any, error) {
	var body struct{ Text, Key, Email string }
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return nil, err
	}
	return NewMessage{ConversationID: r.PathValue("id"), Text: body.Text, Email: body.Email, Key: idempotencyKey(r, body.Key)}, nil
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

var (
	problemNotFound = httpx.NewProblem(http.StatusNotFound, "not_found",
		i18n.Text{TR: "Görüşme bulunamadı.", EN: "The conversation was not found."})
	problemRateLimited = httpx.NewProblem(http.StatusTooManyRequests, "too_many_requests",
		i18n.Text{TR: "Çok hızlı mesaj gönderiyorsunuz. Lütfen biraz bekleyin.", EN: "You are sending messages too fast. Please wait a moment."})
	problemCursor = httpx.ErrValidation.WithField("before",
		i18n.Text{TR: "Sayfa imleci bilinen bir görüşmenin kimliği olmalı.", EN: "The page cursor must be the id of a known conversation."})
)

// fieldTexts explain each validation reason per field.
var fieldTexts = map[string]map[string]i18n.Text{
	"name": {
		"required": {TR: "Adınızı girin.", EN: "Enter your name."},
		"length":   {TR: "Ad 2 ile 100 karakter arasında olmalı.", EN: "The name must be 2 to 100 characters."},
	},
	"email": {"email": {TR: "Geçerli bir e-posta adresi girin.", EN: "Enter a valid email address."}},
	"text": {
		"required": {TR: "Mesajınızı yazın.", EN: "Write your message."},
		"length":   {TR: "Mesaj en fazla 2000 karakter olabilir.", EN: "A message can be at most 2000 characters."},
	},
	"key":      {"length": {TR: "İstek anahtarı en fazla 100 karakter olabilir.", EN: "The request key can be at most 100 characters."}},
	"language": {"language": {TR: "Dil tr veya en olmalı.", EN: "The language must be tr or en."}},
	"status":   {"status": {TR: "Durum open veya closed olmalı.", EN: "The status must be open or closed."}},
}

// encodeError answers the chat's errors in the request's language.
var encodeError = httpx.ErrorEncoder(problemOf)

// problemOf maps the chat's errors to their answers; nil leaves err to httpx.
func problemOf(err error) *httpx.Problem {
	var fields errs.Fields
	switch {
	case errors.As(err, &fields):
		return httpx.ErrValidation.WithFields(fields, func(field, reason string) i18n.Text { return fieldTexts[field][reason] })
	case errors.Is(err, ErrTooManyMessages):
		return problemRateLimited
	case errors.Is(err, ErrNotFound):
		return problemNotFound
	case errors.Is(err, ErrUnknownCursor):
		return problemCursor
	}
	return nil
}
