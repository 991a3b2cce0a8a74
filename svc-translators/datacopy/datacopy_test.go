package datacopy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/i18n"
	"linguaport/internal/ids"
	"linguaport/internal/privacy"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/datacopy"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// The contracts' test finds svc-translators' event types by its own constants; they must be the
// ones internal/privacy sends and reads.
func TestEventNamesAreThePrivacyPackages(t *testing.T) {
	if datacopy.EventPrivacyRequested != privacy.EventRequested || datacopy.EventPrivacyPartReady != privacy.EventPartReady {
		t.Errorf("events %q, %q; internal/privacy has %q, %q", datacopy.EventPrivacyRequested, datacopy.EventPrivacyPartReady,
			privacy.EventRequested, privacy.EventPartReady)
	}
	if !slices.Contains(privacy.Services, datacopy.Service) {
		t.Errorf("%s is not among the services svc-auth waits for: %v", datacopy.Service, privacy.Services)
	}
}

// start is noon of 2026-11-20 in Turkey. The clock every service of the fixture reads moves a
// second on at each reading, so documents written one after another are ordered by their times
// (a fixed clock would leave the order of two applications to their random ids); it stays on
// that day in Turkey throughout a test.
var start = time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)

var clock = struct {
	sync.Mutex
	t time.Time
}{t: start}

func now() time.Time {
	clock.Lock()
	defer clock.Unlock()
	clock.t = clock.t.Add(time.Second)
	return clock.t
}

var staff = authn.Caller{ID: "staff-7", Name: "Destek Ekibi"}

// person is what the fixture made for one translator or applicant, to look for in a copy.
type person struct {
	id, email, name string
	applications    []applications.Application
	tickets         []string // ids
	ibans           []string
}

// world is svc-translators' stores over one test database, seeded through the real services:
// two translators (Ayşe, Mehmet), each with applications, a profile and tickets, and an applicant
// (Can) who never had an account.
type world struct {
	db                *mongo.Database
	profileStore      *profiles.MongoStore
	applicationStore  *applications.MongoStore
	ticketStore       *support.MongoStore
	audit             *audit.Log
	ayse, mehmet, can person
}

func (w *world) sources() datacopy.Sources {
	return datacopy.Sources{Profiles: w.profileStore, Applications: w.applicationStore, Tickets: w.ticketStore}
}

