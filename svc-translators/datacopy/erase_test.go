package datacopy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/audit"
	"linguaport/internal/events"
	"linguaport/internal/events/contracts"
	"linguaport/internal/ids"
	"linguaport/internal/privacy"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/datacopy"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

func (w *world) erasure(pub datacopy.Publisher) datacopy.ErasureSources {
	return datacopy.ErasureSources{Profiles: w.profileStore, Applications: w.applicationStore, Tickets: w.ticketStore, Events: pub, Audit: w.audit}
}

// erase runs an erasure and checks its report against the retention list: svc-translators keeps
// nothing, so Kept is an empty list.
func erase(t *testing.T, src datacopy.ErasureSources, r privacy.Requested) map[string]int {
	t.Helper()
	report, err := datacopy.Erase(src, now)(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if err := privacy.CheckKept(datacopy.Service, report); err != nil {
		t.Error(err)
	}
	if report.Kept == nil || len(report.Kept) != 0 {
		t.Errorf("kept %+v", report.Kept)
	}
	f, err := privacy.JSONFile(privacy.ErasureFile, report)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(f.Data), `"kept": []`) {
		t.Errorf("%s", f.Data)
	}
	out := map[string]int{}
	for _, c := range report.Erased {
		if _, dup := out[c.Collection]; dup {
			t.Errorf("%s counted twice", c.Collection)
		}
		out[c.Collection] = c.Count
	}
	return out
}

// counts is a report's erased counts as erase answers them; entries, when given, is how many of
// staff's audit entries went.
func counts(profiles, tickets, apps, files int, entries ...int) string {
	return fmt.Sprint(map[string]int{datacopy.ErasedProfiles: profiles, datacopy.ErasedTickets: tickets,
		datacopy.ErasedApplications: apps, datacopy.ErasedApplicationFiles: files, privacy.AuditCollection: sum(entries)})
}

func sum(list []int) int {
	n := 0
	for _, x := range list {
		n += x
	}
	return n
}

// storedFile reports whether any of a stored file is left: its GridFS entry or a chunk.
func storedFile(t *testing.T, w *world, id string) bool {
	t.Helper()
	ctx := context.Background()
	entries, err := w.db.Collection("application_files.files").CountDocuments(ctx, bson.D{{Key: "_id", Value: id}})
	if err != nil {
		t.Fatal(err)
	}
	chunks, err := w.db.Collection("application_files.chunks").CountDocuments(ctx, bson.D{{Key: "files_id", Value: id}})
	if err != nil {
		t.Fatal(err)
	}
	return entries+chunks > 0
}

// fileIDs are the stored files an application names.
func fileIDs(list ...applications.Application) []string {
	var out []string
	for _, a := range list {
		out = append(out, a.CV.ID)
		if a.Portfolio != nil {
			out = append(out, a.Portfolio.ID)
		}
	}
	return out
}

// streamEvents are the events on svc-translators' stream, each checked against its contract.
func streamEvents(t *testing.T, r *testenv.Redis) []events.Event {
	t.Helper()
	msgs, err := r.Client.XRange(context.Background(), events.Stream("translators"), "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	var out []events.Event
	for _, m := range msgs {
		typ, _ := m.Values["type"].(string)
		data, _ := m.Values["data"].(string)
		if err := contracts.Check(typ, []byte(data)); err != nil {
			t.Errorf("%s breaks its contract: %v", typ, err)
		}
		out = append(out, events.Event{Type: typ, Data: data})
	}
	return out
}

// untouched checks that a person's documents are all still there: the profile at the version
// and with the accounts it had, the tickets, the applications and their files' bytes.
func untouched(t *testing.T, w *world, p person, version int64) {
	t.Helper()
	ctx := context.Background()
	if p.id != "" {
		prof, err := w.profileStore.Profile(ctx, p.id)
		if err != nil || prof.GetVersion() != version || len(prof.Accounts) != len(p.ibans) || prof.FullName != p.name {
			t.Errorf("%s's profile %+v (%v)", p.name, prof, err)
		}
		tickets, err := w.ticketStore.OfTranslator(ctx, p.id)
		if err != nil || len(tickets) != len(p.tickets) || len(tickets[0].Messages) != 2 {
			t.Errorf("%s's tickets %+v (%v)", p.name, tickets, err)
		}
	}
	apps, err := w.applicationStore.ByEmail(ctx, p.email)
	if err != nil || len(apps) != len(p.applications) {
		t.Errorf("%s's applications %+v (%v)", p.name, apps, err)
	}
	for _, id := range fileIDs(p.applications...) {
		r, err := w.applicationStore.OpenFile(ctx, id)
		if err != nil {
			t.Errorf("%s's file %s: %v", p.name, id, err)
			continue
		}
		b, err := io.ReadAll(r)
		_ = r.Close()
		if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Errorf("%s's file %s: %q (%v)", p.name, id, b, err)
		}
	}
}

