// Package sse serves and reads Server-Sent Events: the live streams of the platform (live
// support's in svc-catalog/chat, staff's live notices in svc-auth/live) pass nginx and the
// gateway as text/event-stream answers written here, one event flushed at a time. Their updates
// reach every instance of a service over Redis pub/sub and the streams each instance holds
// (fanout.go).
package sse

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Heartbeat is how often an idle stream sends a comment line, so nginx, the gateway and any
// proxy between see traffic and keep the connection (they cut idle ones after a minute or so).
type Heartbeat time.Duration

// DefaultHeartbeat is well within the proxies' idle limits.
const DefaultHeartbeat = Heartbeat(20 * time.Second)

// RetryMillis is how long a browser's EventSource waits before reconnecting.
const RetryMillis = 3000

// Message is one event to send: its type (the EventSource listener's name), its data, encoded
// as JSON, and an optional id, which a reconnecting EventSource sends back as Last-Event-ID.
type Message struct {
	ID    string
	Event string
	Data  any
}

// Stream answers r with first and then the messages of events, each encoded by encode and
// flushed at once, and a ": ping" comment whenever hb passes without one, until the client
// leaves, r's context ends or events is closed. first is what a stream starts with whatever
// comes later (a snapshot of the state that events then change).
func Stream[T any](w http.ResponseWriter, r *http.Request, hb Heartbeat, events <-chan T, encode func(T) Message, first ...T) {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	// nginx passes the stream on as it comes rather than buffering it.
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// The retry line comes first: it also tells a client expecting JSON at once that this is a
	// stream, not an answer to wait for.
	if _, err := fmt.Fprintf(w, "retry: %d\n\n", RetryMillis); err != nil {
		return
	}
	for _, e := range first {
		if write(w, encode(e)) != nil {
			return
		}
	}
	if rc.Flush() != nil {
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
			_, err = io.WriteString(w, ": ping\n\n")
		case e, ok := <-events:
			if !ok {
				return
			}
			err = write(w, encode(e))
		}
		if err == nil {
			err = rc.Flush()
		}
		if err != nil {
			return
		}
	}
}

func write(w io.Writer, m Message) error {
	data, err := json.Marshal(m.Data)
	if err != nil {
		return fmt.Errorf("sse: encode %s: %w", m.Event, err)
	}
	var b strings.Builder
	if m.ID != "" {
		fmt.Fprintf(&b, "id: %s\n", oneLine(m.ID))
	}
	// JSON has no raw line breaks, so the data is one data line.
	fmt.Fprintf(&b, "event: %s\ndata: %s\n\n", oneLine(m.Event), data)
	_, err = io.WriteString(w, b.String())
	return err
}

// oneLine keeps a field from breaking the stream's framing.
func oneLine(s string) string { return strings.NewReplacer("\r", "", "\n", "").Replace(s) }

// Open asks for the stream of req as a browser's EventSource does and, once the answer is one,
// returns its body to Read (and close); an answer that is not a stream, a refusal mostly, is an
// error with its status, type and the start of its body.
func Open(client *http.Client, req *http.Request) (io.ReadCloser, error) {
	req.Header.Set("Accept", "text/event-stream")
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sse: open %s: %w", req.URL.Path, err)
	}
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		defer resp.Body.Close()
		head, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return nil, fmt.Errorf("sse: open %s: %d %s: %s", req.URL.Path, resp.StatusCode, resp.Header.Get("Content-Type"), head)
	}
	return resp.Body, nil
}

// Frame is one thing a stream said, as a client reads it: an event (Event set, with its ID and
// Data), a comment (Comment, such as "ping"), or the reconnection delay (Retry, in milliseconds).
type Frame struct {
	ID, Event, Data string
	Comment         string
	Retry           int
}

// Read parses the stream of r and calls each with every frame in order until each answers
// false or the stream ends; an event is handed over at the blank line that ends it. It returns
// the reader's error, nil at the end of the stream.
func Read(r io.Reader, each func(Frame) bool) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var ev Frame
	var data []string
	for sc.Scan() {
		line := sc.Text()
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch {
		case line == "":
			if ev.Event == "" && len(data) == 0 {
				continue
			}
			if ev.Event == "" {
				ev.Event = "message"
			}
			ev.Data = strings.Join(data, "\n")
			if !each(ev) {
				return nil
			}
			ev, data = Frame{}, nil
		case field == "":
			if !each(Frame{Comment: value}) {
				return nil
			}
		case field == "retry":
			n, err := strconv.Atoi(value)
			if err == nil && !each(Frame{Retry: n}) {
				return nil
			}
		case field == "id":
			ev.ID = value
		case field == "event":
			ev.Event = value
		case field == "data":
			data = append(data, value)
		}
	}
	return sc.Err()
}
