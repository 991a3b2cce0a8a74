package profiles_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/profiles"
)

func TestMain(m *testing.M) { testenv.Main(m) }

// clock is the time the service sees; tests move it.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// at is noon of a day in Turkey.
func at(day string) time.Time {
	t, err := time.Parse("2006-01-02 15:04 -0700", day+" 12:00 +0300")
	if err != nil {
		panic(err)
	}
	return t
}

type env struct {
	svc    profiles.Service
	store  *profiles.MongoStore
	clock  *clock
	kicked chan any
}

func newEnv(t *testing.T) *env {
	t.Helper()
	store, err := profiles.NewMongoStore(context.Background(), testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	e := &env{store: store, clock: &clock{t: at("2026-11-20")}, kicked: make(chan any, 1000)}
	svc := profiles.NewService(store, e.clock.now, func(ids ...any) {
		for _, id := range ids {
			e.kicked <- id
		}
	})
	e.svc = profiles.LoggingMiddleware(slog.New(slog.NewTextHandler(io.Discard, nil)))(svc)
	return e
}

// outbox is the availability pictures the profile's outbox holds, decoded (accountsOutbox has
// the bank accounts').
func (e *env) outbox(t *testing.T, id string) []profiles.ProfileChanged {
	t.Helper()
	var doc struct {
		Outbox []events.Event `bson:"outbox"`
	}
	if err := e.store.Collection().FindOne(context.Background(), bson.D{{Key: "_id", Value: id}}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	var out []profiles.ProfileChanged
	for _, ev := range doc.Outbox {
		if ev.Type == profiles.EventPayoutAccounts {
			continue
		}
		if ev.Type != profiles.EventProfileChanged {
			t.Fatalf("event type %q", ev.Type)
		}
		var pc profiles.ProfileChanged
		if err := ev.Decode(&pc); err != nil {
			t.Fatal(err)
		}
		out = append(out, pc)
	}
	return out
}

var ayse = authn.Caller{ID: "tr-ayse", Name: "Ayşe Yılmaz"}

func competencies() profiles.CompetenciesInput {
	return profiles.CompetenciesInput{
		Pairs:           []profiles.Pair{{Source: "tr", Target: "en"}, {Source: "en", Target: "tr"}},
		Services:        []string{"professional-translation", "proofreading"},
		Specializations: []string{"legal", "medical"},
		Sworn:           &profiles.SwornInput{Court: "İstanbul 5. Noterliği", CertificateDate: "2019-05-01"},
		Certificates:    "ATA certified",
	}
}

// wantFields checks err is exactly these field refusals.
func wantFields(t *testing.T, err error, want errs.Fields) {
	t.Helper()
	var got errs.Fields
	if !errors.As(err, &got) {
		t.Fatalf("err = %v, want fields %v", err, want)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("fields %v, want %v", got, want)
	}
}

// Every rule of the competencies refuses its field with its reason, and nothing is saved.
func TestCompetencyRules(t *testing.T) {
	e := newEnv(t)
	many := make([]profiles.Pair, 0, 31)
	langs := []string{"tr", "en", "de", "fr", "ar", "ru", "es", "it"}
	for _, s := range langs {
		for _, d := range langs {
			if s != d && len(many) < 31 {
				many = append(many, profiles.Pair{Source: s, Target: d})
			}
		}
	}
	for _, c := range []struct {
		name   string
		change func(*profiles.CompetenciesInput)
		want   errs.Fields
	}{
		{"no pairs", func(c *profiles.CompetenciesInput) { c.Pairs = nil }, errs.Fields{"pairs": profiles.ReasonRequired}},
		{"31 pairs", func(c *profiles.CompetenciesInput) { c.Pairs = many }, errs.Fields{"pairs": profiles.ReasonTooMany}},
		{"unknown language", func(c *profiles.CompetenciesInput) { c.Pairs[1].Target = "xx" }, errs.Fields{"pairs": profiles.ReasonLanguage}},
		{"source is target", func(c *profiles.CompetenciesInput) { c.Pairs[1].Target = "en" }, errs.Fields{"pairs": profiles.ReasonSame}},
		{"pair twice", func(c *profiles.CompetenciesInput) { c.Pairs[1] = profiles.Pair{Source: "TR", Target: " en"} }, errs.Fields{"pairs": profiles.ReasonDuplicate}},
		{"no services", func(c *profiles.CompetenciesInput) { c.Services = nil }, errs.Fields{"services": profiles.ReasonRequired}},
		{"unknown service", func(c *profiles.CompetenciesInput) { c.Services[1] = "cooking" }, errs.Fields{"services": profiles.ReasonUnknown}},
		{"service twice", func(c *profiles.CompetenciesInput) { c.Services[1] = c.Services[0] }, errs.Fields{"services": profiles.ReasonDuplicate}},
		{"unknown specialisation", func(c *profiles.CompetenciesInput) { c.Specializations[0] = "law" }, errs.Fields{"specializations": profiles.ReasonUnknown}},
		{"specialisation twice", func(c *profiles.CompetenciesInput) { c.Specializations[1] = "legal" }, errs.Fields{"specializations": profiles.ReasonDuplicate}},
		{"no court", func(c *profiles.CompetenciesInput) { c.Sworn.Court = " " }, errs.Fields{"sworn.court": profiles.ReasonRequired}},
		{"court of one letter", func(c *profiles.CompetenciesInput) { c.Sworn.Court = "İ" }, errs.Fields{"sworn.court": profiles.ReasonLength}},
		{"court with a control character", func(c *profiles.CompetenciesInput) { c.Sworn.Court = "Noter\x00lik" }, errs.Fields{"sworn.court": profiles.ReasonFormat}},
		{"no certificate date", func(c *profiles.CompetenciesInput) { c.Sworn.CertificateDate = "" }, errs.Fields{"sworn.certificateDate": profiles.ReasonRequired}},
		{"not a day", func(c *profiles.CompetenciesInput) { c.Sworn.CertificateDate = "2019-02-30" }, errs.Fields{"sworn.certificateDate": profiles.ReasonDate}},
		{"certificate tomorrow", func(c *profiles.CompetenciesInput) { c.Sworn.CertificateDate = "2026-11-21" }, errs.Fields{"sworn.certificateDate": profiles.ReasonFuture}},
		{"certificates too long", func(c *profiles.CompetenciesInput) { c.Certificates = strings.Repeat("ç", 1001) }, errs.Fields{"certificates": profiles.ReasonLength}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := competencies()
			c.change(&in)
			_, err := e.svc.SaveCompetencies(context.Background(), ayse, in)
			wantFields(t, err, c.want)
		})
	}
	if p, _ := e.svc.Profile(context.Background(), ayse); len(p.Competencies.Pairs) != 0 || p.UpdatedAt != (time.Time{}) {
		t.Errorf("refused saves left %+v", p)
	}
	// Today's date is a certificate date that is not in the future; 30 pairs are allowed.
	in := competencies()
	in.Sworn.CertificateDate = "2026-11-20"
	in.Pairs = many[:30]
	if _, err := e.svc.SaveCompetencies(context.Background(), ayse, in); err != nil {
		t.Fatal(err)
	}
}

// A profile never saved reads as an empty one with the default cap; a save is read back whole,
// with codes tidied, and announces the availability picture once, with the caller's name.
func TestSaveCompetencies(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	empty, err := e.svc.Profile(ctx, ayse)
	if err != nil || empty.ActiveJobCap != 3 || empty.FullName != ayse.Name || len(empty.Competencies.Pairs) != 0 {
		t.Fatalf("empty profile %+v, %v", empty, err)
	}
	in := competencies()
	in.Pairs[0] = profiles.Pair{Source: " TR", Target: "En "}
	p, err := e.svc.SaveCompetencies(ctx, ayse, in)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Competencies.Pairs, competencies().Pairs) || p.Competencies.Sworn.Verified || p.FullName != ayse.Name {
		t.Errorf("saved %+v", p)
	}
	got := e.outbox(t, ayse.ID)
	if len(got) != 1 {
		t.Fatalf("outbox %+v", got)
	}
	want := profiles.ProfileChanged{TranslatorID: ayse.ID, Version: got[0].Version, Pairs: competencies().Pairs,
		Services: competencies().Services, ActiveJobCap: 3, Vacations: []profiles.Period{}, At: at("2026-11-20").UTC()}
	if fmt.Sprint(got[0]) != fmt.Sprint(want) || got[0].Version < 1 {
		t.Errorf("event %+v\nwant  %+v", got[0], want)
	}
	if id := <-e.kicked; id != ayse.ID {
		t.Errorf("kicked %v", id)
	}
	// Certificates and specialisations are not the job pool's business: no event.
	in.Certificates, in.Specializations = "DipTrans", []string{"it"}
	if _, err := e.svc.SaveCompetencies(ctx, ayse, in); err != nil {
		t.Fatal(err)
	}
	if n := len(e.outbox(t, ayse.ID)); n != 1 {
		t.Errorf("a change outside the picture queued an event: %d", n)
	}
}

