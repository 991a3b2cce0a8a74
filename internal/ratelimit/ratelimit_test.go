package ratelimit_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"linguaport/internal/ratelimit"
	"linguaport/internal/testenv"
)

func TestFixedWindowPerKey(t *testing.T) {
	ctx := context.Background()
	r := testenv.StartRedis(t)
	l := ratelimit.New(r.Client, "contact", 3, 400*time.Millisecond)
	for i := range 3 {
		if ok, _, err := l.Allow(ctx, "1.2.3.4"); !ok || err != nil {
			t.Fatalf("attempt %d refused: %v", i+1, err)
		}
	}
	ok, retry, err := l.Allow(ctx, "1.2.3.4")
	if ok || err != nil || retry <= 0 || retry > 400*time.Millisecond {
		t.Fatalf("4th attempt: ok=%v retry=%v err=%v", ok, retry, err)
	}
	if ok, _, _ := l.Allow(ctx, "5.6.7.8"); !ok {
		t.Fatal("another key shares the count")
	}
	time.Sleep(450 * time.Millisecond)
	if ok, _, _ := l.Allow(ctx, "1.2.3.4"); !ok {
		t.Fatal("still limited after the window")
	}
}

// Attempts made at once are counted one by one: exactly Max of them get through, and Forget
// starts the count again.
func TestConcurrentAttemptsAndForget(t *testing.T) {
	ctx := context.Background()
	r := testenv.StartRedis(t)
	l := ratelimit.New(r.Client, "login", 5, time.Minute)
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for range 40 {
		wg.Go(func() {
			if ok, _, err := l.Allow(ctx, "k"); err != nil {
				t.Error(err)
			} else if ok {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	if n := allowed.Load(); n != 5 {
		t.Fatalf("%d of 40 concurrent attempts allowed, want 5", n)
	}
	if err := l.Forget(ctx, "k"); err != nil {
		t.Fatal(err)
	}
	if ok, _, _ := l.Allow(ctx, "k"); !ok {
		t.Error("still limited after Forget")
	}
}
