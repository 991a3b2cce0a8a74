package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"linguaport/internal/company/companytest"
	"linguaport/internal/events"
	"linguaport/svc-auth/auth"
)

// Every step of an order, a job and a payout that someone should hear about reaches them by
// mail, in their language, with an absolute link to the right page; each event mails once
// however often it comes.
func TestEveryStepMailsItsReader(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	customer := f.browser("en")
	customer.register("Selin Kaya", "selin@example.com")
	cid := customer.do("GET", "me", nil).user()["id"].(string)
	translator := f.browser("tr")
	translator.register("Mert Aydın", "mert@example.com")
	tid := translator.do("GET", "me", nil).user()["id"].(string)
	now := time.Now().UTC().Truncate(time.Second)
	due := now.Add(20 * time.Hour)

	cases := []struct {
		typ     string
		payload map[string]any
		to      string
		subject string
		want    []string // in the text part
		link    string   // the button's href
	}{
		{"quote.revised", map[string]any{"quoteId": "q1", "number": "Q-2026-00011", "customerId": cid, "version": 2,
			"previous": map[string]any{"amount": 120000, "currency": "TRY", "decimals": 2, "formatted": "₺1.200,00"},
			"total":    map[string]any{"amount": 99000, "currency": "TRY", "decimals": 2, "formatted": "₺990,00"}, "note": "Fewer pages", "expiresAt": now},
			"selin@example.com", "Your quote is ready: Q-2026-00011", []string{"New price: ₺990.00", "Previous price: ₺1,200.00", "Note: Fewer pages"},
			"https://site.test/en/account/orders/quotes/q1"},
		{"order.status_changed", map[string]any{"orderId": "o1", "number": "O-2026-00021", "customerId": cid, "translatorId": tid, "status": "assigned", "at": now},
			"selin@example.com", "Your translator has started: O-2026-00021", []string{"Order O-2026-00021 is assigned"}, "https://site.test/en/account/orders/o1"},
		{"order.status_changed", map[string]any{"orderId": "o1", "number": "O-2026-00021", "customerId": cid, "translatorId": tid, "status": "delivered", "step": "redelivered", "at": now},
			"selin@example.com", "Your revised translation is ready: O-2026-00021", []string{"The revision you asked for is done"}, "https://site.test/en/account/orders/o1"},
		{"order.status_changed", map[string]any{"orderId": "o1", "number": "O-2026-00021", "customerId": cid, "status": "completed", "at": now},
			"selin@example.com", "Your order is completed: O-2026-00021", []string{"Order O-2026-00021 is completed"}, "https://site.test/en/account/orders/o1"},
		{"order.expected_date_changed", map[string]any{"orderId": "o1", "number": "O-2026-00021", "customerId": cid, "previousExpectedDate": "2026-12-04",
			"expectedDate": "2026-12-08", "deadline": time.Date(2026, 12, 8, 15, 0, 0, 0, time.UTC), "note": "A holiday", "by": "staff", "at": now},
			"selin@example.com", "Your delivery date has changed: O-2026-00021", []string{"Was: 4 December 2026", "Now: 8 December 2026, 18:00 (Istanbul time)", "Note: A holiday"},
			"https://site.test/en/account/orders/o1"},
		{"order.assigned", map[string]any{"orderId": "o2", "number": "O-2026-00022", "customerId": cid, "translatorId": tid, "step": "assigned", "by": "staff", "deadline": due, "at": now},
			"mert@example.com", "Size bir iş atandı: O-2026-00022", []string{"Yönetim O-2026-00022 numaralı işi size atadı", "Son teslim: "}, "https://site.test/tr/hesabim/aktif-islerim"},
		{"order.revision_due_soon", map[string]any{"orderId": "o2", "number": "O-2026-00022", "translatorId": tid, "revisionDue": due, "reason": "Terimler", "at": now},
			"mert@example.com", "Düzeltme süresi yaklaşıyor: O-2026-00022", []string{"Gerekçe: Terimler", "Bu e-postaları almak istemiyorsanız: https://site.test/api/v1/auth/unsubscribe/"}, "https://site.test/tr/hesabim/aktif-islerim"},
		{"payout.paid", map[string]any{"payoutId": "p1", "translatorId": tid, "status": "paid", "amount": map[string]any{"amount": 250000, "currency": "TRY", "decimals": 2},
			"formatted": map[string]any{"tr": "₺2.500,00", "en": "₺2,500.00"}, "ibanLast4": "1234", "decidedAt": now},
			"mert@example.com", "Ödemeniz yapıldı: 2.500,00 ₺", []string{"Hesap: IBAN …1234"}, "https://site.test/tr/hesabim/kazanclar"},
		{"payout.rejected", map[string]any{"payoutId": "p2", "translatorId": tid, "status": "rejected", "amount": map[string]any{"amount": 5000, "currency": "TRY", "decimals": 2},
			"formatted": map[string]any{"tr": "₺50,00", "en": "₺50.00"}, "ibanLast4": "1234", "reason": "IBAN adı tutmuyor", "decidedAt": now},
			"mert@example.com", "Ödeme talebiniz reddedildi: 50,00 ₺", []string{"IBAN adı tutmuyor"}, "https://site.test/tr/hesabim/kazanclar"},
		{"order.status_changed", map[string]any{"orderId": "o3", "number": "O-2026-00023", "customerId": cid, "translatorId": tid, "status": "revision_requested",
			"revisionReason": "Eksik sayfa", "revisionDue": due, "at": now},
			staffAddress, "Düzeltme istendi: O-2026-00023", []string{"Gerekçe: Eksik sayfa"}, "https://site.test/tr/yonetim/siparisler/o3"},
		{"application.submitted", map[string]any{"applicationId": "a1"},
			staffAddress, "Yeni tercüman başvurusu", []string{"incelenmeyi bekliyor"}, "https://site.test/tr/yonetim/basvurular/a1"},
		{"ticket.opened", map[string]any{"ticketId": "t1", "translatorId": tid, "subject": "Fatura sorusu", "category": "payment", "at": now},
			staffAddress, "Yeni destek talebi: Fatura sorusu", []string{"“Fatura sorusu”"}, "https://site.test/tr/yonetim/talepler/t1"},
		{"transfer.declared", map[string]any{"transferId": "trf-1", "customerId": cid, "amount": map[string]any{"amount": 125000, "currency": "TRY", "decimals": 2}, "declaredAt": now},
			staffAddress, "Havale bildirildi: 1.250,00 ₺", []string{"1.250,00 ₺ tutarında havale"}, "https://site.test/tr/yonetim/havaleler?q=trf-1"},
		{"chat.opened", map[string]any{"conversationId": "c1", "name": "Jane Doe", "language": "en", "at": now, "staffOnline": false},
			staffAddress, "Canlı destekte bekleyen ziyaretçi: Jane Doe", []string{"Dil: İngilizce"}, "https://site.test/tr/yonetim/canli-destek/c1"},
	}
	for _, c := range cases {
		e, err := events.New(ctx, c.typ, c.payload)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 { // redelivered
			if err := f.inbox(ctx, e); err != nil {
				t.Fatalf("%s: %v", c.typ, err)
			}
		}
		m := f.mailFor(c.to, c.subject)
		for _, w := range c.want {
			if !strings.Contains(m.Text, w) {
				t.Errorf("%s: the mail lacks %q:\n%s", c.subject, w, m.Text)
			}
		}
		if !strings.Contains(m.HTML, `href="`+c.link+`"`) {
			t.Errorf("%s: no button to %s", c.subject, c.link)
		}
		// The agency's configured facts end every mail, in both parts.
		if legal := companytest.Other().LegalName; !strings.Contains(m.Text, legal) || !strings.Contains(m.HTML, legal) {
			t.Errorf("%s: no %q in the footer", c.subject, legal)
		}
	}
	time.Sleep(500 * time.Millisecond)
	for _, c := range cases {
		if n := f.mailsFor(c.to, c.subject); n != 1 {
			t.Errorf("%d mails %q for one event delivered twice", n, c.subject)
		}
	}
	// Optional only: the reminder carries its unsubscribe, the payout does not.
	if m := f.mailFor("mert@example.com", "Ödemeniz yapıldı: 2.500,00 ₺"); m.ListUnsubscribe != "" {
		t.Errorf("a payout mail cannot be turned off: %q", m.ListUnsubscribe)
	}
	if m := f.mailFor("mert@example.com", "Düzeltme süresi yaklaşıyor: O-2026-00022"); m.ListUnsubscribe == "" || m.ListUnsubscribePost != "List-Unsubscribe=One-Click" {
		t.Errorf("a reminder carries the one-click unsubscribe: %q %q", m.ListUnsubscribe, m.ListUnsubscribePost)
	}
}

