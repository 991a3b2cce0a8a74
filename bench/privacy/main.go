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
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/mongox"
	"linguaport/internal/stackrun"
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
	// The peers last minutes, not a few seconds: the stack's own periodic work (metrics scrapes
	// every 15 s, the database's checkpoints and vacuums, Go's collections) then falls into
	// them as it falls into the minutes of the build, and a tail the stack has anyway is not
	// counted as the copy's.
	peer := flag.Duration("peer", 3*time.Minute, "how long B's rounds run before A asks, and again after the copy is ready")
	settle := flag.Duration("settle", 30*time.Second, "how long B's rounds run, unmeasured, before the ones measured before the copy")
	wait := flag.Duration("timeout", 25*time.Minute, "how long the copy may take to be ready")
	// The site itself never polls: the person is mailed when the copy is ready. A poll every
	// 100 ms was 10 requests a second of A's beside B's during the build and none before or
	// after, a load of the benchmark's own counted as the copy's.
	flag.DurationVar(&roundEvery, "round-every", 0, "start B's rounds this far apart (0: each as soon as the last ends, which holds the machine near full)")
	poll := flag.Duration("poll", 2*time.Second, "how often A reads its request's state while the copy is built")
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
	l, err := newLoader(ctx, client, a.UserID, tmpl)
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
	log.Printf("customer A (%s) holds %v, %d loaded in %s", a.UserID, held, *total-1, loading.Round(time.Millisecond))
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
	before := runFor(ops, *peer)
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
	ask, _ := http.NewRequest("POST", a.Web+"/api/v1/auth/privacy/requests", strings.NewReader(`{"kind":"copy"}`))
	ask.Header.Set("Content-Type", "application/json")
	status, raw, traceID, err := a.SendTraced(ask)
	var req privacyRequest
	if err != nil || status != http.StatusCreated || json.Unmarshal(raw, &req) != nil || req.State != "open" {
		<-bDone
		return fmt.Errorf("asking for the copy: %d %.300s %v", status, raw, err)
	}
	var readyAfter time.Duration
	polls := 0
	for {
		time.Sleep(*poll)
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
	after := runFor(ops, *peer)
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
	printReport(report{orders: *total, loading: loading, req: req, readyAfter: readyAfter, poll: *poll, download: dlTook, zipSize: len(zipped),
		content: content, ops: ops, before: before, during: during, after: after, windows: w, peer: *peer, maxMessage: hello.MaxMessageSizeBytes, spans: spans})
	return nil
}