func newWorld(t *testing.T) *world {
	t.Helper()
	ctx := context.Background()
	w := &world{db: testenv.Mongo(t)}
	clock.Lock()
	clock.t = start // each test's day starts at noon
	clock.Unlock()
	var err error
	if w.profileStore, err = profiles.NewMongoStore(ctx, w.db); err != nil {
		t.Fatal(err)
	}
	if w.applicationStore, err = applications.NewMongoStore(ctx, w.db); err != nil {
		t.Fatal(err)
	}
	if w.ticketStore, err = support.NewMongoStore(ctx, w.db); err != nil {
		t.Fatal(err)
	}
	if w.audit, err = audit.NewLog(ctx, w.db, nil); err != nil {
		t.Fatal(err)
	}
	noKick := func(...any) {}
	apps := applications.NewService(w.applicationStore, nil, ids.New, now, noKick)
	profileSvc := profiles.NewService(w.profileStore, now, noKick)
	tickets := support.NewService(w.ticketStore, ids.New, now, noKick)

	submit := func(first, last, email, cvName string) applications.Application {
		t.Helper()
		cv := []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n")
		a, err := apps.Submit(ctx, applications.Submission{
			Form: applications.Form{FirstName: first, LastName: last, Email: email, Phone: "+90 532 123 45 67",
				NativeLanguage: "tr", WorkingLanguages: "en,de", Specializations: "legal,medical", ExperienceYears: "7",
				Education: "Boğaziçi Üniversitesi, Çeviribilim", AcceptTerms: "true", Lang: "tr"},
			CV: &applications.Upload{Name: cvName, Content: bytes.NewReader(cv), Size: int64(len(cv))}, From: "198.51.100.7",
		})
		if err != nil {
			t.Fatalf("submit %s: %v", email, err)
		}
		return a
	}
	decide := func(a applications.Application, approve bool) applications.Application {
		t.Helper()
		var err error
		if approve {
			a, err = apps.Approve(ctx, a.ID)
		} else {
			a, err = apps.Reject(ctx, a.ID, "Örnek çeviri eksik")
		}
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	// translator applies (once turned down first, for Ayşe), is approved and works: a profile
	// with competencies, bank accounts and a vacation, and a ticket staff answered.
	translator := func(first, last, email string, rejectedFirst bool, ibans []string, vacation profiles.VacationInput) person {
		t.Helper()
		p := person{email: strings.ToLower(email), name: first + " " + last, ibans: ibans}
		if rejectedFirst {
			p.applications = append(p.applications, decide(submit(first, last, email, "eski-cv.pdf"), false))
		}
		a := decide(submit(first, last, email, strings.ToLower(first)+"-cv.pdf"), true)
		p.applications = append(p.applications, a)
		p.id = a.TranslatorID
		if _, err := profileSvc.Start(ctx, profiles.Opening{TranslatorID: p.id, FullName: p.name, Email: a.Email,
			Pairs: []profiles.Pair{{Source: "en", Target: "tr"}}, Specializations: []string{"legal"}}); err != nil {
			t.Fatal(err)
		}
		me := authn.Caller{ID: p.id, Name: p.name, Role: authn.RoleTranslator, Lang: i18n.TR}
		if _, err := profileSvc.SaveCompetencies(ctx, me, profiles.CompetenciesInput{
			Pairs: []profiles.Pair{{Source: "en", Target: "tr"}, {Source: "de", Target: "tr"}}, Services: []string{"professional-translation"},
			Specializations: []string{"legal", "medical"}, Sworn: &profiles.SwornInput{Court: first + " Noterliği", CertificateDate: "2019-05-01"},
			Certificates: first + "'s certificates",
		}); err != nil {
			t.Fatal(err)
		}
		for _, iban := range ibans {
			if _, err := profileSvc.AddAccount(ctx, me, profiles.AccountInput{IBAN: iban, Holder: p.name}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := profileSvc.AddVacation(ctx, me, vacation); err != nil {
			t.Fatal(err)
		}
		tk, err := tickets.Open(ctx, me, support.NewTicket{Subject: first + " ödeme sorusu", Category: "payment", Message: first + " soruyor: ödemem nerede?"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tickets.Reply(ctx, staff, tk.ID, first+" için yanıt: yarın yatıyor."); err != nil {
			t.Fatal(err)
		}
		p.tickets = append(p.tickets, tk.ID)
		return p
	}
	w.ayse = translator("Ayşe", "Yılmaz", "Ayse.Yilmaz@Example.com", true,
		[]string{"TR330006100519786457841326", "DE89370400440532013000"},
		profiles.VacationInput{Start: "2026-11-18", End: "2026-11-25", Note: "Ayşe izinde"})
	w.mehmet = translator("Mehmet", "Kaya", "mehmet.kaya@example.com", false,
		[]string{"GB29NWBK60161331926819"},
		profiles.VacationInput{Start: "2026-12-20", End: "2026-12-31", Note: "Mehmet yılbaşı"})
	if _, err := profileSvc.Suspend(ctx, staff, w.mehmet.id, "Mehmet'in belgeleri eksik"); err != nil {
		t.Fatal(err)
	}
	w.can = person{email: "can.demir@example.com", name: "Can Demir"}
	w.can.applications = append(w.can.applications, decide(submit("Can", "Demir", "can.demir@example.com", "can-özgeçmiş.pdf"), false))
	return w
}

// copyOf gathers the copy of r and reads it back: the files by name.
func copyOf(t *testing.T, w *world, r privacy.Requested) map[string]json.RawMessage {
	t.Helper()
	files, err := datacopy.Gather(w.sources(), now)(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]json.RawMessage{}
	for _, f := range files {
		if _, dup := out[f.Name]; dup {
			t.Errorf("file %s twice", f.Name)
		}
		if !json.Valid(f.Data) || !bytes.HasPrefix(f.Data, []byte("{")) {
			t.Errorf("%s is not a JSON object: %s", f.Name, f.Data)
		}
		out[f.Name] = f.Data
	}
	return out
}

func decode[T any](t *testing.T, raw json.RawMessage) T {
	t.Helper()
	var v T
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields() // the file holds exactly the view's fields
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	return v
}

// A translator's copy holds their profile (IBANs masked), their applications (found by the
// e-mail however it is written) and their tickets with the threads; nothing of the other
// translator's, nor of the applicant's, and none of the internal fields.
func TestGatherTranslator(t *testing.T) {
	w := newWorld(t)
	files := copyOf(t, w, privacy.Requested{RequestID: "req-ayse", Kind: privacy.KindCopy, UserID: w.ayse.id,
		Email: "  AYSE.yilmaz@example.COM ", Role: "translator", Lang: "tr"})
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range files {
			if !yield(n) {
				return
			}
		}
	})
	if fmt.Sprint(names) != "[applications.json profile.json tickets.json]" {
		t.Fatalf("files %v", names)
	}

	p := decode[datacopy.ProfileCopy](t, files[datacopy.ProfileFile])
	if p.TranslatorID != w.ayse.id || p.FullName != "Ayşe Yılmaz" || p.Email != "ayse.yilmaz@example.com" || p.ActiveJobCap != profiles.DefaultActiveJobCap ||
		p.Suspended || p.Suspension != nil || p.CreatedAt.IsZero() {
		t.Errorf("profile %+v", p)
	}
	c := p.Competencies
	if fmt.Sprint(c.Pairs) != "[{en tr} {de tr}]" || fmt.Sprint(c.Specializations) != "[legal medical]" ||
		fmt.Sprint(c.Services) != "[professional-translation]" || c.Sworn == nil || c.Sworn.Court != "Ayşe Noterliği" || c.Sworn.Verified ||
		c.Certificates != "Ayşe's certificates" {
		t.Errorf("competencies %+v", c)
	}
	if len(p.Vacations) != 1 || p.Vacations[0].Status != profiles.Running || p.Vacations[0].Note != "Ayşe izinde" || !p.OnVacation {
		t.Errorf("vacations %+v, on vacation %v", p.Vacations, p.OnVacation)
	}
	if len(p.BankAccounts) != 2 || p.BankAccounts[0].IBAN != "TR** **** **** **** **** **13 26" || !p.BankAccounts[0].Default ||
		p.BankAccounts[1].IBAN != "DE** **** **** **** **30 00" || p.BankAccounts[1].Country != "DE" || p.BankAccounts[1].Holder != "Ayşe Yılmaz" {
		t.Errorf("bank accounts %+v", p.BankAccounts)
	}

	apps := decode[datacopy.ApplicationsCopy](t, files[datacopy.ApplicationsFile]).Applications
	if len(apps) != 2 {
		t.Fatalf("applications %+v", apps)
	}
	// Newest first: the approved one, then the one turned down.
	approved, rejected := apps[0], apps[1]
	if approved.ID != w.ayse.applications[1].ID || approved.Status != "approved" || approved.TranslatorID != w.ayse.id ||
		approved.CV != (datacopy.FileCopy{Name: "ayşe-cv.pdf", Size: 59, Type: "application/pdf"}) || approved.Phone != "+90 532 123 45 67" ||
		approved.DecidedAt == nil || approved.Education != "Boğaziçi Üniversitesi, Çeviribilim" {
		t.Errorf("approved application %+v", approved)
	}
	if rejected.ID != w.ayse.applications[0].ID || rejected.Status != "rejected" || rejected.RejectionReason != "Örnek çeviri eksik" ||
		rejected.CV.Name != "eski-cv.pdf" || rejected.TranslatorID != "" {
		t.Errorf("rejected application %+v", rejected)
	}

	tickets := decode[datacopy.TicketsCopy](t, files[datacopy.TicketsFile]).Tickets
	if len(tickets) != 1 {
		t.Fatalf("tickets %+v", tickets)
	}
	tk := tickets[0]
	if tk.ID != w.ayse.tickets[0] || tk.Subject != "Ayşe ödeme sorusu" || tk.Status != "answered" || tk.CategoryName.EN != "Payment" ||
		len(tk.Messages) != 2 || tk.Messages[0].From != "translator" || tk.Messages[0].Body != "Ayşe soruyor: ödemem nerede?" ||
		tk.Messages[1].From != "staff" || tk.Messages[1].Author != "Destek Ekibi" || tk.Messages[1].Body != "Ayşe için yanıt: yarın yatıyor." {
		t.Errorf("ticket %+v", tk)
	}

	all := string(files[datacopy.ProfileFile]) + string(files[datacopy.ApplicationsFile]) + string(files[datacopy.TicketsFile])
	others := []string{w.mehmet.id, "Mehmet", "mehmet.kaya", "1926819", "Can", "can.demir", "özgeçmiş"}
	// Whole IBANs, in any spelling, and the stores' internals stay out.
	internals := []string{"TR330006", "TR33 0006", "DE89", "outbox", "mailbox", "openEmail", "search", "version", "staffLog",
		staff.ID, w.ayse.applications[0].CV.ID, w.ayse.applications[1].CV.ID}
	for _, s := range append(others, internals...) {
		if strings.Contains(all, s) {
			t.Errorf("the copy holds %q", s)
		}
	}
}

// The other translator's copy is theirs (suspended, as they see it on their profile), and the
// applicant without an account gets their application by e-mail alone; a person this service
// knows nothing of gets no files.
func TestGatherOthers(t *testing.T) {
	w := newWorld(t)
	files := copyOf(t, w, privacy.Requested{RequestID: "req-mehmet", Kind: privacy.KindCopy, UserID: w.mehmet.id, Email: w.mehmet.email})
	p := decode[datacopy.ProfileCopy](t, files[datacopy.ProfileFile])
	if p.TranslatorID != w.mehmet.id || !p.Suspended || p.Suspension == nil || p.Suspension.Reason != "Mehmet'in belgeleri eksik" ||
		profiles.Today(p.Suspension.Since) != "2026-11-20" || p.OnVacation || len(p.Vacations) != 1 || p.Vacations[0].Status != profiles.Upcoming ||
		len(p.BankAccounts) != 1 || p.BankAccounts[0].IBAN != "GB** **** **** **** **68 19" {
		t.Errorf("profile %+v", p)
	}
	apps := decode[datacopy.ApplicationsCopy](t, files[datacopy.ApplicationsFile]).Applications
	tickets := decode[datacopy.TicketsCopy](t, files[datacopy.TicketsFile]).Tickets
	if len(apps) != 1 || apps[0].ID != w.mehmet.applications[0].ID || len(tickets) != 1 || tickets[0].ID != w.mehmet.tickets[0] {
		t.Errorf("applications %+v, tickets %+v", apps, tickets)
	}
	all := string(files[datacopy.ProfileFile]) + string(files[datacopy.ApplicationsFile]) + string(files[datacopy.TicketsFile])
	for _, s := range []string{w.ayse.id, "Ayşe", "ayse.yilmaz", "**13 26", "can.demir", staff.ID, "GB29", "NWBK"} {
		if strings.Contains(all, s) {
			t.Errorf("Mehmet's copy holds %q", s)
		}
	}

	files = copyOf(t, w, privacy.Requested{RequestID: "req-can", Kind: privacy.KindCopy, Email: "Can.Demir@example.com"})
	if len(files) != 1 {
		t.Fatalf("the applicant's files %v", files)
	}
	apps = decode[datacopy.ApplicationsCopy](t, files[datacopy.ApplicationsFile]).Applications
	if len(apps) != 1 || apps[0].ID != w.can.applications[0].ID || apps[0].Email != "can.demir@example.com" || apps[0].Status != "rejected" ||
		apps[0].CV.Name != "can-özgeçmiş.pdf" || apps[0].CV.Size != 59 {
		t.Errorf("the applicant's applications %+v", apps)
	}

	if files := copyOf(t, w, privacy.Requested{RequestID: "req-x", Kind: privacy.KindCopy, UserID: "cust-1", Email: "musteri@example.com"}); len(files) != 0 {
		t.Errorf("a customer's copy from svc-translators: %v", files)
	}
}

// part is a privacy_parts document as the outbox relay sees it.
type part struct {
	Service string         `bson:"service"`
	Files   int            `bson:"files"`
	Outbox  []events.Event `bson:"outbox"`
}

func requested(t *testing.T, r privacy.Requested) events.Event {
	t.Helper()
	e, err := events.New(context.Background(), privacy.EventRequested, r)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// The Handler answers a copy request once however often it is delivered: one privacy_parts
// document with one privacy.part_ready queued, whose payload keeps its contract; wired with Copy
// alone, an erasure is not its to answer (main wires Erase too: TestHandlerAnswersErasureOnce),
// nor is another event of svc-auth's stream.
func TestHandlerAnswersOnce(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	parts, err := privacy.NewPartStore(ctx, w.db)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var kicked []any
	kick := func(ids ...any) { mu.Lock(); kicked = append(kicked, ids...); mu.Unlock() }
	handle := privacy.Handler(datacopy.Service, privacy.Answers{Copy: datacopy.Gather(w.sources(), now)}, parts, kick, now)

	e := requested(t, privacy.Requested{RequestID: "req-1", Kind: privacy.KindCopy, UserID: w.ayse.id, Email: w.ayse.email, Role: "translator", Lang: "tr"})
	for range 2 {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	erasure := requested(t, privacy.Requested{RequestID: "req-2", Kind: privacy.KindErasure, UserID: w.mehmet.id, Email: w.mehmet.email})
	other := events.Event{ID: "e-other", Type: "account.registered", Data: `{"userId":"u1"}`}
	for _, e := range []events.Event{erasure, other} {
		if err := handle(ctx, e); err != nil {
			t.Errorf("%s: %v", e.Type, err)
		}
	}

	if n, err := parts.Collection().CountDocuments(ctx, bson.D{}); err != nil || n != 1 {
		t.Fatalf("%d answers (%v), want 1", n, err)
	}
	var p part
	if err := parts.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: "req-1"}}).Decode(&p); err != nil {
		t.Fatal(err)
	}
	if p.Service != datacopy.Service || p.Files != 3 || len(p.Outbox) != 1 || p.Outbox[0].Type != datacopy.EventPrivacyPartReady {
		t.Fatalf("answer %+v", p)
	}
	if fmt.Sprint(kicked) != "[req-1]" {
		t.Errorf("kicked %v", kicked)
	}
	if err := contracts.Check(datacopy.EventPrivacyPartReady, []byte(p.Outbox[0].Data)); err != nil {
		t.Errorf("payload breaks its contract: %v", err)
	}
	var ready privacy.PartReady
	if err := p.Outbox[0].Decode(&ready); err != nil {
		t.Fatal(err)
	}
	if ready.RequestID != "req-1" || ready.Service != datacopy.Service || len(ready.Files) != 3 {
		t.Errorf("payload %+v", ready)
	}
	for _, f := range ready.Files {
		var obj map[string]any
		if err := json.Unmarshal(f.Data, &obj); err != nil {
			t.Errorf("%s: %v", f.Name, err)
		}
	}
}

// As main wires the copies: svc-auth's request on events:auth, read by svc-translators'
// consumer, is answered on events:translators by the privacy_parts relay, once, though the same
// event is published twice and the request announced again; wired with Copy alone, an erasure
// gets no answer from here. The test's Redis checks every event on it against its contract when
// the test ends.
func TestCopyRequestOverTheStreams(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	w := newWorld(t)
	r := testenv.StartRedis(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	parts, err := privacy.NewPartStore(ctx, w.db)
	if err != nil {
		t.Fatal(err)
	}
	relay := events.NewRelay(parts.Collection(), events.Stream("translators"), events.NewPublisher(r.Client), log, time.Minute)
	processed := w.db.Collection("processed_events")
	consumer := events.NewConsumer(r.Client, events.Stream("auth"), datacopy.Service, processed,
		privacy.Handler(datacopy.Service, privacy.Answers{Copy: datacopy.Gather(w.sources(), now)}, parts, relay.Kick, time.Now), log)
	consumer.Block = 100 * time.Millisecond
	var running sync.WaitGroup
	running.Go(func() { relay.Run(ctx) })
	running.Go(func() {
		if err := consumer.Run(ctx); err != nil {
			t.Error(err)
		}
	})
	t.Cleanup(func() { cancel(); running.Wait() })

	auth := events.NewPublisher(r.Client)
	copyReq := privacy.Requested{RequestID: "req-9", Kind: privacy.KindCopy, UserID: w.mehmet.id, Email: w.mehmet.email, Role: "translator", Lang: "en"}
	first := requested(t, copyReq)
	for _, e := range []events.Event{
		first, first, // svc-auth's relay published it again (a crash before it cleared its outbox)
		requested(t, copyReq), // svc-auth announced the request again
		requested(t, privacy.Requested{RequestID: "req-10", Kind: privacy.KindErasure, UserID: w.ayse.id, Email: w.ayse.email, Role: "translator", Lang: "tr"}),
	} {
		if err := auth.Publish(ctx, events.Stream("auth"), e); err != nil {
			t.Fatal(err)
		}
	}

	// Three distinct events handled, and the answer's outbox emptied onto the stream.
	deadline := time.Now().Add(20 * time.Second)
	for {
		handled, err := processed.CountDocuments(ctx, bson.D{})
		if err != nil {
			t.Fatal(err)
		}
		var p part
		err = parts.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: "req-9"}}).Decode(&p)
		if handled == 3 && err == nil && len(p.Outbox) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d events handled; answer %+v (%v)", handled, p, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	msgs, err := r.Client.XRange(ctx, events.Stream("translators"), "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	var answers []privacy.PartReady
	for _, m := range msgs {
		if m.Values["type"] != datacopy.EventPrivacyPartReady {
			continue
		}
		data, _ := m.Values["data"].(string)
		if err := contracts.Check(datacopy.EventPrivacyPartReady, []byte(data)); err != nil {
			t.Errorf("published payload breaks its contract: %v", err)
		}
		var pr privacy.PartReady
		if err := json.Unmarshal([]byte(data), &pr); err != nil {
			t.Fatal(err)
		}
		answers = append(answers, pr)
	}
	if len(answers) != 1 || answers[0].RequestID != "req-9" || answers[0].Service != datacopy.Service || len(answers[0].Files) != 3 {
		t.Fatalf("answers %+v", answers)
	}
	if n, err := parts.Collection().CountDocuments(ctx, bson.D{}); err != nil || n != 1 {
		t.Errorf("%d answers stored (%v), want 1", n, err)
	}
	for _, f := range answers[0].Files {
		if strings.Contains(string(f.Data), "GB29NWBK") || strings.Contains(string(f.Data), w.ayse.id) {
			t.Errorf("%s: %s", f.Name, f.Data)
		}
	}
}
