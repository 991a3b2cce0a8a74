package profiles_test

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/svc-translators/profiles"
)

// A profile stored before staff's list had its fields (createdAt, search keys, suspended) is
// listed, found and filtered once the store starts, its last change standing for its creation.
func TestOldProfilesJoinTheStaffList(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	changed := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	_, err := e.store.Collection().InsertOne(ctx, bson.D{{Key: "_id", Value: "tr-old"}, {Key: "fullName", Value: "Eski Çevirmen"},
		{Key: "email", Value: "eski@example.com"}, {Key: "nameKey", Value: "eski çevirmen"}, {Key: "emailKey", Value: "eski@example.com"},
		{Key: "activeJobCap", Value: 3}, {Key: "updatedAt", Value: changed},
		{Key: "suspension", Value: bson.D{{Key: "reason", Value: "r"}, {Key: "by", Value: "staff"}, {Key: "at", Value: changed}}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Start(ctx, profiles.Opening{TranslatorID: "tr-new", FullName: "Yeni Çevirmen", Email: "yeni@example.com"}); err != nil {
		t.Fatal(err)
	}
	store, err := profiles.NewMongoStore(ctx, e.store.Collection().Database())
	if err != nil {
		t.Fatal(err)
	}
	svc := profiles.NewService(store, e.clock.now, func(...any) {})
	yes := true
	for _, c := range []struct {
		f    profiles.ListFilter
		want []string
	}{
		{profiles.ListFilter{}, []string{"tr-new", "tr-old"}},
		{profiles.ListFilter{Oldest: true}, []string{"tr-old", "tr-new"}},
		{profiles.ListFilter{Q: "eski"}, []string{"tr-old"}},
		{profiles.ListFilter{Q: "ÇEV", Suspended: &yes}, []string{"tr-old"}},
	} {
		page, err := svc.Translators(ctx, c.f)
		var got []string
		for _, p := range page.Translators {
			got = append(got, p.TranslatorID)
		}
		if err != nil || len(got) != len(c.want) || (len(got) > 0 && got[0] != c.want[0]) {
			t.Errorf("%+v: %v %v, want %v", c.f, got, err, c.want)
		}
	}
	old, _ := store.Profile(ctx, "tr-old")
	if !old.CreatedAt.Equal(changed) {
		t.Errorf("created %v, want the last change %v", old.CreatedAt, changed)
	}
}
