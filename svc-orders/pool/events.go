package pool

import (
	"context"
	"fmt"
	"strings"
	"time"

	"linguaport/internal/events"
)

// EventProfileChanged is svc-translators' event (events.Stream("translators")) carrying a
// translator's whole availability picture; the newest version wins.
const EventProfileChanged = "translator.profile_changed"

// ProfileChangedData is the payload of translator.profile_changed (svc-translators/API.md).
type ProfileChangedData struct {
	TranslatorID  string   `json:"translatorId"`
	Version       int64    `json:"version"`
	Pairs         []Pair   `json:"pairs"`
	Services      []string `json:"services"`
	SwornVerified bool     `json:"swornVerified"`
	ActiveJobCap  int      `json:"activeJobCap"`
	// Suspended: staff suspended the translator; they take no jobs until it is lifted.
	Suspended bool `json:"suspended"`
	Vacations []struct {
		Start string `json:"start"`
		End   string `json:"end"`
	} `json:"vacations"`
	At time.Time `json:"at"`
}

// translator is the read model's copy of the payload. Vacation bounds are days ("2026-12-01",
// the whole day in Turkey, where the translators work, both ends included: svc-translators'
// Period) or instants (RFC 3339, the end excluded).
func (p ProfileChangedData) translator() (*Translator, error) {
	if p.TranslatorID == "" {
		return nil, fmt.Errorf("%s without a translatorId", EventProfileChanged)
	}
	t := &Translator{ID: p.TranslatorID, Version: p.Version, Pairs: p.Pairs, Services: p.Services,
		SwornVerified: p.SwornVerified, ActiveJobCap: p.ActiveJobCap, Suspended: p.Suspended, Vacations: []Vacation{}, At: p.At.UTC()}
	for i := range t.Pairs {
		t.Pairs[i] = Pair{Source: strings.ToLower(t.Pairs[i].Source), Target: strings.ToLower(t.Pairs[i].Target)}
	}
	for _, v := range p.Vacations {
		start, err := instant(v.Start, false)
		if err != nil {
			return nil, err
		}
		end, err := instant(v.End, true)
		if err != nil {
			return nil, err
		}
		t.Vacations = append(t.Vacations, Vacation{Start: start, End: end})
	}
	return t, nil
}

// turkey is Turkey's time (UTC+3 all year), in which vacation days begin and end.
var turkey = time.FixedZone("TRT", 3*60*60)

// instant reads a vacation bound; a day that ends a vacation ends with it.
func instant(s string, end bool) (time.Time, error) {
	if day, err := time.ParseInLocation(time.DateOnly, s, turkey); err == nil {
		if end {
			day = day.AddDate(0, 0, 1)
		}
		return day.UTC(), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("vacation bound %q: %w", s, err)
	}
	return t.UTC(), nil
}

// Applier stores a translator's profile unless a newer one is stored (MongoStore.Apply).
type Applier interface {
	Apply(ctx context.Context, t *Translator) (bool, error)
}

// EventHandler keeps the read model from svc-translators' stream. Delivery is at least once and
// in any order after a redelivery: the version decides, so an old profile never overwrites a
// newer one.
func EventHandler(store Applier) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		if e.Type != EventProfileChanged {
			return nil
		}
		var p ProfileChangedData
		if err := e.Decode(&p); err != nil {
			return fmt.Errorf("%s payload: %w", e.Type, err)
		}
		t, err := p.translator()
		if err != nil {
			return err
		}
		_, err = store.Apply(ctx, t)
		return err
	}
}
