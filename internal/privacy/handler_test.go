package privacy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
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

// A copy's attachments travel in pieces (one per ChunkBytes, the last short) when they are
// large, whatever size their description claims, and small ones whole, packed into bundles of up
// to ChunkBytes (a thousand documents of a few kilobytes are some twenty events, not a thousand);
// one whose content is gone is left out rather than holding the copy back; the answer names each
// attachment with its number of pieces and its size, and every event passes its contract.
func TestHandlerSendsAttachmentsInPiecesAndBundles(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	store, err := privacy.NewPartStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	doc := bytes.Repeat([]byte("belge "), privacy.ChunkBytes/3) // 2 pieces
	small := map[string][]byte{"files/b-bos.txt": {}}
	list := []privacy.Attachment{
		{Name: "a-belge.txt", Size: 10, Open: func(context.Context) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(doc)), nil }},
		{Name: "b-bos.txt", Size: 0, Open: func(context.Context) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("")), nil }},
		{Name: "c-gone.txt", Size: 5, Open: func(context.Context) (io.ReadCloser, error) { return nil, privacy.ErrNoContent }},
	}
	// Twelve documents of 50 KiB: ten fill the first bundle beside the empty one, two the second.
	for i := range 12 {
		name := fmt.Sprintf("d-%02d.txt", i)
		content := bytes.Repeat([]byte{byte('a' + i)}, 50<<10)
		small["files/"+name] = content
		list = append(list, privacy.Attachment{Name: name, Size: int64(len(content)), Open: func(context.Context) (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(content)), nil
		}})
	}
	var kicked []any
	answers := privacy.Answers{
		Copy: func(context.Context, privacy.Requested) ([]privacy.File, error) {
			f, err := privacy.JSONFile("orders.json", map[string]any{"orders": []int{1}})
			return []privacy.File{f}, err
		},
		Attach: func(context.Context, privacy.Requested) ([]privacy.Attachment, error) { return list, nil },
	}
	handle := privacy.Handler("svc-orders", answers, store, func(ids ...any) { kicked = append(kicked, ids...) }, time.Now)
	req, _ := events.New(ctx, privacy.EventRequested, privacy.Requested{RequestID: "req-1", Kind: privacy.KindCopy, UserID: "u1", Email: "u1@example.com", Role: "customer", Lang: "tr"})
	for range 2 { // a redelivered request is answered once
		if err := handle(ctx, req); err != nil {
			t.Fatal(err)
		}
	}
	if len(kicked) != 5 { // two pieces, two bundles, the answer
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
	bundled := map[string][]byte{}
	var bundleSizes []int
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
			case privacy.EventPartBundle:
				var b privacy.PartBundle
				_ = json.Unmarshal([]byte(e.Data), &b)
				size := 0
				for _, p := range b.Pieces() {
					if p.Index != 0 || p.Count != 1 || p.RequestID != "req-1" || p.Service != "svc-orders" {
						t.Errorf("a bundled file is one whole piece of the request's: %+v", p)
					}
					bundled[p.Name] = p.Data
					size += len(p.Data)
				}
				bundleSizes = append(bundleSizes, size)
			case privacy.EventPartReady:
				_ = json.Unmarshal([]byte(e.Data), &answer)
			}
		}
	}
	if !bytes.Equal(got, doc) {
		t.Errorf("the pieces hold %d bytes, the document %d", len(got), len(doc))
	}
	if len(bundled) != len(small) {
		t.Errorf("bundled %d files, want %d", len(bundled), len(small))
	}
	for name, content := range small {
		if !bytes.Equal(bundled[name], content) {
			t.Errorf("%s bundled with %d bytes, it has %d", name, len(bundled[name]), len(content))
		}
	}
	for _, n := range bundleSizes {
		if n > privacy.ChunkBytes {
			t.Errorf("a bundle of %d bytes, more than %d", n, privacy.ChunkBytes)
		}
	}
	want := map[string]privacy.File{"orders.json": {}, "files/a-belge.txt": {Chunks: 2, Size: int64(len(doc))}}
	for name, content := range small {
		want[name] = privacy.File{Chunks: 1, Size: int64(len(content))}
	}
	if len(answer.Files) != len(want) {
		t.Fatalf("the answer names %+v", answer.Files)
	}
	for _, f := range answer.Files {
		w, ok := want[f.Name]
		if !ok || f.Chunks != w.Chunks || f.Size != w.Size {
			t.Errorf("the answer names %s with %d pieces of %d bytes, want %+v", f.Name, f.Chunks, f.Size, w)
		}
	}
}

// A customer's erasure erases their sandbox space too (authn.SandboxID) and reports both in one,
// per collection; a translator has no sandbox space and is erased once.
func TestErasureCoversTheCustomersSandbox(t *testing.T) {
	ctx := context.Background()
	store, err := privacy.NewPartStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	var asked []string
	answers := privacy.Answers{Erase: func(_ context.Context, r privacy.Requested) (privacy.Erasure, error) {
		asked = append(asked, r.UserID)
		if r.UserID == "sbx_u7" {
			return privacy.Erasure{Erased: []privacy.Count{{Collection: "orders", Count: 2}, {Collection: "webhooks", Count: 1}}}, nil
		}
		return privacy.Erasure{Erased: []privacy.Count{{Collection: "orders", Count: 3}}}, nil
	}}
	handle := privacy.Handler("svc-orders", answers, store, func(...any) {}, time.Now)
	for _, r := range []privacy.Requested{
		{RequestID: "er-c", Kind: privacy.KindErasure, UserID: "u7", Email: "u7@example.com", Role: "customer", Lang: "tr"},
		{RequestID: "er-t", Kind: privacy.KindErasure, UserID: "t7", Email: "t7@example.com", Role: "translator", Lang: "tr"},
	} {
		e, _ := events.New(ctx, privacy.EventRequested, r)
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if strings.Join(asked, ",") != "u7,sbx_u7,t7" {
		t.Fatalf("erased %v, want u7, its sandbox, then t7 alone", asked)
	}
	var report privacy.Erasure
	cur, err := store.Collection().Find(ctx, bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	var docs []struct {
		Outbox []events.Event `bson:"outbox"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		for _, e := range d.Outbox {
			var ready privacy.PartReady
			if e.Type != privacy.EventPartReady || json.Unmarshal([]byte(e.Data), &ready) != nil || ready.RequestID != "er-c" {
				continue
			}
			for _, f := range ready.Files {
				if f.Name == privacy.ErasureFile {
					_ = json.Unmarshal(f.Data, &report)
				}
			}
		}
	}
	if fmt.Sprint(report.Erased) != "[{orders 5} {webhooks 1}]" {
		t.Fatalf("the customer's report: %+v, want both spaces summed", report.Erased)
	}
}
