package profiles_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/svc-translators/profiles"
)

// IBANs are normalised and checked by ISO 13616 and each country's length (jbub/banking); the
// holder is 2–140 characters.
func TestAccountRules(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for _, c := range []struct {
		iban, holder string
		want         errs.Fields
	}{
		{"TR34 0006 1005 1978 6457 8413 26", "Ayşe Yılmaz", errs.Fields{"iban": profiles.ReasonChecksum}},
		{"DE88370400440532013000", "Ayşe Yılmaz", errs.Fields{"iban": profiles.ReasonChecksum}},
		{"TR33 0006 1005 1978 6457 8413 2", "Ayşe Yılmaz", errs.Fields{"iban": profiles.ReasonLength}},
		{"TR33 0006 1005 1978 6457 8413 266", "Ayşe Yılmaz", errs.Fields{"iban": profiles.ReasonLength}},
		{"XX33 0006 1005 1978 6457 8413 26", "Ayşe Yılmaz", errs.Fields{"iban": profiles.ReasonCountry}},
		{"US33 0006 1005 1978 6457 8413 26", "Ayşe Yılmaz", errs.Fields{"iban": profiles.ReasonCountry}},
		{"TR33-0006-1005-1978-6457-8413-26", "Ayşe Yılmaz", errs.Fields{"iban": profiles.ReasonFormat}},
		{"3300 0610 0519 7864 5784 1326", "Ayşe Yılmaz", errs.Fields{"iban": profiles.ReasonFormat}},
		{"  ", "A", errs.Fields{"iban": profiles.ReasonRequired, "holder": profiles.ReasonLength}},
		{"TR330006100519786457841326", " ", errs.Fields{"holder": profiles.ReasonRequired}},
		{"TR330006100519786457841326", "Ayşe\x07", errs.Fields{"holder": profiles.ReasonFormat}},
	} {
		_, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: c.iban, Holder: c.holder})
		t.Run(c.iban, func(t *testing.T) { wantFields(t, err, c.want) })
	}
	long := ""
	for range 141 {
		long += "a"
	}
	_, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: "TR330006100519786457841326", Holder: long})
	wantFields(t, err, errs.Fields{"holder": profiles.ReasonLength})
	if list, _ := e.svc.Accounts(ctx, ayse); len(list) != 0 {
		t.Errorf("refused accounts were added: %+v", list)
	}
}

// The first account is the default; the same IBAN twice is account_exists, a sixth account
// too_many_accounts; choosing and deleting keep exactly one default; another translator's
// account is not found. None of it is announced to the job pool.
func TestAccounts(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	valid := []string{
		"tr33 0006 1005 1978 6457 8413 26", // spaces and small letters are tidied
		"DE89 3704 0044 0532 0130 00",
		"GB29 NWBK 6016 1331 9268 19",
		"FR14 2004 1010 0505 0001 3M02 606",
		"NL91 ABNA 0417 1643 00",
		"BE68 5390 0754 7034",
	}
	first, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: valid[0], Holder: " Ayşe Yılmaz "})
	if err != nil {
		t.Fatal(err)
	}
	if first.IBAN != "TR330006100519786457841326" || first.IBANDisplay != "TR33 0006 1005 1978 6457 8413 26" ||
		first.Country != "TR" || first.Holder != "Ayşe Yılmaz" || !first.Default || first.ID == "" {
		t.Errorf("first account %+v", first)
	}
	if _, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: "TR33 0006 1005 1978 6457 8413 26", Holder: "Ayşe"}); !errors.Is(err, profiles.ErrAccountExists) {
		t.Errorf("the same IBAN again: %v", err)
	}
	var added []profiles.BankAccount
	added = append(added, first)
	for _, iban := range valid[1:5] {
		a, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: iban, Holder: "Ayşe Yılmaz"})
		if err != nil || a.Default {
			t.Fatalf("add %s: %+v, %v", iban, a, err)
		}
		added = append(added, a)
	}
	if _, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: valid[5], Holder: "Ayşe Yılmaz"}); !errors.Is(err, profiles.ErrTooManyAccounts) {
		t.Errorf("a sixth account: %v", err)
	}
	defaults := func() string {
		list, err := e.svc.Accounts(ctx, ayse)
		if err != nil {
			t.Fatal(err)
		}
		var d []string
		for _, a := range list {
			if a.Default {
				d = append(d, a.Country)
			}
		}
		if len(d) != 1 || !list[0].Default {
			t.Errorf("defaults %v in %+v", d, list)
			return fmt.Sprint(d)
		}
		return d[0]
	}
	if list, err := e.svc.SetDefaultAccount(ctx, ayse, added[2].ID); err != nil || list[0].ID != added[2].ID {
		t.Errorf("set default: %+v, %v", list, err)
	}
	if d := defaults(); d != "GB" {
		t.Errorf("default %s", d)
	}
	// Deleting the default makes the next one the default.
	if err := e.svc.DeleteAccount(ctx, ayse, added[2].ID); err != nil {
		t.Fatal(err)
	}
	if d := defaults(); d != "FR" {
		t.Errorf("after deleting GB the default is %s", d)
	}
	// Deleting the last one, the default, makes the first the default.
	_, _ = e.svc.SetDefaultAccount(ctx, ayse, added[4].ID)
	if err := e.svc.DeleteAccount(ctx, ayse, added[4].ID); err != nil {
		t.Fatal(err)
	}
	if d := defaults(); d != "TR" {
		t.Errorf("after deleting the last the default is %s", d)
	}
	// Room again for one more.
	if _, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: valid[5], Holder: "Ayşe Yılmaz"}); err != nil {
		t.Errorf("add after delete: %v", err)
	}

	// Another translator knows nothing of Ayşe's accounts.
	mehmet := authn.Caller{ID: "tr-mehmet", Name: "Mehmet"}
	if _, err := e.svc.SetDefaultAccount(ctx, mehmet, added[0].ID); !errors.Is(err, profiles.ErrAccountNotFound) {
		t.Errorf("another's default: %v", err)
	}
	if err := e.svc.DeleteAccount(ctx, mehmet, added[0].ID); !errors.Is(err, profiles.ErrAccountNotFound) {
		t.Errorf("another's delete: %v", err)
	}
	if list, _ := e.svc.Accounts(ctx, mehmet); len(list) != 0 {
		t.Errorf("mehmet sees %+v", list)
	}
	if list, _ := e.svc.Accounts(ctx, ayse); len(list) != 4 {
		t.Errorf("ayse has %d accounts", len(list))
	}
	if evs := e.outbox(t, ayse.ID); len(evs) != 0 {
		t.Errorf("bank accounts were announced: %+v", evs)
	}
}