// A translator's erasure deletes their profile and tickets by their id, and every application
// sent from their address (however the request writes it), an open one with a portfolio
// included, with the files' bytes; the platform is told they are gone (svc-orders' pool: no work,
// suspended; svc-billing: no accounts), at a version above every one announced before. The other
// translator and the applicant are untouched, and erasing again finds nothing.
func TestEraseTranslator(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	r := testenv.StartRedis(t)
	src := w.erasure(events.NewPublisher(r.Client))

	// Ayşe applies once more, now with a portfolio file: an open application.
	pdf := []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n")
	again, err := applications.NewService(w.applicationStore, nil, ids.New, now, func(...any) {}).Submit(ctx, applications.Submission{
		Form: applications.Form{FirstName: "Ayşe", LastName: "Yılmaz", Email: "ayse.yilmaz@example.com", Phone: "+90 532 123 45 67",
			NativeLanguage: "tr", WorkingLanguages: "en", Specializations: "legal", ExperienceYears: "8",
			Education: "Boğaziçi", AcceptTerms: "true", Lang: "tr"},
		CV:        &applications.Upload{Name: "ayşe-yeni-cv.pdf", Content: bytes.NewReader(pdf), Size: int64(len(pdf))},
		Portfolio: &applications.Upload{Name: "ayşe-portfolyo.pdf", Content: bytes.NewReader(pdf), Size: int64(len(pdf))},
	})
	if err != nil {
		t.Fatal(err)
	}
	w.ayse.applications = append(w.ayse.applications, again)
	ayseFiles := fileIDs(w.ayse.applications...)
	if len(ayseFiles) != 4 {
		t.Fatalf("Ayşe's files %v", ayseFiles)
	}
	for _, id := range ayseFiles {
		if !storedFile(t, w, id) {
			t.Fatalf("file %s not stored", id)
		}
	}
	before, err := w.profileStore.Profile(ctx, w.ayse.id)
	if err != nil {
		t.Fatal(err)
	}
	mehmet, err := w.profileStore.Profile(ctx, w.mehmet.id)
	if err != nil {
		t.Fatal(err)
	}

	// Staff's audit entries, as internal/audit stores them: on Ayşe's profile, ticket and first
	// application, and on Mehmet's profile.
	entry := func(id, kind, object string) any {
		return bson.D{{Key: "_id", Value: id}, {Key: "actor", Value: bson.D{{Key: "id", Value: "staff-9"}, {Key: "name", Value: "Selin"}}},
			{Key: "action", Value: kind + ".change"}, {Key: "object", Value: bson.D{{Key: "kind", Value: kind}, {Key: "id", Value: object}}},
			{Key: "before", Value: `{"suspension":null}`}, {Key: "after", Value: `{"suspension":{"reason":"Ayşe Hanım'ın teslimleri"}}`}, {Key: "at", Value: now()}}
	}
	if _, err := w.db.Collection(audit.Collection).InsertMany(ctx, []any{
		entry("audit-1", datacopy.AuditTranslator, w.ayse.id), entry("audit-2", datacopy.AuditTicket, w.ayse.tickets[0]),
		entry("audit-3", datacopy.AuditApplication, w.ayse.applications[0].ID), entry("audit-4", datacopy.AuditTranslator, w.mehmet.id),
	}); err != nil {
		t.Fatal(err)
	}

	got := erase(t, src, privacy.Requested{RequestID: "req-e1", Kind: privacy.KindErasure, UserID: w.ayse.id,
		Email: "  AYSE.yilmaz@example.COM ", Role: "translator", Lang: "tr"})
	if fmt.Sprint(got) != counts(1, 1, 3, 4, 3) {
		t.Errorf("erased %v, want %s", got, counts(1, 1, 3, 4, 3))
	}
	for _, o := range []audit.Object{{Kind: datacopy.AuditTranslator, ID: w.ayse.id}, {Kind: datacopy.AuditTicket, ID: w.ayse.tickets[0]},
		{Kind: datacopy.AuditApplication, ID: w.ayse.applications[0].ID}} {
		if p, err := w.audit.List(ctx, audit.Filter{Object: &o}); err != nil || len(p.Entries) != 0 {
			t.Errorf("audit entries of %s left: %+v %v", o, p.Entries, err)
		}
	}
	if p, err := w.audit.List(ctx, audit.Filter{Object: &audit.Object{Kind: datacopy.AuditTranslator, ID: w.mehmet.id}}); err != nil || len(p.Entries) != 1 {
		t.Errorf("Mehmet's audit entries: %+v %v", p.Entries, err)
	}

	if _, err := w.profileStore.Profile(ctx, w.ayse.id); !errors.Is(err, profiles.ErrNotFound) {
		t.Errorf("Ayşe's profile: %v", err)
	}
	if list, err := w.ticketStore.OfTranslator(ctx, w.ayse.id); err != nil || len(list) != 0 {
		t.Errorf("Ayşe's tickets %+v (%v)", list, err)
	}
	if _, err := w.ticketStore.Ticket(ctx, w.ayse.tickets[0]); !errors.Is(err, support.ErrNotFound) {
		t.Errorf("Ayşe's ticket: %v", err)
	}
	if list, err := w.applicationStore.ByEmail(ctx, w.ayse.email); err != nil || len(list) != 0 {
		t.Errorf("Ayşe's applications %+v (%v)", list, err)
	}
	for _, a := range w.ayse.applications {
		if _, err := w.applicationStore.Application(ctx, a.ID); !errors.Is(err, applications.ErrNotFound) {
			t.Errorf("application %s: %v", a.ID, err)
		}
	}
	for _, id := range ayseFiles {
		if storedFile(t, w, id) {
			t.Errorf("file %s left", id)
		}
	}
	untouched(t, w, w.mehmet, mehmet.GetVersion())
	untouched(t, w, w.can, 0)

	// The departure: Ayşe's picture with nothing to work on, suspended, and no bank accounts,
	// each at the version after the profile's last; nothing of Mehmet's.
	evs := streamEvents(t, r)
	if len(evs) != 2 {
		t.Fatalf("events %+v", evs)
	}
	var gone profiles.ProfileChanged
	if evs[0].Type != profiles.EventProfileChanged || evs[0].Decode(&gone) != nil {
		t.Fatalf("event %+v", evs[0])
	}
	if gone.TranslatorID != w.ayse.id || gone.Version != before.GetVersion()+1 || !gone.Suspended || len(gone.Pairs) != 0 ||
		len(gone.Services) != 0 || len(gone.Vacations) != 0 || gone.SwornVerified || gone.At.IsZero() {
		t.Errorf("departure %+v (profile at version %d)", gone, before.GetVersion())
	}
	var accounts profiles.PayoutAccounts
	if evs[1].Type != profiles.EventPayoutAccounts || evs[1].Decode(&accounts) != nil {
		t.Fatalf("event %+v", evs[1])
	}
	if accounts.TranslatorID != w.ayse.id || accounts.Version != before.GetVersion()+1 || accounts.Accounts == nil ||
		len(accounts.Accounts) != 0 || accounts.Name != "" {
		t.Errorf("accounts %+v", accounts)
	}
	for _, e := range evs {
		for _, s := range []string{"TR330006", "Ayşe", "ayse.yilmaz", w.mehmet.id} {
			if strings.Contains(e.Data, s) {
				t.Errorf("%s holds %q: %s", e.Type, s, e.Data)
			}
		}
	}

	// Again: nothing more to erase, nothing more announced.
	got = erase(t, src, privacy.Requested{RequestID: "req-e1", Kind: privacy.KindErasure, UserID: w.ayse.id, Email: w.ayse.email})
	if fmt.Sprint(got) != counts(0, 0, 0, 0) {
		t.Errorf("erased again %v", got)
	}
	if n := len(streamEvents(t, r)); n != 2 {
		t.Errorf("%d events after erasing again", n)
	}
	untouched(t, w, w.mehmet, mehmet.GetVersion())
	untouched(t, w, w.can, 0)
}

