package support_test

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/ids"
	"linguaport/svc-translators/support"
)

// A ticket stored before tickets had search keys is found by staff's q once the store starts:
// its keys are filled from its subject, name and translator id.
func TestOldTicketsGetSearchKeys(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	at := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	_, err := f.store.Collection().InsertOne(ctx, bson.D{{Key: "_id", Value: "old-1"}, {Key: "translatorId", Value: "tr-old"},
		{Key: "translatorName", Value: "Eski Çevirmen"}, {Key: "subject", Value: "Fatura sorusu"}, {Key: "category", Value: "payment"},
		{Key: "status", Value: "open"}, {Key: "messageCount", Value: 1}, {Key: "createdAt", Value: at}, {Key: "lastActivity", Value: at},
		{Key: "activity", Value: "20261001T090000.000000000Z/old-1"}})
	if err != nil {
		t.Fatal(err)
	}
	store, err := support.NewMongoStore(ctx, f.store.Collection().Database())
	if err != nil {
		t.Fatal(err)
	}
	svc := support.NewService(store, ids.New, time.Now, func(...any) {})
	for _, q := range []string{"fatura", "ESKI", "tr-old"} {
		page, err := svc.List(ctx, support.Filter{Q: q})
		if err != nil || len(page.Tickets) != 1 || page.Tickets[0].ID != "old-1" {
			t.Errorf("q=%s: %+v %v", q, page, err)
		}
	}
}
