package privacy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/privacy"
	"linguaport/internal/testenv"
)

// The tests start FerretDB and Redis once, shared, and stop them at the end.
func TestMain(m *testing.M) { testenv.Main(m) }

// A copy's attachments travel in pieces (one per ChunkBytes, the last short), whatever size their
// description claims; one whose content is gone is left out rather than holding the copy back;
// the answer names each attachment with its number of pieces, and every event passes its
// contract.
func TestHandlerSendsAttachmentsInPieces(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	store, err := privacy.NewPartStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	doc := bytes.Repeat([]byte("belge "), privacy.ChunkBytes/3) // 2 pieces
	var kicked []any
	answers := privacy.Answers{
		Copy: func(context.Context, privacy.Requested) ([]privacy.File, error) {
			f, err := privacy.JSONFile("orders.json", map[string]any{"orders": []int{1}})
			return []privacy.File{f}, err
		},
		Attach: func(context.Context, privacy.Requested) ([]privacy.Attachment, error) {
			return []privacy.Attachment{
				{Name: "a-belge.txt", Size: 10, Open: func(context.Context) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(doc)), nil }},
				{Name: "b-bos.txt", Size: 0, Open: func(context.Context) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("")), nil }},
				{Name: "c-gone.txt", Size: 5, Open: func(context.Context) (io.ReadCloser, error) { return nil, privacy.ErrNoContent }},
			}, nil
		},
	}
	handle := privacy.Handler("svc-orders", answers, store, func(ids ...any) { kicked = append(kicked, ids...) }, time.Now)
	req, _ := events.New(ctx, privacy.EventRequested, privacy.Requested{RequestID: "req-1", Kind: privacy.KindCopy, UserID: "u1", Email: "u1@example.com", Role: "customer", Lang: "tr"})
	for range 2 { // a redelivered request is answered once
		if err := handle(ctx, req); err != nil {
			t.Fatal(err)
		}
	}
	if len(kicked) != 4 { // two pieces, one empty piece, the answer
		t.Fatalf("kicked %v", kicked)
	}
	cur, err := store.Collection().Find(ctx, bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	var docs []struct {
		ID     string         `bson:"_id"`
		Outbox []events.Event `bson:"outbox"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		t.Fatal(err)
	}
	var got []byte
	var answer privacy.PartReady
	for _, d := range docs {
		for _, e := range d.Outbox {
			if err := contracts.Check(e.Type, []byte(e.Data)); err != nil {
				t.Errorf("%s: %v", e.Type, err)
			}
			switch e.Type {
			case privacy.EventPartChunk:
				var c privacy.PartChunk
				_ = json.Unmarshal([]byte(e.Data), &c)
				if c.Name == "files/a-belge.txt" {
					got = append(got, c.Data...) // the documents come in _id order: piece 0, then 1
				}
			case privacy.EventPartReady:
				_ = json.Unmarshal([]byte(e.Data), &answer)
			}
		}
	}
	if !bytes.Equal(got, doc) {
		t.Errorf("the pieces hold %d bytes, the document %d", len(got), len(doc))
	}
	want := map[string]int{"orders.json": 0, "files/a-belge.txt": 2, "files/b-bos.txt": 1}
	if len(answer.Files) != len(want) {
		t.Fatalf("the answer names %+v", answer.Files)
	}
	for _, f := range answer.Files {
		if n, ok := want[f.Name]; !ok || f.Chunks != n {
			t.Errorf("the answer names %s with %d pieces", f.Name, f.Chunks)
		}
	}
}
