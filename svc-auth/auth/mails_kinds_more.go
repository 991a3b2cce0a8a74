package auth

import (
	"maps"
	"time"

	"linguaport/internal/i18n"
	moneyfmt "linguaport/internal/money"
)

// The kinds of the rest of an order's life, a translator's jobs and payouts, and staff's mails
// (inbox_mails.go queues them); mails_kinds.go explains the table.
const (
	KindQuoteRevised     = "quote.revised"
	KindOrderAssigned    = "order.translator_assigned"
	KindOrderRedelivered = "order.redelivered"
	KindOrderCompleted   = "order.completed"
	KindExpectedDate     = "order.expected_date"
	KindJobAssigned      = "job.assigned"
	KindRevisionDueSoon  = "job.revision_due_soon"
	KindPayoutPaid       = "payout.paid_mail"
	KindPayoutRejected   = "payout.rejected_mail"
	KindStaffRevision    = "staff.revision_requested"
	KindStaffApplication = "staff.application"
	KindStaffTicket      = "staff.ticket"
	KindStaffTransfer    = "staff.transfer"
	KindStaffChat        = "staff.chat_waiting"
)

var whyReminder = i18n.Text{
	TR: "Bu hatırlatmayı LinguaPort'ta üstlendiğiniz iş için gönderiyoruz. Hatırlatmaları hesap ayarlarınızdan ya da aşağıdaki bağlantıyla kapatabilirsiniz.",
	EN: "You get this reminder about a job you took on at LinguaPort. Turn reminders off in your account settings or with the link below.",
}

