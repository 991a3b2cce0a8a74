// Command privacy measures a KVKK copy of a customer with a long history: how long the services
// take to gather it and svc-auth to hand it over as one ZIP, how large it is, and whether another
// customer's requests slow down while it is built. It starts the stack exactly as `make up` does
// (its own data directory and ports, so a running `make up` is left alone), gives customer A one
// real order made through the site and as many more made from it through the services' stores
// (quotes, orders, uploaded files, invoices), measures customer B's requests, asks for A's copy
// and measures B's requests again while it is built:
//
//	make build tools webui && go run ./bench/privacy [-orders 1000] [-n 200]
package main

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/ids"
	"linguaport/internal/mongox"
	"linguaport/internal/stackrun"
	"linguaport/svc-billing/invoices"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

// maxDocument is MongoDB's (and FerretDB's) largest document, 16 MiB: a service's answer to a copy
// is one privacy_parts document holding all its files, and svc-auth keeps each file as one
// document.
const maxDocument = 16 << 20

func main() {
	if err := run(); err != nil {
		log.Print(err)
		os.Exit(1)
	}
}

func run() error {
	total := flag.Int("orders", 1000, "orders (with their quotes, uploaded files and invoices) customer A has")
	samples := flag.Int("n", 200, "requests of each kind customer B sends, before and during the copy")
	settle := flag.Duration("settle", 30*time.Second, "how long B's rounds run, unmeasured, before the ones measured before the copy")
	wait := flag.Duration("timeout", 25*time.Minute, "how long the copy may take to be ready")
	keep := flag.Bool("keep", false, "keep the data directory")
	saveZIP := flag.String("zip", "", "also write the downloaded copy to this file")
	flag.Parse()
	if *total < 1 {
		return errors.New("-orders must be at least 1")
	}
	ctx := context.Background()

	dataDir, err := os.MkdirTemp("", "privacy-bench-")
	if err != nil {
		return err
	}
	// PostgreSQL runs as the postgres user when we are root, who must pass through.
	if err := os.Chmod(dataDir, 0o711); err != nil {
		return err
	}
	if !*keep {
		defer os.RemoveAll(dataDir)
	}
	// B's requests come back to back from one address, faster than nginx lets a client send:
	// what is measured is the copy's weight on the stack, not the limits.
	if err := os.Setenv("NGINX_RATE_LIMITS", "off"); err != nil {
		return err
	}
	started := time.Now()
	stack, err := stackrun.Start(dataDir, 5*time.Minute)
	if err != nil {
		return err
	}
	defer func() { _ = stack.Stop() }()
	mongoURI := "mongodb://" + stack.Addr("MONGO") + "/"
	log.Printf("stack at %s in %s, database %s, data %s", stack.Web(), time.Since(started).Round(time.Second), mongoURI, dataDir)

	client, err := mongox.Connect(ctx, mongoURI)
	if err != nil {
		return err
	}
	defer client.Disconnect(ctx)
	var hello struct {
		MaxBsonObjectSize   int64 `bson:"maxBsonObjectSize"`
		MaxMessageSizeBytes int64 `bson:"maxMessageSizeBytes"`
	}
	if err := client.Database("admin").RunCommand(ctx, bson.D{{Key: "hello", Value: 1}}).Decode(&hello); err != nil {
		return fmt.Errorf("hello: %w", err)
	}
	log.Printf("the database says: maxBsonObjectSize %d, maxMessageSizeBytes %d", hello.MaxBsonObjectSize, hello.MaxMessageSizeBytes)

	// A: one order made through the site, the template of the others.
	a, err := signUp(stack.Web(), "Kopya İsteyen Müşteri")
	if err != nil {
		return fmt.Errorf("customer A: %w", err)
	}
	tmpl, err := a.realOrder()
	if err != nil {
		return fmt.Errorf("customer A's order through the site: %w", err)
	}
	l, err := newLoader(ctx, client, a.userID, tmpl)
	if err != nil {
		return err
	}
	start := time.Now()
	if err := l.load(ctx, *total-1); err != nil {
		return fmt.Errorf("loading: %w", err)
	}
	loading := time.Since(start)
	held, err := l.count(ctx)
	if err != nil {
		return err
	}
	log.Printf("customer A (%s) holds %v, %d loaded in %s", a.userID, held, *total-1, loading.Round(time.Millisecond))
	for what, n := range held {
		if n != int64(*total) {
			return fmt.Errorf("customer A holds %d %s, not %d", n, what, *total)
		}
	}

	// B: a regular customer with ten orders, whose requests are measured.
	b, err := signUp(stack.Web(), "Ölçüm Müşterisi")
	if err != nil {
		return fmt.Errorf("customer B: %w", err)
	}
	for range 10 {
		if _, err := b.order(nil, ""); err != nil {
			return fmt.Errorf("customer B's orders: %w", err)
		}
	}
	if err := b.waitInvoices(10); err != nil {
		return err
	}
	ops := b.requests()
	// The stack is still busy with what the loading and B's orders set off (relays, invoices,
	// mails) for a while after: B's rounds run for settle before "before" is measured, so that
	// the peer is the stack at rest, not its aftermath.
	settled := make(chan struct{})
	time.AfterFunc(*settle, func() { close(settled) })
	runWhile(ops, settled)
	before := runRounds(ops, *samples)
	for _, op := range ops {
		log.Printf("before: %-26s %s", op.name, summary(before[op.name]))
	}

	// A asks for the copy while B goes on, round after round, until A sees it ready: B's
	// requests meet every moment of the build.
	var during map[string][]sample
	bDone, built := make(chan struct{}), make(chan struct{})
	asked := time.Now()
	go func() {
		during = runWhile(ops, built)
		close(bDone)
	}()
	stopB := sync.OnceFunc(func() { close(built) })
	defer stopB()
	ask, _ := http.NewRequest("POST", a.web+"/api/v1/auth/privacy/requests", strings.NewReader(`{"kind":"copy"}`))
	ask.Header.Set("Content-Type", "application/json")
	status, raw, traceID, err := a.sendTraced(ask)
	var req privacyRequest
	if err != nil || status != http.StatusCreated || json.Unmarshal(raw, &req) != nil || req.State != "open" {
		<-bDone
		return fmt.Errorf("asking for the copy: %d %.300s %v", status, raw, err)
	}
	var readyAfter time.Duration
	polls := 0
	for {
		time.Sleep(100 * time.Millisecond)
		polls++
		r, err := a.request(req.ID)
		if err != nil {
			<-bDone
			return err
		}
		req = r
		if req.State == "ready" {
			readyAfter = time.Since(asked)
			break
		}
		if time.Since(asked) > *wait {
			<-bDone
			reportStuck(req, dataDir)
			return fmt.Errorf("the copy was not ready after %s: state %s, waiting for %v", *wait, req.State, req.Waiting)
		}
	}
	readyAt := time.Now()
	stopB()
	log.Printf("ready after %s (%d polls), parts %+v", readyAfter.Round(time.Millisecond), polls, req.Parts)

	dlStart := time.Now()
	zipped, status, err := a.download("/api/v1/auth/privacy/requests/" + req.ID + "/copy.zip")
	dlTook := time.Since(dlStart)
	if err != nil || status != http.StatusOK {
		<-bDone
		return fmt.Errorf("download: %d %.300s %v", status, zipped, err)
	}
	log.Printf("downloaded %d bytes in %s", len(zipped), dlTook.Round(time.Millisecond))
	<-bDone
	// The same rounds again with the copy done: the peer that says how far B's numbers move
	// on this machine with nothing of A's running.
	after := runRounds(ops, *samples)
	for _, op := range ops {
		log.Printf("after: %-26s %s", op.name, summary(after[op.name]))
	}
	if *saveZIP != "" {
		if err := os.WriteFile(*saveZIP, zipped, 0o644); err != nil {
			return err
		}
	}

	content, err := readCopy(zipped)
	if err != nil {
		return err
	}
	if err := content.check(*total); err != nil {
		return err
	}

	spans, err := traceOf("http://"+stack.Addr("JAEGER"), traceID)
	if err != nil {
		log.Printf("no trace of the copy: %v", err)
	}
	w := windows{asked: asked, ready: readyAt}
	printReport(report{orders: *total, loading: loading, req: req, readyAfter: readyAfter, download: dlTook, zipSize: len(zipped),
		content: content, ops: ops, before: before, during: during, after: after, windows: w, samples: *samples, maxMessage: hello.MaxMessageSizeBytes, spans: spans})
	return nil
}

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
		q.Approving, q.Outbox.Pending = nil, nil
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
		o.Outbox.Pending = nil
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
		inv.Outbox.Pending, inv.Box.Mails, inv.MailLease = nil, nil, nil
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

