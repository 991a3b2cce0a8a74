package chat

import (
	"net/http"
	"strconv"

	"linguaport/internal/httpx"
	"linguaport/internal/sse"
)

// Heartbeat is how often an idle stream sends a comment line (internal/sse).
type Heartbeat = sse.Heartbeat

// DefaultHeartbeat is well within the proxies' idle limits.
const DefaultHeartbeat = sse.DefaultHeartbeat

// followHandler streams one conversation to its visitor or customer. Each message carries its
// number as the event id, so a reconnecting EventSource (Last-Event-ID) gets what it missed.
func followHandler(s Service, trusted httpx.TrustedProxies, hb Heartbeat) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		events, err := s.Follow(r.Context(), callerOf(r, trusted), r.PathValue("id"), lastSeq(r))
		if err != nil {
			encodeError(r.Context(), err, w)
			return
		}
		sse.Stream(w, r, hb, events, message)
	})
}

// watchHandler streams every conversation's activity to a staff member, who counts as online
// while it is open.
func watchHandler(s Service, trusted httpx.TrustedProxies, hb Heartbeat) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		events, err := s.Watch(r.Context(), callerOf(r, trusted))
		if err != nil {
			encodeError(r.Context(), err, w)
			return
		}
		sse.Stream(w, r, hb, events, message)
	})
}

// message is an event as the streams send it: named by its type, a message numbered by its seq.
func message(e Event) sse.Message {
	m := sse.Message{Event: e.Type, Data: e}
	if e.Message != nil {
		m.ID = strconv.FormatInt(e.Message.Seq, 10)
	}
	return m
}
