package live

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/sse"
)

// maxSeenBody bounds POST seen: a handful of category names.
const maxSeenBody = 4 << 10

// Routes serves staff's live feed (svc-auth/API.md "Staff's live notices"): the event stream and
// the "seen" marks. svc-auth's transport serves them behind the access rules of svc-auth/access,
// which let only staff through.
type Routes struct {
	store *Store
	hub   *Hub
	now   func() time.Time
	hb    sse.Heartbeat
	log   *slog.Logger
}

// NewRoutes serves store's counts and hub's updates; hb is the streams' heartbeat.
func NewRoutes(store *Store, hub *Hub, now func() time.Time, hb sse.Heartbeat, log *slog.Logger) *Routes {
	return &Routes{store: store, hub: hub, now: now, hb: hb, log: log}
}

// Events streams the signed-in staff member's updates: their counts first, then each notice as it
// happens (with its category's count) and fresh counts whenever they look at a screen. The stream
// ends when the access token it was opened with expires, so a signed-out or demoted account stops
// hearing within the token's life (15 minutes); the browser opens it again with a renewed token.
// An EventSource cannot send headers: the authToken cookie identifies the caller.
func (rt *Routes) Events(w http.ResponseWriter, r *http.Request) {
	claims, ok := authn.FromContext(r.Context())
	if !ok {
		encodeError(r.Context(), authn.ErrSignInRequired, w)
		return
	}
	ctx := r.Context()
	if claims.ExpiresAt > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, time.Unix(claims.ExpiresAt, 0))
		defer cancel()
	}
	// Subscribe before counting, so nothing falls between the snapshot and the updates.
	updates := rt.hub.Subscribe(ctx, claims.Subject)
	counts, err := rt.store.Counts(ctx, claims.Subject, rt.now())
	if err != nil {
		encodeError(ctx, err, w)
		return
	}
	sse.Stream(w, r.WithContext(ctx), rt.hb, updates, message, Update{kind: "counts", Counts: counts})
}

func message(u Update) sse.Message {
	m := sse.Message{Event: u.kind, Data: u}
	if u.Notice != nil {
		m.ID = u.Notice.ID
	}
	return m
}

// Seen marks the categories' screens as looked at by the signed-in staff member now, and answers
// their counts after it; their other streams (tabs, instances) get the same counts.
func (rt *Routes) Seen(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	claims, ok := authn.FromContext(ctx)
	if !ok {
		encodeError(ctx, authn.ErrSignInRequired, w)
		return
	}
	var body struct {
		Categories []string `json:"categories"`
	}
	if err := httpx.DecodeJSON(r, maxSeenBody, &body); err != nil {
		encodeError(ctx, err, w)
		return
	}
	if err := checkCategories(body.Categories); err != nil {
		encodeError(ctx, err, w)
		return
	}
	now := rt.now()
	if err := rt.store.MarkSeen(ctx, claims.Subject, body.Categories, now); err != nil {
		encodeError(ctx, err, w)
		return
	}
	if err := rt.hub.Seen(ctx, claims.Subject); err != nil {
		// The marks are stored: this answer and the next stream snapshot carry the counts.
		rt.log.WarnContext(ctx, "live: seen", "err", err)
	}
	counts, err := rt.store.Counts(ctx, claims.Subject, now)
	if err != nil {
		encodeError(ctx, err, w)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	_ = httpx.WriteJSON(w, http.StatusOK, Update{Counts: counts})
}

// checkCategories refuses an empty list, an unknown category or too many names.
func checkCategories(list []string) error {
	switch {
	case len(list) == 0:
		return errs.Fields{"categories": "required"}
	case len(list) > len(Categories):
		return errs.Fields{"categories": "category"}
	}
	for _, c := range list {
		if !knownCategory(c) {
			return errs.Fields{"categories": "category"}
		}
	}
	return nil
}

var fieldTexts = map[string]i18n.Text{
	"required": {TR: "En az bir kategori belirtin.", EN: "Name at least one category."},
	"category": {
		TR: "Kategoriler şunlardan olmalı: " + strings.Join(Categories, ", ") + ".",
		EN: "Each category must be one of: " + strings.Join(Categories, ", ") + ".",
	},
}

var encodeError = httpx.ErrorEncoder(func(err error) *httpx.Problem {
	var fields errs.Fields
	if errors.As(err, &fields) {
		return httpx.ErrValidation.WithFields(fields, func(_, reason string) i18n.Text { return fieldTexts[reason] })
	}
	return nil
})