// session is a signed-in customer of the stack, its cookies in a jar.
type session struct {
	web    string
	userID string
	client *http.Client
}

// signUp registers a customer through the site and saves their billing details (approving a
// quote needs them: svc-orders asks svc-billing).
func signUp(web, name string) (*session, error) {
	jar, _ := cookiejar.New(nil)
	s := &session{web: web, client: &http.Client{Jar: jar, Timeout: 5 * time.Minute}}
	status, body, err := s.do("POST", "/api/v1/auth/register", map[string]any{
		"fullName": name, "email": fmt.Sprintf("privacy-%d@example.com", time.Now().UnixNano()),
		"password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	})
	var registered struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	if err != nil || status != http.StatusCreated || json.Unmarshal(body, &registered) != nil || registered.User.ID == "" {
		return nil, fmt.Errorf("register: %d %.300s %v", status, body, err)
	}
	s.userID = registered.User.ID
	status, body, err = s.do("PUT", "/api/v1/billing/profile", map[string]any{
		"type": "individual", "fullName": name, "tckn": "10000000146", "address": "Moda Cad. 12 D:3",
		"city": "İstanbul", "postcode": "34710", "country": "TR", "email": "olcum@example.com",
	})
	if err != nil || status != http.StatusOK {
		return nil, fmt.Errorf("billing details: %d %.300s %v", status, body, err)
	}
	return s, nil
}

// do sends a JSON request as the browser would (same-site Origin, the session's cookies).
func (s *session) do(method, path string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, s.web+path, rd)
	req.Header.Set("Content-Type", "application/json")
	return s.send(req)
}

func (s *session) send(req *http.Request) (int, []byte, error) {
	status, raw, _, err := s.sendTraced(req)
	return status, raw, err
}

// sendTraced is send answering also the request's id, which is its trace's id.
func (s *session) sendTraced(req *http.Request) (int, []byte, string, error) {
	req.Header.Set("Origin", s.web)
	req.Header.Set("Accept-Language", "tr")
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, nil, "", err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, resp.Header.Get("X-Request-Id"), err
}

func (s *session) download(path string) ([]byte, int, error) {
	req, _ := http.NewRequest("GET", s.web+path, nil)
	status, raw, err := s.send(req)
	return raw, status, err
}

// brochure is the text of A's uploaded documents: about 1,200 words, as a brochure is.
var brochure = strings.Repeat("Çeviri kalitesi İstanbul'da ölçülür; her belge iki kez okunur, terimler müşterinin sözlüğüne göre seçilir. ", 80)

// realOrder makes one order through the site as a customer does: a document uploaded, a quote
// for it into English and German, its contract read and accepted. It waits for svc-billing's
// invoice, and answers what the services stored.
func (s *session) realOrder() (template, error) {
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	fw, _ := mw.CreateFormFile("file", "brosur.txt")
	_, _ = io.WriteString(fw, brochure)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", s.web+"/api/v1/orders/files", &form)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	status, raw, err := s.send(req)
	var up struct {
		File struct {
			ID string `json:"id"`
		} `json:"file"`
	}
	if err != nil || status != http.StatusCreated || json.Unmarshal(raw, &up) != nil || up.File.ID == "" {
		return template{}, fmt.Errorf("upload: %d %.300s %v", status, raw, err)
	}
	orderID, err := s.order([]string{up.File.ID}, "Broşürümüzün İngilizce ve Almanca çevirisi; marka adları çevrilmesin.")
	if err != nil {
		return template{}, err
	}
	if err := s.waitInvoices(1); err != nil {
		return template{}, err
	}
	status, raw, err = s.do("GET", "/api/v1/orders/orders/"+orderID, nil)
	var o struct {
		QuoteID string `json:"quoteId"`
	}
	if err != nil || status != http.StatusOK || json.Unmarshal(raw, &o) != nil || o.QuoteID == "" {
		return template{}, fmt.Errorf("the order: %d %.300s %v", status, raw, err)
	}
	return template{quoteID: o.QuoteID, orderID: orderID, fileID: up.File.ID}, nil
}

// order asks for a quote (of fileIDs, or of 1,200 words without) and approves it: the order's id.
func (s *session) order(fileIDs []string, brief string) (string, error) {
	body := map[string]any{"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en", "de"},
		"urgency": "normal", "currency": "TRY", "brief": brief}
	if len(fileIDs) > 0 {
		body["fileIds"] = fileIDs
	} else {
		body["quantity"] = 1200
	}
	status, raw, err := s.do("POST", "/api/v1/orders/quotes", body)
	var q struct{ ID string }
	if err != nil || status != http.StatusCreated || json.Unmarshal(raw, &q) != nil {
		return "", fmt.Errorf("quote: %d %.300s %v", status, raw, err)
	}
	status, raw, err = s.do("GET", "/api/v1/orders/quotes/"+q.ID+"/contract", nil)
	var contract struct {
		Digest   string `json:"digest"`
		Consents []struct {
			ID string `json:"id"`
		} `json:"consents"`
	}
	if err != nil || status != http.StatusOK || json.Unmarshal(raw, &contract) != nil {
		return "", fmt.Errorf("the contract of quote %s: %d %.300s %v", q.ID, status, raw, err)
	}
	ticked := map[string]bool{}
	for _, c := range contract.Consents {
		ticked[c.ID] = true
	}
	status, raw, err = s.do("POST", "/api/v1/orders/quotes/"+q.ID+"/approve",
		map[string]any{"contract": map[string]any{"digest": contract.Digest, "consents": ticked}})
	var approval struct {
		Order struct {
			ID string `json:"id"`
		} `json:"order"`
	}
	if err != nil || status != http.StatusOK || json.Unmarshal(raw, &approval) != nil || approval.Order.ID == "" {
		return "", fmt.Errorf("approval: %d %.300s %v", status, raw, err)
	}
	return approval.Order.ID, nil
}

