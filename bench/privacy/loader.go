package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/ids"
	"linguaport/internal/mongox"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

// The loading of customer A's history: the order made through the site, copied through the
// services' own stores as many times as -orders asks.

// template is A's order made through the site: the documents the services wrote for it, which
// the loader copies.
type template struct {
	quoteID, orderID, fileID string
}

// loader stores A's history with the services' own documents and stores, in bulk: a copy of the
// one order the site made, renumbered and redated, for each order more.
type loader struct {
	customerID string
	coll       struct{ quotes, orders, files, invoices *mongo.Collection }
	quote      quotes.Quote
	order      orders.Order
	file       storedFile
	invoice    invoices.Invoice
	// translators deliver the loaded orders (ids only: no account is needed for a copy of A).
	translators []string
	// bucket is svc-orders' GridFS bucket, content the template upload's bytes each copy gets.
	bucket  *mongo.GridFSBucket
	content []byte
}

// storedFile is a file's description as files.MongoStore.Save writes it: the File and the first
// page of its text beside it.
type storedFile struct {
	files.File `bson:",inline"`
	FirstPage  string `bson:"firstPage,omitempty"`
}

func newLoader(ctx context.Context, client *mongo.Client, customerID string, t template) (*loader, error) {
	orderDB, billingDB := client.Database("svc-orders"), client.Database("svc-billing")
	quoteStore, err := quotes.NewMongoStore(ctx, orderDB)
	if err != nil {
		return nil, err
	}
	orderStore, err := orders.NewMongoStore(ctx, orderDB)
	if err != nil {
		return nil, err
	}
	// files.MongoStore has no accessor for its collection: opened for its indexes, written below.
	if _, err := files.NewMongoStore(ctx, orderDB); err != nil {
		return nil, err
	}
	invoiceStore, err := invoices.NewMongoStore(ctx, billingDB)
	if err != nil {
		return nil, err
	}
	l := &loader{customerID: customerID, bucket: orderDB.GridFSBucket(options.GridFSBucket().SetName("uploads"))}
	l.coll.quotes, l.coll.orders, l.coll.files, l.coll.invoices = quoteStore.Collection(), orderStore.Collection(), orderDB.Collection("files"), invoiceStore.Collection()
	for _, d := range []struct {
		coll *mongo.Collection
		id   string
		into any
	}{{l.coll.quotes, t.quoteID, &l.quote}, {l.coll.orders, t.orderID, &l.order}, {l.coll.files, t.fileID, &l.file}, {l.coll.invoices, invoices.IDFor(t.quoteID), &l.invoice}} {
		if err := d.coll.FindOne(ctx, bson.D{{Key: "_id", Value: d.id}}).Decode(d.into); err != nil {
			return nil, fmt.Errorf("the template's %s %s: %w", d.coll.Name(), d.id, err)
		}
	}
	content, err := l.bucket.OpenDownloadStream(ctx, t.fileID)
	if err != nil {
		return nil, fmt.Errorf("the template's document: %w", err)
	}
	l.content, err = io.ReadAll(content)
	content.Close()
	if err != nil {
		return nil, err
	}
	if l.quote.Contract == nil || len(l.quote.Files) != 1 || l.invoice.Number == "" {
		return nil, fmt.Errorf("the template order is not complete: contract %v, files %d, invoice %q", l.quote.Contract != nil, len(l.quote.Files), l.invoice.Number)
	}
	for range 12 {
		l.translators = append(l.translators, ids.New())
	}
	return l, nil
}