// Staff verify a sworn registration; the translator saving the same one keeps the check, any
// change to it clears it, and each flip of the verification is announced.
func TestSwornVerification(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if _, err := e.svc.VerifySworn(ctx, authn.Caller{ID: "staff-1"}, ayse.ID); !errors.Is(err, profiles.ErrNotFound) {
		t.Errorf("verify a translator without a profile: %v", err)
	}
	in := competencies()
	in.Sworn = nil
	if _, err := e.svc.SaveCompetencies(ctx, ayse, in); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.VerifySworn(ctx, authn.Caller{ID: "staff-1"}, ayse.ID); !errors.Is(err, profiles.ErrNoSworn) {
		t.Errorf("verify without sworn details: %v", err)
	}
	in = competencies()
	if _, err := e.svc.SaveCompetencies(ctx, ayse, in); err != nil {
		t.Fatal(err)
	}
	p, err := e.svc.VerifySworn(ctx, authn.Caller{ID: "staff-1"}, ayse.ID)
	if err != nil || !p.Competencies.Sworn.Verified {
		t.Fatalf("verified %+v, %v", p.Competencies.Sworn, err)
	}
	if p, _ = e.svc.SaveCompetencies(ctx, ayse, in); !p.Competencies.Sworn.Verified {
		t.Error("saving the same registration cleared its verification")
	}
	in.Sworn.CertificateDate = "2019-05-02"
	if p, _ = e.svc.SaveCompetencies(ctx, ayse, in); p.Competencies.Sworn.Verified {
		t.Error("a new certificate date kept the verification")
	}
	var verified []bool
	for _, ev := range e.outbox(t, ayse.ID) {
		verified = append(verified, ev.SwornVerified)
	}
	// Save without sworn, save with it (same picture: no event), verify, same save, changed date.
	if !slices.Equal(verified, []bool{false, true, false}) {
		t.Errorf("swornVerified of the events: %v", verified)
	}
	stored, _ := e.store.Profile(ctx, ayse.ID)
	if len(stored.StaffLog) != 1 || stored.StaffLog[0].By != "staff-1" || stored.StaffLog[0].What != "sworn.verified" {
		t.Errorf("staff log %+v", stored.StaffLog)
	}
}

