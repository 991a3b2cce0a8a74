package orders

import (
	"strings"

	"linguaport/internal/documents"
	"linguaport/internal/i18n"
	"linguaport/svc-orders/contracts"
)

// The kept contract as a document (internal/documents.Text): the PDF the customer and staff
// download (api) and the one mailed to the customer at approval (contract_mail.go).

// contractLabels word the kept contract's record, in the language it was accepted in.
var contractLabels = struct {
	title, order, quote, total, kind, version, lang, acceptedAt, ip, digest, consents i18n.Text
	consumer, commercial                                                              i18n.Text
}{
	title:      i18n.Text{TR: "SÖZLEŞME", EN: "CONTRACT"},
	order:      i18n.Text{TR: "Sipariş no", EN: "Order no"},
	quote:      i18n.Text{TR: "Teklif no", EN: "Quote no"},
	total:      i18n.Text{TR: "Toplam (KDV dahil)", EN: "Total (including VAT)"},
	kind:       i18n.Text{TR: "Metin", EN: "Texts"},
	version:    i18n.Text{TR: "Metin sürümü", EN: "Text version"},
	lang:       i18n.Text{TR: "Dil", EN: "Language"},
	acceptedAt: i18n.Text{TR: "Kabul zamanı", EN: "Accepted at"},
	ip:         i18n.Text{TR: "IP adresi", EN: "IP address"},
	digest:     i18n.Text{TR: "Metnin SHA-256 özeti", EN: "SHA-256 of the text"},
	consents:   i18n.Text{TR: "İşaretlenen onaylar", EN: "Boxes ticked"},
	consumer:   i18n.Text{TR: "Ön bilgilendirme formu ve mesafeli hizmet sözleşmesi", EN: "Pre-contract information and distance sales contract"},
	commercial: i18n.Text{TR: "Ticari hizmet koşulları", EN: "Commercial terms of service"},
}

var languageNames = map[i18n.Lang]string{i18n.TR: "Türkçe", i18n.EN: "English"}

// Text is the kept contract as its PDF prints it: the record of its acceptance, then the
// texts word for word.
func (k KeptContract) Text(seller documents.Seller) documents.Text {
	l := k.Lang
	kind := contractLabels.consumer
	if k.Kind == contracts.Commercial {
		kind = contractLabels.commercial
	}
	var ticked []string
	for _, c := range k.Consents {
		ticked = append(ticked, "☑ "+c.Text)
	}
	record := [][2]string{
		{contractLabels.order.In(l), k.OrderNumber},
		{contractLabels.quote.In(l), k.QuoteNumber},
		{contractLabels.total.In(l), k.Total},
		{contractLabels.kind.In(l), kind.In(l)},
		{contractLabels.version.In(l), k.Version},
		{contractLabels.lang.In(l), languageNames[l]},
		{contractLabels.acceptedAt.In(l), i18n.DateTime(k.AcceptedAt, l) + " · " + k.AcceptedAt.UTC().Format("2006-01-02T15:04:05Z")},
	}
	if k.IP != "" {
		record = append(record, [2]string{contractLabels.ip.In(l), k.IP})
	}
	record = append(record,
		[2]string{contractLabels.consents.In(l), strings.Join(ticked, "\n")},
		[2]string{contractLabels.digest.In(l), grouped(k.Digest, 8)})
	t := documents.Text{Seller: seller, Title: contractLabels.title.In(l), Number: k.OrderNumber, At: k.AcceptedAt, Record: record}
	for _, d := range k.Documents {
		part := documents.TextPart{Title: d.Title}
		for _, s := range d.Sections {
			sec := documents.TextSection{Heading: s.Heading}
			for _, b := range s.Blocks {
				sec.Blocks = append(sec.Blocks, documents.TextBlock{Text: b.Text, Items: b.Items})
			}
			part.Sections = append(part.Sections, sec)
		}
		t.Parts = append(t.Parts, part)
	}
	return t
}

// grouped writes s in groups of n characters, so a long digest reads and wraps.
func grouped(s string, n int) string {
	var parts []string
	for len(s) > n {
		parts = append(parts, s[:n])
		s = s[n:]
	}
	return strings.Join(append(parts, s), " ")
}