// accountsOutbox is the translator.payout_accounts events in the profile's outbox, oldest first.
func (e *env) accountsOutbox(t *testing.T, id string) []profiles.PayoutAccounts {
	t.Helper()
	var doc struct {
		Outbox []events.Event `bson:"outbox"`
	}
	if err := e.store.Collection().FindOne(context.Background(), bson.D{{Key: "_id", Value: id}}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	var out []profiles.PayoutAccounts
	for _, ev := range doc.Outbox {
		if ev.Type != profiles.EventPayoutAccounts {
			continue
		}
		var pa profiles.PayoutAccounts
		if err := ev.Decode(&pa); err != nil {
			t.Fatal(err)
		}
		out = append(out, pa)
	}
	return out
}

// Every change of the bank accounts (add, default, delete) is announced to svc-billing with the
// whole list and a growing version; a refused change and a change of something else are not.
func TestAccountsAnnouncedForPayouts(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	tr, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: "TR33 0006 1005 1978 6457 8413 26", Holder: "Ayşe Yılmaz"})
	if err != nil {
		t.Fatal(err)
	}
	de, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: "DE89 3704 0044 0532 0130 00", Holder: "Ayşe Y."})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.AddAccount(ctx, ayse, profiles.AccountInput{IBAN: "DE89370400440532013000", Holder: "x y"}); !errors.Is(err, profiles.ErrAccountExists) {
		t.Fatalf("refused add: %v", err)
	}
	if _, err := e.svc.SetDefaultAccount(ctx, ayse, de.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.SetDefaultAccount(ctx, ayse, de.ID); err != nil { // no change: not announced
		t.Fatal(err)
	}
	if err := e.svc.DeleteAccount(ctx, ayse, tr.ID); err != nil {
		t.Fatal(err)
	}
	got := e.accountsOutbox(t, ayse.ID)
	want := [][]profiles.PayoutAccount{
		{{ID: tr.ID, IBAN: "TR330006100519786457841326", Holder: "Ayşe Yılmaz", Default: true}},
		{{ID: tr.ID, IBAN: "TR330006100519786457841326", Holder: "Ayşe Yılmaz", Default: true},
			{ID: de.ID, IBAN: "DE89370400440532013000", Holder: "Ayşe Y."}},
		{{ID: de.ID, IBAN: "DE89370400440532013000", Holder: "Ayşe Y.", Default: true},
			{ID: tr.ID, IBAN: "TR330006100519786457841326", Holder: "Ayşe Yılmaz"}},
		{{ID: de.ID, IBAN: "DE89370400440532013000", Holder: "Ayşe Y.", Default: true}},
	}
	if len(got) != len(want) {
		t.Fatalf("%d announcements, want %d: %+v", len(got), len(want), got)
	}
	for i, pa := range got {
		if pa.TranslatorID != ayse.ID || !slices.Equal(pa.Accounts, want[i]) {
			t.Errorf("announcement %d: %+v, want %+v", i, pa, want[i])
		}
		if i > 0 && pa.Version <= got[i-1].Version {
			t.Errorf("version %d after %d", pa.Version, got[i-1].Version)
		}
	}
	if len(e.outbox(t, ayse.ID)) != 0 {
		t.Error("bank accounts changed the availability picture")
	}
}
