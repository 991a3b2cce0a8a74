package api_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/svc-orders/files"
)

func TestUploadCountsStoresAndGuardsFiles(t *testing.T) {
	f := newFixture(t)
	doc := docx(t, words(250), "İstanbul'da e-posta 2026")

	up := f.upload(t, "sözleşme.docx", doc, "", "")
	if up.status != 201 {
		t.Fatalf("visitor upload: %d %s", up.status, up.raw)
	}
	file := obj(up.body, "file")
	counts := obj(file, "counts")
	token, _ := up.body["uploadToken"].(string)
	if counts["words"] != 253.0 || file["format"] != "docx" || file["name"] != "sözleşme.docx" || token == "" || !strings.HasPrefix(counts["preview"].(string), "kelime0 kelime1") {
		t.Fatalf("upload answer %s", up.raw)
	}
	id := file["id"].(string)

	// The bytes come back only to whoever holds the token, as an attachment.
	if d := f.download(t, id, token, ""); d.status != 200 || !bytes.Equal(d.raw, doc) ||
		!strings.HasPrefix(d.header.Get("Content-Disposition"), "attachment") || d.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("download with token: %d %v", d.status, d.header)
	}
	if d := f.download(t, id, "", ""); d.status != 404 {
		t.Errorf("download without token: %d", d.status)
	}
	if d := f.download(t, id, "", f.tokenFor("someone-else", authn.RoleCustomer)); d.status != 404 {
		t.Errorf("another customer: %d", d.status)
	}

	// A second upload keeps the visitor's token; an expired or made-up one is replaced.
	if again := f.upload(t, "notes.txt", []byte("kısa bir not"), token, ""); again.status != 201 || again.body["uploadToken"] != token {
		t.Errorf("second upload: %d %s", again.status, again.raw)
	}
	if fresh := f.upload(t, "notes.txt", []byte("not"), "made-up", ""); fresh.status != 201 || fresh.body["uploadToken"] == "made-up" {
		t.Errorf("made-up token: %d %s", fresh.status, fresh.raw)
	}

	// A signed-in customer owns the upload and gets no token.
	customer := f.tokenFor("cust-files", authn.RoleCustomer)
	mine := f.upload(t, "altyazi.srt", []byte("1\n00:00:01,000 --> 00:02:30,500\nMerhaba dünya\n"), "", customer)
	if mine.status != 201 || mine.body["uploadToken"] != nil || obj(mine.body, "file", "counts")["minutes"] != 3.0 {
		t.Errorf("customer upload: %d %s", mine.status, mine.raw)
	}
	list := f.send(t, "GET", "/api/v1/orders/files", "en", customer, nil)
	if files, _ := list.body["files"].([]any); list.status != 200 || len(files) != 1 || obj(files[0])["name"] != "altyazi.srt" {
		t.Errorf("the customer's files: %d %s", list.status, list.raw)
	}
	if d := f.download(t, obj(mine.body, "file")["id"].(string), "", customer); d.status != 200 {
		t.Errorf("owner download: %d", d.status)
	}

	// Refusals, each with its status and a message in the request's language.
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00"), bytes.Repeat([]byte{0}, 64)...)
	for _, c := range []struct {
		name    string
		content []byte
		status  int
		code    string
	}{
		{"setup.exe", exe, 415, "unsupported_type"},
		{"invoice.docx", exe, 422, "content_mismatch"},
		{"broken.docx", []byte("PK\x03\x04 not really a zip"), 422, "malformed_document"},
		{"huge.txt", bytes.Repeat([]byte("a "), 25<<20+1), 413, "file_too_large"},
	} {
		a := f.upload(t, c.name, c.content, "", customer)
		if a.status != c.status || a.code() != c.code || a.message() == "" {
			t.Errorf("%s: %d %s", c.name, a.status, a.raw)
		}
	}
	empty := f.send(t, "POST", "/api/v1/orders/files", "tr", customer, nil)
	if empty.status != 400 || empty.code() != "no_file" || empty.message() != "Yüklenecek bir dosya seçin." {
		t.Errorf("no file: %d %s", empty.status, empty.raw)
	}

	// A visitor's token holds at most 20 files.
	visitor := ""
	for i := range files.MaxFilesPerOrder {
		a := f.upload(t, fmt.Sprintf("f%d.txt", i), []byte("bir iki üç"), visitor, "")
		if a.status != 201 {
			t.Fatalf("upload %d: %d %s", i, a.status, a.raw)
		}
		visitor = a.body["uploadToken"].(string)
	}
	if a := f.upload(t, "f21.txt", []byte("bir"), visitor, ""); a.status != 422 || a.code() != "too_many_files" {
		t.Errorf("21st visitor file: %d %s", a.status, a.raw)
	}
}

func TestUploadLimitAndUnclaimedFiles(t *testing.T) {
	f := newFixtureWith(t, 2)
	ctx := context.Background()
	first := f.upload(t, "a.txt", []byte("bir"), "", "")
	token := first.body["uploadToken"].(string)
	f.upload(t, "b.txt", []byte("iki"), token, "")
	third := f.upload(t, "c.txt", []byte("üç"), token, "")
	if third.status != 429 || third.code() != "too_many_uploads" || third.header.Get("Retry-After") == "" {
		t.Errorf("third upload in an hour: %d %s %v", third.status, third.raw, third.header)
	}
	// The limit is per sender: a signed-in customer has their own.
	customer := f.tokenFor("cust-limit", authn.RoleCustomer)
	kept := f.upload(t, "kept.txt", []byte("kalır"), "", customer)
	if kept.status != 201 {
		t.Fatalf("customer upload: %d %s", kept.status, kept.raw)
	}

	// Once the upload token has expired, nobody can claim the visitor's files: the sweep removes
	// them, bytes and all, and leaves owned files alone.
	id := obj(first.body, "file")["id"].(string)
	if n, _ := f.db.Collection("uploads.chunks").CountDocuments(ctx, bson.D{{Key: "files_id", Value: id}}); n != 1 {
		t.Fatalf("the upload has %d chunks in GridFS", n)
	}
	f.clock.advance(files.UploadTokenTTL + time.Minute)
	if err := f.sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := f.db.Collection("files").CountDocuments(ctx, bson.D{{Key: "_id", Value: id}}); n != 0 {
		t.Error("the unclaimed file's description is still there")
	}
	if n, _ := f.db.Collection("uploads.files").CountDocuments(ctx, bson.D{{Key: "_id", Value: id}}); n != 0 {
		t.Error("the unclaimed file's bytes are still there")
	}
	if n, _ := f.db.Collection("uploads.chunks").CountDocuments(ctx, bson.D{{Key: "files_id", Value: id}}); n != 0 {
		t.Error("the unclaimed file's chunks are still there")
	}
	if d := f.download(t, obj(kept.body, "file")["id"].(string), "", customer); d.status != 200 || string(d.raw) != "kalır" {
		t.Errorf("the customer's file after the sweep: %d", d.status)
	}
}
