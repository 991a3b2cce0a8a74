package api

import (
	"context"
	"net/http"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/sse"
	"linguaport/svc-auth/live"
)

// maxSeenBody bounds POST admin/live/seen: a handful of category names.
const maxSeenBody = 4 << 10

// LiveRoutes serves staff's live feed (svc-auth/live) over HTTP: the event stream and the "seen"
// marks, behind the route table's rules, which let only staff through.
type LiveRoutes struct {
	feed *live.Feed
	hb   sse.Heartbeat
}

// NewLiveRoutes serves feed; hb is the streams' heartbeat.
func NewLiveRoutes(feed *live.Feed, hb sse.Heartbeat) *LiveRoutes {
	return &LiveRoutes{feed: feed, hb: hb}
}

// Events streams the signed-in staff member's updates: their counts first, then each notice as it
// happens (with its category's count) and fresh counts whenever they look at a screen. The stream
// ends when the access token it was opened with expires, so a signed-out or demoted account stops
// hearing within the token's life (15 minutes); the browser opens it again with a renewed token.
// An EventSource cannot send headers: the authToken cookie identifies the caller.
func (rt *LiveRoutes) Events(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if claims, ok := authn.FromContext(ctx); ok && claims.ExpiresAt > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, time.Unix(claims.ExpiresAt, 0))
		defer cancel()
	}
	updates, first, err := rt.feed.Follow(ctx, authn.CallerFrom(ctx))
	if err != nil {
		encodeError(ctx, err, w)
		return
	}
	sse.Stream(w, r.WithContext(ctx), rt.hb, updates, liveMessage, first)
}

func liveMessage(u live.Update) sse.Message {
	m := sse.Message{Event: u.Kind(), Data: u}
	if u.Notice != nil {
		m.ID = u.Notice.ID
	}
	return m
}

// Seen marks the categories' screens as looked at by the signed-in staff member now, and answers
// their counts after it.
func (rt *LiveRoutes) Seen(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	var body struct {
		Categories []string `json:"categories"`
	}
	if err := httpx.DecodeJSON(r, maxSeenBody, &body); err != nil {
		encodeError(ctx, err, w)
		return
	}
	u, err := rt.feed.Seen(ctx, authn.CallerFrom(ctx), body.Categories)
	if err != nil {
		encodeError(ctx, err, w)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	_ = httpx.WriteJSON(w, http.StatusOK, u)
}
