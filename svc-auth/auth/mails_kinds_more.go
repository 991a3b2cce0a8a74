package auth

import (
	"fmt"
	"maps"
	"time"

	"linguaport/internal/i18n"
)

// The kinds about an order's life, a translator's jobs and payouts, and staff's mails (inbox.go,
// inbox_jobs.go, inbox_staff.go and inbox_mails.go queue them); mails_kinds.go explains the table.
const (
	KindQuoteRevised     = "quote.revised"
	KindOrderAssigned    = "order.translator_assigned"
	KindOrderDelivered   = "order.delivered"
	KindOrderRedelivered = "order.redelivered"
	KindOrderCompleted   = "order.completed"
	KindExpectedDate     = "order.expected_date"
	KindRevisionAsked    = "order.revision_requested"
	KindJobAssigned      = "job.assigned"
	KindRevisionDueSoon  = "job.revision_due_soon"
	KindPayoutPaid       = "payout.paid_mail"
	KindPayoutRejected   = "payout.rejected_mail"
	KindStaffEscalation  = "staff.order_escalated"
	KindStaffRevision    = "staff.revision_requested"
	KindStaffApplication = "staff.application"
	KindStaffTicket      = "staff.ticket"
	KindStaffTransfer    = "staff.transfer"
	KindStaffChat        = "staff.chat_waiting"
)

// Why a reader gets a mail, by what it is about.
var (
	whyOrder = i18n.Text{
		TR: "Bu e-postayı LinguaPort'ta verdiğiniz sipariş hakkında gönderiyoruz.",
		EN: "You get this mail about an order you placed with LinguaPort.",
	}
	whyJob = i18n.Text{
		TR: "Bu e-postayı LinguaPort'ta üstlendiğiniz iş hakkında gönderiyoruz.",
		EN: "You get this mail about a job you took on at LinguaPort.",
	}
	whyReminder = i18n.Text{
		TR: "Bu hatırlatmayı LinguaPort'ta üstlendiğiniz iş için gönderiyoruz. Hatırlatmaları hesap ayarlarınızdan ya da aşağıdaki bağlantıyla kapatabilirsiniz.",
		EN: "You get this reminder about a job you took on at LinguaPort. Turn reminders off in your account settings or with the link below.",
	}
	whyPayout = i18n.Text{
		TR: "Bu e-postayı LinguaPort'tan istediğiniz ödeme hakkında gönderiyoruz; ödeme e-postaları kapatılamaz.",
		EN: "You get this mail about a payout you asked LinguaPort for; payout mails cannot be turned off.",
	}
	whyStaff = i18n.Text{
		TR: "Bu e-posta, ekibin ilgilenmesi gereken bir iş için LinguaPort'un yönetim adresine gönderildi.",
		EN: "This mail goes to LinguaPort's staff address about something the team needs to see to.",
	}
)

// reader is whom a family of kinds is written for. It states once what the family's mails
// share, so each kind below says only its own subject and lines and what else differs: why
// the reader gets them, and the page the button opens and its words unless a kind words its own.
type reader struct {
	why    i18n.Text
	page   string
	button i18n.Text
	// perOrder: the page shows one order, and its address ends with the order's id.
	perOrder bool
}

var (
	customer   = reader{why: whyOrder, page: "order", perOrder: true, button: i18n.Text{TR: "Siparişi görün", EN: "See the order"}}
	translator = reader{why: whyJob, page: "activeJobs", button: i18n.Text{TR: "Aktif işlerinizi açın", EN: "Open your active jobs"}}
	staffDesk  = reader{why: whyStaff, page: "adminOrder", perOrder: true, button: i18n.Text{TR: "Siparişi açın", EN: "Open the order"}}
	payee      = reader{why: whyPayout, page: "earnings", button: i18n.Text{TR: "Kazançlarınızı görün", EN: "See your earnings"}}
)

// kind completes k, a kind of mail to r: r's Why and Button where k has none of its own.
func (r reader) kind(k mailKind) mailKind {
	if k.Why == (i18n.Text{}) {
		k.Why = r.why
	}
	if k.Button == (i18n.Text{}) {
		k.Button = r.button
	}
	return k
}

