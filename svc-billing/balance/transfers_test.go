package balance_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/errs"
	"linguaport/svc-billing/balance"
)

// 25 entries: a page of the newest 20 with more, then the 5 before the last of them.
func TestBalancePages(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for i := range 25 {
		f.move(t, credit("c1", fmt.Sprintf("s%d", i), "USD", int64(100+i)))
	}
	f.move(t, credit("c1", "try", "TRY", 700))
	v, err := f.svc.Balance(ctx, "c1", "", "")
	if err != nil {
		t.Fatal(err)
	}
	// The first currency held is the default.
	if v.Currency != "USD" || len(v.Balances) != 2 || v.Balances[0].Currency != "USD" || v.Balances[1] != money("TRY", 700) {
		t.Fatalf("balances %+v in %s", v.Balances, v.Currency)
	}
	if len(v.Entries) != balance.PageSize || !v.More || v.Entries[0].ID != "s24" || v.Entries[19].ID != "s5" {
		t.Fatalf("first page: %d entries from %s, more %v", len(v.Entries), v.Entries[0].ID, v.More)
	}
	next, err := f.svc.Balance(ctx, "c1", "USD", v.Entries[19].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(next.Entries) != 5 || next.More || next.Entries[0].ID != "s4" || next.Entries[4].ID != "s0" {
		t.Fatalf("second page: %+v", next.Entries)
	}
	if try, _ := f.svc.Balance(ctx, "c1", "TRY", ""); len(try.Entries) != 1 || try.Entries[0].ID != "try" {
		t.Errorf("TRY ledger: %+v", try.Entries)
	}
	// A page from an entry of another ledger, or no entry, is refused rather than guessed.
	for _, c := range []struct{ cur, before string }{{"TRY", "s3"}, {"USD", "nope"}} {
		_, err := f.svc.Balance(ctx, "c1", c.cur, c.before)
		if fe := (errs.Fields{}); !errors.As(err, &fe) || fe[balance.FieldBefore] != balance.ReasonFormat {
			t.Errorf("%s before %s: %v", c.cur, c.before, err)
		}
	}
	if _, err := f.svc.Balance(ctx, "c2", "XYZ", ""); err == nil {
		t.Error("unknown currency accepted")
	}
	// Someone who never had a balance: empty lists (JSON []), in TRY.
	empty, err := f.svc.Balance(ctx, "c2", "", "")
	if err != nil || empty.Currency != "TRY" || empty.Balances == nil || empty.Entries == nil || empty.Transfers == nil || len(empty.Balances) != 0 {
		t.Errorf("empty balance: %+v %v", empty, err)
	}
}

// Only a debit that pays an invoice announces balance.debited, once, in the account's outbox.
func TestDebitedEventOnlyForInvoices(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.move(t, credit("c1", "s1", "EUR", 10_000))
	f.move(t, balance.Movement{CustomerID: "c1", Key: balance.KeyRefund("inv-0"), Kind: balance.Credit, Amount: money("EUR", 500),
		Reason: balance.ReasonRefund, Reference: "inv-0"})
	f.move(t, balance.Movement{CustomerID: "c1", Key: "odd", Kind: balance.Debit, Amount: money("EUR", 500), Reason: balance.ReasonTopUp})
	if n := len(f.outbox(t, "c1")); n != 0 || len(f.kicked) != 0 {
		t.Fatalf("%d events, kicked %v before any invoice", n, f.kicked)
	}
	e := f.move(t, payInvoice("c1", "inv-1", "EUR", 4_000))
	f.move(t, payInvoice("c1", "inv-1", "EUR", 4_000))
	if _, err := f.svc.Move(ctx, payInvoice("c1", "inv-2", "EUR", 1_000_000)); err == nil {
		t.Fatal("debit above the balance made")
	}
	out := f.outbox(t, "c1")
	if len(out) != 1 || out[0].Type != balance.EventDebited {
		t.Fatalf("outbox %+v", out)
	}
	var got balance.Debited
	if err := out[0].Decode(&got); err != nil {
		t.Fatal(err)
	}
	if want := (balance.Debited{CustomerID: "c1", InvoiceID: "inv-1", EntryID: e.ID, Amount: money("EUR", 4_000)}); got != want {
		t.Errorf("payload %+v, want %+v", got, want)
	}
	if len(f.kicked) == 0 || f.kicked[0] != "c1" {
		t.Errorf("kicked %v", f.kicked)
	}
}

func declaration() balance.TransferInput {
	return balance.TransferInput{Amount: money("TRY", 50_000), Sender: "  Ayşe Yılmaz ", Date: "2026-11-20", Reference: "EFT 123"}
}

func TestDeclareTransferRules(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, c := range []struct {
		name, field, reason string
		change              func(*balance.TransferInput)
	}{
		{"no currency", "amount", balance.ReasonRequired, func(in *balance.TransferInput) { in.Amount.Currency = "" }},
		{"unknown currency", "amount", balance.ReasonCurrency, func(in *balance.TransferInput) { in.Amount.Currency = "CHF" }},
		{"zero", "amount", balance.ReasonRange, func(in *balance.TransferInput) { in.Amount.Amount = 0 }},
		{"negative", "amount", balance.ReasonRange, func(in *balance.TransferInput) { in.Amount.Amount = -5 }},
		{"above a million", "amount", balance.ReasonRange, func(in *balance.TransferInput) { in.Amount.Amount = 100_000_001 }},
		{"above a million yen", "amount", balance.ReasonRange, func(in *balance.TransferInput) { in.Amount = money("JPY", 1_000_001) }},
		{"blank sender", "sender", balance.ReasonRequired, func(in *balance.TransferInput) { in.Sender = "   " }},
		{"short sender", "sender", balance.ReasonLength, func(in *balance.TransferInput) { in.Sender = " A " }},
		{"long sender", "sender", balance.ReasonLength, func(in *balance.TransferInput) { in.Sender = strings.Repeat("ş", 141) }},
		{"no reference", "reference", balance.ReasonRequired, func(in *balance.TransferInput) { in.Reference = "" }},
		{"long reference", "reference", balance.ReasonLength, func(in *balance.TransferInput) { in.Reference = strings.Repeat("x", 141) }},
		{"no date", "date", balance.ReasonRequired, func(in *balance.TransferInput) { in.Date = "" }},
		{"no such day", "date", balance.ReasonFormat, func(in *balance.TransferInput) { in.Date = "2026-02-30" }},
		{"short month", "date", balance.ReasonFormat, func(in *balance.TransferInput) { in.Date = "2026-1-05" }},
		{"other layout", "date", balance.ReasonFormat, func(in *balance.TransferInput) { in.Date = "20.11.2026" }},
		{"tomorrow", "date", balance.ReasonFuture, func(in *balance.TransferInput) { in.Date = "2026-11-24" }},
		{"over a year back", "date", balance.ReasonTooOld, func(in *balance.TransferInput) { in.Date = "2025-11-22" }},
	} {
		in := declaration()
		c.change(&in)
		_, err := f.svc.DeclareTransfer(ctx, "c1", in)
		var fe errs.Fields
		if !errors.As(err, &fe) || len(fe) != 1 || fe[c.field] != c.reason {
			t.Errorf("%s: %v, want %s: %s", c.name, err, c.field, c.reason)
		}
	}
	for _, c := range []struct {
		name   string
		change func(*balance.TransferInput)
	}{
		{"today", func(in *balance.TransferInput) { in.Date = "2026-11-23" }},
		{"a year back", func(in *balance.TransferInput) { in.Date = "2025-11-23" }},
		{"one kuruş", func(in *balance.TransferInput) { in.Amount.Amount = 1 }},
		{"a million", func(in *balance.TransferInput) { in.Amount.Amount = 100_000_000 }},
		{"a million yen", func(in *balance.TransferInput) { in.Amount = money("JPY", 1_000_000) }},
		{"140 letters", func(in *balance.TransferInput) {
			in.Sender, in.Reference = strings.Repeat("ş", 140), strings.Repeat("ğ", 140)
		}},
	} {
		in := declaration()
		c.change(&in)
		if _, err := f.svc.DeclareTransfer(ctx, "c1", in); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// At 22:00 UTC it is already the 24th in Turkey.
	late := newFixtureAt(t, time.Date(2026, 11, 23, 22, 0, 0, 0, time.UTC))
	in := declaration()
	in.Date = "2026-11-24"
	if _, err := late.svc.DeclareTransfer(ctx, "c1", in); err != nil {
		t.Errorf("today in Turkey refused: %v", err)
	}

	tr, err := f.svc.DeclareTransfer(ctx, "c1", balance.TransferInput{Amount: balance.Money{Amount: 50_000, Currency: "try"},
		Sender: "  Ayşe Yılmaz ", Date: " 2026-11-20 ", Reference: " EFT 123 "})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(tr.ID, "trf-") || tr.Status != balance.TransferDeclared || tr.Amount != money("TRY", 50_000) ||
		tr.Sender != "Ayşe Yılmaz" || tr.Date != "2026-11-20" || tr.Reference != "EFT 123" || !tr.DeclaredAt.Equal(now) || tr.DecidedAt != nil {
		t.Errorf("declared %+v", tr)
	}
	v, err := f.svc.Balance(ctx, "c1", "", "")
	if err != nil || len(v.Transfers) != 7 || v.Transfers[6].ID != tr.ID {
		t.Errorf("the customer's waiting transfers: %+v %v", v.Transfers, err)
	}
	if _, err := f.svc.Transfers(ctx, balance.TransferQuery{Status: "paid"}); err == nil {
		t.Error("unknown status accepted")
	}
}

// Eight confirms at once, from four processes: one credit, the same confirmed transfer for all;
// a reject after it is refused, and one before it wins over later confirms.
func TestConfirmTransferCreditsOnce(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	tr, err := f.svc.DeclareTransfer(ctx, "c1", declaration())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]balance.Transfer, 8)
	errs := make([]error, 8)
	for i := range got {
		svc := f.replicas[i%len(f.replicas)]
		wg.Go(func() { got[i], errs[i] = svc.ConfirmTransfer(ctx, tr.ID) })
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil || got[i].Status != balance.TransferConfirmed || got[i].DecidedAt == nil || !got[i].DecidedAt.Equal(*got[0].DecidedAt) {
			t.Errorf("confirm %d: %+v %v", i, got[i], errs[i])
		}
	}
	entries := f.ledger(t, "c1", "TRY")
	if len(entries) != 1 || entries[0].ID != balance.KeyTransfer(tr.ID) || entries[0].Reason != balance.ReasonTransfer ||
		entries[0].Reference != tr.ID || entries[0].Amount != money("TRY", 50_000) {
		t.Fatalf("ledger %+v", entries)
	}
	f.checkLedger(t, "c1", "TRY")
	if _, err := f.svc.RejectTransfer(ctx, tr.ID, "no such payment"); !errors.Is(err, balance.ErrTransferDecided) {
		t.Errorf("reject after confirm: %v", err)
	}
	if page, _ := f.svc.Transfers(ctx, balance.TransferQuery{}); len(page.Transfers) != 0 {
		t.Errorf("still declared: %+v", page)
	}
	if page, _ := f.svc.Transfers(ctx, balance.TransferQuery{Status: balance.TransferConfirmed}); len(page.Transfers) != 1 || page.Transfers[0].ID != tr.ID {
		t.Errorf("confirmed: %+v", page)
	}
	if _, err := f.svc.ConfirmTransfer(ctx, "trf-nope"); !errors.Is(err, balance.ErrNotFound) {
		t.Errorf("unknown transfer: %v", err)
	}

	rejected, err := f.svc.DeclareTransfer(ctx, "c1", declaration())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.RejectTransfer(ctx, rejected.ID, "  "); err == nil {
		t.Error("reject without a reason accepted")
	}
	r, err := f.svc.RejectTransfer(ctx, rejected.ID, " no such payment ")
	if err != nil || r.Status != balance.TransferRejected || r.Reason != "no such payment" || r.DecidedAt == nil {
		t.Fatalf("reject: %+v %v", r, err)
	}
	if _, err := f.svc.ConfirmTransfer(ctx, rejected.ID); !errors.Is(err, balance.ErrTransferDecided) {
		t.Errorf("confirm after reject: %v", err)
	}
	if again, err := f.svc.RejectTransfer(ctx, rejected.ID, "other"); err != nil || again.Reason != "no such payment" {
		t.Errorf("reject again: %+v %v", again, err)
	}
	if held := f.checkLedger(t, "c1", "TRY"); held != 50_000 {
		t.Errorf("balance %d after a rejected transfer", held)
	}
}