// An applicant who never had an account is erased by their address alone: the application and
// its CV go, nothing is announced. A translator whose account's address is no longer the one they
// applied with loses the applications of the profile's address too. Someone svc-translators
// knows nothing of is answered with zeros.
func TestEraseApplicantAndChangedAddress(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	r := testenv.StartRedis(t)
	src := w.erasure(events.NewPublisher(r.Client))
	ayse, err := w.profileStore.Profile(ctx, w.ayse.id)
	if err != nil {
		t.Fatal(err)
	}

	canFiles := fileIDs(w.can.applications...)
	got := erase(t, src, privacy.Requested{RequestID: "req-can", Kind: privacy.KindErasure, Email: "Can.Demir@Example.com"})
	if fmt.Sprint(got) != counts(0, 0, 1, 1) {
		t.Errorf("erased %v", got)
	}
	if list, err := w.applicationStore.ByEmail(ctx, w.can.email); err != nil || len(list) != 0 {
		t.Errorf("Can's applications %+v (%v)", list, err)
	}
	if storedFile(t, w, canFiles[0]) {
		t.Error("Can's CV left")
	}
	if evs := streamEvents(t, r); len(evs) != 0 {
		t.Errorf("events %+v", evs)
	}
	got = erase(t, src, privacy.Requested{RequestID: "req-can", Kind: privacy.KindErasure, Email: w.can.email})
	if fmt.Sprint(got) != counts(0, 0, 0, 0) {
		t.Errorf("erased again %v", got)
	}

	// Mehmet's account now has another address; his profile still names the one he applied with.
	got = erase(t, src, privacy.Requested{RequestID: "req-m", Kind: privacy.KindErasure, UserID: w.mehmet.id,
		Email: "mehmet.yeni@example.com", Role: "translator"})
	if fmt.Sprint(got) != counts(1, 1, 1, 1) {
		t.Errorf("erased %v", got)
	}
	if list, err := w.applicationStore.ByEmail(ctx, w.mehmet.email); err != nil || len(list) != 0 {
		t.Errorf("Mehmet's applications %+v (%v)", list, err)
	}
	if storedFile(t, w, fileIDs(w.mehmet.applications...)[0]) {
		t.Error("Mehmet's CV left")
	}
	evs := streamEvents(t, r)
	if len(evs) != 2 || evs[0].Type != profiles.EventProfileChanged || !strings.Contains(evs[0].Data, w.mehmet.id) ||
		!strings.Contains(evs[0].Data, `"suspended":true`) || evs[1].Type != profiles.EventPayoutAccounts {
		t.Errorf("events %+v", evs)
	}
	untouched(t, w, w.ayse, ayse.GetVersion())

	got = erase(t, src, privacy.Requested{RequestID: "req-x", Kind: privacy.KindErasure, UserID: "cust-1", Email: "musteri@example.com", Role: "customer"})
	if fmt.Sprint(got) != counts(0, 0, 0, 0) {
		t.Errorf("a customer's erasure %v", got)
	}
	untouched(t, w, w.ayse, ayse.GetVersion())
}

