package privacy

import (
	"fmt"

	"linguaport/internal/i18n"
)

// Rule is one line of the retention list: a service's collection whose records of a person an
// erasure keeps, what of them, why and how long (then they are erased, destroyed or anonymised
// as the Regulation on the Erasure, Destruction or Anonymisation of Personal Data provides). The
// privacy notice's "How long we keep it" says the same in the person's words.
type Rule struct {
	Service    string
	Collection string
	// Kept is what of the records stays, Reason the law that makes it stay.
	Kept   i18n.Text
	Reason i18n.Text
	Years  int
}

var (
	tenYearsBooks = i18n.Text{
		TR: "Vergi Usul Kanunu md. 253 ve Türk Ticaret Kanunu md. 82 (defter ve belgelerin saklanması); KVKK md. 5/2-ç",
		EN: "Tax Procedure Law art. 253 and Turkish Commercial Code art. 82 (keeping books and documents); KVKK art. 5/2-ç",
	}
	claims = i18n.Text{
		TR: "Bir hakkın tesisi, kullanılması veya korunması (KVKK md. 5/2-e); genel zamanaşımı (Türk Borçlar Kanunu md. 146)",
		EN: "Establishing, exercising or protecting a right (KVKK art. 5/2-e); the general limitation period (Code of Obligations art. 146)",
	}
)

// Retention is the written list: every record an erasure keeps is in one of its lines (each
// service's erasure is checked against it, CheckKept), and nothing else survives an erasure.
var Retention = []Rule{
	{Service: "svc-auth", Collection: "privacy_requests", Years: 10, Reason: claims,
		Kept: i18n.Text{TR: "başvurunun kaydı: e-posta adresi, tarihleri ve yanıtı", EN: "the record of the request: the e-mail address, its dates and its answer"}},
	{Service: "svc-auth", Collection: "users", Years: 3,
		Kept:   i18n.Text{TR: "hesap, kimliği olmadan: kimlik numarası ve kampanya e-postası onay kayıtları", EN: "the account without its identity: its id and the marketing e-mail consent records"},
		Reason: i18n.Text{TR: "Ticari İletişim ve Ticari Elektronik İletiler Hakkında Yönetmelik md. 11 (onay kayıtları, onayın geçerliliğini yitirmesinden sonra üç yıl)", EN: "Regulation on Commercial Communication and Commercial Electronic Messages art. 11 (consent records, three years after the consent ends)"}},
	{Service: "svc-orders", Collection: "orders", Years: 10, Reason: tenYearsBooks,
		Kept: i18n.Text{TR: "siparişin ticari kaydı (numara, hizmet, diller, miktar, tutar, tarihler); talimatlar, notlar ve dosyalar olmadan", EN: "the order's commercial record (number, service, languages, quantity, price, dates), without instructions, notes or files"}},
	{Service: "svc-orders", Collection: "quotes", Years: 10, Reason: claims,
		Kept: i18n.Text{TR: "onaylanan tekliflerin fiyatı ve kabul edilen mesafeli sözleşme metni (Mesafeli Sözleşmeler Yönetmeliği)", EN: "approved quotes' price and the accepted distance-sales contract (Distance Contracts Regulation)"}},
	{Service: "svc-billing", Collection: "invoices", Years: 10, Reason: tenYearsBooks,
		Kept: i18n.Text{TR: "faturalar, iadeler ve e-Arşiv/e-Fatura belgeleri; alıcının belgenin gerektirdiği adı, vergi kimliği ve adresiyle", EN: "invoices, refunds and their e-Arşiv/e-Fatura documents, with the buyer's name, tax id and address as the documents need them"}},
	{Service: "svc-billing", Collection: "payments", Years: 10, Reason: tenYearsBooks,
		Kept: i18n.Text{TR: "ödeme kayıtları", EN: "payment records"}},
	{Service: "svc-billing", Collection: "balance_entries", Years: 10, Reason: tenYearsBooks,
		Kept: i18n.Text{TR: "bakiye hareketleri", EN: "balance movements"}},
	{Service: "svc-billing", Collection: "transfers", Years: 10, Reason: tenYearsBooks,
		Kept: i18n.Text{TR: "bildirilen havale/EFT kayıtları", EN: "declared bank transfers"}},
	{Service: "svc-billing", Collection: "earnings_entries", Years: 10, Reason: tenYearsBooks,
		Kept: i18n.Text{TR: "çevirmen kazanç hareketleri", EN: "a translator's earnings movements"}},
	{Service: "svc-billing", Collection: "payouts", Years: 10, Reason: tenYearsBooks,
		Kept: i18n.Text{TR: "çevirmene yapılan ödemeler ve ödendikleri hesap", EN: "payouts to a translator and the account they were paid to"}},
	// The staff audit log: which staff member did what to the records above, and when. It is the
	// agency's accountability for its staff (KVKK md. 12) and its evidence in a dispute; it
	// names the person's records by their ids, and an erasure clears from it what people wrote
	// that the records no longer keep (AuditTrail.Keep). svc-catalog and svc-translators, which
	// keep none of the person's records, erase their entries with them.
	{Service: "svc-orders", Collection: AuditCollection, Years: 10, Reason: auditReason, Kept: auditKept},
	{Service: "svc-billing", Collection: AuditCollection, Years: 10, Reason: auditReason, Kept: auditKept},
}

var (
	auditKept = i18n.Text{
		TR: "personelin kayıtlarınız üzerindeki işlemlerinin kaydı (kim, ne zaman, ne yaptı)",
		EN: "the record of staff actions on your records (who did what, when)",
	}
	auditReason = i18n.Text{
		TR: "Veri güvenliğine ilişkin yükümlülükler (KVKK md. 12) ve bir hakkın korunması (KVKK md. 5/2-e)",
		EN: "Data security obligations (KVKK art. 12) and protecting a right (KVKK art. 5/2-e)",
	}
)

// RuleFor is the line of the list for a service's collection.
func RuleFor(service, collection string) (Rule, bool) {
	for _, r := range Retention {
		if r.Service == service && r.Collection == collection {
			return r, true
		}
	}
	return Rule{}, false
}

// CheckKept refuses a report that keeps records the list does not name: an erasure may keep
// only what a law makes it keep.
func CheckKept(service string, e Erasure) error {
	for _, k := range e.Kept {
		if _, ok := RuleFor(service, k.Collection); !ok && k.Count > 0 {
			return fmt.Errorf("privacy: %s keeps %d records of %s, which the retention list does not name", service, k.Count, k.Collection)
		}
	}
	return nil
}