// A visitor waiting with nobody online mails staff once per quarter hour of the conversation;
// with someone online, or for news older than two days, nothing is mailed.
func TestChatWaitingAndOldNewsMails(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	start := time.Now().UTC().Truncate(15 * time.Minute)
	send := func(typ string, payload map[string]any, occurred time.Time) {
		t.Helper()
		e, err := events.New(ctx, typ, payload)
		if err != nil {
			t.Fatal(err)
		}
		e.OccurredAt = occurred
		if err := f.inbox(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	chat := func(at time.Time, online bool) map[string]any {
		return map[string]any{"conversationId": "c7", "name": "Ali Veli", "language": "tr", "at": at, "staffOnline": online}
	}
	send(auth.EventChatOpened, chat(start, false), start)
	send(auth.EventChatMessage, chat(start.Add(time.Minute), false), start.Add(time.Minute))
	send(auth.EventChatMessage, chat(start.Add(2*time.Minute), true), start.Add(2*time.Minute))
	f.mailFor(staffAddress, "Canlı destekte bekleyen ziyaretçi: Ali Veli")
	old := time.Now().Add(-72 * time.Hour)
	send(auth.EventTicketOpened, map[string]any{"ticketId": "t-old", "subject": "Eski talep", "at": old}, old)
	time.Sleep(500 * time.Millisecond)
	if n := f.mailsFor(staffAddress, "Canlı destekte bekleyen ziyaretçi: Ali Veli"); n != 1 {
		t.Errorf("%d mails for one waiting quarter hour", n)
	}
	if n := f.mailsFor(staffAddress, "Yeni destek talebi: Eski talep"); n != 0 {
		t.Errorf("a three-day-old ticket was mailed")
	}
}

// An event that names nobody to tell queues nothing, and one whose payload does not decode is
// an error, so the consumer keeps it to retry rather than dropping a mail someone should get.
func TestEventsThatMailNobody(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	now := time.Now().UTC()
	for typ, payload := range map[string]map[string]any{
		auth.EventOrderAssigned:       {"orderId": "o1", "number": "O-2026-00031", "at": now},
		auth.EventRevisionDueSoon:     {"orderId": "o1", "number": "O-2026-00031", "revisionDue": now},
		auth.EventExpectedDateChanged: {"orderId": "o1", "number": "O-2026-00031", "deadline": now},
		auth.EventPayoutPaid:          {"payoutId": "p1", "amount": map[string]any{"amount": 100, "currency": "TRY"}},
		auth.EventChatOpened:          {"conversationId": "c1", "name": "Ali", "at": now, "staffOnline": true},
	} {
		e, err := events.New(ctx, typ, payload)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.inbox(ctx, e); err != nil {
			t.Errorf("%s naming nobody: %v", typ, err)
		}
	}
	bad, _ := events.New(ctx, auth.EventTicketOpened, map[string]any{"ticketId": 7})
	if err := f.inbox(ctx, bad); err == nil || !strings.Contains(err.Error(), "ticket.opened payload") {
		t.Errorf("an undecodable payload: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	if ms := f.mail.Messages(); len(ms) != 0 {
		t.Errorf("mails for events that name nobody: %v", subjects(ms))
	}
}
