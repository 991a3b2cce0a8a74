package ratelimit_test

import (
	"context"
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
