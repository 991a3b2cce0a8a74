package sse_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"linguaport/internal/sse"
)

// What Stream writes, Read reads back: the retry line first, then the first events given, each
// event with its id, type and JSON data as it is sent (not when the answer ends), heartbeats
// while idle, and the answer ends when the events do.
func TestStreamAndRead(t *testing.T) {
	events := make(chan int)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sse.Stream(w, r, sse.Heartbeat(50*time.Millisecond), events, func(n int) sse.Message {
			return sse.Message{ID: strings.Repeat("1", n), Event: "count\nevil", Data: map[string]any{"n": n, "text": "a\nb"}}
		}, 1)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream; charset=utf-8" || resp.Header.Get("X-Accel-Buffering") != "no" {
		t.Fatalf("headers %v", resp.Header)
	}
	frames := make(chan sse.Frame, 16)
	done := make(chan error, 1)
	go func() {
		done <- sse.Read(resp.Body, func(f sse.Frame) bool { frames <- f; return true })
		close(frames)
	}()
	next := func() sse.Frame {
		t.Helper()
		select {
		case f := <-frames:
			return f
		case <-ctx.Done():
			t.Fatal("no frame")
		}
		return sse.Frame{}
	}
	if f := next(); f.Retry != sse.RetryMillis {
		t.Fatalf("first frame %+v, want the retry delay", f)
	}
	if f := next(); f.ID != "1" || f.Data != `{"n":1,"text":"a\nb"}` {
		t.Fatalf("second frame %+v, want the first event", f)
	}
	// Idle: heartbeats.
	if f := next(); f.Comment != "ping" {
		t.Fatalf("idle frame %+v, want a ping", f)
	}
	events <- 2
	for {
		f := next()
		if f.Comment == "ping" {
			continue
		}
		if f.ID != "11" || f.Event != "countevil" || f.Data != `{"n":2,"text":"a\nb"}` {
			t.Fatalf("event %+v", f)
		}
		break
	}
	close(events)
	for range frames {
	}
	if err := <-done; err != nil {
		t.Fatalf("read: %v", err)
	}
}

// Read joins data lines, names an event without a type "message", and stops when asked.
func TestReadFraming(t *testing.T) {
	in := "retry: 100\n\n: hello\nid: 7\ndata: one\ndata: two\n\nevent: b\ndata: x\n\nevent: c\ndata: y\n\n"
	var got []sse.Frame
	err := sse.Read(strings.NewReader(in), func(f sse.Frame) bool {
		got = append(got, f)
		return f.Event != "b"
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []sse.Frame{{Retry: 100}, {Comment: "hello"}, {ID: "7", Event: "message", Data: "one\ntwo"}, {Event: "b", Data: "x"}}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("frame %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// Open asks for a stream as an EventSource does and hands its body over; an answer that is not
// a stream is an error that says what came instead.
func TestOpen(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept") != "text/event-stream" {
			t.Errorf("Accept %q", r.Header.Get("Accept"))
		}
		if r.URL.Path == "/events" {
			sse.Stream(w, r, sse.DefaultHeartbeat, make(chan int), func(n int) sse.Message { return sse.Message{Event: "n", Data: n} }, 7)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error":{"code":"sign-in-required"}}`))
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/events", nil)
	body, err := sse.Open(http.DefaultClient, req)
	if err != nil {
		t.Fatal(err)
	}
	var got sse.Frame
	_ = sse.Read(body, func(f sse.Frame) bool { got = f; return f.Event == "" })
	body.Close()
	if got.Event != "n" || got.Data != "7" {
		t.Fatalf("first event %+v", got)
	}
	req, _ = http.NewRequestWithContext(ctx, "GET", srv.URL+"/refused", nil)
	if _, err := sse.Open(http.DefaultClient, req); err == nil || !strings.Contains(err.Error(), `/refused: 401 application/json: {"error"`) {
		t.Fatalf("err %v", err)
	}
}
