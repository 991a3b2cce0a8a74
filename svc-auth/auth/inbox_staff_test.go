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

// What staff do in the back office reaches the people it concerns: a revised or cancelled quote
// its customer, a reassigned job both translators, a step of the paper work the customer (with
// the tracking number once shipped). A redelivered event leaves its messages once.
func TestBackOfficeEventsBecomeMessages(t *testing.T) {
	ctx := context.Background()
	f := newInboxFixture(t)
	store, user := f.store, f.user
	customer := user("Selin Kaya", "selin@example.com", authn.RoleCustomer)
	from, to := user("Can Çevirmen", "can@example.com", authn.RoleTranslator), user("Deniz Çevirmen", "deniz@example.com", authn.RoleTranslator)

	mk := func(typ string, data map[string]any) events.Event {
		e, err := events.New(ctx, typ, data)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	list := []events.Event{
		mk(auth.EventQuoteRevised, map[string]any{"quoteId": "q1", "number": "Q-2026-00007", "customerId": customer, "version": 2,
			"previous": map[string]any{"formatted": "1.200,00 ₺"}, "total": map[string]any{"formatted": "1.000,00 ₺"}, "note": "Tekrarlanan metin indirimi"}),
		mk(auth.EventQuoteCancelled, map[string]any{"quoteId": "q2", "number": "Q-2026-00008", "customerId": customer, "reason": "Belge okunamıyor"}),
		mk(auth.EventOrderReassigned, map[string]any{"orderId": "o1", "number": "O-2026-00011", "customerId": customer, "translatorId": to, "previousTranslatorId": from}),
		mk(auth.EventFulfilmentChanged, map[string]any{"orderId": "o1", "number": "O-2026-00011", "customerId": customer, "step": "shipped", "courier": "Yurtiçi Kargo", "trackingNumber": "YK123456"}),
	}
	handle := auth.InboxHandler(store)
	for _, e := range append(list, list...) {
		if err := handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	texts := func(id string, lang i18n.Lang) string { return strings.Join(f.texts(id, lang), "\n") }
	for who, want := range map[string][]string{
		customer + " tr": {"Teklifiniz güncellendi: Q-2026-00007 | Q-2026-00007 numaralı teklifinizin tutarı 1.200,00 ₺ yerine 1.000,00 ₺ oldu. Not: Tekrarlanan metin indirimi.",
			"Teklif iptal edildi: Q-2026-00008 | Q-2026-00008 numaralı teklifiniz iptal edildi. Gerekçe: Belge okunamıyor.",
			"Sipariş O-2026-00011 | O-2026-00011 numaralı siparişinizin belgeleri kargoya verildi. Kargo: Yurtiçi Kargo, takip numarası YK123456."},
		customer + " en": {"Your quote was revised: Q-2026-00007 | Quote Q-2026-00007 now comes to 1.000,00 ₺ instead of 1.200,00 ₺.",
			"The documents of order O-2026-00011 are shipped. Courier: Yurtiçi Kargo, tracking number YK123456."},
		from + " en": {"Job given to another translator: O-2026-00011"},
		to + " en":   {"A job was assigned to you: O-2026-00011"},
	} {
		id, lang, _ := strings.Cut(who, " ")
		got := texts(id, i18n.Lang(lang))
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %q in:\n%s", who, w, got)
			}
		}
	}
	for id, n := range map[string]int{customer: 3, from: 1, to: 1} {
		if got := texts(id, i18n.EN); strings.Count(got, "\n")+1 != n {
			t.Errorf("%s has these messages, want %d:\n%s", id, n, got)
		}
	}
}