// orderKind completes k as a kind of mail to r about one order (an orderMail): the order's
// facts, at labelling when it happened, then a revision's reason and deadline when the payload
// has them.
func (r reader) orderKind(at i18n.Text, k mailKind) mailKind {
	k.Fill = fillWith(func(c *composer, p orderMail) error {
		r.about(c, p.OrderID, p.Number)
		c.moment(at, p.At)
		c.fact(i18n.Text{TR: "Gerekçe", EN: "Reason"}, p.Reason)
		c.moment(i18n.Text{TR: "Son teslim", EN: "Due"}, p.Due)
		return nil
	})
	return r.kind(k)
}

// about starts a mail to r about one order: {number} in its texts, the number as the first fact,
// and the button to r's page (the order's own, for a page that shows one).
func (r reader) about(c *composer, orderID, number string) {
	c.set("number", number)
	c.fact(factOrder, number)
	if r.perOrder {
		c.link = c.page(r.page, orderID)
	} else {
		c.link = c.page(r.page)
	}
}

// orderMail is the payload of the mails about an order or a job.
type orderMail struct {
	OrderID string    `json:"orderId"`
	Number  string    `json:"number"`
	At      time.Time `json:"at,omitzero"`
	Reason  string    `json:"reason,omitempty"` // a revision's reason, an escalation's
	Due     time.Time `json:"due,omitzero"`     // a revision's deadline
}

// quoteMail is the payload of a revised quote's mail.
type quoteMail struct {
	QuoteID  string `json:"quoteId"`
	Number   string `json:"number"`
	Previous int64  `json:"previous"`
	Total    int64  `json:"total"`
	Currency string `json:"currency"`
	Note     string `json:"note"`
}

// dateMail is the payload of a moved expected date.
type dateMail struct {
	OrderID  string    `json:"orderId"`
	Number   string    `json:"number"`
	Previous string    `json:"previous"` // the day before: 2026-12-04
	Deadline time.Time `json:"deadline"`
	Note     string    `json:"note"`
}

// payoutMail is the payload of a payout's decision.
type payoutMail struct {
	Amount    int64     `json:"amount"`
	Currency  string    `json:"currency"`
	IBANLast4 string    `json:"ibanLast4"`
	Reason    string    `json:"reason"`
	At        time.Time `json:"at"`
}

// staffNote is the payload of a staff mail about one thing (its id in Ref).
type staffNote struct {
	Ref      string    `json:"ref"`
	Subject  string    `json:"subject,omitempty"` // a ticket's subject, a chat visitor's name
	Lang     string    `json:"lang,omitempty"`    // the language the visitor writes in
	Amount   int64     `json:"amount,omitempty"`
	Currency string    `json:"currency,omitempty"`
	At       time.Time `json:"at,omitzero"`
}

func init() { maps.Copy(mailKinds, moreKinds) }