// Staff set the cap within 1–20; it is announced and recorded with before and after.
func TestCap(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	if _, err := e.svc.SetCap(ctx, authn.Caller{ID: "staff-1"}, ayse.ID, 5); !errors.Is(err, profiles.ErrNotFound) {
		t.Errorf("cap of nobody: %v", err)
	}
	if _, err := e.svc.SaveCompetencies(ctx, ayse, competencies()); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 21, -1} {
		_, err := e.svc.SetCap(ctx, authn.Caller{ID: "staff-1"}, ayse.ID, n)
		wantFields(t, err, errs.Fields{"activeJobCap": profiles.ReasonRange})
	}
	for _, n := range []int{1, 20, 5} {
		if p, err := e.svc.SetCap(ctx, authn.Caller{ID: "staff-1"}, ayse.ID, n); err != nil || p.ActiveJobCap != n {
			t.Errorf("cap %d: %d, %v", n, p.ActiveJobCap, err)
		}
	}
	evs := e.outbox(t, ayse.ID)
	var caps []int
	for _, ev := range evs {
		caps = append(caps, ev.ActiveJobCap)
	}
	if !slices.Equal(caps, []int{3, 1, 20, 5}) {
		t.Errorf("caps announced %v", caps)
	}
	stored, _ := e.store.Profile(ctx, ayse.ID)
	if len(stored.StaffLog) != 3 || stored.StaffLog[2].Before != "20" || stored.StaffLog[2].After != "5" {
		t.Errorf("staff log %+v", stored.StaffLog)
	}
}

