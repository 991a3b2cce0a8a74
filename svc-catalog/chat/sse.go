package chat

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"linguaport/internal/httpx"
)

// Heartbeat is how often an idle stream sends a comment line, so nginx, the gateway and any
// proxy between see traffic and keep the connection (they cut idle ones after a minute or so).
type Heartbeat time.Duration

// DefaultHeartbeat is well within the proxies' idle limits.
const DefaultHeartbeat = Heartbeat(20 * time.Second)

// retryMillis is how long a browser's EventSource waits before reconnecting.
const retryMillis = 3000

// followHandler streams one conversation to its visitor or customer. Each message carries its
// number as the event id, so a reconnecting EventSource (Last-Event-ID) gets what it missed.
func followHandler(s Service, trusted httpx.TrustedProxies, hb Heartbeat) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		events, err := s.Follow(r.Context(), callerOf(r, trusted), r.PathValue("id"), lastSeq(r))
		if err != nil {
			encodeError(r.Context(), err, w)
			return
		}
		stream(w, r, events, hb)
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
		stream(w, r, events, hb)
	})
}

// stream writes events as Server-Sent Events until the client leaves or events end, flushing
// each one at once.
func stream(w http.ResponseWriter, r *http.Request, events <-chan Event, hb Heartbeat) {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	// nginx passes the stream on as it comes rather than buffering it.
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// The retry line comes first: it also tells a client expecting JSON at once that this is a
	// stream, not an answer to wait for.
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", retryMillis); err != nil || rc.Flush() != nil {
		return
	}
	tick := time.NewTicker(time.Duration(hb))
	defer tick.Stop()
	for {
		var err error
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			_, err = fmt.Fprint(w, ": ping\n\n")
		case e, ok := <-events:
			if !ok {
				return
			}
			err = writeEvent(w, e)
		}
		if err == nil {
			err = rc.Flush()
		}
		if err != nil {
			return
		}
	}
}

func writeEvent(w http.ResponseWriter, e Event) error {
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if e.Message != nil {
		if _, err := fmt.Fprintf(w, "id: %d\n", e.Message.Seq); err != nil {
			return err
		}
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Type, data)
	return err
}