// failingPublisher stands for Redis being away.
type failingPublisher struct{}

func (failingPublisher) Publish(context.Context, string, events.Event) error {
	return errors.New("redis away")
}

// A departure that cannot be announced keeps the profile, and the erasure fails so the request
// is handled again; the next run finishes the work.
func TestEraseProfileOnlyAfterItsDepartureIsAnnounced(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	req := privacy.Requested{RequestID: "req-f", Kind: privacy.KindErasure, UserID: w.ayse.id, Email: w.ayse.email}
	if _, err := datacopy.Erase(w.erasure(failingPublisher{}), now)(ctx, req); err == nil {
		t.Fatal("erased without announcing the departure")
	}
	if _, err := w.profileStore.Profile(ctx, w.ayse.id); err != nil {
		t.Errorf("the profile went unannounced: %v", err)
	}
	r := testenv.StartRedis(t)
	got := erase(t, w.erasure(events.NewPublisher(r.Client)), req)
	// The applications and tickets went in the first run.
	if fmt.Sprint(got) != counts(1, 0, 0, 0) {
		t.Errorf("erased %v", got)
	}
	if _, err := w.profileStore.Profile(ctx, w.ayse.id); !errors.Is(err, profiles.ErrNotFound) {
		t.Errorf("profile: %v", err)
	}
	if evs := streamEvents(t, r); len(evs) != 2 {
		t.Errorf("events %+v", evs)
	}
}

