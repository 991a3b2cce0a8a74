package auth_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/ratelimit"
	"linguaport/internal/testenv"
	"linguaport/svc-auth/auth"
)

// The visitor's form mails the address it is given: one address is limited however many
// senders ask for it, and one sender however many addresses it names.
func TestVisitorRequestsAreLimitedByAddressAndSender(t *testing.T) {
	ctx := context.Background()
	store, err := auth.NewMongoStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	p := auth.NewPrivacy(store, auth.NewSessions(r.Client), nil, nil, linkSecret, ratelimit.New(r.Client, "auth-privacy", 2, time.Hour), newID, time.Now)
	limited := func(err error) bool {
		var rl *errs.RateLimited
		return errors.As(err, &rl) && errors.Is(err, auth.ErrTooManyRequests) && rl.RetryAfter > 0
	}
	for i, ip := range []string{"203.0.113.1", "203.0.113.2"} {
		if err := p.AskByEmail(ctx, "victim@example.com", "copy", i18n.TR, ip); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	if err := p.AskByEmail(ctx, "victim@example.com", "copy", i18n.TR, "203.0.113.3"); !limited(err) {
		t.Errorf("a third request for one address from a new sender: %v", err)
	}
	if err := p.AskByEmail(ctx, "someone@example.com", "copy", i18n.TR, "203.0.113.1"); err != nil {
		t.Errorf("another address from a sender with room: %v", err)
	}
	if err := p.AskByEmail(ctx, "third@example.com", "copy", i18n.TR, "203.0.113.1"); !limited(err) {
		t.Errorf("a sender past its limit: %v", err)
	}
}
