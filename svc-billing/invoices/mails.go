package invoices

import (
	"context"
	"errors"
	"fmt"
	"linguaport/internal/company"
	"linguaport/internal/documents"
	"net/url"
	"strings"

	"linguaport/internal/i18n"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/money"
	"linguaport/internal/outbox"
	"linguaport/svc-billing/profile"
)

// The customer's mails about their invoices (DESIGN §13): the invoice when it is issued, with its
// PDF; the receipt when it is paid, with the PDF that now says so; the refund. Each is queued in
// the write that makes the change (issue.go, lifecycle.go) and sent by the invoices' mail relay
// (main.go), in the language of the request that approved the quote, to the address the billing
// details give for invoices. None of them can be turned off, so none offers to unsubscribe.

// Reader reads the invoice a mail is about, as stored.
type Reader interface {
	Invoice(ctx context.Context, id string) (Invoice, error)
}

// Mails renders the invoices' queued mails for mailbox.NewRelay. siteURL is the site's address
// (SITE_URL) that the mails' links start with; facts are the agency's, the seller on the PDFs
// and the footer of every mail.
func Mails(invoices Reader, siteURL string, facts company.Facts) mailbox.Render {
	site := strings.TrimRight(siteURL, "/")
	return func(ctx context.Context, m mailbox.Mail) (mail.Message, error) {
		var d mailData
		if err := m.Decode(&d); err != nil {
			return mail.Message{}, fmt.Errorf("%w: mail %s payload: %w", outbox.ErrDrop, m.ID, err)
		}
		inv, err := invoices.Invoice(ctx, d.InvoiceID)
		if errors.Is(err, ErrNotFound) {
			return mail.Message{}, fmt.Errorf("%w: mail %s: invoice %s: %w", outbox.ErrDrop, m.ID, d.InvoiceID, err)
		}
		if err != nil {
			return mail.Message{}, err // the store is away: the relay tries again
		}
		w := mailWriter{inv: inv, lang: i18n.Parse(m.Lang), site: site, seller: documents.SellerOf(facts, inv.Currency)}
		var p mailbox.Page
		switch m.Kind {
		case MailIssued:
			p, err = w.issued()
		case MailPaid:
			p, err = w.paid()
		case MailRefunded:
			p = w.refunded()
		default:
			return mail.Message{}, fmt.Errorf("%w: mail %s of unknown kind %q", outbox.ErrDrop, m.ID, m.Kind)
		}
		if err != nil {
			return mail.Message{}, err
		}
		p.Lang, p.To, p.Footer = w.lang, m.To, facts.MailFooter(w.lang)
		return p.Message()
	}
}

// langOf is a stored or sent language as the site's: "en", else "tr".
func langOf(s string) string { return string(i18n.Parse(s)) }

// mailWriter writes one invoice's mails in one language.
type mailWriter struct {
	inv    Invoice
	lang   i18n.Lang
	site   string
	seller documents.Seller
}

func (w mailWriter) t(t i18n.Text) string { return t.In(w.lang) }

func (w mailWriter) tf(t i18n.Text, args ...any) string { return fmt.Sprintf(t.In(w.lang), args...) }

func (w mailWriter) amount(n int64) string { return money.Format(n, w.inv.Currency, string(w.lang)) }

// link is an absolute address of the site's page at the Turkish or English path.
func (w mailWriter) link(tr, en string) string {
	if w.lang == i18n.EN {
		return w.site + en
	}
	return w.site + tr
}

func (w mailWriter) invoiceLink() string {
	id := url.PathEscape(w.inv.ID)
	return w.link("/tr/hesabim/fatura-bilgileri/faturalar/"+id, "/en/account/billing-info/invoices/"+id)
}

func (w mailWriter) orderLink() string {
	id := url.PathEscape(w.inv.OrderID)
	return w.link("/tr/hesabim/siparislerim/"+id, "/en/account/orders/"+id)
}

func (w mailWriter) balanceLink() string {
	return w.link("/tr/hesabim/fatura-bilgileri/bakiye", "/en/account/billing-info/balance")
}

// greeting names whom the invoice is issued to.
func (w mailWriter) greeting() string {
	name := w.inv.Details.FullName
	if w.inv.Details.Type == profile.Company || name == "" {
		name = w.inv.Details.CompanyName
	}
	if name == "" {
		return w.t(i18n.Text{TR: "Merhaba,", EN: "Hello,"})
	}
	return w.tf(i18n.Text{TR: "Merhaba %s,", EN: "Hello %s,"}, name)
}

// attachment is the invoice's PDF in the mail's language, the bytes the download serves, named
// as the download names it.
func (w mailWriter) attachment() (mail.Attachment, error) {
	b, err := PDF(w.inv, w.seller, w.lang)
	if err != nil {
		return mail.Attachment{}, fmt.Errorf("%w: invoice %s PDF: %w", outbox.ErrDrop, w.inv.ID, err)
	}
	return mail.Attachment{Name: FileName(w.inv) + "-" + string(w.lang) + ".pdf", ContentType: "application/pdf", Data: b}, nil
}

