package live

import (
	"context"
	"log/slog"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
)

// Feed is staff's live notices as one staff member follows them (svc-auth/API.md "Staff's live
// notices"): their counts and updates, and the marks of the screens they looked at. svc-auth's
// API (api/live.go) serves it as an event stream and a POST, behind the route table's rules,
// which let only staff through; the caller is passed in, never read from the request here.
type Feed struct {
	store *Store
	hub   *Hub
	now   func() time.Time
	log   *slog.Logger
}

// NewFeed serves store's counts and hub's updates.
func NewFeed(store *Store, hub *Hub, now func() time.Time, log *slog.Logger) *Feed {
	return &Feed{store: store, hub: hub, now: now, log: log}
}

// Follow subscribes caller to their updates until ctx ends and answers, with the channel, their
// counts now (the stream's first message). It subscribes before counting, so nothing falls
// between the snapshot and the updates.
func (f *Feed) Follow(ctx context.Context, caller authn.Caller) (<-chan Update, Update, error) {
	if !caller.SignedIn() {
		return nil, Update{}, authn.ErrSignInRequired
	}
	updates := f.hub.Subscribe(ctx, caller.ID)
	counts, err := f.store.Counts(ctx, caller.ID, f.now())
	if err != nil {
		return nil, Update{}, err
	}
	return updates, Update{kind: "counts", Counts: counts}, nil
}

// Seen marks the categories' screens as looked at by caller now, and answers their counts after
// it; their other streams (tabs, instances) get the same counts.
func (f *Feed) Seen(ctx context.Context, caller authn.Caller, categories []string) (Update, error) {
	if !caller.SignedIn() {
		return Update{}, authn.ErrSignInRequired
	}
	if err := checkCategories(categories); err != nil {
		return Update{}, err
	}
	now := f.now()
	if err := f.store.MarkSeen(ctx, caller.ID, categories, now); err != nil {
		return Update{}, err
	}
	if err := f.hub.Seen(ctx, caller.ID); err != nil {
		// The marks are stored: this answer and the next stream snapshot carry the counts.
		f.log.WarnContext(ctx, "live: seen", "err", err)
	}
	counts, err := f.store.Counts(ctx, caller.ID, now)
	if err != nil {
		return Update{}, err
	}
	return Update{Counts: counts}, nil
}

// Field reasons of a refused Seen; the API words them (api/errors.go).
const (
	ReasonRequired = "required" // categories: none named
	ReasonCategory = "category" // categories: an unknown one, or too many
)

// checkCategories refuses an empty list, an unknown category or too many names.
func checkCategories(list []string) error {
	switch {
	case len(list) == 0:
		return errs.Fields{"categories": ReasonRequired}
	case len(list) > len(Categories):
		return errs.Fields{"categories": ReasonCategory}
	}
	for _, c := range list {
		if !knownCategory(c) {
			return errs.Fields{"categories": ReasonCategory}
		}
	}
	return nil
}