// load stores n more orders of A, each with its quote, contract, uploaded file, a translator's
// delivery and a paid invoice, over the year 2025 (numbered in its series, so the live numbering
// is untouched), in batches of a thousand documents.
func (l *loader) load(ctx context.Context, n int) error {
	year := time.Date(2025, 1, 2, 7, 0, 0, 0, time.UTC)
	step := 360 * 24 * time.Hour / time.Duration(max(n, 1))
	dueDays := time.Duration(0)
	if l.invoice.DueAt != nil {
		dueDays = l.invoice.DueAt.Sub(l.invoice.IssuedAt)
	}
	var quoteBatch, orderBatch, fileBatch, invoiceBatch []any
	flush := func(all bool) error {
		for _, b := range []struct {
			coll *mongo.Collection
			docs *[]any
		}{{l.coll.files, &fileBatch}, {l.coll.quotes, &quoteBatch}, {l.coll.orders, &orderBatch}, {l.coll.invoices, &invoiceBatch}} {
			if len(*b.docs) == 0 || (!all && len(*b.docs) < 1000) {
				continue
			}
			if _, err := b.coll.InsertMany(ctx, *b.docs, options.InsertMany().SetOrdered(false)); err != nil {
				return fmt.Errorf("%s: %w", b.coll.Name(), err)
			}
			*b.docs = (*b.docs)[:0]
		}
		return nil
	}
	for i := range n {
		seq := i + 1
		at := func(d time.Duration) time.Time { return year.Add(time.Duration(i)*step + d).Truncate(time.Millisecond) }
		created := at(time.Duration(rand.IntN(8*60)) * time.Minute)
		decided := created.Add(time.Duration(20+rand.IntN(600)) * time.Minute)
		paid := decided.Add(time.Duration(2+rand.IntN(30)) * time.Minute)
		claimed := paid.Add(time.Duration(10+rand.IntN(240)) * time.Minute)
		delivered := claimed.Add(time.Duration(1+rand.IntN(4))*24*time.Hour + time.Duration(rand.IntN(600))*time.Minute)
		completed := delivered.Add(orders.RevisionWindow)
		translator := l.translators[rand.IntN(len(l.translators))]

		upload := l.file
		upload.ID, upload.Name, upload.UploadedAt = ids.New(), fmt.Sprintf("brosur-%04d.txt", seq), created.Add(-3*time.Minute)
		fileBatch = append(fileBatch, upload)
		// The document's bytes too, in svc-orders' GridFS bucket, as an upload stores them: a
		// copy carries the documents the customer uploaded.
		if err := l.bucket.UploadFromStreamWithID(ctx, upload.ID, upload.Name, bytes.NewReader(l.content)); err != nil {
			return fmt.Errorf("the content of %s: %w", upload.ID, err)
		}
		delivery := upload
		delivery.ID, delivery.Name, delivery.Purpose, delivery.UploadedAt = ids.New(), fmt.Sprintf("brosur-%04d-en-de.txt", seq), files.DeliveryFile, delivered
		delivery.OwnerID, delivery.OrderID = translator, ""
		q := l.quote
		q.ID, q.Number, q.OrderID, q.OrderNumber = ids.New(), fmt.Sprintf("Q-2025-%05d", seq), ids.New(), fmt.Sprintf("O-2025-%05d", seq)
		delivery.OrderID = q.OrderID
		fileBatch = append(fileBatch, delivery)
		q.CreatedAt, q.ExpiresAt, q.DecidedAt = created, created.Add(l.quote.ExpiresAt.Sub(l.quote.CreatedAt)), &decided
		q.Files = []files.File{upload.File}
		q.Contract = renumbered(l.quote.Contract, map[string]string{l.quote.Number: q.Number, l.quote.OrderNumber: q.OrderNumber}, decided)
		q.Approving, q.Outbox.Pending, q.Sliced = nil, nil, mongox.SliceFor(q.ID)
		quoteBatch = append(quoteBatch, &q)

		o := l.order
		o.ID, o.Number, o.QuoteID, o.CustomerID, o.Status, o.TranslatorID = q.OrderID, q.OrderNumber, q.ID, l.customerID, orders.Completed, translator
		o.Work = q.Work
		deadline := paid.Add(time.Duration(max(q.Window.MaxDays, 1)) * 24 * time.Hour)
		o.Deadline, o.ClaimedAt, o.PoolKeys, o.EscalatedAt = &deadline, &claimed, nil, nil
		o.Deliveries, o.DeliveryNote = []files.File{delivery.File}, "Çeviri ekte; terimler müşteri sözlüğüne göre."
		o.InvoiceID = invoices.IDFor(q.ID)
		if l.order.Contract != nil {
			c := *l.order.Contract
			c.AcceptedAt = decided
			o.Contract = &c
		}
		o.CreatedAt, o.PaidAt, o.DeliveredAt, o.CompletedAt = decided, &paid, &delivered, &completed
		o.History = []orders.HistoryEntry{
			{Status: orders.AwaitingPayment, At: decided},
			{Status: orders.InProgress, At: paid},
			{Status: orders.Assigned, At: claimed, Step: orders.StepClaimed, TranslatorID: translator},
			{Status: orders.Delivered, At: delivered, Note: o.DeliveryNote},
			{Status: orders.Completed, At: completed, Step: orders.StepAutoCompleted},
		}
		o.Outbox.Pending, o.Sliced = nil, mongox.SliceFor(o.ID)
		orderBatch = append(orderBatch, &o)

		inv := l.invoice
		issued := decided.Add(time.Second)
		due, sentAt := issued.Add(dueDays), issued.Add(40*time.Second)
		inv.ID, inv.Number, inv.Seq, inv.Year, inv.Status = invoices.IDFor(q.ID), invoices.FormatNumber(2025, int64(seq)), int64(seq), 2025, invoices.Paid
		inv.QuoteID, inv.QuoteNumber, inv.OrderID, inv.OrderNumber = q.ID, q.Number, o.ID, o.Number
		inv.CustomerID, inv.IssuedAt, inv.DueAt, inv.PaidAt = l.customerID, issued, &due, &paid
		inv.Payment, inv.Checkout = &invoices.Payment{Method: invoices.MethodCard, Reference: "cs_live_" + randomID(56)}, nil
		inv.Sent = &invoices.Transmission{Integrator: "local-recorder", Reference: "EAR" + randomID(20), At: sentAt}
		if l.invoice.Sent != nil {
			inv.Sent.Integrator = l.invoice.Sent.Integrator
		}
		inv.Outbox.Pending, inv.Box.Mails, inv.MailLease, inv.Sliced = nil, nil, nil, mongox.SliceFor(inv.ID)
		invoiceBatch = append(invoiceBatch, &inv)

		if err := flush(false); err != nil {
			return err
		}
	}
	return flush(true)
}

