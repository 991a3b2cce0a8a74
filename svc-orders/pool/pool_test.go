package pool_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/events"
	"linguaport/internal/testenv"
	"linguaport/svc-orders/pool"
)

func TestMain(m *testing.M) { testenv.Main(m) }

func profile(version int64, cap int, targets ...string) pool.ProfileChangedData {
	p := pool.ProfileChangedData{TranslatorID: "tr-1", Version: version, Services: []string{"professional-translation"}, ActiveJobCap: cap}
	for _, target := range targets {
		p.Pairs = append(p.Pairs, pool.Pair{Source: "TR", Target: target})
	}
	return p
}

// Profiles arrive through the real consumer group on Redis, in the wrong order and more than
// once: the read model keeps the newest version, whatever arrives after it.
func TestReadModelKeepsTheNewestProfile(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	store, err := pool.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	rdb := testenv.StartRedis(t).Client
	publish := func(p pool.ProfileChangedData) events.Event {
		e, err := events.New(ctx, pool.EventProfileChanged, p)
		if err != nil {
			t.Fatal(err)
		}
		if err := events.NewPublisher(rdb).Publish(ctx, events.Stream("translators"), e); err != nil {
			t.Fatal(err)
		}
		return e
	}
	// Version 2 first, then the older version 1 it replaced, then version 2 again as a new
	// event (svc-translators' relay sent it twice).
	v2 := publish(profile(2, 5, "en", "de"))
	publish(profile(1, 1, "en"))
	publish(profile(2, 5, "en", "de"))

	consumerCtx, stop := context.WithCancel(ctx)
	consumer := events.NewConsumer(rdb, events.Stream("translators"), "svc-orders", db.Collection("processed_events"), pool.EventHandler(store), nil)
	consumer.Block = 50 * time.Millisecond
	done := make(chan error, 1)
	go func() { done <- consumer.Run(consumerCtx) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		// Every event handled and recorded: the two copies of version 2 have their own ids.
		if n, err := db.Collection("processed_events").CountDocuments(ctx, bson.D{}); err != nil {
			t.Fatal(err)
		} else if n == 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the consumer did not handle the three events")
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	<-done

	got, err := store.Translator(ctx, "tr-1")
	if err != nil || got == nil {
		t.Fatalf("translator %v %v", got, err)
	}
	if got.Version != 2 || got.Cap() != 5 || !slices.Equal(got.Keys(), []string{"professional-translation:tr>en", "professional-translation:tr>de"}) {
		t.Errorf("after v2, v1, v2: %+v", got)
	}
	// The same event redelivered (its id already processed or not) changes nothing either.
	if err := pool.EventHandler(store)(ctx, v2); err != nil {
		t.Fatal(err)
	}
	// A newer version replaces it.
	if err := pool.EventHandler(store)(ctx, mustEvent(t, profile(3, 0, "fr"))); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.Translator(ctx, "tr-1"); got.Version != 3 || got.Cap() != pool.DefaultCap || !slices.Equal(got.Keys(), []string{"professional-translation:tr>fr"}) {
		t.Errorf("after v3: %+v", got)
	}
	if applied, err := store.Apply(ctx, &pool.Translator{ID: "tr-1", Version: 3}); applied || err != nil {
		t.Errorf("the same version applied again: %v %v", applied, err)
	}
	if got, err := store.Translator(ctx, "tr-unknown"); got != nil || err != nil {
		t.Errorf("unknown translator: %v %v", got, err)
	}
}

func mustEvent(t *testing.T, p pool.ProfileChangedData) events.Event {
	e, err := events.New(context.Background(), pool.EventProfileChanged, p)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Who may take which job: direction matters, every target language must be covered, sworn work
// needs verified sworn status; vacations (days, the end day included) and the cap block all.
func TestEligibility(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	store, _ := pool.NewMongoStore(ctx, db)
	p := profile(1, 0, "en", "de")
	p.Vacations = append(p.Vacations, struct {
		Start string `json:"start"`
		End   string `json:"end"`
	}{"2026-12-01", "2026-12-14"})
	if err := pool.EventHandler(store)(ctx, mustEvent(t, p)); err != nil {
		t.Fatal(err)
	}
	tr, _ := store.Translator(ctx, "tr-1")
	// The days are Turkey's (UTC+3): 1 December begins at 21:00 UTC on 30 November.
	working := time.Date(2026, 11, 30, 20, 59, 0, 0, time.UTC)
	plain := pool.JobOf("professional-translation", "tr", []string{"en"}, nil)
	for name, c := range map[string]struct {
		job  pool.Job
		at   time.Time
		busy int
		want error
	}{
		"matching pair":      {plain, working, 0, nil},
		"two targets":        {pool.JobOf("professional-translation", "tr", []string{"en", "de"}, []string{"notary"}), working, 0, nil},
		"a target not held":  {pool.JobOf("professional-translation", "tr", []string{"en", "fr"}, nil), working, 0, pool.ErrNoMatch},
		"wrong direction":    {pool.JobOf("professional-translation", "en", []string{"tr"}, nil), working, 0, pool.ErrNoMatch},
		"another service":    {pool.JobOf("proofreading", "tr", []string{"en"}, nil), working, 0, pool.ErrNoMatch},
		"sworn, unverified":  {pool.JobOf("professional-translation", "tr", []string{"en"}, []string{"sworn"}), working, 0, pool.ErrNoMatch},
		"vacation starts":    {plain, time.Date(2026, 11, 30, 21, 0, 0, 0, time.UTC), 0, pool.ErrOnVacation},
		"last vacation day":  {plain, time.Date(2026, 12, 14, 20, 59, 0, 0, time.UTC), 0, pool.ErrOnVacation},
		"back from vacation": {plain, time.Date(2026, 12, 14, 21, 0, 0, 0, time.UTC), 0, nil},
		"below the cap":      {plain, working, 2, nil},
		"at the cap":         {plain, working, 3, pool.ErrAtCap},
	} {
		if err := tr.MayTake(c.job.Keys(), c.at, c.busy); !errors.Is(err, c.want) || (err != nil && !errors.Is(err, pool.ErrNotEligible)) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
	suspended := *tr
	suspended.Suspended = true
	if err := suspended.MayTake(plain.Keys(), working, 0); !errors.Is(err, pool.ErrSuspended) || !errors.Is(err, pool.ErrNotEligible) {
		t.Errorf("suspended: %v", err)
	}
	tr.SwornVerified = true
	if err := tr.MayTake(pool.JobOf("professional-translation", "tr", []string{"en"}, []string{"sworn"}).Keys(), working, 0); err != nil {
		t.Errorf("sworn job, verified: %v", err)
	}
	var nobody *pool.Translator
	if err := nobody.MayTake(plain.Keys(), working, 0); !errors.Is(err, pool.ErrUnknown) {
		t.Errorf("unknown translator: %v", err)
	}
}