// vatLabel words the invoice's VAT row as its VAT line does: the rate, or the exemption abroad.
func (w mailWriter) vatLabel() string {
	if !w.inv.InTurkey {
		return w.t(i18n.Text{TR: "KDV (istisna)", EN: "Turkish VAT (exempt)"})
	}
	return w.tf(i18n.Text{TR: "KDV %%%d", EN: "Turkish VAT %d%%"}, w.inv.VATPercent)
}

// fact is one row of a mail's facts, labelled in the mail's language.
func (w mailWriter) fact(label i18n.Text, value string) mailbox.Fact {
	return mailbox.Fact{Label: w.t(label), Value: value}
}

// numbers are the rows naming the invoice and its order, which end the receipt's and the
// refund's facts.
func (w mailWriter) numbers() []mailbox.Fact {
	return []mailbox.Fact{w.fact(labelInvoice, w.inv.Number), w.fact(labelOrder, w.inv.OrderNumber)}
}

var (
	labelInvoice = i18n.Text{TR: "Fatura no", EN: "Invoice number"}
	labelOrder   = i18n.Text{TR: "Sipariş no", EN: "Order number"}
	whyInvoices  = i18n.Text{
		TR: "Bu e-postayı, LinguaPort'ta onayladığınız siparişin faturası fatura bilgilerinizdeki adrese gönderildiği için alıyorsunuz. Fatura, makbuz ve iade e-postaları kapatılamaz.",
		EN: "You get this mail because the invoices of the orders you approve on LinguaPort are sent to the address in your billing details. Invoice, receipt and refund mails cannot be turned off.",
	}
)

// issued is the invoice, with its PDF: its figures as the site writes amounts, its due date, and
// the invoice's page, where it is paid.
func (w mailWriter) issued() (mailbox.Page, error) {
	pdf, err := w.attachment()
	if err != nil {
		return mailbox.Page{}, err
	}
	inv := w.inv
	due := inv.IssuedAt
	if inv.DueAt != nil {
		due = *inv.DueAt
	}
	return mailbox.Page{
		Subject:   w.tf(i18n.Text{TR: "Faturanız: %s", EN: "Your invoice %s"}, inv.Number),
		Preheader: w.tf(i18n.Text{TR: "%s tutarındaki faturanız ektedir.", EN: "Your invoice of %s is attached."}, w.amount(inv.Totals.Total)),
		Greeting:  w.greeting(),
		Lines: []string{w.tf(i18n.Text{
			TR: "%s numaralı siparişinizin faturası düzenlendi; PDF olarak bu e-postanın ekindedir.",
			EN: "The invoice for your order %s has been issued; it is attached to this mail as a PDF.",
		}, inv.OrderNumber)},
		Facts: []mailbox.Fact{
			w.fact(labelInvoice, inv.Number),
			w.fact(i18n.Text{TR: "Fatura tarihi", EN: "Invoice date"}, i18n.Date(inv.IssuedAt, w.lang)),
			w.fact(labelOrder, inv.OrderNumber),
			w.fact(i18n.Text{TR: "Ara toplam", EN: "Net"}, w.amount(inv.Totals.Net)),
			{Label: w.vatLabel(), Value: w.amount(inv.Totals.VAT)},
			w.fact(i18n.Text{TR: "Genel toplam", EN: "Total"}, w.amount(inv.Totals.Total)),
			w.fact(i18n.Text{TR: "Son ödeme tarihi", EN: "Due date"}, i18n.Date(due, w.lang)),
		},
		Action: &mailbox.Link{Label: w.t(i18n.Text{TR: "Faturayı görüntüle ve öde", EN: "View and pay the invoice"}), URL: w.invoiceLink()},
		After: []string{w.t(i18n.Text{
			TR: "Ödemeyi kartla ya da bakiyenizden müşteri panelinde yapabilir veya havale/EFT açıklamasına fatura numarasını yazarak gönderebilirsiniz. Çeviri, ödemeniz alınınca başlar.",
			EN: "You can pay by card or from your balance in your customer panel, or by bank transfer quoting the invoice number. The translation starts once your payment is in.",
		})},
		Why:         w.t(whyInvoices),
		Attachments: []mail.Attachment{pdf},
	}, nil
}

// methodNames word how an invoice was paid.
var methodNames = map[string]i18n.Text{
	MethodCard:         {TR: "Kart", EN: "Card"},
	MethodBalance:      {TR: "LinguaPort bakiyesi", EN: "LinguaPort balance"},
	MethodBankTransfer: {TR: "Havale/EFT", EN: "Bank transfer"},
}