// A confirm that died after it began (or after the credit) is finished by the next confirm,
// crediting once; a reject meanwhile is refused, since the credit may already be made.
func TestInterruptedConfirmIsFinished(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	for _, creditMade := range []bool{false, true} {
		tr, err := f.svc.DeclareTransfer(ctx, "c1", declaration())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.store.Transfers().UpdateOne(ctx, bson.D{{Key: "_id", Value: tr.ID}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "confirming", Value: true}}}}); err != nil {
			t.Fatal(err)
		}
		if creditMade {
			f.move(t, balance.Movement{CustomerID: "c1", Key: balance.KeyTransfer(tr.ID), Kind: balance.Credit, Amount: tr.Amount,
				Reason: balance.ReasonTransfer, Reference: tr.ID})
		}
		if _, err := f.svc.RejectTransfer(ctx, tr.ID, "late"); !errors.Is(err, balance.ErrTransferDecided) {
			t.Errorf("reject during a confirm: %v", err)
		}
		if c, err := f.svc.ConfirmTransfer(ctx, tr.ID); err != nil || c.Status != balance.TransferConfirmed {
			t.Errorf("confirm: %+v %v", c, err)
		}
	}
	if held := f.checkLedger(t, "c1", "TRY"); held != 100_000 {
		t.Errorf("balance %d, want two transfers of 500,00", held)
	}
}