var moreKinds = map[string]mailKind{
	KindQuoteRevised: customer.kind(mailKind{
		Subject: i18n.Text{TR: "Teklifiniz hazır: {number}", EN: "Your quote is ready: {number}"},
		Lines: []i18n.Text{{
			TR: "Ekibimiz {number} numaralı teklifinizi inceledi ve fiyatı güncelledi. Yeni tutarı teklif sayfasından onaylayabilir ya da reddedebilirsiniz.",
			EN: "Our team reviewed quote {number} and revised its price. Approve or reject the new price on the quote's page.",
		}},
		Button: i18n.Text{TR: "Teklifi görün", EN: "See the quote"},
		Fill: fillWith(func(c *composer, p quoteMail) error {
			c.set("number", p.Number)
			c.fact(i18n.Text{TR: "Teklif", EN: "Quote"}, p.Number)
			c.fact(i18n.Text{TR: "Önceki tutar", EN: "Previous price"}, c.money(p.Previous, p.Currency))
			c.fact(i18n.Text{TR: "Yeni tutar", EN: "New price"}, c.money(p.Total, p.Currency))
			c.fact(factNote, p.Note)
			c.link = c.page("quote", p.QuoteID)
			return nil
		}),
	}),
	KindOrderAssigned: customer.orderKind(i18n.Text{TR: "Atandı", EN: "Assigned"}, mailKind{
		Subject: i18n.Text{TR: "Çevirmeniniz işe başladı: {number}", EN: "Your translator has started: {number}"},
		Lines: []i18n.Text{{
			TR: "{number} numaralı siparişiniz uzman bir çevirmene atandı ve üzerinde çalışılıyor. Teslim edildiğinde size yeniden yazacağız.",
			EN: "Order {number} is assigned to a specialist translator and being worked on. We will write again when it is delivered.",
		}},
	}),
	KindOrderDelivered: customer.orderKind(i18n.Text{TR: "Teslim", EN: "Delivered"}, mailKind{
		Subject: i18n.Text{TR: "Çeviriniz hazır: {number}", EN: "Your translation is ready: {number}"},
		Lines: []i18n.Text{{
			TR: "{number} numaralı siparişiniz teslim edildi. Dosyalarınızı sipariş sayfasından indirebilirsiniz.",
			EN: "Order {number} is delivered. Download your files on the order's page.",
		}},
		Button: downloadFiles,
		After: []i18n.Text{{
			TR: "Teslimden sonraki 7 gün içinde ücretsiz düzeltme isteyebilirsiniz; istemezseniz siparişiniz bu sürenin sonunda tamamlanır.",
			EN: "You can ask for a free revision within 7 days of the delivery; otherwise your order is completed when they have passed.",
		}},
	}),
	KindOrderRedelivered: customer.orderKind(i18n.Text{TR: "Teslim", EN: "Delivered"}, mailKind{
		Subject: i18n.Text{TR: "Düzeltilmiş çeviriniz hazır: {number}", EN: "Your revised translation is ready: {number}"},
		Lines: []i18n.Text{{
			TR: "İstediğiniz düzeltme yapıldı; {number} numaralı siparişinizin düzeltilmiş dosyaları sipariş sayfasında.",
			EN: "The revision you asked for is done; the revised files of order {number} are on the order's page.",
		}},
		Button: downloadFiles,
		After: []i18n.Text{{
			TR: "Her şey yolundaysa siparişi onaylayabilirsiniz; 7 gün içinde yeniden düzeltme de isteyebilirsiniz.",
			EN: "If all is well you can accept the order; you can also ask for another revision within 7 days.",
		}},
	}),
	KindOrderCompleted: customer.orderKind(i18n.Text{TR: "Tamamlandı", EN: "Completed"}, mailKind{
		Subject: i18n.Text{TR: "Siparişiniz tamamlandı: {number}", EN: "Your order is completed: {number}"},
		Lines: []i18n.Text{{
			TR: "{number} numaralı siparişiniz tamamlandı. Dosyalarınız ve faturanız hesabınızda kalır. Bizi tercih ettiğiniz için teşekkür ederiz.",
			EN: "Order {number} is completed. Your files and invoice stay in your account. Thank you for choosing LinguaPort.",
		}},
	}),
	KindExpectedDate: customer.kind(mailKind{
		Subject: i18n.Text{TR: "Teslim tarihiniz değişti: {number}", EN: "Your delivery date has changed: {number}"},
		Lines: []i18n.Text{{
			TR: "{number} numaralı siparişinizin tahmini teslim tarihi güncellendi.",
			EN: "The expected delivery date of order {number} has been updated.",
		}},
		Fill: fillWith(func(c *composer, p dateMail) error {
			customer.about(c, p.OrderID, p.Number)
			if d, err := time.ParseInLocation(time.DateOnly, p.Previous, i18n.Istanbul); err == nil {
				c.fact(i18n.Text{TR: "Önceki tarih", EN: "Was"}, i18n.Date(d, c.lang))
			}
			c.fact(i18n.Text{TR: "Yeni tarih", EN: "Now"}, c.when(p.Deadline))
			c.fact(factNote, p.Note)
			return nil
		}),
	}),
	KindRevisionAsked: translator.orderKind(factAsked, mailKind{
		Subject: i18n.Text{TR: "Düzeltme istendi: {number}", EN: "Revision requested: {number}"},
		Lines: []i18n.Text{{
			TR: "Müşteri {number} numaralı iş için düzeltme istedi. İş yeniden aktif işlerinizde; düzeltilmiş dosyayı oradan, süresi içinde teslim edin.",
			EN: "The customer asked for a revision of job {number}. It is among your active jobs again; deliver the revised file there, in time.",
		}},
	}),
	KindJobAssigned: translator.orderKind(i18n.Text{TR: "Atandı", EN: "Assigned"}, mailKind{
		Subject: i18n.Text{TR: "Size bir iş atandı: {number}", EN: "A job was assigned to you: {number}"},
		Lines: []i18n.Text{{
			TR: "Yönetim {number} numaralı işi size atadı. İş aktif işlerinizde; süresi içinde teslim edin.",
			EN: "Staff assigned job {number} to you. It is among your active jobs; deliver it in time.",
		}},
	}),
	KindRevisionDueSoon: translator.orderKind(factWhen, mailKind{
		Category: CategoryReminders,
		Subject:  i18n.Text{TR: "Düzeltme süresi yaklaşıyor: {number}", EN: "Revision due soon: {number}"},
		Lines: []i18n.Text{{
			TR: "{number} numaralı işin düzeltmesi henüz teslim edilmedi ve süresi yaklaşıyor. Süre geçerse iş yönetime aktarılır.",
			EN: "The revision of job {number} is not delivered yet and its deadline is near. If it passes, the job goes to staff.",
		}},
		Why: whyReminder,
	}),
	KindPayoutPaid: payee.kind(mailKind{
		Subject: i18n.Text{TR: "Ödemeniz yapıldı: {amount}", EN: "Your payout is paid: {amount}"},
		Lines: []i18n.Text{{
			TR: "Ödeme talebiniz onaylandı ve {amount} banka hesabınıza gönderildi. Bankanıza göre hesabınıza geçmesi bir iş gününü bulabilir.",
			EN: "Your payout was approved and {amount} was sent to your bank account. It may take up to one business day to arrive, depending on your bank.",
		}},
		Fill: fillPayout,
	}),
	KindPayoutRejected: payee.kind(mailKind{
		Subject: i18n.Text{TR: "Ödeme talebiniz reddedildi: {amount}", EN: "Your payout was declined: {amount}"},
		Lines: []i18n.Text{{
			TR: "{amount} tutarındaki ödeme talebiniz şu gerekçeyle reddedildi; tutar kazanç bakiyenize geri döndü:",
			EN: "Your payout request of {amount} was declined for this reason; the amount is back in your earnings balance:",
		}, {TR: "{reason}", EN: "{reason}"}},
		Fill: fillPayout,
	}),
	KindStaffEscalation: staffDesk.kind(mailKind{
		Subject: i18n.Text{TR: "{title}", EN: "{title}"},
		Lines:   []i18n.Text{{TR: "{body}", EN: "{body}"}},
		Fill: fillWith(func(c *composer, p orderMail) error {
			news, ok := escalationNews[p.Reason]
			if !ok {
				news = escalationNews["unclaimed"]
			}
			c.set("title", fmt.Sprintf(news.title.In(c.lang), p.Number))
			c.set("body", fmt.Sprintf(news.body.In(c.lang), p.Number))
			staffDesk.about(c, p.OrderID, p.Number)
			c.moment(factWhen, p.At)
			return nil
		}),
	}),
	KindStaffRevision: staffDesk.orderKind(factAsked, mailKind{
		Subject: i18n.Text{TR: "Düzeltme istendi: {number}", EN: "Revision requested: {number}"},
		Lines: []i18n.Text{{
			TR: "Müşteri {number} numaralı siparişi düzeltme için geri gönderdi. İş, teslim eden çevirmene süresiyle geri döndü; süre geçerse ayrıca haber vereceğiz.",
			EN: "The customer sent order {number} back for a revision. It went back to the translator who delivered it, with a deadline; we will tell you again if it passes.",
		}},
	}),
	KindStaffApplication: staffDesk.kind(mailKind{
		Subject: i18n.Text{TR: "Yeni tercüman başvurusu", EN: "New translator application"},
		Lines: []i18n.Text{{
			TR: "Yeni bir tercüman başvurusu geldi ve incelenmeyi bekliyor.",
			EN: "A new translator application has arrived and is waiting to be reviewed.",
		}},
		Button: i18n.Text{TR: "Başvuruyu açın", EN: "Open the application"},
		Fill:   fillStaff("adminApplication", true),
	}),
	KindStaffTicket: staffDesk.kind(mailKind{
		Subject: i18n.Text{TR: "Yeni destek talebi: {subject}", EN: "New support ticket: {subject}"},
		Lines: []i18n.Text{{
			TR: "Bir tercüman “{subject}” konulu yeni bir destek talebi açtı.",
			EN: "A translator opened a new support ticket: “{subject}”.",
		}},
		Button: i18n.Text{TR: "Talebi açın", EN: "Open the ticket"},
		Fill:   fillStaff("adminTicket", true),
	}),
	KindStaffTransfer: staffDesk.kind(mailKind{
		Subject: i18n.Text{TR: "Havale bildirildi: {amount}", EN: "Bank transfer declared: {amount}"},
		Lines: []i18n.Text{{
			TR: "Bir müşteri {amount} tutarında havale yaptığını bildirdi. Hesaba geçtiğinde havaleler ekranından onaylayın; bakiyesi o zaman yüklenir.",
			EN: "A customer says they sent {amount} by bank transfer. Confirm it on the transfers screen once it arrives; their balance is topped up then.",
		}},
		Button: i18n.Text{TR: "Havaleleri açın", EN: "Open the transfers"},
		Fill:   fillStaff("adminTransfers", false),
	}),
	KindStaffChat: staffDesk.kind(mailKind{
		Subject: i18n.Text{TR: "Canlı destekte bekleyen ziyaretçi: {subject}", EN: "A visitor is waiting in live chat: {subject}"},
		Lines: []i18n.Text{{
			TR: "{subject} canlı destekten yazdı ve şu an çevrimiçi kimse yok. Yanıtlamak için canlı destek ekranını açın; ziyaretçi e-posta bıraktıysa mesajı ayrıca iletişim mesajlarında da bulunur.",
			EN: "{subject} wrote in live chat and nobody is online. Open the live chat screen to answer; if the visitor left an e-mail address, the message is among the inquiries too.",
		}},
		Button: i18n.Text{TR: "Canlı desteği açın", EN: "Open live chat"},
		Fill:   fillStaff("adminChat", true),
	}),
}

