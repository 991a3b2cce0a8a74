package mailbox_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/i18n"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/mailcapture"
	"linguaport/internal/mongox"
	"linguaport/internal/testenv"
)

// childEnv makes the test binary a relay process the parent kills (TestCrashBetweenWriteAndSend).
const childEnv = "MAILBOX_TEST_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		runChild()
		return
	}
	testenv.Main(m)
}

// order is a document that queues mails in the write that changes it.
type order struct {
	ID          string `bson:"_id"`
	Status      string `bson:"status"`
	mailbox.Box `bson:",inline"`
}

func collection(t *testing.T) *mongo.Collection {
	t.Helper()
	coll := testenv.Mongo(t).Collection("orders")
	if err := mongox.EnsureIndexes(context.Background(), coll, mailbox.Index()); err != nil {
		t.Fatal(err)
	}
	return coll
}

// render writes a one-line mail to the address the mail names, as a service's renderer does.
func render(_ context.Context, m mailbox.Mail) (mail.Message, error) {
	var d struct{ Order string }
	if err := m.Decode(&d); err != nil {
		return mail.Message{}, err
	}
	return mailbox.Page{Lang: i18n.Parse(m.Lang), To: m.To, Subject: "Order " + d.Order + " is delivered",
		Lines: []string{"Your files are ready."}, Action: &mailbox.Link{Label: "Download", URL: "https://linguaport.com.tr/en/account/orders/" + d.Order}}.Message()
}

// deliver is a state change with its mail, in one write.
func deliver(t *testing.T, coll *mongo.Collection, id, to string) mailbox.Mail {
	t.Helper()
	m, err := mailbox.New("ev-"+id+"/order.delivered", "order.delivered", to, "en", map[string]string{"order": id}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	o := order{ID: id, Status: "delivered"}
	o.Add(m)
	if _, err := coll.InsertOne(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	return m
}

func queued(t *testing.T, coll *mongo.Collection, id string) int {
	t.Helper()
	var o order
	if err := coll.FindOne(context.Background(), bson.D{{Key: "_id", Value: id}}).Decode(&o); err != nil {
		t.Fatal(err)
	}
	return len(o.Mails)
}

func capture(t *testing.T) *mailcapture.Server {
	t.Helper()
	c, err := mailcapture.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func run(t *testing.T, r *mailbox.Relay) {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { r.Run(ctx); close(done) }()
	t.Cleanup(func() { stop(); <-done })
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func count(c *mailcapture.Server, subject string) int {
	n := 0
	for _, m := range c.Messages() {
		if m.Subject == subject {
			n++
		}
	}
	return n
}

// A relay process killed after the write and before the SMTP transaction leaves the mail
// queued; the next relay to run sends it, once, when the dead one's claim on it has run out.
func TestCrashBetweenWriteAndSend(t *testing.T) {
	coll := collection(t)
	c := capture(t)
	deliver(t, coll, "LP-1001", "ayse@linguaport-test.com.tr")

	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), childEnv+"=1", "CHILD_MONGO="+testenv.MongoURI(t),
		"CHILD_DB="+coll.Database().Name(), "CHILD_SMTP="+c.Addr())
	out, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	child.Stderr = os.Stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	sending := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "SENDING "); ok {
				sending <- id
				return
			}
		}
		close(sending)
	}()
	select {
	case id, ok := <-sending:
		if !ok || id != "ev-LP-1001/order.delivered" {
			t.Fatalf("the child relay did not reach the send (%q)", id)
		}
	case <-time.After(30 * time.Second):
		_ = child.Process.Kill()
		t.Fatal("the child relay never reached the send")
	}
	if err := child.Process.Kill(); err != nil { // SIGKILL: no deferred clean-up runs
		t.Fatal(err)
	}
	_ = child.Wait()

	if n := count(c, "Order LP-1001 is delivered"); n != 0 {
		t.Fatalf("the killed relay sent %d mails before the send", n)
	}
	if queued(t, coll, "LP-1001") != 1 {
		t.Fatal("the mail left the queue without being sent")
	}

	run(t, mailbox.NewRelay(coll, render, mail.NewSender(mail.Config{Addr: c.Addr(), From: mail.DefaultFrom}), nil, time.Hour))
	waitFor(t, "the mail after the restart", func() bool { return count(c, "Order LP-1001 is delivered") == 1 })
	waitFor(t, "the queue to empty", func() bool { return queued(t, coll, "LP-1001") == 0 })
	time.Sleep(200 * time.Millisecond)
	if n := count(c, "Order LP-1001 is delivered"); n != 1 {
		t.Fatalf("%d mails after the restart, want 1", n)
	}
	got := c.Messages()[0]
	if !strings.Contains(got.Text, "https://linguaport.com.tr/en/account/orders/LP-1001") || !strings.Contains(got.HTML, `href="https://linguaport.com.tr/en/account/orders/LP-1001"`) {
		t.Errorf("the mail lacks its link in text or HTML:\n%s\n%s", got.Text, got.HTML)
	}
}

