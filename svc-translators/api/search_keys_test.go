package api_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/ids"
	"linguaport/internal/searchkeys"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// Applications, tickets and profiles stored with search keys of the format before
// internal/searchkeys (every prefix, unhashed, no searchVersion) get new ones when their stores
// start, and staff find them again.
func TestOldSearchKeysAreRenewedInEveryList(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	at := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	old := bson.A{"e", "es", "esk", "eski"}
	insert := func(coll string, doc bson.D) {
		t.Helper()
		if _, err := db.Collection(coll).InsertOne(ctx, append(doc, bson.E{Key: "search", Value: old})); err != nil {
			t.Fatal(err)
		}
	}
	insert("applications", bson.D{{Key: "_id", Value: "app-old"}, {Key: "status", Value: "submitted"}, {Key: "firstName", Value: "Eski"},
		{Key: "lastName", Value: "Başvurucu"}, {Key: "email", Value: "eski.basvuru@example.com"}, {Key: "submittedAt", Value: at}, {Key: "version", Value: int64(1)}})
	insert("tickets", bson.D{{Key: "_id", Value: "ticket-old"}, {Key: "translatorId", Value: "tr-old"}, {Key: "translatorName", Value: "Eski Çevirmen"},
		{Key: "subject", Value: "Fatura sorusu"}, {Key: "category", Value: "payment"}, {Key: "status", Value: "open"}, {Key: "messageCount", Value: 1},
		{Key: "createdAt", Value: at}, {Key: "lastActivity", Value: at}})
	insert("profiles", bson.D{{Key: "_id", Value: "tr-old"}, {Key: "fullName", Value: "Eski Çevirmen"}, {Key: "email", Value: "eski@example.com"},
		{Key: "createdAt", Value: at}, {Key: "updatedAt", Value: at}, {Key: "suspended", Value: false}, {Key: "version", Value: int64(2)}})

	apps, err := applications.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	tickets, err := support.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	profileStore, err := profiles.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"başvurucu", "ESKİ BAŞVURU", "eski.basvuru@"} {
		list, err := apps.List(ctx, "", searchkeys.Parse(q), false, nil, 10)
		if err != nil || len(list) != 1 || list[0].ID != "app-old" {
			t.Errorf("applications q=%s: %+v %v", q, list, err)
		}
	}
	ticketSvc := support.NewService(tickets, ids.New, time.Now, func(...any) {})
	for _, q := range []string{"fatura", "ÇEVİRMEN", "tr-old"} {
		page, err := ticketSvc.List(ctx, support.Filter{Q: q})
		if err != nil || len(page.Tickets) != 1 || page.Tickets[0].ID != "ticket-old" {
			t.Errorf("tickets q=%s: %+v %v", q, page, err)
		}
	}
	profileSvc := profiles.NewService(profileStore, time.Now, func(...any) {})
	for _, q := range []string{"çevirmen", "eski@example", "tr-old"} {
		page, err := profileSvc.Translators(ctx, profiles.ListFilter{Q: q})
		if err != nil || len(page.Translators) != 1 || page.Translators[0].TranslatorID != "tr-old" {
			t.Errorf("profiles q=%s: %+v %v", q, page, err)
		}
	}
	// "tr-o" is no id whole: a translator id is found whole only.
	if page, _ := profileSvc.Translators(ctx, profiles.ListFilter{Q: "tr-o"}); len(page.Translators) != 0 {
		t.Errorf("an id's prefix finds %v", page.Translators)
	}
	for _, coll := range []string{"applications", "tickets", "profiles"} {
		var doc struct {
			Search        []string `bson:"search"`
			SearchVersion int      `bson:"searchVersion"`
		}
		if err := db.Collection(coll).FindOne(ctx, bson.D{}).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		if doc.SearchVersion != searchkeys.Version || slices.Contains(doc.Search, "eski") {
			t.Errorf("%s: %+v", coll, doc)
		}
	}
}