// waitInvoices waits until svc-billing lists n invoices of the customer (it issues them on
// svc-orders' quote.approved, over the stream).
func (s *session) waitInvoices(n int) error {
	deadline := time.Now().Add(60 * time.Second)
	for {
		status, raw, err := s.do("GET", "/api/v1/billing/invoices", nil)
		var list struct {
			Invoices []json.RawMessage `json:"invoices"`
		}
		if err == nil && status == http.StatusOK && json.Unmarshal(raw, &list) == nil && len(list.Invoices) >= n {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d invoices not issued in a minute: %d %.300s %v", n, status, raw, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// privacyRequest is a request as its owner reads it.
type privacyRequest struct {
	ID        string     `json:"id"`
	State     string     `json:"state"`
	CreatedAt time.Time  `json:"createdAt"`
	OpenedAt  *time.Time `json:"openedAt"`
	ReadyAt   *time.Time `json:"readyAt"`
	Parts     []struct {
		Service string    `json:"service"`
		Files   int       `json:"files"`
		Bytes   int64     `json:"bytes"`
		At      time.Time `json:"at"`
	} `json:"parts"`
	Waiting []string `json:"waiting"`
}

func (s *session) request(id string) (privacyRequest, error) {
	status, raw, err := s.do("GET", "/api/v1/auth/privacy/requests", nil)
	var mine struct {
		Requests []privacyRequest `json:"requests"`
	}
	if err != nil || status != http.StatusOK || json.Unmarshal(raw, &mine) != nil {
		return privacyRequest{}, fmt.Errorf("the requests: %d %.300s %v", status, raw, err)
	}
	for _, r := range mine.Requests {
		if r.ID == id {
			return r, nil
		}
	}
	return privacyRequest{}, fmt.Errorf("request %s not listed: %.300s", id, raw)
}

// reportStuck says where a copy that never became ready stopped: the parts answered, and the
// services' log lines about the request.
func reportStuck(req privacyRequest, dataDir string) {
	log.Printf("request %s: state %s, parts %+v, waiting for %v", req.ID, req.State, req.Parts, req.Waiting)
	logs, _ := filepath.Glob(filepath.Join(dataDir, "logs", "*.log"))
	for _, name := range logs {
		raw, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		shown := 0
		for _, line := range strings.Split(string(raw), "\n") {
			if (strings.Contains(line, req.ID) || strings.Contains(line, "privacy")) && shown < 5 {
				log.Printf("%s: %.600s", filepath.Base(name), line)
				shown++
			}
		}
	}
}

// op is one of B's requests.
type op struct {
	name string
	want int
	call func() (int, []byte, error)
}

func (s *session) requests() []op {
	estimate := map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en", "de"},
		"quantity": 1200, "urgency": "normal", "currency": "TRY",
	}
	return []op{
		{"GET orders/orders", 200, func() (int, []byte, error) { return s.do("GET", "/api/v1/orders/orders", nil) }},
		{"GET billing/invoices", 200, func() (int, []byte, error) { return s.do("GET", "/api/v1/billing/invoices", nil) }},
		{"POST orders/estimate", 200, func() (int, []byte, error) { return s.do("POST", "/api/v1/orders/estimate", estimate) }},
	}
}

// sample is one timed request: when it started and ended, or why it failed.
type sample struct {
	start, end time.Time
	fail       string
}

func (s sample) took() time.Duration { return s.end.Sub(s.start) }

// runRounds sends n rounds of the requests, one after another (latency, not throughput), each
// round one of every kind, so that every kind meets the same moments of the copy.
func runRounds(ops []op, n int) map[string][]sample {
	out := map[string][]sample{}
	for range n {
		for _, o := range ops {
			start := time.Now()
			status, raw, err := o.call()
			s := sample{start: start, end: time.Now()}
			if err != nil || status != o.want {
				s.fail = fmt.Sprintf("%d %.200s %v", status, strings.TrimSpace(string(raw)), err)
			}
			out[o.name] = append(out[o.name], s)
		}
	}
	return out
}

// runWhile sends rounds of the requests, as runRounds does, until stop is closed.
func runWhile(ops []op, stop <-chan struct{}) map[string][]sample {
	out := map[string][]sample{}
	for {
		select {
		case <-stop:
			return out
		default:
		}
		for name, list := range runRounds(ops, 1) {
			out[name] = append(out[name], list...)
		}
	}
}

// stats are the percentiles of the successful samples among list that keep says to.
type stats struct {
	n, failures int
	p50, p95    time.Duration
}

func statsOf(list []sample, keep func(sample) bool) stats {
	var st stats
	var took []time.Duration
	for _, s := range list {
		if keep != nil && !keep(s) {
			continue
		}
		if s.fail != "" {
			st.failures++
			continue
		}
		took = append(took, s.took())
	}
	slices.Sort(took)
	st.n = len(took)
	if len(took) > 0 {
		st.p50, st.p95 = took[len(took)*50/100], took[min(len(took)-1, len(took)*95/100)]
	}
	return st
}

func summary(list []sample) string {
	st := statsOf(list, nil)
	return fmt.Sprintf("p50 %s p95 %s (%d, %d failed)", ms(st.p50), ms(st.p95), st.n, st.failures)
}

// copyContent is what the ZIP holds.
type copyContent struct {
	names   []string
	sizes   map[string]int
	folders map[string]int
	// counts are the entries of the lists checked: "orders/orders.json orders" and so on.
	counts map[string]int
}

func readCopy(zipped []byte) (copyContent, error) {
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	if err != nil {
		return copyContent{}, fmt.Errorf("the copy is no ZIP: %w", err)
	}
	c := copyContent{sizes: map[string]int{}, folders: map[string]int{}, counts: map[string]int{}}
	lists := map[string]string{"orders/orders.json": "orders", "orders/quotes.json": "quotes", "orders/contracts.json": "contracts",
		"orders/files.json": "files", "billing/invoices.json": "invoices", "billing/payments.json": "payments"}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			return c, fmt.Errorf("%s: %w", f.Name, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return c, fmt.Errorf("%s: %w", f.Name, err)
		}
		c.names = append(c.names, f.Name)
		c.sizes[f.Name] = len(data)
		folder := "(top)"
		if dir, _, ok := strings.Cut(f.Name, "/"); ok {
			folder = dir
		}
		c.folders[folder]++
		if key, ok := lists[f.Name]; ok {
			var doc map[string]json.RawMessage
			var list []json.RawMessage
			if err := json.Unmarshal(data, &doc); err != nil {
				return c, fmt.Errorf("%s is not a JSON object: %w", f.Name, err)
			}
			if err := json.Unmarshal(doc[key], &list); err != nil {
				return c, fmt.Errorf("%s has no list %q: %w", f.Name, key, err)
			}
			c.counts[f.Name+" "+key] = len(list)
		}
	}
	return c, nil
}

// check fails unless the copy lists every one of A's orders and invoices (and says what else
// it counted).
func (c copyContent) check(total int) error {
	var bad []string
	for _, k := range []string{"orders/orders.json orders", "billing/invoices.json invoices"} {
		if n, ok := c.counts[k]; !ok || n != total {
			bad = append(bad, fmt.Sprintf("%s: %d (present %v), want %d", k, n, ok, total))
		}
	}
	// Every order has its quote, contract and uploaded file; every invoice but the one made
	// through the site (not paid) has its card payment.
	for k, want := range map[string]int{"orders/quotes.json quotes": total, "orders/contracts.json contracts": total,
		"orders/files.json files": total, "billing/payments.json payments": total - 1} {
		if n := c.counts[k]; n != want {
			log.Printf("note: %s lists %d, not %d", k, n, want)
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("THE COPY IS INCOMPLETE: %s (files %v)", strings.Join(bad, "; "), c.names)
	}
	return nil
}

// windows are the moments of the copy, to say when each of B's requests ran.
type windows struct{ asked, ready time.Time }

// building is a request of B's that ended before A saw the copy ready.
func (w windows) building(s sample) bool { return !s.end.After(w.ready) }

type report struct {
	orders     int
	loading    time.Duration
	req        privacyRequest
	readyAfter time.Duration
	download   time.Duration
	zipSize    int
	content    copyContent
	ops        []op
	before     map[string][]sample
	during     map[string][]sample
	after      map[string][]sample
	windows    windows
	samples    int
	// maxMessage is the database's largest message: the driver refuses an insert larger.
	maxMessage int64
	spans      []spanSum
}

func printReport(r report) {
	fmt.Println()
	fmt.Printf("Customer A: %d orders with their quotes, contracts, uploaded files and invoices (loaded in %s).\n\n", r.orders, r.loading.Round(time.Millisecond))
	fmt.Println("| measure | value |")
	fmt.Println("|---|---:|")
	fmt.Printf("| time to ready (asked → state ready, polled every 100 ms) | %s |\n", ms(r.readyAfter))
	if r.req.ReadyAt != nil {
		fmt.Printf("| time to ready (the request's own createdAt → readyAt) | %s |\n", ms(r.req.ReadyAt.Sub(r.req.CreatedAt)))
	}
	fmt.Printf("| download of the ZIP | %s |\n", ms(r.download))
	fmt.Printf("| ZIP size | %d bytes (%.2f MB) |\n", r.zipSize, float64(r.zipSize)/1e6)
	var unzipped int
	for _, n := range r.content.sizes {
		unzipped += n
	}
	fmt.Printf("| unzipped | %d bytes (%.2f MB) in %d files |\n", unzipped, float64(unzipped)/1e6, len(r.content.names))
	fmt.Println()

	fmt.Println("| folder | files |")
	fmt.Println("|---|---:|")
	folders := make([]string, 0, len(r.content.folders))
	for f := range r.content.folders {
		folders = append(folders, f)
	}
	slices.Sort(folders)
	for _, f := range folders {
		fmt.Printf("| %s | %d |\n", f, r.content.folders[f])
	}
	fmt.Println()

	fmt.Println("| file | bytes | entries |")
	fmt.Println("|---|---:|---:|")
	for _, name := range r.content.names {
		entries := ""
		for k, n := range r.content.counts {
			if strings.HasPrefix(k, name+" ") {
				entries = fmt.Sprintf("%d %s", n, strings.TrimPrefix(k, name+" "))
			}
		}
		fmt.Printf("| %s | %d | %s |\n", name, r.content.sizes[name], entries)
	}
	fmt.Println()

	fmt.Printf("| service | files | part bytes | answered after | bytes per order | orders at 16 MiB (MongoDB's document) | orders at %d bytes (the driver's message) |\n", r.maxMessage)
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	for _, p := range r.req.Parts {
		per := float64(p.Bytes) / float64(r.orders)
		ceiling, message := "—", "—"
		if p.Service == "svc-orders" || p.Service == "svc-billing" {
			ceiling, message = fmt.Sprintf("%d", int(maxDocument/per)), fmt.Sprintf("%d", int(float64(r.maxMessage)/per))
		}
		fmt.Printf("| %s | %d | %d (%.2f MB) | %s | %.0f | %s | %s |\n", p.Service, p.Files, p.Bytes, float64(p.Bytes)/1e6, ms(p.At.Sub(r.req.CreatedAt)), per, ceiling, message)
	}
	fmt.Println()

	if len(r.spans) > 0 {
		fmt.Println("Where the time went (the request's trace in Jaeger: spans of 100 ms or more in all, by service and operation):")
		fmt.Println()
		fmt.Println("| service | operation | spans | first starts at | total | longest |")
		fmt.Println("|---|---|---:|---:|---:|---:|")
		for _, sp := range r.spans {
			fmt.Printf("| %s | %s | %d | %s | %s | %s |\n", sp.service, sp.operation, sp.count, ms(sp.first), ms(sp.total), ms(sp.longest))
		}
		fmt.Println()
	}

	fmt.Printf("Customer B (10 orders), requests one after another: %d rounds before A asked, rounds for as long as A's copy was built (until A saw it ready), %d rounds after:\n\n", r.samples, r.samples)
	fmt.Println("| request | before p50 / p95 | during the build: n, p50 / p95 | during / before, p50 / p95 | after p50 / p95 | after / before, p50 / p95 (the machine's own drift) | failures before + during + after |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	for _, o := range r.ops {
		b := statsOf(r.before[o.name], nil)
		build := statsOf(r.during[o.name], r.windows.building)
		a := statsOf(r.after[o.name], nil)
		fmt.Printf("| %s | %s | %d, %s | %s / %s | %s | %s / %s | %d + %d + %d |\n", o.name, pair(b), build.n, pair(build), ratio(build.p50, b.p50), ratio(build.p95, b.p95),
			pair(a), ratio(a.p50, b.p50), ratio(a.p95, b.p95), b.failures, statsOf(r.during[o.name], nil).failures, a.failures)
	}
	fmt.Printf("\nB's requests during the build, %s, every kind: ", ms(r.readyAfter))
	for i, o := range r.ops {
		if i > 0 {
			fmt.Print(", ")
		}
		fmt.Printf("%d %s", statsOf(r.during[o.name], r.windows.building).n, o.name)
	}
	fmt.Println(".")
	for _, o := range r.ops {
		for _, list := range [][]sample{r.before[o.name], r.during[o.name], r.after[o.name]} {
			for _, s := range list {
				if s.fail != "" {
					fmt.Printf("first failure of %s: %s\n", o.name, s.fail)
					break
				}
			}
		}
	}
}

// pair is "p50 / p95", or "—" without samples.
func pair(st stats) string {
	if st.n == 0 {
		return "—"
	}
	return ms(st.p50) + " / " + ms(st.p95)
}

func ratio(a, b time.Duration) string {
	if b == 0 || a == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f×", float64(a)/float64(b))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// spanSum is the spans of one operation of one service in a trace.
type spanSum struct {
	service, operation string
	count              int
	// first is when the first of them started, after the trace's first span.
	first, total, longest time.Duration
}

// traceOf reads the copy's trace from Jaeger (the request's id is its trace's id; the events carry
// it to every service) once its spans stop arriving, summed by service and operation.
func traceOf(jaeger, traceID string) ([]spanSum, error) {
	if traceID == "" {
		return nil, errors.New("the answer had no X-Request-Id")
	}
	var trace struct {
		Data []struct {
			Spans []struct {
				OperationName string `json:"operationName"`
				StartTime     int64  `json:"startTime"` // µs
				Duration      int64  `json:"duration"`  // µs
				ProcessID     string `json:"processID"`
			} `json:"spans"`
			Processes map[string]struct {
				ServiceName string `json:"serviceName"`
			} `json:"processes"`
		} `json:"data"`
	}
	seen := -1
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(3 * time.Second) {
		resp, err := http.Get(jaeger + "/api/traces/" + traceID)
		if err == nil {
			err = json.NewDecoder(resp.Body).Decode(&trace)
			resp.Body.Close()
		}
		n := 0
		if err == nil && len(trace.Data) == 1 {
			n = len(trace.Data[0].Spans)
		}
		if n > 0 && n == seen {
			break
		}
		if time.Now().After(deadline) {
			if n == 0 {
				return nil, fmt.Errorf("trace %s not in Jaeger: %v", traceID, err)
			}
			break
		}
		seen = n
	}
	sums := map[[2]string]*spanSum{}
	origin := int64(0)
	for _, sp := range trace.Data[0].Spans {
		if origin == 0 || sp.StartTime < origin {
			origin = sp.StartTime
		}
	}
	for _, sp := range trace.Data[0].Spans {
		key := [2]string{trace.Data[0].Processes[sp.ProcessID].ServiceName, sp.OperationName}
		s := sums[key]
		start := time.Duration(sp.StartTime-origin) * time.Microsecond
		if s == nil {
			s = &spanSum{service: key[0], operation: key[1], first: start}
			sums[key] = s
		}
		s.first = min(s.first, start)
		d := time.Duration(sp.Duration) * time.Microsecond
		s.count++
		s.total += d
		s.longest = max(s.longest, d)
	}
	var out []spanSum
	for _, s := range sums {
		if s.total >= 100*time.Millisecond {
			out = append(out, *s)
		}
	}
	slices.SortFunc(out, func(a, b spanSum) int {
		if a.service != b.service {
			return strings.Compare(a.service, b.service)
		}
		return cmp.Compare(b.total, a.total)
	})
	return out, nil
}
