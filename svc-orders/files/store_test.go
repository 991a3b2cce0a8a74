package files_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"linguaport/internal/testenv"
	"linguaport/svc-orders/files"
)

// The store's queries on the real database: which files a holder may use, and how a visitor's
// files become an account's.
func TestMongoStore(t *testing.T) {
	ctx := context.Background()
	store, err := files.NewMongoStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	visitor := files.HashToken("visitor-token")
	for _, f := range []files.File{
		{ID: "mine", Name: "a.txt", OwnerID: "cust-a"},
		{ID: "theirs", Name: "b.txt", OwnerID: "cust-b"},
		{ID: "visitors", Name: "c.txt", TokenHash: visitor},
		{ID: "claimed", Name: "d.txt", TokenHash: visitor, OwnerID: "cust-b"},
	} {
		f.UploadedAt = time.Now().UTC()
		if err := store.Save(ctx, f, strings.NewReader(f.Name)); err != nil {
			t.Fatal(err)
		}
	}
	held := func(h files.Holder, ids ...string) string {
		t.Helper()
		got, err := store.HeldBy(ctx, ids, h)
		if err != nil {
			t.Fatal(err)
		}
		found := make([]string, len(got))
		for i, f := range got {
			found[i] = f.ID
		}
		return strings.Join(found, ",")
	}
	all := []string{"mine", "theirs", "visitors", "claimed", "missing"}
	for _, c := range []struct {
		name   string
		holder files.Holder
		want   string
	}{
		{"an owner", files.Holder{OwnerID: "cust-a"}, "mine,,,,"},
		{"a token", files.Holder{TokenHash: visitor}, ",,visitors,,"}, // a claimed file is its owner's only
		{"both", files.Holder{OwnerID: "cust-a", TokenHash: visitor}, "mine,,visitors,,"},
		{"nobody", files.Holder{}, ",,,,"},
	} {
		if got := held(c.holder, all...); got != c.want {
			t.Errorf("%s holds %q, want %q", c.name, got, c.want)
		}
	}
	if n, err := store.CountUnclaimed(ctx, visitor); err != nil || n != 1 {
		t.Errorf("the token holds %d files: %v", n, err)
	}

	if err := store.Claim(ctx, []string{"visitors", "claimed"}, visitor, "cust-a"); err != nil {
		t.Fatal(err)
	}
	if got := held(files.Holder{OwnerID: "cust-a"}, all...); got != "mine,,visitors,," {
		t.Errorf("after the claim cust-a holds %q", got)
	}
	if n, _ := store.CountUnclaimed(ctx, visitor); n != 0 {
		t.Errorf("the token still holds %d files", n)
	}

	// Only the uploader's own files are marked as an order's delivery.
	if err := store.MarkDelivered(ctx, []string{"mine", "theirs"}, "cust-a", "order-1"); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]files.Purpose{"mine": files.DeliveryFile, "theirs": ""} {
		if f, err := store.File(ctx, id); err != nil || f.Purpose != want {
			t.Errorf("%s: purpose %q %v, want %q", id, f.Purpose, err, want)
		}
	}
}
