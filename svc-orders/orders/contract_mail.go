package orders

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"linguaport/internal/company"
	"linguaport/internal/documents"
	"linguaport/internal/i18n"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/outbox"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/quotes"
)

// The contract's mail (quotes.MailContract): queued in the approval's write, sent by the quotes'
// mail relay (main.go) to the address of the billing details the contract was worded from, in
// the language it was accepted in, with the kept contract as the PDF the order page downloads.
// The regulation asks that the buyer be given it on a durable medium, so it cannot be turned off.

// QuoteReader reads a quote as stored (quotes.MongoStore).
type QuoteReader interface {
	Quote(ctx context.Context, id string) (*quotes.Quote, error)
}

// ContractMails renders the quotes' queued mails for mailbox.NewRelay. siteURL is the site's
// address (SITE_URL) the order's link starts with; facts are the agency's, the seller on the PDF
// and the footer of the mail.
func ContractMails(store QuoteReader, siteURL string, facts company.Facts) mailbox.Render {
	site := strings.TrimRight(siteURL, "/")
	return func(ctx context.Context, m mailbox.Mail) (mail.Message, error) {
		if m.Kind != quotes.MailContract {
			return mail.Message{}, fmt.Errorf("%w: mail %s of unknown kind %q", outbox.ErrDrop, m.ID, m.Kind)
		}
		var d quotes.ContractMail
		if err := m.Decode(&d); err != nil {
			return mail.Message{}, fmt.Errorf("%w: mail %s payload: %w", outbox.ErrDrop, m.ID, err)
		}
		q, err := store.Quote(ctx, d.QuoteID)
		if errors.Is(err, quotes.ErrNotFound) {
			return mail.Message{}, fmt.Errorf("%w: mail %s: quote %s: %w", outbox.ErrDrop, m.ID, d.QuoteID, err)
		}
		if err != nil {
			return mail.Message{}, err // the store is away: the relay tries again
		}
		if q.Contract == nil {
			return mail.Message{}, fmt.Errorf("%w: mail %s: quote %s keeps no contract", outbox.ErrDrop, m.ID, q.ID)
		}
		lang := i18n.Parse(m.Lang)
		k := KeptContract{Accepted: *q.Contract, OrderNumber: q.OrderNumber, QuoteNumber: q.Number}
		var pdf bytes.Buffer
		if err := documents.RenderText(&pdf, k.Text(documents.SellerOf(facts, "TRY")), k.Lang); err != nil {
			return mail.Message{}, fmt.Errorf("%w: contract PDF of quote %s: %w", outbox.ErrDrop, q.ID, err)
		}
		p := contractPage(k, d.Name, q.OrderID, site, lang)
		p.Attachments = []mail.Attachment{{Name: ContractFileName(k) + ".pdf", ContentType: "application/pdf", Data: pdf.Bytes()}}
		p.Lang, p.To, p.Footer = lang, m.To, facts.MailFooter(lang)
		return p.Message()
	}
}

// ContractFileName is the kept contract's file name ("O-2026-00001-sozlesme-tr"), without .pdf.
func ContractFileName(k KeptContract) string {
	return k.OrderNumber + "-" + contractFileWord.In(k.Lang) + "-" + string(k.Lang)
}

var contractFileWord = i18n.Text{TR: "sozlesme", EN: "contract"}

// contractPage words the mail: what was accepted and when, and where the order is followed.
func contractPage(k KeptContract, name, orderID, site string, l i18n.Lang) mailbox.Page {
	greeting := i18n.Text{TR: "Merhaba,", EN: "Hello,"}.In(l)
	if name != "" {
		greeting = fmt.Sprintf(i18n.Text{TR: "Merhaba %s,", EN: "Hello %s,"}.In(l), name)
	}
	kind := contractLabels.consumer
	if k.Kind == contracts.Commercial {
		kind = contractLabels.commercial
	}
	link := site + "/tr/hesabim/siparislerim/" + url.PathEscape(orderID)
	if l == i18n.EN {
		link = site + "/en/account/orders/" + url.PathEscape(orderID)
	}
	return mailbox.Page{
		Subject:   fmt.Sprintf(i18n.Text{TR: "Sözleşmeniz: %s numaralı sipariş", EN: "Your contract for order %s"}.In(l), k.OrderNumber),
		Preheader: i18n.Text{TR: "Onayladığınız sözleşmenin metni ektedir.", EN: "The contract you accepted is attached."}.In(l),
		Greeting:  greeting,
		Lines: []string{fmt.Sprintf(i18n.Text{
			TR: "%s numaralı teklifi onaylayarak kabul ettiğiniz metinler, kabul ettiğiniz hâliyle bu e-postanın ekinde PDF olarak yer alıyor. Saklamanızı öneririz.",
			EN: "The texts you accepted by approving quote %s are attached to this mail as a PDF, word for word as you accepted them. We suggest you keep it.",
		}.In(l), k.QuoteNumber)},
		Facts: []mailbox.Fact{
			{Label: contractLabels.order.In(l), Value: k.OrderNumber},
			{Label: contractLabels.kind.In(l), Value: kind.In(l)},
			{Label: contractLabels.total.In(l), Value: k.Total},
			{Label: contractLabels.acceptedAt.In(l), Value: i18n.DateTime(k.AcceptedAt, l)},
		},
		Action: &mailbox.Link{Label: i18n.Text{TR: "Siparişi görüntüle", EN: "View the order"}.In(l), URL: link},
		Why: i18n.Text{
			TR: "Bu e-postayı, LinguaPort'ta bir teklifi onayladığınız için alıyorsunuz: Mesafeli Sözleşmeler Yönetmeliği, sözleşmenin size kalıcı bir veri saklayıcısıyla verilmesini ister. Bu e-posta kapatılamaz.",
			EN: "You get this mail because you approved a quote on LinguaPort: the Distance Contracts Regulation asks that the contract be given to you on a durable medium. This mail cannot be turned off.",
		}.In(l),
	}
}
