package pool_test

import (
	"context"
	"slices"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/names"
	"linguaport/internal/searchkeys"
	"linguaport/internal/testenv"
	"linguaport/svc-orders/pool"
)

// A translator of every service and the most pairs svc-translators takes (30), sworn verified,
// is stored on FerretDB over PostgreSQL (whose btree holds an indexed array in one entry of at
// most 2,704 bytes: every service times every pair, as the keys were, made 480 keys and 17 KB,
// which only compression squeezed in) and found for a job of any of their services; one of another service is not. A translator
// stored with keys of the older format gets new ones at start.
func TestPoolKeysOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	db := testenv.MongoOnPostgres(t)
	store, err := pool.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	langs := []string{"tr", "en", "de", "fr", "ru", "ar", "es", "it"}
	var pairs []pool.Pair
	for _, s := range langs {
		for _, d := range langs {
			if s != d && len(pairs) < 30 {
				pairs = append(pairs, pool.Pair{Source: s, Target: d})
			}
		}
	}
	var services []string
	for _, s := range names.Services() {
		services = append(services, s.ID)
	}
	all := &pool.Translator{ID: "tr-all", Version: 1, Pairs: pairs, Services: services, SwornVerified: true}
	if stored, err := store.Apply(ctx, all); err != nil || !stored {
		t.Fatalf("a translator of %d services and %d pairs: %v %v", len(services), len(pairs), stored, err)
	}
	// Uncompressed, the keys fit PostgreSQL's btree entry with room to spare; as they were (every
	// service times every pair) only pglz's compression of their repeats let them in.
	if n, old := searchkeys.Size(all.IndexKeys()), searchkeys.Size(all.Keys()); n > searchkeys.Budget || old <= 2704 {
		t.Errorf("pool keys: %d bytes (budget %d), before %d", n, searchkeys.Budget, old)
	} else {
		t.Logf("the largest pool keys: %d keys, %d bytes; before: %d keys, %d bytes", len(all.IndexKeys()), n, len(all.Keys()), old)
	}
	one := &pool.Translator{ID: "tr-one", Version: 1, Pairs: pairs[:1], Services: []string{"proofreading"}}
	if _, err := store.Apply(ctx, one); err != nil {
		t.Fatal(err)
	}
	ids := func(ts []*pool.Translator) []string {
		var out []string
		for _, t := range ts {
			out = append(out, t.ID)
		}
		slices.Sort(out)
		return out
	}
	for _, c := range []struct {
		job  pool.Job
		want []string
	}{
		{pool.JobOf("desktop-publishing", pairs[0].Source, []string{pairs[0].Target}, []string{"sworn"}), []string{"tr-all"}},
		{pool.JobOf("proofreading", pairs[0].Source, []string{pairs[0].Target}, nil), []string{"tr-all", "tr-one"}},
		{pool.JobOf("proofreading", pairs[0].Source, []string{pairs[0].Target}, []string{"sworn"}), []string{"tr-all"}},
		{pool.JobOf("transcription", "it", []string{"tr"}, nil), nil},
	} {
		covering, err := store.Covering(ctx, c.job.Keys())
		if err != nil || !slices.Equal(ids(covering), c.want) {
			t.Errorf("covering %v: %v %v, want %v", c.job.Keys(), ids(covering), err, c.want)
		}
		holding, err := store.Holding(ctx, c.job.Keys(), 10)
		if err != nil || !slices.Equal(ids(holding), c.want) {
			t.Errorf("holding %v: %v %v, want %v", c.job.Keys(), ids(holding), err, c.want)
		}
	}
	if holding, _ := store.Holding(ctx, pool.JobOf("proofreading", pairs[0].Source, []string{pairs[0].Target}, nil).Keys(), 1); len(holding) != 1 {
		t.Errorf("holding, at most 1: %v", ids(holding))
	}

	// The older format: the service in every key, no poolVersion.
	if _, err := db.Collection("translators").InsertOne(ctx, bson.D{{Key: "_id", Value: "tr-old"}, {Key: "version", Value: int64(4)},
		{Key: "pairs", Value: bson.A{bson.D{{Key: "source", Value: "tr"}, {Key: "target", Value: "ja"}}}}, {Key: "services", Value: bson.A{"proofreading"}},
		{Key: "poolKeys", Value: bson.A{"proofreading:tr>ja"}}}); err != nil {
		t.Fatal(err)
	}
	job := pool.JobOf("proofreading", "tr", []string{"ja"}, nil).Keys()
	if found, _ := store.Covering(ctx, job); len(found) != 0 {
		t.Fatalf("found before its keys were renewed: %v", ids(found))
	}
	if store, err = pool.NewMongoStore(ctx, db); err != nil {
		t.Fatal(err)
	}
	if found, err := store.Covering(ctx, job); err != nil || !slices.Equal(ids(found), []string{"tr-old"}) {
		t.Errorf("after the renewal: %v %v", ids(found), err)
	}
	if tr, _ := store.Translator(ctx, "tr-old"); tr == nil || tr.PoolVersion != pool.PoolVersion || tr.Version != 4 {
		t.Errorf("renewed translator %+v", tr)
	}
}
