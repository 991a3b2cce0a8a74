package chat

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/errs"
	"linguaport/internal/logging"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts chat messages by who sent them and what became of them
// (accepted, invalid, limited, failed), and visitors' messages by whether staff were online:
// what the agency watches is people waiting for an answer and how often nobody is there.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	messages := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "chat_messages_total", Help: "Live support messages by sender and outcome.",
	}, []string{"from", "outcome"})
	offline := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "chat_offline_messages_total", Help: "Visitors' live support messages sent while no staff member was online.",
	})
	reg.MustRegister(messages, offline)
	return func(next Service) Service { return instrumenting{Service: next, messages: messages, offline: offline} }
}

type instrumenting struct {
	Service
	messages *prometheus.CounterVec
	offline  prometheus.Counter
}

func outcome(err error) string {
	var fields errs.Fields
	switch {
	case err == nil:
		return "accepted"
	case errors.As(err, &fields):
		return "invalid"
	case errors.Is(err, ErrTooManyMessages):
		return "limited"
	}
	return "failed"
}

func (m instrumenting) sent(s Sent, err error) {
	m.messages.WithLabelValues(FromVisitor, outcome(err)).Inc()
	if err == nil && !s.StaffOnline {
		m.offline.Inc()
	}
}

func (m instrumenting) Start(ctx context.Context, c Caller, in NewConversation) (Started, error) {
	out, err := m.Service.Start(ctx, c, in)
	m.sent(out.Sent, err)
	return out, err
}

func (m instrumenting) Send(ctx context.Context, c Caller, in NewMessage) (Sent, error) {
	out, err := m.Service.Send(ctx, c, in)
	m.sent(out, err)
	return out, err
}

func (m instrumenting) Reply(ctx context.Context, c Caller, in NewMessage) (Message, error) {
	out, err := m.Service.Reply(ctx, c, in)
	m.messages.WithLabelValues(FromStaff, outcome(err)).Inc()
	return out, err
}

// LoggingMiddleware logs every call with its duration and error; see logging.Call for levels.
// Messages are never logged: they are people's words.
func LoggingMiddleware(log *slog.Logger) Middleware {
	return func(next Service) Service { return loggingMiddleware{next: next, log: log} }
}

type loggingMiddleware struct {
	next Service
	log  *slog.Logger
}

func (m loggingMiddleware) done(ctx context.Context, method string, begin time.Time, err *error) {
	logging.Call(ctx, m.log, method, begin, *err, Refused)
}

// Refused reports whether err is the chat refusing a request (a field that breaks its rules, too
// many messages, a conversation the caller may not see, an unknown page cursor) rather than
// failing: the caller's to fix, not an operator's alarm.
func Refused(err error) bool {
	return errors.As(err, new(errs.Fields)) || errors.Is(err, ErrTooManyMessages) ||
		errors.Is(err, ErrNotFound) || errors.Is(err, ErrUnknownCursor)
}

func (m loggingMiddleware) Status(ctx context.Context) (_ bool, err error) {
	defer m.done(ctx, "Status", time.Now(), &err)
	return m.next.Status(ctx)
}

func (m loggingMiddleware) Start(ctx context.Context, c Caller, in NewConversation) (_ Started, err error) {
	defer m.done(ctx, "Start", time.Now(), &err)
	return m.next.Start(ctx, c, in)
}

func (m loggingMiddleware) Send(ctx context.Context, c Caller, in NewMessage) (_ Sent, err error) {
	defer m.done(ctx, "Send", time.Now(), &err)
	return m.next.Send(ctx, c, in)
}

func (m loggingMiddleware) Thread(ctx context.Context, c Caller, id string) (_ Thread, err error) {
	defer m.done(ctx, "Thread", time.Now(), &err)
	return m.next.Thread(ctx, c, id)
}

func (m loggingMiddleware) Mine(ctx context.Context, c Caller) (_ []Conversation, err error) {
	defer m.done(ctx, "Mine", time.Now(), &err)
	return m.next.Mine(ctx, c)
}

// Follow and Watch log the opening of a stream; its length is the visitor's stay.
func (m loggingMiddleware) Follow(ctx context.Context, c Caller, id string, after int64) (_ <-chan Event, err error) {
	defer m.done(ctx, "Follow", time.Now(), &err)
	return m.next.Follow(ctx, c, id, after)
}

func (m loggingMiddleware) List(ctx context.Context, status, before string) (_ Page, err error) {
	defer m.done(ctx, "List", time.Now(), &err)
	return m.next.List(ctx, status, before)
}

func (m loggingMiddleware) StaffThread(ctx context.Context, id string) (_ Thread, err error) {
	defer m.done(ctx, "StaffThread", time.Now(), &err)
	return m.next.StaffThread(ctx, id)
}

func (m loggingMiddleware) Reply(ctx context.Context, c Caller, in NewMessage) (_ Message, err error) {
	defer m.done(ctx, "Reply", time.Now(), &err)
	return m.next.Reply(ctx, c, in)
}

func (m loggingMiddleware) MarkRead(ctx context.Context, id string) (_ Conversation, err error) {
	defer m.done(ctx, "MarkRead", time.Now(), &err)
	return m.next.MarkRead(ctx, id)
}

func (m loggingMiddleware) Close(ctx context.Context, id string) (_ Conversation, err error) {
	defer m.done(ctx, "Close", time.Now(), &err)
	return m.next.Close(ctx, id)
}

func (m loggingMiddleware) Watch(ctx context.Context, c Caller) (_ <-chan Event, err error) {
	defer m.done(ctx, "Watch", time.Now(), &err)
	return m.next.Watch(ctx, c)
}