// Staff find translators by the start of their name, of a word of it or of their e-mail, in
// any case, newest first.
func TestTranslatorsList(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for i, o := range []profiles.Opening{
		{TranslatorID: "t1", FullName: "Ayşe Yılmaz", Email: "ayse@example.com", Pairs: []profiles.Pair{{Source: "tr", Target: "en"}}, Specializations: []string{"legal"}},
		{TranslatorID: "t2", FullName: "Mehmet Demir", Email: "mdemir@example.com"},
		{TranslatorID: "t3", FullName: "Zeynep Kaya", Email: "ayla.k@example.com"},
	} {
		e.clock.set(at("2026-11-20").Add(time.Duration(i) * time.Minute))
		if _, err := e.svc.Start(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	// Starting again changes nothing.
	if p, err := e.svc.Start(ctx, profiles.Opening{TranslatorID: "t1", FullName: "Other"}); err != nil || p.FullName != "Ayşe Yılmaz" {
		t.Errorf("second start: %+v, %v", p, err)
	}
	names := func(q string) []string {
		page, err := e.svc.Translators(ctx, profiles.ListFilter{Q: q})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range page.Translators {
			out = append(out, p.TranslatorID)
		}
		return out
	}
	for q, want := range map[string][]string{"": {"t3", "t2", "t1"}, "AY": {"t3", "t1"}, "mdem": {"t2"}, "meh": {"t2"}, "YIL": {"t1"}, "dem": {"t2"}, "t2": {"t2"}, "x": nil, ".*": nil} {
		if got := names(q); !slices.Equal(got, want) {
			t.Errorf("q=%q: %v, want %v", q, got, want)
		}
	}
	// The opening with pairs announced them, version 1; the others had nothing to announce.
	if evs := e.outbox(t, "t1"); len(evs) != 1 || evs[0].Version != 1 || len(evs[0].Pairs) != 1 {
		t.Errorf("t1 outbox %+v", evs)
	}
	if evs := e.outbox(t, "t2"); len(evs) != 0 {
		t.Errorf("t2 outbox %+v", evs)
	}
	p, _ := e.svc.SetCap(ctx, authn.Caller{ID: "staff"}, "t1", 4)
	if evs := e.outbox(t, "t1"); len(evs) != 2 || evs[1].Version <= evs[0].Version || p.Competencies.Specializations[0] != "legal" {
		t.Errorf("t1 after cap %+v", evs)
	}
}

// Racing saves: the last one wins whole, every write announces its picture once, and the
// versions grow in the order the writes landed, the newest being the stored picture.
func TestConcurrentCompetencySaves(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	const n = 10
	langs := []string{"de", "fr", "ar", "ru", "es", "it", "ja", "zh", "ko", "pt"}
	var wg sync.WaitGroup
	errsOf := make([]error, n)
	for i := range n {
		wg.Go(func() {
			in := competencies()
			in.Pairs = []profiles.Pair{{Source: "tr", Target: langs[i]}, {Source: langs[i], Target: "tr"}}
			in.Certificates = langs[i]
			_, errsOf[i] = e.svc.SaveCompetencies(ctx, ayse, in)
		})
	}
	wg.Wait()
	for i, err := range errsOf {
		if err != nil {
			t.Errorf("save %d: %v", i, err)
		}
	}
	p, _ := e.svc.Profile(ctx, ayse)
	if p.Competencies.Pairs[0].Target != p.Competencies.Certificates || p.Competencies.Pairs[1].Source != p.Competencies.Certificates {
		t.Errorf("stored a mix: %+v", p.Competencies)
	}
	evs := e.outbox(t, ayse.ID)
	if len(evs) != n {
		t.Fatalf("%d events for %d writes", len(evs), n)
	}
	seen := map[string]bool{}
	for i, ev := range evs {
		if i > 0 && ev.Version <= evs[i-1].Version {
			t.Errorf("versions not increasing: %d after %d", ev.Version, evs[i-1].Version)
		}
		seen[ev.Pairs[0].Target] = true
	}
	if len(seen) != n || !slices.Equal(evs[n-1].Pairs, p.Competencies.Pairs) {
		t.Errorf("events %+v, stored %+v", evs, p.Competencies.Pairs)
	}
}

// The relay publishes the outbox to events:translators with the payload API.md describes.
func TestEventReachesTheStream(t *testing.T) {
	e := newEnv(t)
	r := testenv.StartRedis(t)
	relay := events.NewRelay(e.store.Collection(), events.Stream("translators"), events.NewPublisher(r.Client), nil, time.Minute)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go relay.Run(ctx)
	if _, err := e.svc.SaveCompetencies(ctx, ayse, competencies()); err != nil {
		t.Fatal(err)
	}
	relay.Kick(ayse.ID)
	deadline := time.Now().Add(10 * time.Second)
	for {
		msgs, err := r.Client.XRange(ctx, "events:translators", "-", "+").Result()
		if err != nil {
			t.Fatal(err)
		}
		if len(msgs) == 1 {
			var payload map[string]any
			if err := json.Unmarshal([]byte(msgs[0].Values["data"].(string)), &payload); err != nil {
				t.Fatal(err)
			}
			if msgs[0].Values["type"] != "translator.profile_changed" {
				t.Errorf("type %v", msgs[0].Values["type"])
			}
			keys := slices.Sorted(func(yield func(string) bool) {
				for k := range payload {
					if !yield(k) {
						return
					}
				}
			})
			if !slices.Equal(keys, []string{"activeJobCap", "at", "pairs", "services", "suspended", "swornVerified", "translatorId", "vacations", "version"}) {
				t.Errorf("payload keys %v", keys)
			}
			if payload["translatorId"] != ayse.ID || payload["at"] != "2026-11-20T09:00:00Z" {
				t.Errorf("payload %v", payload)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing on the stream: %v", msgs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