// paid is the receipt: what was paid, how and when (a bank transfer on the day staff read on the
// statement, anything else at the moment it was recorded, in Istanbul), with the invoice's PDF
// that now says it was paid.
func (w mailWriter) paid() (mailbox.Page, error) {
	pdf, err := w.attachment()
	if err != nil {
		return mailbox.Page{}, err
	}
	inv := w.inv
	method, when := "", ""
	if inv.PaidAt != nil {
		when = i18n.DateTime(*inv.PaidAt, w.lang)
	}
	if inv.Payment != nil {
		method = inv.Payment.Method
		if name, ok := methodNames[method]; ok {
			method = name.In(w.lang)
		}
		if inv.Payment.ReceivedAt != nil {
			when = i18n.Date(*inv.Payment.ReceivedAt, w.lang)
		}
	}
	return mailbox.Page{
		Subject:   w.tf(i18n.Text{TR: "Ödemeniz alındı: %s", EN: "Payment received: %s"}, inv.Number),
		Preheader: w.tf(i18n.Text{TR: "%s ödemeniz için teşekkür ederiz.", EN: "Thank you for your payment of %s."}, w.amount(inv.Totals.Total)),
		Greeting:  w.greeting(),
		Lines: []string{w.tf(i18n.Text{
			TR: "%s numaralı faturanızın ödemesini aldık, teşekkür ederiz. Ödendiğini gösteren fatura bu e-postanın ekindedir.",
			EN: "We have received the payment of your invoice %s, thank you. The invoice, showing it paid, is attached to this mail.",
		}, inv.Number)},
		Facts: append([]mailbox.Fact{
			w.fact(i18n.Text{TR: "Ödenen tutar", EN: "Amount paid"}, w.amount(inv.Totals.Total)),
			w.fact(i18n.Text{TR: "Ödeme yöntemi", EN: "Payment method"}, method),
			w.fact(i18n.Text{TR: "Ödeme zamanı", EN: "Paid on"}, when),
		}, w.numbers()...),
		Action: &mailbox.Link{Label: w.t(i18n.Text{TR: "Siparişinizi görüntüleyin", EN: "View your order"}), URL: w.orderLink()},
		After: []string{w.t(i18n.Text{
			TR: "Siparişiniz şimdi bir çevirmene veriliyor; ilerleyişini sipariş sayfanızdan izleyebilirsiniz.",
			EN: "Your order now goes to a translator; you can follow it on your order's page.",
		})},
		Why:         w.t(whyInvoices),
		Attachments: []mail.Attachment{pdf},
	}, nil
}

// refunded says how much came back and when: a refund is credited to the customer's LinguaPort
// balance at once (svc-billing's refund), where it pays their next invoices.
func (w mailWriter) refunded() mailbox.Page {
	inv := w.inv
	when := ""
	if inv.RefundedAt != nil {
		when = i18n.DateTime(*inv.RefundedAt, w.lang)
	}
	return mailbox.Page{
		Subject:   w.tf(i18n.Text{TR: "Faturanız iade edildi: %s", EN: "Your invoice was refunded: %s"}, inv.Number),
		Preheader: w.tf(i18n.Text{TR: "%s bakiyenize eklendi.", EN: "%s is in your balance."}, w.amount(inv.Totals.Total)),
		Greeting:  w.greeting(),
		Lines: []string{w.tf(i18n.Text{
			TR: "%s numaralı faturanızın tutarı iade edildi ve LinguaPort bakiyenize eklendi.",
			EN: "The amount of your invoice %s has been refunded to your LinguaPort balance.",
		}, inv.Number)},
		Facts: append([]mailbox.Fact{
			w.fact(i18n.Text{TR: "İade tutarı", EN: "Amount refunded"}, w.amount(inv.Totals.Total)),
			w.fact(i18n.Text{TR: "İade zamanı", EN: "Refunded on"}, when),
			w.fact(i18n.Text{TR: "Nereye", EN: "Refunded to"}, w.t(i18n.Text{TR: "LinguaPort bakiyeniz", EN: "Your LinguaPort balance"})),
			w.fact(i18n.Text{TR: "Ne zaman kullanılabilir", EN: "Available"}, w.t(i18n.Text{TR: "Hemen", EN: "Right away"})),
		}, w.numbers()...),
		Action: &mailbox.Link{Label: w.t(i18n.Text{TR: "Bakiyenizi görüntüleyin", EN: "View your balance"}), URL: w.balanceLink()},
		After: []string{w.t(i18n.Text{
			TR: "Tutar bakiyenizde hemen kullanılabilir: sonraki faturalarınızı bakiyenizden ödeyebilirsiniz.",
			EN: "The amount can be used right away: you can pay your next invoices from your balance.",
		})},
		Why: w.t(whyInvoices),
	}
}
