package support_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/ids"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/support"
)

func TestMain(m *testing.M) { testenv.Main(m) }

type fixture struct {
	store  *support.MongoStore
	svc    support.Service
	kicked chan any
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	store, err := support.NewMongoStore(context.Background(), testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	kicked := make(chan any, 1000)
	kick := func(ids ...any) {
		for _, id := range ids {
			kicked <- id
		}
	}
	// A clock a second further on every reading, so activity orders the tickets by the order
	// of the writes in this test (in a real second, many writes share a millisecond).
	var mu sync.Mutex
	clock := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(time.Second)
		return clock
	}
	return &fixture{store: store, kicked: kicked, svc: support.NewService(store, ids.New, now, kick)}
}

var (
	ayse  = authn.Caller{ID: "tr-ayse", Name: "Ayşe Yılmaz", Lang: i18n.EN}
	mehm  = authn.Caller{ID: "tr-mehmet", Name: "Mehmet Kaya", Lang: i18n.TR}
	staff = authn.Caller{ID: "admin-1", Name: "Destek Ekibi"}
)

func (f *fixture) open(t *testing.T, c authn.Caller) support.Ticket {
	t.Helper()
	tk, err := f.svc.Open(context.Background(), c, support.NewTicket{Subject: "Ödeme gecikti", Category: "payment", Message: "Kasım ödemem gelmedi."})
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

// outbox is the types of the events queued in the ticket's outbox, oldest first.
func (f *fixture) outbox(t *testing.T, id string) []string {
	t.Helper()
	raw, err := f.store.Ticket(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, e := range raw.Pending {
		types = append(types, e.Type)
	}
	return types
}

// A ticket opens, is answered by a staff reply (which queues ticket.answered for the
// translator, in the language they wrote in), opens again when the translator writes, and once
// closed by either side takes no message from either; closing again answers it unchanged.
func TestTicketStatusMachine(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tk := f.open(t, ayse)
	if tk.Status != support.Open || tk.MessageCount != 1 || tk.CategoryName.TR != "Ödeme" || tk.Lang != i18n.EN {
		t.Fatalf("opened %+v", tk)
	}
	tk, err := f.svc.Reply(ctx, staff, tk.ID, "  Ödemeniz yarın hesabınızda.  ")
	if err != nil || tk.Status != support.Answered || tk.MessageCount != 2 {
		t.Fatalf("reply: %+v %v", tk, err)
	}
	if m := tk.Messages[1]; m.From != support.Staff || m.Body != "Ödemeniz yarın hesabınızda." || m.Author != "Destek Ekibi" {
		t.Errorf("staff message %+v", m)
	}
	if kicked := len(f.kicked); kicked != 2 {
		t.Errorf("the relay was told of %d writes with events, want 2 (open, reply)", kicked)
	}
	if got := f.outbox(t, tk.ID); strings.Join(got, ",") != "ticket.opened,ticket.answered" {
		t.Errorf("outbox %v", got)
	}
	raw, _ := f.store.Ticket(ctx, tk.ID)
	var answered support.TicketAnswered
	if err := raw.Pending[1].Decode(&answered); err != nil || answered.TranslatorID != ayse.ID || answered.TicketID != tk.ID ||
		answered.Subject != "Ödeme gecikti" || answered.Lang != i18n.EN || answered.At.IsZero() {
		t.Errorf("ticket.answered %+v %v", answered, err)
	}
	tk, err = f.svc.Write(ctx, ayse, tk.ID, "Teşekkürler, bekliyorum.")
	if err != nil || tk.Status != support.Open || tk.MessageCount != 3 {
		t.Fatalf("translator's message: %+v %v", tk, err)
	}
	tk, err = f.svc.Reply(ctx, staff, tk.ID, "Gönderildi.")
	if err != nil || tk.Status != support.Answered {
		t.Fatalf("second reply: %+v %v", tk, err)
	}
	tk, err = f.svc.Close(ctx, ayse, tk.ID)
	if err != nil || tk.Status != support.Closed || tk.ClosedBy != support.Translator || tk.ClosedAt == nil {
		t.Fatalf("close: %+v %v", tk, err)
	}
	if _, err := f.svc.Write(ctx, ayse, tk.ID, "Bir şey daha"); !errors.Is(err, support.ErrClosed) {
		t.Errorf("translator writing to a closed ticket: %v", err)
	}
	if _, err := f.svc.Reply(ctx, staff, tk.ID, "Bir şey daha"); !errors.Is(err, support.ErrClosed) {
		t.Errorf("staff writing to a closed ticket: %v", err)
	}
	again, err := f.svc.CloseAsStaff(ctx, staff, tk.ID)
	if err != nil || again.Status != support.Closed || again.ClosedBy != support.Translator || again.MessageCount != 4 {
		t.Errorf("closing again: %+v %v", again, err)
	}

	// Staff close too; a ticket staff closed refuses the translator.
	other := f.open(t, ayse)
	if tk, err := f.svc.CloseAsStaff(ctx, staff, other.ID); err != nil || tk.ClosedBy != support.Staff {
		t.Fatalf("staff close: %+v %v", tk, err)
	}
	if _, err := f.svc.Write(ctx, ayse, other.ID, "Açın lütfen"); !errors.Is(err, support.ErrClosed) {
		t.Errorf("writing to a ticket staff closed: %v", err)
	}
}

// Another translator's ticket does not exist for them: reading, writing to and closing it are
// ErrNotFound and change nothing.
func TestAnotherTranslatorsTicketIsNotFound(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tk := f.open(t, ayse)
	if _, err := f.svc.Own(ctx, mehm, tk.ID); !errors.Is(err, support.ErrNotFound) {
		t.Errorf("own: %v", err)
	}
	if _, err := f.svc.Write(ctx, mehm, tk.ID, "merhaba"); !errors.Is(err, support.ErrNotFound) {
		t.Errorf("write: %v", err)
	}
	if _, err := f.svc.Close(ctx, mehm, tk.ID); !errors.Is(err, support.ErrNotFound) {
		t.Errorf("close: %v", err)
	}
	if page, err := f.svc.Mine(ctx, mehm, support.Filter{TranslatorID: ayse.ID}); err != nil || len(page.Tickets) != 0 {
		t.Errorf("mine names another: %+v %v", page, err)
	}
	if got, _ := f.svc.Ticket(ctx, tk.ID); got.Status != support.Open || got.MessageCount != 1 {
		t.Errorf("ticket changed: %+v", got)
	}
}

// The thread holds at most MaxMessages: the bound is a condition of the write itself, so with
// writers racing for the last free places exactly those places are taken and the rest refused.
func TestMessageCapHoldsUnderRace(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tk := f.open(t, ayse)
	raw, err := f.store.Ticket(ctx, tk.ID)
	if err != nil {
		t.Fatal(err)
	}
	// A thread five short of the bound, stored as a long conversation would have left it.
	raw.ID = "long"
	raw.Pending = nil
	for i := len(raw.Messages); i < support.MaxMessages-5; i++ {
		raw.Messages = append(raw.Messages, support.Message{ID: fmt.Sprint(i), From: support.Translator, Body: "m", At: time.Now()})
	}
	raw.MessageCount = len(raw.Messages)
	if err := f.store.Insert(ctx, raw); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, full := 0, 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 2 {
				var err error
				if i%2 == 0 {
					_, err = f.svc.Write(ctx, ayse, "long", fmt.Sprintf("t%d-%d", i, j))
				} else {
					_, err = f.svc.Reply(ctx, staff, "long", fmt.Sprintf("s%d-%d", i, j))
				}
				mu.Lock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, support.ErrTooManyMessages):
					full++
				default:
					t.Error(err)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	got, _ := f.svc.Ticket(ctx, "long")
	if ok != 5 || full != 11 || got.MessageCount != support.MaxMessages || len(got.Messages) != support.MaxMessages {
		t.Fatalf("%d written, %d refused; count %d, thread %d", ok, full, got.MessageCount, len(got.Messages))
	}
	if _, err := f.svc.Write(ctx, ayse, "long", "one more"); !errors.Is(err, support.ErrTooManyMessages) {
		t.Errorf("201st message: %v", err)
	}
	// A full ticket can still be closed.
	if tk, err := f.svc.Close(ctx, ayse, "long"); err != nil || tk.Status != support.Closed {
		t.Errorf("closing a full ticket: %+v %v", tk, err)
	}
}

// Eight writers, four translators' tabs and four staff members, each writing five messages one
// after another into the same ticket: every message is kept, once, each writer's in the order
// it wrote them, and the status is that of whoever wrote last.
func TestConcurrentMessagesAllKeptInOrder(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tk := f.open(t, ayse)
	const writers, each = 8, 5
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for j := range each {
				body := fmt.Sprintf("w%d-%d", i, j)
				var err error
				if i%2 == 0 {
					_, err = f.svc.Write(ctx, ayse, tk.ID, body)
				} else {
					_, err = f.svc.Reply(ctx, authn.Caller{ID: fmt.Sprintf("admin-%d", i), Name: "Staff"}, tk.ID, body)
				}
				if err != nil {
					t.Error(body, err)
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	got, err := f.svc.Ticket(ctx, tk.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.MessageCount != 1+writers*each || len(got.Messages) != 1+writers*each {
		t.Fatalf("count %d, thread %d, want %d", got.MessageCount, len(got.Messages), 1+writers*each)
	}
	next := map[int]int{}
	seen := map[string]bool{}
	for _, m := range got.Messages[1:] {
		var i, j int
		if _, err := fmt.Sscanf(m.Body, "w%d-%d", &i, &j); err != nil {
			t.Fatalf("message %q", m.Body)
		}
		if seen[m.ID] || j != next[i] {
			t.Errorf("writer %d's message %d came where %d was due (or twice)", i, j, next[i])
		}
		seen[m.ID] = true
		next[i] = j + 1
		if want := map[bool]support.Side{true: support.Translator, false: support.Staff}[i%2 == 0]; m.From != want {
			t.Errorf("%s from %s", m.Body, m.From)
		}
	}
	last := got.Messages[len(got.Messages)-1]
	if want := map[support.Side]support.Status{support.Translator: support.Open, support.Staff: support.Answered}[last.From]; got.Status != want {
		t.Errorf("status %s after a last message from %s", got.Status, last.From)
	}
	if n := strings.Count(strings.Join(f.outbox(t, tk.ID), ","), "ticket.answered"); n != writers/2*each {
		t.Errorf("%d ticket.answered queued for %d replies", n, writers/2*each)
	}
}

// Staff's list is newest activity first, filtered by status and paged with the cursor it
// gives; a translator's is their own only; a status or cursor nobody gave is a field error.
func TestListsNewestActivityFirst(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	var opened []support.Ticket
	for range support.PageSize + 2 {
		opened = append(opened, f.open(t, ayse))
	}
	mine := f.open(t, mehm)
	// Activity moves a ticket to the top.
	if _, err := f.svc.Reply(ctx, staff, opened[0].ID, "yanıt"); err != nil {
		t.Fatal(err)
	}
	page, err := f.svc.List(ctx, support.Filter{})
	if err != nil || len(page.Tickets) != support.PageSize || !page.More || page.Tickets[0].ID != opened[0].ID || page.Tickets[1].ID != mine.ID {
		t.Fatalf("first page: %d more=%v %v", len(page.Tickets), page.More, err)
	}
	if page.Tickets[0].Messages != nil {
		t.Errorf("a list carries threads")
	}
	rest, err := f.svc.List(ctx, support.Filter{Before: page.Next})
	if err != nil || len(rest.Tickets) != support.PageSize+3-support.PageSize || rest.More {
		t.Fatalf("second page: %d more=%v %v", len(rest.Tickets), rest.More, err)
	}
	seen := map[string]bool{}
	for _, tk := range append(page.Tickets, rest.Tickets...) {
		if seen[tk.ID] {
			t.Errorf("%s on both pages", tk.ID)
		}
		seen[tk.ID] = true
	}
	answered, err := f.svc.List(ctx, support.Filter{Status: support.Answered})
	if err != nil || len(answered.Tickets) != 1 || answered.Tickets[0].ID != opened[0].ID {
		t.Errorf("answered: %+v %v", answered, err)
	}
	own, err := f.svc.Mine(ctx, mehm, support.Filter{})
	if err != nil || len(own.Tickets) != 1 || own.Tickets[0].ID != mine.ID {
		t.Errorf("mine: %+v %v", own, err)
	}
	if _, err := f.svc.List(ctx, support.Filter{Status: "pending", Before: "x"}); err == nil ||
		!strings.Contains(err.Error(), "status: unknown") || !strings.Contains(err.Error(), "before: ticket_cursor") {
		t.Errorf("bad filter: %v", err)
	}
}

// A staff reply leaves through the ticket's outbox: the relay publishes ticket.answered on
// svc-translators' stream, where svc-auth's inbox reads it, and empties the outbox.
func TestReplyIsPublishedOnTheTranslatorsStream(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	store, err := support.NewMongoStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	relay := events.NewRelay(store.Collection(), events.Stream("translators"), events.NewPublisher(r.Client), nil, time.Hour)
	done := make(chan struct{})
	go func() { relay.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	svc := support.NewService(store, ids.New, time.Now, relay.Kick)
	tk, err := svc.Open(ctx, mehm, support.NewTicket{Subject: "Hesap", Category: "account", Message: "Adım yanlış yazılmış."})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reply(ctx, staff, tk.ID, "Düzelttik."); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		entries, err := r.Client.XRange(ctx, events.Stream("translators"), "-", "+").Result()
		if err != nil {
			t.Fatal(err)
		}
		var types []string
		var answered support.TicketAnswered
		for _, e := range entries {
			types = append(types, fmt.Sprint(e.Values["type"]))
			if e.Values["type"] == support.EventAnswered {
				_ = json.Unmarshal([]byte(fmt.Sprint(e.Values["data"])), &answered)
			}
		}
		raw, _ := store.Ticket(ctx, tk.ID)
		if strings.Join(types, ",") == "ticket.opened,ticket.answered" && len(raw.Pending) == 0 {
			if answered.TranslatorID != mehm.ID || answered.TicketID != tk.ID || answered.Lang != i18n.TR || answered.Subject != "Hesap" {
				t.Errorf("published %+v", answered)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("stream %v, outbox %d", types, len(raw.Pending))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