// renumbered is the accepted contract c with the template's quote and order numbers replaced by
// the copy's, accepted at: the same words, as long as a real one.
func renumbered(c *contracts.Accepted, numbers map[string]string, at time.Time) *contracts.Accepted {
	out := *c
	out.AcceptedAt = at
	replace := func(s string) string {
		for from, to := range numbers {
			if from != "" {
				s = strings.ReplaceAll(s, from, to)
			}
		}
		return s
	}
	out.Documents = make([]contracts.Document, len(c.Documents))
	for i, d := range c.Documents {
		d.Title = replace(d.Title)
		d.Sections = slices.Clone(d.Sections)
		for j, s := range d.Sections {
			s.Heading = replace(s.Heading)
			s.Blocks = slices.Clone(s.Blocks)
			for k, b := range s.Blocks {
				b.Text = replace(b.Text)
				b.Items = slices.Clone(b.Items)
				for m := range b.Items {
					b.Items[m] = replace(b.Items[m])
				}
				s.Blocks[k] = b
			}
			d.Sections[j] = s
		}
		out.Documents[i] = d
	}
	return &out
}

func randomID(n int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rand.IntN(len(alphabet))]
	}
	return string(b)
}

// count is how many of each A's collections hold for them, as their copy reads them.
func (l *loader) count(ctx context.Context) (map[string]int64, error) {
	out := map[string]int64{}
	for _, c := range []struct {
		name   string
		coll   *mongo.Collection
		filter bson.D
	}{
		{"quotes", l.coll.quotes, bson.D{{Key: "customerId", Value: l.customerID}}},
		{"orders", l.coll.orders, bson.D{{Key: "customerId", Value: l.customerID}}},
		{"files", l.coll.files, bson.D{{Key: "ownerId", Value: l.customerID}}},
		{"invoices", l.coll.invoices, bson.D{{Key: "customerId", Value: l.customerID}}},
	} {
		n, err := c.coll.CountDocuments(ctx, c.filter)
		if err != nil {
			return nil, fmt.Errorf("count %s: %w", c.name, err)
		}
		out[c.name] = n
	}
	return out, nil
}