// runChild is the relay the parent kills: it renders, says it is about to send, and hangs there.
func runChild() {
	ctx := context.Background()
	client, err := mongox.Connect(ctx, os.Getenv("CHILD_MONGO"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	coll := client.Database(os.Getenv("CHILD_DB")).Collection("orders")
	hang := func(ctx context.Context, m mailbox.Mail) (mail.Message, error) {
		fmt.Printf("SENDING %s\n", m.ID)
		<-ctx.Done() // killed here, between the write and the send; the context never ends
		return render(ctx, m)
	}
	r := mailbox.NewRelay(coll, hang, mail.NewSender(mail.Config{Addr: os.Getenv("CHILD_SMTP"), From: mail.DefaultFrom}), nil, time.Hour)
	r.Lease = time.Second // what it claimed is free again a second after it dies
	r.Run(ctx)
}

// While the SMTP server is away the relay keeps the mail and tries again, waiting longer each
// time; when the server is back the mail goes, once.
func TestServerAwayThenBack(t *testing.T) {
	coll := collection(t)
	port := testenv.FreePort(t)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	var attempts atomic.Int32
	sender := mail.NewSender(mail.Config{Addr: addr, From: mail.DefaultFrom})
	counting := senderFunc(func(ctx context.Context, m mail.Message) error {
		attempts.Add(1)
		return sender.Send(ctx, m)
	})
	r := mailbox.NewRelay(coll, render, counting, nil, time.Hour)
	r.FirstRetry, r.MaxRetry = 100*time.Millisecond, 400*time.Millisecond
	run(t, r)
	deliver(t, coll, "LP-1002", "ayse@linguaport-test.com.tr")
	r.Kick("LP-1002")

	waitFor(t, "three refused tries", func() bool { return attempts.Load() >= 3 })
	if r.Failing() != 1 || queued(t, coll, "LP-1002") != 1 {
		t.Fatalf("while the server is away the mail must stay queued and backing off: failing %d, queued %d", r.Failing(), queued(t, coll, "LP-1002"))
	}
	// Back-off: the tries are spread out, not a busy loop.
	before := attempts.Load()
	time.Sleep(500 * time.Millisecond)
	if n := attempts.Load() - before; n > 3 {
		t.Fatalf("%d tries in 500 ms with back-off capped at 400 ms", n)
	}

	c, err := mailcapture.Start(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	waitFor(t, "the mail once the server is back", func() bool { return count(c, "Order LP-1002 is delivered") == 1 })
	waitFor(t, "the queue to empty", func() bool { return queued(t, coll, "LP-1002") == 0 && r.Failing() == 0 })
}

type senderFunc func(ctx context.Context, m mail.Message) error

func (f senderFunc) Send(ctx context.Context, m mail.Message) error { return f(ctx, m) }

// A mail the server refuses for good is dropped, and the mail queued after it in the same
// document still goes; a mail the renderer skips (its reader turned it off) is not sent.
func TestPermanentRefusalAndSkipDoNotBlock(t *testing.T) {
	coll := collection(t)
	c := capture(t)
	o := order{ID: "LP-1003", Status: "delivered"}
	for _, to := range []string{"refused", "skip", "ayse@linguaport-test.com.tr"} {
		m, err := mailbox.New("ev-"+to, "order.delivered", to, "tr", map[string]string{"order": "LP-1003"}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		o.Add(m)
	}
	if _, err := coll.InsertOne(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	sender := mail.NewSender(mail.Config{Addr: c.Addr(), From: mail.DefaultFrom})
	refusing := senderFunc(func(ctx context.Context, m mail.Message) error {
		if m.To[0] == "refused@linguaport-test.com.tr" {
			return fmt.Errorf("rcpt: %w: 550 no such mailbox", mail.ErrPermanent)
		}
		return sender.Send(ctx, m)
	})
	skipping := func(ctx context.Context, m mailbox.Mail) (mail.Message, error) {
		switch m.To {
		case "skip":
			return mail.Message{}, fmt.Errorf("offers turned off: %w", mailbox.ErrSkip)
		case "refused":
			m.To = "refused@linguaport-test.com.tr"
		}
		return render(ctx, m)
	}
	r := mailbox.NewRelay(coll, skipping, refusing, nil, time.Hour)
	run(t, r)
	waitFor(t, "the queue to empty", func() bool { return queued(t, coll, "LP-1003") == 0 })
	if n := len(c.Messages()); n != 1 || c.Messages()[0].To[0] != "ayse@linguaport-test.com.tr" {
		t.Fatalf("want exactly the one deliverable mail, got %d", n)
	}
	if !errors.Is(fmt.Errorf("x: %w", mailbox.ErrSkip), mailbox.ErrSkip) {
		t.Fatal("ErrSkip must survive wrapping")
	}
}

// A mail queued once is sent once, however often the relay is told, and a second instance's
// sweep afterwards finds nothing left to send.
func TestOncePerQueuedMail(t *testing.T) {
	coll := collection(t)
	c := capture(t)
	sender := mail.NewSender(mail.Config{Addr: c.Addr(), From: mail.DefaultFrom})
	a := mailbox.NewRelay(coll, render, sender, nil, time.Hour)
	b := mailbox.NewRelay(coll, render, sender, nil, time.Hour)
	run(t, a)
	run(t, b)
	for i := range 20 {
		id := fmt.Sprintf("LP-2%03d", i)
		deliver(t, coll, id, "ayse@linguaport-test.com.tr")
		a.Kick(id)
		a.Kick(id)
	}
	waitFor(t, "20 mails", func() bool { return len(c.Messages()) >= 20 })
	for i := range 20 {
		waitFor(t, "the queues to empty", func() bool { return queued(t, coll, fmt.Sprintf("LP-2%03d", i)) == 0 })
	}
	if _, err := b.Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if n := len(c.Messages()); n != 20 {
		t.Fatalf("%d mails for 20 queued", n)
	}
}

// A server that answers "try later" (4xx) for a while gets the mail once it accepts, tried
// with back-off meanwhile; one that refuses a recipient for good (5xx) has that mail dropped,
// and the next mail of the same document goes.
func TestServerRefusingForAWhile(t *testing.T) {
	coll := collection(t)
	c := capture(t)
	r := mailbox.NewRelay(coll, render, mail.NewSender(mail.Config{Addr: c.Addr(), From: mail.DefaultFrom}), nil, time.Hour)
	r.FirstRetry, r.MaxRetry = 50*time.Millisecond, 200*time.Millisecond
	run(t, r)

	c.Refuse(3, 451)
	deliver(t, coll, "LP-1004", "ayse@linguaport-test.com.tr")
	r.Kick("LP-1004")
	waitFor(t, "the mail after three 451s", func() bool { return count(c, "Order LP-1004 is delivered") == 1 })
	waitFor(t, "the queue to empty", func() bool { return queued(t, coll, "LP-1004") == 0 })
	if c.Refusing() != 0 {
		t.Fatalf("%d refusals left: the relay did not retry through them", c.Refusing())
	}
	got := c.Messages()[0]
	if got.MessageID == "" || got.HTML == "" || got.Text == "" {
		t.Errorf("the mail needs a Message-ID, HTML and text: %+v", got)
	}

	o := order{ID: "LP-1005", Status: "delivered"}
	for _, to := range []string{"nobody@linguaport-test.com.tr", "ayse@linguaport-test.com.tr"} {
		m, err := mailbox.New("ev-LP-1005/"+to, "order.delivered", to, "en", map[string]string{"order": "LP-1005"}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		o.Add(m)
	}
	if _, err := coll.InsertOne(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	c.Refuse(1, 550)
	r.Kick("LP-1005")
	waitFor(t, "the queue to empty", func() bool { return queued(t, coll, "LP-1005") == 0 })
	var to []string
	for _, m := range c.Messages() {
		if m.Subject == "Order LP-1005 is delivered" {
			to = append(to, m.To...)
		}
	}
	if len(to) != 1 || to[0] != "ayse@linguaport-test.com.tr" {
		t.Fatalf("after a 550 for the first, want only the second delivered, got %v", to)
	}
}