// As main wires it (Copy and Erase), the Handler answers an erasure request once however often
// it is delivered: one privacy_parts document whose one privacy.part_ready carries erasure.json,
// the report, and keeps its contract; the relay publishes it once.
func TestHandlerAnswersErasureOnce(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	r := testenv.StartRedis(t)
	pub := events.NewPublisher(r.Client)
	parts, err := privacy.NewPartStore(ctx, w.db)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var kicked []any
	kick := func(ids ...any) { mu.Lock(); kicked = append(kicked, ids...); mu.Unlock() }
	handle := privacy.Handler(datacopy.Service, privacy.Answers{Copy: datacopy.Gather(w.sources(), now),
		Erase: datacopy.Erase(w.erasure(pub), now)}, parts, kick, now)

	e := requested(t, privacy.Requested{RequestID: "req-er", Kind: privacy.KindErasure, UserID: w.ayse.id, Email: w.ayse.email, Role: "translator", Lang: "tr"})
	for range 2 {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if err := handle(ctx, requested(t, privacy.Requested{RequestID: "req-er", Kind: privacy.KindErasure, UserID: w.ayse.id, Email: w.ayse.email})); err != nil {
		t.Fatal(err) // announced again
	}
	if n, err := parts.Collection().CountDocuments(ctx, bson.D{}); err != nil || n != 1 {
		t.Fatalf("%d answers (%v), want 1", n, err)
	}
	var p part
	if err := parts.Collection().FindOne(ctx, bson.D{{Key: "_id", Value: "req-er"}}).Decode(&p); err != nil {
		t.Fatal(err)
	}
	if p.Service != datacopy.Service || p.Files != 1 || len(p.Outbox) != 1 || p.Outbox[0].Type != datacopy.EventPrivacyPartReady {
		t.Fatalf("answer %+v", p)
	}
	if fmt.Sprint(kicked) != "[req-er]" {
		t.Errorf("kicked %v", kicked)
	}
	if _, err := w.profileStore.Profile(ctx, w.ayse.id); !errors.Is(err, profiles.ErrNotFound) {
		t.Errorf("profile: %v", err)
	}

	relay := events.NewRelay(parts.Collection(), events.Stream("translators"), pub, slog.New(slog.NewTextHandler(io.Discard, nil)), time.Minute)
	if n, err := relay.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("relayed %d (%v)", n, err)
	}
	if n, err := relay.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("relayed again %d (%v)", n, err)
	}
	var answers []privacy.PartReady
	for _, ev := range streamEvents(t, r) {
		if ev.Type != datacopy.EventPrivacyPartReady {
			continue
		}
		if err := contracts.Check(datacopy.EventPrivacyPartReady, []byte(ev.Data)); err != nil {
			t.Errorf("payload breaks its contract: %v", err)
		}
		var pr privacy.PartReady
		if err := json.Unmarshal([]byte(ev.Data), &pr); err != nil {
			t.Fatal(err)
		}
		answers = append(answers, pr)
	}
	if len(answers) != 1 || answers[0].RequestID != "req-er" || answers[0].Service != datacopy.Service ||
		len(answers[0].Files) != 1 || answers[0].Files[0].Name != privacy.ErasureFile {
		t.Fatalf("answers %+v", answers)
	}
	report := decode[privacy.Erasure](t, answers[0].Files[0].Data)
	if err := privacy.CheckKept(datacopy.Service, report); err != nil || report.Kept == nil || len(report.Kept) != 0 {
		t.Errorf("kept %+v (%v)", report.Kept, err)
	}
	if fmt.Sprint(report.Erased) != fmt.Sprint([]privacy.Count{{Collection: "profiles", Count: 1}, {Collection: "tickets", Count: 1},
		{Collection: "applications", Count: 2}, {Collection: "application_files", Count: 2}, {Collection: "audit", Count: 0}}) {
		t.Errorf("erased %+v", report.Erased)
	}
}
