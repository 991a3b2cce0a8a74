package pool_test

import (
	"context"
	"testing"

	"linguaport/internal/testenv"
	"linguaport/svc-orders/pool"
)

// TestForgetKeepsAnErasedTranslatorOut: an erased translator's profile is gone from the pool,
// and a profile event of theirs handled after the erasure (their departure, announced by the
// erasure itself, or a redelivery) does not bring it back; forgetting again finds nothing, and
// another translator is untouched.
func TestForgetKeepsAnErasedTranslatorOut(t *testing.T) {
	ctx := context.Background()
	store, err := pool.NewMongoStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	pairs := []pool.Pair{{Source: "tr", Target: "en"}}
	for _, id := range []string{"tr-1", "tr-2"} {
		if _, err := store.Apply(ctx, &pool.Translator{ID: id, Version: 3, Pairs: pairs, Services: []string{"professional-translation"}}); err != nil {
			t.Fatal(err)
		}
	}
	if had, err := store.Forget(ctx, "tr-1"); err != nil || !had {
		t.Fatalf("forget: %v %v", had, err)
	}
	late := &pool.Translator{ID: "tr-1", Version: 4, Suspended: true}
	if stored, err := store.Apply(ctx, late); err != nil || stored {
		t.Errorf("a late profile event stored after the erasure: %v %v", stored, err)
	}
	if p, err := store.Translator(ctx, "tr-1"); err != nil || p != nil {
		t.Errorf("tr-1 after the erasure: %+v %v", p, err)
	}
	found, err := store.Covering(ctx, (&pool.Translator{Pairs: pairs, Services: []string{"professional-translation"}}).Keys())
	if err != nil || len(found) != 1 || found[0].ID != "tr-2" {
		t.Errorf("the pool finds %+v (%v), want tr-2 alone", found, err)
	}
	if had, err := store.Forget(ctx, "tr-1"); err != nil || had {
		t.Errorf("forget again: %v %v", had, err)
	}
	// A translator never in the pool leaves the marker too: their first event comes later.
	if had, err := store.Forget(ctx, "tr-3"); err != nil || had {
		t.Errorf("forget one never seen: %v %v", had, err)
	}
	if stored, _ := store.Apply(ctx, &pool.Translator{ID: "tr-3", Version: 1, Pairs: pairs}); stored {
		t.Error("tr-3 stored after their erasure")
	}
}