// downloadFiles words the button of the mails that bring a customer their files.
var downloadFiles = i18n.Text{TR: "Dosyalarınızı indirin", EN: "Download your files"}

// fillPayout fills a payout's mail: the amount as the site writes it, the account, the reason.
var fillPayout = fillWith(func(c *composer, p payoutMail) error {
	amt := c.money(p.Amount, p.Currency)
	c.set("amount", amt)
	c.set("reason", p.Reason)
	c.fact(i18n.Text{TR: "Tutar", EN: "Amount"}, amt)
	if p.IBANLast4 != "" {
		c.fact(i18n.Text{TR: "Hesap", EN: "Account"}, "IBAN …"+p.IBANLast4)
	}
	c.moment(i18n.Text{TR: "Karar zamanı", EN: "Decided at"}, p.At)
	c.link = c.page(payee.page)
	return nil
})

// languageNames name the languages a chat visitor may write in.
var languageNames = map[string]i18n.Text{"tr": {TR: "Türkçe", EN: "Turkish"}, "en": {TR: "İngilizce", EN: "English"}}

// fillStaff fills a staff mail about one thing: its page (the item itself when withRef, else
// the list searched for it), what it is called, the amount, when.
func fillStaff(page string, withRef bool) func(c *composer) error {
	return fillWith(func(c *composer, p staffNote) error {
		c.set("subject", p.Subject)
		if p.Currency != "" {
			c.set("amount", c.money(p.Amount, p.Currency))
		}
		if i18n.Valid(p.Lang) {
			c.fact(i18n.Text{TR: "Dil", EN: "Language"}, languageNames[p.Lang].In(c.lang))
		}
		c.moment(factWhen, p.At)
		if withRef {
			c.link = c.page(page, p.Ref)
		} else {
			c.link = c.page(page, "?q="+p.Ref)
		}
		return nil
	})
}
