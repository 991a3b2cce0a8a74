package pool

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// A translator's place in the pool, in their KVKK copy (svc-orders/datacopy): the copy of their
// profile the pool decides by, and their pool notices. Both are point lookups by the translator's
// id; the pool keys (the profile indexed) and the notices' bookkeeping stay out.

// ProfileCopy is the pool's copy of a translator's profile: what decides which jobs they see, as
// svc-translators last published it (at ChangedAt).
type ProfileCopy struct {
	Pairs         []Pair     `json:"pairs"`
	Services      []string   `json:"services"`
	SwornVerified bool       `json:"swornVerified"`
	ActiveJobCap  int        `json:"activeJobCap"`
	Suspended     bool       `json:"suspended"`
	Vacations     []Vacation `json:"vacations"`
	ChangedAt     time.Time  `json:"changedAt"`
}

// Copy is the profile as the copy holds it; the cap is the one in force (DefaultCap unless staff
// set one).
func (t *Translator) Copy() ProfileCopy {
	c := ProfileCopy{Pairs: t.Pairs, Services: t.Services, SwornVerified: t.SwornVerified, ActiveJobCap: t.Cap(),
		Suspended: t.Suspended, Vacations: t.Vacations, ChangedAt: t.At}
	if c.Pairs == nil {
		c.Pairs = []Pair{}
	}
	if c.Services == nil {
		c.Services = []string{}
	}
	if c.Vacations == nil {
		c.Vacations = []Vacation{}
	}
	return c
}

// NoticesCopy is a translator's pool notices: when the last one went out and the jobs waiting for
// the next.
type NoticesCopy struct {
	LastSentAt *time.Time  `json:"lastSentAt,omitempty"`
	Waiting    []NoticeJob `json:"waiting"`
}

// NoticesOf answers the translator's notices; a translator never told of a job has none.
func (n *Notices) NoticesOf(ctx context.Context, translatorID string) (NoticesCopy, error) {
	var d noticeDoc
	err := n.coll.FindOne(ctx, bson.D{{Key: "_id", Value: translatorID}},
		options.FindOne().SetProjection(bson.D{{Key: "pending", Value: 1}, {Key: "lastSentAt", Value: 1}})).Decode(&d)
	out := NoticesCopy{Waiting: []NoticeJob{}}
	switch {
	case errors.Is(err, mongo.ErrNoDocuments):
		return out, nil
	case err != nil:
		return NoticesCopy{}, fmt.Errorf("load notices of %s: %w", translatorID, err)
	}
	out.LastSentAt = d.LastSentAt
	for _, q := range d.Pending {
		out.Waiting = append(out.Waiting, q.NoticeJob)
	}
	return out, nil
}