var whyPayout = i18n.Text{
	TR: "Bu e-postayı LinguaPort'tan istediğiniz ödeme hakkında gönderiyoruz; ödeme e-postaları kapatılamaz.",
	EN: "You get this mail about a payout you asked LinguaPort for; payout mails cannot be turned off.",
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

// moneyIn writes an amount as the site does in lang.
func moneyIn(a amount, lang i18n.Lang) string {
	return moneyfmt.Format(a.Amount, a.Currency, string(lang))
}

func init() { maps.Copy(mailKinds, moreKinds) }

var moreKinds = map[string]mailKind{
	KindQuoteRevised: {
		Subject: i18n.Text{TR: "Teklifiniz hazır: {number}", EN: "Your quote is ready: {number}"},
		Lines: []i18n.Text{{
			TR: "Ekibimiz {number} numaralı teklifinizi inceledi ve fiyatı güncelledi. Yeni tutarı teklif sayfasından onaylayabilir ya da reddedebilirsiniz.",
			EN: "Our team reviewed quote {number} and revised its price. Approve or reject the new price on the quote's page.",
		}},
		Button: i18n.Text{TR: "Teklifi görün", EN: "See the quote"},
		Why:    whyOrder,
		Fill: func(c *composer) error {
			var p quoteMail
			if err := c.decode(&p); err != nil {
				return err
			}
			c.set("number", p.Number)
			c.fact(i18n.Text{TR: "Teklif", EN: "Quote"}, p.Number)
			c.fact(i18n.Text{TR: "Önceki tutar", EN: "Previous price"}, moneyfmt.Format(p.Previous, p.Currency, string(c.lang)))
			c.fact(i18n.Text{TR: "Yeni tutar", EN: "New price"}, moneyfmt.Format(p.Total, p.Currency, string(c.lang)))
			c.fact(i18n.Text{TR: "Not", EN: "Note"}, p.Note)
			c.link = c.page("quote", p.QuoteID)
			return nil
		},
	},
	KindOrderAssigned: {
		Subject: i18n.Text{TR: "Çevirmeniniz işe başladı: {number}", EN: "Your translator has started: {number}"},
		Lines: []i18n.Text{{
			TR: "{number} numaralı siparişiniz uzman bir çevirmene atandı ve üzerinde çalışılıyor. Teslim edildiğinde size yeniden yazacağız.",
			EN: "Order {number} is assigned to a specialist translator and being worked on. We will write again when it is delivered.",
		}},
		Button: i18n.Text{TR: "Siparişi görün", EN: "See the order"},
		Why:    whyOrder,
		Fill:   fillOrder("order", i18n.Text{TR: "Atandı", EN: "Assigned"}),
	},
	KindOrderRedelivered: {
		Subject: i18n.Text{TR: "Düzeltilmiş çeviriniz hazır: {number}", EN: "Your revised translation is ready: {number}"},
		Lines: []i18n.Text{{
			TR: "İstediğiniz düzeltme yapıldı; {number} numaralı siparişinizin düzeltilmiş dosyaları sipariş sayfasında.",
			EN: "The revision you asked for is done; the revised files of order {number} are on the order's page.",
		}},
		Button: i18n.Text{TR: "Dosyalarınızı indirin", EN: "Download your files"},
		After: []i18n.Text{{
			TR: "Her şey yolundaysa siparişi onaylayabilirsiniz; 7 gün içinde yeniden düzeltme de isteyebilirsiniz.",
			EN: "If all is well you can accept the order; you can also ask for another revision within 7 days.",
		}},
		Why:  whyOrder,
		Fill: fillOrder("order", i18n.Text{TR: "Teslim", EN: "Delivered"}),
	},
	KindOrderCompleted: {
		Subject: i18n.Text{TR: "Siparişiniz tamamlandı: {number}", EN: "Your order is completed: {number}"},
		Lines: []i18n.Text{{
			TR: "{number} numaralı siparişiniz tamamlandı. Dosyalarınız ve faturanız hesabınızda kalır. Bizi tercih ettiğiniz için teşekkür ederiz.",
			EN: "Order {number} is completed. Your files and invoice stay in your account. Thank you for choosing LinguaPort.",
		}},
		Button: i18n.Text{TR: "Siparişi görün", EN: "See the order"},
		Why:    whyOrder,
		Fill:   fillOrder("order", i18n.Text{TR: "Tamamlandı", EN: "Completed"}),
	},
	KindExpectedDate: {
		Subject: i18n.Text{TR: "Teslim tarihiniz değişti: {number}", EN: "Your delivery date has changed: {number}"},
		Lines: []i18n.Text{{
			TR: "{number} numaralı siparişinizin tahmini teslim tarihi güncellendi.",
			EN: "The expected delivery date of order {number} has been updated.",
		}},
		Button: i18n.Text{TR: "Siparişi görün", EN: "See the order"},
		Why:    whyOrder,
		Fill: func(c *composer) error {
			var p dateMail
			if err := c.decode(&p); err != nil {
				return err
			}
			c.set("number", p.Number)
			c.fact(i18n.Text{TR: "Sipariş", EN: "Order"}, p.Number)
			if d, err := time.ParseInLocation(time.DateOnly, p.Previous, i18n.Istanbul); err == nil {
				c.fact(i18n.Text{TR: "Önceki tarih", EN: "Was"}, i18n.Date(d, c.lang))
			}
			c.fact(i18n.Text{TR: "Yeni tarih", EN: "Now"}, c.when(p.Deadline))
			c.fact(i18n.Text{TR: "Not", EN: "Note"}, p.Note)
			c.link = c.page("order", p.OrderID)
			return nil
		},
	},
	KindJobAssigned: {
		Subject: i18n.Text{TR: "Size bir iş atandı: {number}", EN: "A job was assigned to you: {number}"},
		Lines: []i18n.Text{{
			TR: "Yönetim {number} numaralı işi size atadı. İş aktif işlerinizde; süresi içinde teslim edin.",
			EN: "Staff assigned job {number} to you. It is among your active jobs; deliver it in time.",
		}},
		Button: i18n.Text{TR: "Aktif işlerinizi açın", EN: "Open your active jobs"},
		Why:    whyJob,
		Fill:   fillOrder("activeJobs", i18n.Text{TR: "Atandı", EN: "Assigned"}),
	},
	KindRevisionDueSoon: {
		Category: CategoryReminders,
		Subject:  i18n.Text{TR: "Düzeltme süresi yaklaşıyor: {number}", EN: "Revision due soon: {number}"},
		Lines: []i18n.Text{{
			TR: "{number} numaralı işin düzeltmesi henüz teslim edilmedi ve süresi yaklaşıyor. Süre geçerse iş yönetime aktarılır.",
			EN: "The revision of job {number} is not delivered yet and its deadline is near. If it passes, the job goes to staff.",
		}},
		Button: i18n.Text{TR: "Aktif işlerinizi açın", EN: "Open your active jobs"},
		Why:    whyReminder,
		Fill:   fillOrder("activeJobs", i18n.Text{TR: "Zaman", EN: "When"}),
	},
	KindPayoutPaid: {
		Subject: i18n.Text{TR: "Ödemeniz yapıldı: {amount}", EN: "Your payout is paid: {amount}"},
		Lines: []i18n.Text{{
			TR: "Ödeme talebiniz onaylandı ve {amount} banka hesabınıza gönderildi. Bankanıza göre hesabınıza geçmesi bir iş gününü bulabilir.",
			EN: "Your payout was approved and {amount} was sent to your bank account. It may take up to one business day to arrive, depending on your bank.",
		}},
		Button: i18n.Text{TR: "Kazançlarınızı görün", EN: "See your earnings"},
		Why:    whyPayout,
		Fill:   fillPayout,
	},
	KindPayoutRejected: {
		Subject: i18n.Text{TR: "Ödeme talebiniz reddedildi: {amount}", EN: "Your payout was declined: {amount}"},
		Lines: []i18n.Text{{
			TR: "{amount} tutarındaki ödeme talebiniz şu gerekçeyle reddedildi; tutar kazanç bakiyenize geri döndü:",
			EN: "Your payout request of {amount} was declined for this reason; the amount is back in your earnings balance:",
		}, {TR: "{reason}", EN: "{reason}"}},
		Button: i18n.Text{TR: "Kazançlarınızı görün", EN: "See your earnings"},
		Why:    whyPayout,
		Fill:   fillPayout,
	},
	KindStaffRevision: {
		Subject: i18n.Text{TR: "Düzeltme istendi: {number}", EN: "Revision requested: {number}"},
		Lines: []i18n.Text{{
			TR: "Müşteri {number} numaralı siparişi düzeltme için geri gönderdi. İş, teslim eden çevirmene süresiyle geri döndü; süre geçerse ayrıca haber vereceğiz.",
			EN: "The customer sent order {number} back for a revision. It went back to the translator who delivered it, with a deadline; we will tell you again if it passes.",
		}},
		Button: i18n.Text{TR: "Siparişi açın", EN: "Open the order"},
		Why:    whyStaff,
		Fill:   fillOrder("adminOrder", i18n.Text{TR: "İstek zamanı", EN: "Asked at"}),
	},
	KindStaffApplication: {
		Subject: i18n.Text{TR: "Yeni tercüman başvurusu", EN: "New translator application"},
		Lines: []i18n.Text{{
			TR: "Yeni bir tercüman başvurusu geldi ve incelenmeyi bekliyor.",
			EN: "A new translator application has arrived and is waiting to be reviewed.",
		}},
		Button: i18n.Text{TR: "Başvuruyu açın", EN: "Open the application"},
		Why:    whyStaff,
		Fill:   fillStaff("adminApplication", true),
	},
	KindStaffTicket: {
		Subject: i18n.Text{TR: "Yeni destek talebi: {subject}", EN: "New support ticket: {subject}"},
		Lines: []i18n.Text{{
			TR: "Bir tercüman “{subject}” konulu yeni bir destek talebi açtı.",
			EN: "A translator opened a new support ticket: “{subject}”.",
		}},
		Button: i18n.Text{TR: "Talebi açın", EN: "Open the ticket"},
		Why:    whyStaff,
		Fill:   fillStaff("adminTicket", true),
	},
	KindStaffTransfer: {
		Subject: i18n.Text{TR: "Havale bildirildi: {amount}", EN: "Bank transfer declared: {amount}"},
		Lines: []i18n.Text{{
			TR: "Bir müşteri {amount} tutarında havale yaptığını bildirdi. Hesaba geçtiğinde havaleler ekranından onaylayın; bakiyesi o zaman yüklenir.",
			EN: "A customer says they sent {amount} by bank transfer. Confirm it on the transfers screen once it arrives; their balance is topped up then.",
		}},
		Button: i18n.Text{TR: "Havaleleri açın", EN: "Open the transfers"},
		Why:    whyStaff,
		Fill:   fillStaff("adminTransfers", false),
	},
	KindStaffChat: {
		Subject: i18n.Text{TR: "Canlı destekte bekleyen ziyaretçi: {subject}", EN: "A visitor is waiting in live chat: {subject}"},
		Lines: []i18n.Text{{
			TR: "{subject} canlı destekten yazdı ve şu an çevrimiçi kimse yok. Yanıtlamak için canlı destek ekranını açın; ziyaretçi e-posta bıraktıysa mesajı ayrıca iletişim mesajlarında da bulunur.",
			EN: "{subject} wrote in live chat and nobody is online. Open the live chat screen to answer; if the visitor left an e-mail address, the message is among the inquiries too.",
		}},
		Button: i18n.Text{TR: "Canlı desteği açın", EN: "Open live chat"},
		Why:    whyStaff,
		Fill:   fillStaff("adminChat", true),
	},
}

// fillPayout fills a payout's mail: the amount as the site writes it, the account, the reason.
func fillPayout(c *composer) error {
	var p payoutMail
	if err := c.decode(&p); err != nil {
		return err
	}
	amt := moneyfmt.Format(p.Amount, p.Currency, string(c.lang))
	c.set("amount", amt)
	c.set("reason", p.Reason)
	c.fact(i18n.Text{TR: "Tutar", EN: "Amount"}, amt)
	if p.IBANLast4 != "" {
		c.fact(i18n.Text{TR: "Hesap", EN: "Account"}, "IBAN …"+p.IBANLast4)
	}
	if !p.At.IsZero() {
		c.fact(i18n.Text{TR: "Karar zamanı", EN: "Decided at"}, c.when(p.At))
	}
	c.link = c.page("earnings")
	return nil
}

// fillStaff fills a staff mail about one thing: its page (the item itself when withRef), what
// it is called, the amount, when.
func fillStaff(page string, withRef bool) func(c *composer) error {
	return func(c *composer) error {
		var p staffNote
		if err := c.decode(&p); err != nil {
			return err
		}
		c.set("subject", p.Subject)
		if p.Currency != "" {
			c.set("amount", moneyfmt.Format(p.Amount, p.Currency, string(c.lang)))
		}
		if i18n.Valid(p.Lang) {
			c.fact(i18n.Text{TR: "Dil", EN: "Language"}, map[string]i18n.Text{
				"tr": {TR: "Türkçe", EN: "Turkish"}, "en": {TR: "İngilizce", EN: "English"}}[p.Lang].In(c.lang))
		}
		if !p.At.IsZero() {
			c.fact(i18n.Text{TR: "Zaman", EN: "When"}, c.when(p.At))
		}
		if withRef {
			c.link = c.page(page, p.Ref)
		} else {
			c.link = c.page(page, "?q="+p.Ref)
		}
		return nil
	}
}
