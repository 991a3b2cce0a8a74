package auth_test

import (
	"context"
	"strings"
	"testing"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/svc-auth/auth"
)

// svc-orders' pool events become system messages: a translator's batch one message naming its
// jobs; an escalation one message to the customer and one to each staff account, to nobody else.
// Each event is handled twice (a redelivery) and leaves its messages once.
func TestPoolEventsBecomeMessages(t *testing.T) {
	ctx := context.Background()
	f := newInboxFixture(t)
	store, user := f.store, f.user
	admin1, admin2 := user("Ayşe Yönetici", "ayse@example.com", authn.RoleAdmin), user("Mehmet Yönetici", "mehmet@example.com", authn.RoleAdmin)
	customer, translator := user("Selin Kaya", "selin@example.com", authn.RoleCustomer), user("Can Çevirmen", "can@example.com", authn.RoleTranslator)
	other := user("Başka Çevirmen", "baska@example.com", authn.RoleTranslator)

	batch, _ := events.New(ctx, auth.EventJobsAvailable, map[string]any{"translatorId": translator, "count": 3, "at": "2026-11-23T10:00:00Z",
		"jobs": []map[string]any{{"orderId": "o1", "number": "O-2026-00001"}, {"orderId": "o2", "number": "O-2026-00002"}, {"orderId": "o3", "number": "O-2026-00003"}}})
	single, _ := events.New(ctx, auth.EventJobsAvailable, map[string]any{"translatorId": translator, "count": 1,
		"jobs": []map[string]any{{"orderId": "o4", "number": "O-2026-00004"}}})
	escalated, _ := events.New(ctx, auth.EventOrderEscalated, map[string]any{"orderId": "o9", "number": "O-2026-00009", "customerId": customer, "at": "2026-11-23T14:00:00Z"})
	handle := auth.InboxHandler(store)
	for _, e := range []events.Event{batch, batch, single, escalated, escalated} {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	texts := f.texts
	en := strings.Join(texts(translator, i18n.EN), "\n")
	if got := texts(translator, i18n.EN); len(got) != 2 || !strings.Contains(en, "3 new jobs in your pool | New jobs that match your profile: O-2026-00001, O-2026-00002, O-2026-00003.") ||
		!strings.Contains(en, "1 new job in your pool | New jobs that match your profile: O-2026-00004.") {
		t.Errorf("the translator's messages:\n%s", en)
	}
	if tr := strings.Join(texts(translator, i18n.TR), "\n"); !strings.Contains(tr, "Havuzunuzda 3 yeni iş var | Uzmanlığınıza uygun yeni işler: O-2026-00001, O-2026-00002, O-2026-00003.") {
		t.Errorf("in Turkish:\n%s", tr)
	}
	if got := texts(customer, i18n.EN); len(got) != 1 || got[0] != "Order O-2026-00009 | We are arranging a translator for order O-2026-00009; work will start as soon as possible." {
		t.Errorf("the customer's messages: %q", got)
	}
	if got := texts(customer, i18n.TR); len(got) != 1 || !strings.Contains(got[0], "O-2026-00009 numaralı siparişiniz için çevirmen ayarlıyoruz") {
		t.Errorf("the customer's messages in Turkish: %q", got)
	}
	for _, staff := range []string{admin1, admin2} {
		if got := texts(staff, i18n.EN); len(got) != 1 || got[0] != "Job waiting for a translator: O-2026-00009 | Nobody took order O-2026-00009 from the pool in time. Assign it to an eligible translator in the back office." {
			t.Errorf("staff %s: %q", staff, got)
		}
	}
	if got := texts(other, i18n.EN); len(got) != 0 {
		t.Errorf("another translator: %q", got)
	}
	// A batch without its translator is a broken contract, not a message to nobody.
	broken, _ := events.New(ctx, auth.EventJobsAvailable, map[string]any{"count": 1})
	if err := handle(ctx, broken); err == nil {
		t.Error("a batch without a translator was accepted")
	}
}

// A revision's escalation is worded for staff by its reason, in both languages, and not sent to
// the customer; a revision request tells the translator it came back to.
func TestRevisionEventsBecomeMessages(t *testing.T) {
	ctx := context.Background()
	f := newInboxFixture(t)
	admin := f.user("Ayşe Yönetici", "ayse-rev@example.com", authn.RoleAdmin)
	customer, translator := f.user("Selin Kaya", "selin-rev@example.com", authn.RoleCustomer), f.user("Can Çevirmen", "can-rev@example.com", authn.RoleTranslator)
	overdue, _ := events.New(ctx, auth.EventOrderEscalated, map[string]any{"orderId": "o7", "number": "O-2026-00007", "customerId": customer, "reason": "revision_overdue", "at": "2026-11-23T14:00:00Z"})
	away, _ := events.New(ctx, auth.EventOrderEscalated, map[string]any{"orderId": "o8", "number": "O-2026-00008", "customerId": customer, "reason": "revision_unavailable", "at": "2026-11-23T14:00:00Z"})
	back, _ := events.New(ctx, auth.EventOrderStatusChanged, map[string]any{"orderId": "o7", "number": "O-2026-00007", "customerId": customer, "translatorId": translator, "status": "revision_requested", "at": "2026-11-23T14:00:00Z"})
	handle := auth.InboxHandler(f.store)
	for _, e := range []events.Event{overdue, overdue, away, back, back} {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	en := strings.Join(f.texts(admin, i18n.EN), "\n")
	if got := f.texts(admin, i18n.EN); len(got) != 2 ||
		!strings.Contains(en, "Revision overdue: O-2026-00007 | The revision of order O-2026-00007 was not redelivered by its deadline.") ||
		!strings.Contains(en, "Revision needs a translator: O-2026-00008 | The customer of order O-2026-00008 asked for a revision; the translator who delivered cannot take it back now") {
		t.Errorf("staff's messages:\n%s", en)
	}
	tr := strings.Join(f.texts(admin, i18n.TR), "\n")
	if !strings.Contains(tr, "Düzeltme süresi geçti: O-2026-00007") || !strings.Contains(tr, "Düzeltme çevirmen bekliyor: O-2026-00008") {
		t.Errorf("staff's messages in Turkish:\n%s", tr)
	}
	for _, m := range f.texts(customer, i18n.EN) {
		if strings.Contains(m, "arranging") || strings.Contains(m, "O-2026-00008") {
			t.Errorf("the customer was told of a revision's escalation: %q", m)
		}
	}
	if got := f.texts(translator, i18n.EN); len(got) != 1 || !strings.HasPrefix(got[0], "Revision requested: O-2026-00007 | The customer asked for a revision of job O-2026-00007.") {
		t.Errorf("the translator's messages: %q", got)
	}
	if got := f.texts(translator, i18n.TR); len(got) != 1 || !strings.HasPrefix(got[0], "Düzeltme istendi: O-2026-00007") {
		t.Errorf("the translator's messages in Turkish: %q", got)
	}
}

// Work in a customer's sandbox space is told through webhooks only: its orders' steps, its
// quotes and its simulated translator's revisions leave no message (and so no mail) for the
// sandbox id, the live customer, the translator id or staff; the same step of a live order does.
func TestSandboxEventsLeaveNoMessage(t *testing.T) {
	ctx := context.Background()
	f := newInboxFixture(t)
	admin := f.user("Ayşe Yönetici", "ayse-sbx@example.com", authn.RoleAdmin)
	customer := f.user("Selin Kaya", "selin-sbx@example.com", authn.RoleCustomer)
	sbx, robot := authn.SandboxID(customer), authn.SandboxID("translator")
	var evs []events.Event
	for _, status := range []string{"awaiting_payment", "in_progress", "assigned", "delivered", "revision_requested", "completed"} {
		e, _ := events.New(ctx, auth.EventOrderStatusChanged, map[string]any{"orderId": "o-sbx", "number": "O-2026-00042", "customerId": sbx,
			"translatorId": robot, "status": status, "at": "2026-11-30T10:00:00Z"})
		evs = append(evs, e)
	}
	quote, _ := events.New(ctx, auth.EventQuoteCreated, map[string]any{"quoteId": "q-sbx", "number": "Q-2026-00042", "customerId": sbx,
		"total": map[string]any{"amount": 1000, "currency": "TRY", "formatted": "₺10,00"}})
	live, _ := events.New(ctx, auth.EventOrderStatusChanged, map[string]any{"orderId": "o-live", "number": "O-2026-00043", "customerId": customer,
		"status": "in_progress", "at": "2026-11-30T10:00:00Z"})
	handle := auth.InboxHandler(f.store)
	for _, e := range append(evs, quote, live) {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{sbx, robot, admin} {
		if got := f.texts(id, i18n.EN); len(got) != 0 {
			t.Errorf("%s was told of sandbox work: %q", id, got)
		}
	}
	if got := f.texts(customer, i18n.EN); len(got) != 1 || !strings.Contains(got[0], "O-2026-00043") {
		t.Errorf("the live customer's messages: %q, want only the live order's", got)
	}
}
