package sse_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/sse"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// note is what the test's instances tell each other: for whom, and a number.
type note struct {
	For string `json:"for"`
	N   int    `json:"n"`
}

// instance is one process's hub: its channel and the streams it holds.
type instance struct {
	channel *sse.Channel[note]
	subs    *sse.Subscribers[note]
}

func listen(t *testing.T, ctx context.Context, rdb *redis.Client, buffer int) *instance {
	t.Helper()
	in := &instance{subs: sse.NewSubscribers[note](buffer)}
	deliver := func(_ context.Context, n note) {
		in.subs.Send(func(key string) bool { return key == "" || key == n.For }, n)
	}
	c, err := sse.Listen(ctx, rdb, "test:live", quiet, deliver, in.subs.CloseAll)
	if err != nil {
		t.Fatal(err)
	}
	in.channel = c
	return in
}

func receive(t *testing.T, ch <-chan note) note {
	t.Helper()
	select {
	case n, ok := <-ch:
		if !ok {
			t.Fatal("the stream ended")
		}
		return n
	case <-time.After(5 * time.Second):
		t.Fatal("nothing within 5 s")
	}
	return note{}
}

func silent(t *testing.T, ch <-chan note) {
	t.Helper()
	select {
	case n := <-ch:
		t.Fatalf("unexpected %+v", n)
	case <-time.After(200 * time.Millisecond):
	}
}

func ended(t *testing.T, ch <-chan note) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatal("the stream is still open after 5 s")
		}
	}
}

// What one instance publishes reaches the matching streams of every instance on the Redis, its
// own included, in order; a message that is not JSON of the type is skipped, not fatal.
func TestChannelFansOutAcrossInstances(t *testing.T) {
	r := testenv.StartRedis(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a, b := listen(t, ctx, r.Client, 8), listen(t, ctx, r.Client, 8)
	aliceOnA, aliceOnB := a.subs.Add(ctx, "alice"), b.subs.Add(ctx, "alice")
	bobOnB, allOnA := b.subs.Add(ctx, "bob"), a.subs.Add(ctx, "")

	if err := r.Client.Publish(ctx, "test:live", "not json").Err(); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 2; i++ {
		if err := b.channel.Publish(ctx, note{For: "alice", N: i}); err != nil {
			t.Fatal(err)
		}
	}
	for _, ch := range []<-chan note{aliceOnA, aliceOnB, allOnA} {
		for i := 1; i <= 2; i++ {
			if n := receive(t, ch); n != (note{For: "alice", N: i}) {
				t.Fatalf("got %+v, want alice's note %d", n, i)
			}
		}
	}
	silent(t, bobOnB)
	if err := a.channel.Publish(ctx, note{For: "bob", N: 3}); err != nil {
		t.Fatal(err)
	}
	if n := receive(t, bobOnB); n.N != 3 {
		t.Fatalf("bob got %+v", n)
	}
	if n := receive(t, allOnA); n.N != 3 {
		t.Fatalf("the stream following all got %+v", n)
	}
	silent(t, aliceOnA)

	// The instance stopping ends its streams (their browsers reconnect elsewhere); the other
	// instance goes on.
	stopA, cancelA := context.WithCancel(ctx)
	c := listen(t, stopA, r.Client, 8)
	onC := c.subs.Add(ctx, "alice")
	cancelA()
	ended(t, onC)
	if c.subs.Len() != 0 {
		t.Fatalf("%d streams left on a stopped instance", c.subs.Len())
	}
	if err := a.channel.Publish(ctx, note{For: "alice", N: 4}); err != nil {
		t.Fatal(err)
	}
	if n := receive(t, aliceOnB); n.N != 4 {
		t.Fatalf("got %+v after another instance stopped", n)
	}
}

// Without Redis there is no hub: Listen says which channel it could not subscribe to.
func TestListenWithoutRedis(t *testing.T) {
	r := testenv.StartRedis(t)
	dead := redis.NewClient(&redis.Options{Addr: r.Addr, MaxRetries: -1})
	_ = dead.Close()
	_, err := sse.Listen(context.Background(), dead, "test:live", quiet, func(context.Context, note) {}, func() {})
	if err == nil || !strings.Contains(err.Error(), "subscribe test:live") {
		t.Fatalf("err %v, want one naming the channel", err)
	}
}

// A stream that falls its buffer behind is ended rather than skip an update; one whose context
// ends is closed and forgotten; SendTo skips streams that left after Matching listed them.
func TestSubscribersEndSlowAndLeavingStreams(t *testing.T) {
	subs := sse.NewSubscribers[note](2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	slow := subs.Add(ctx, "slow")
	leaving, leave := context.WithCancel(ctx)
	gone := subs.Add(leaving, "slow")
	if subs.Len() != 2 {
		t.Fatalf("%d streams, want 2", subs.Len())
	}
	listed := subs.Matching(func(key string) bool { return key == "slow" })
	if len(listed) != 2 || listed[0].Key != "slow" {
		t.Fatalf("matching %+v", listed)
	}
	leave()
	ended(t, gone)
	subs.SendTo(listed, note{N: 1}) // to slow only: gone left
	subs.Send(func(string) bool { return true }, note{N: 2})
	if subs.Len() != 1 {
		t.Fatalf("%d streams, want 1", subs.Len())
	}
	subs.Send(func(string) bool { return true }, note{N: 3}) // past the buffer
	if subs.Len() != 0 {
		t.Fatalf("%d streams after an overflow, want 0", subs.Len())
	}
	var got []int
	for n := range slow {
		got = append(got, n.N)
	}
	if len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("the slow stream got %v, want the buffered [1 2] and then its end", got)
	}
	// CloseAll ends what is open; a stream whose context ends later is not closed twice.
	late := subs.Add(ctx, "late")
	subs.CloseAll()
	ended(t, late)
	cancel()
}
