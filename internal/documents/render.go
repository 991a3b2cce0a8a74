package documents

import (
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/go-pdf/fpdf"

	"linguaport/internal/i18n"
)

// DejaVu Sans has every letter of Turkish (ş ğ ı İ ç ö ü) and is free to redistribute
// (fonts/LICENSE); fpdf embeds only the glyphs a document uses.
var (
	//go:embed fonts/DejaVuSans.ttf
	fontRegular []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	fontBold []byte
)

const family = "DejaVu"

// Page geometry, millimetres on A4.
const (
	margin     = 15.0
	pageWidth  = 210.0
	pageHeight = 297.0
	bottom     = pageHeight - 22 // the lowest a table row may reach; the footer lies below
	contentW   = pageWidth - 2*margin
	lineH      = 4.2
)

// Table columns: description, quantity, unit price, amount.
var columns = [4]float64{82, 34, 31, 33}

// Colours: the wordmark's dark and green, a light green for the table header.
var (
	dark  = [3]int{31, 41, 55}
	green = [3]int{22, 163, 74}
	grey  = [3]int{107, 114, 128}
	red   = [3]int{185, 28, 28}
	light = [3]int{236, 246, 239}
	rule  = [3]int{209, 213, 219}
)

// labels are the fixed words of the page.
var labels = struct {
	invoice, quote, number, date, due, validUntil, order, quoteRef, status    i18n.Text
	billTo, preparedFor, tckn, vkn, taxID, taxOffice, email, phone            i18n.Text
	description, quantity, unitPrice, amount, subtotal, total, totalUSD, rate i18n.Text
	vat, payment, bank, iban, payNote, quoteNote, page, thanks, sellerTax     i18n.Text
	mersis, holder                                                            i18n.Text
	totalExVAT, vatExcluded, paid, paidOn, paidOnBy, refundedOn               i18n.Text
}{
	invoice:     i18n.Text{TR: "FATURA", EN: "INVOICE"},
	quote:       i18n.Text{TR: "TEKLİF", EN: "QUOTE"},
	number:      i18n.Text{TR: "Numara", EN: "Number"},
	date:        i18n.Text{TR: "Tarih", EN: "Date"},
	due:         i18n.Text{TR: "Son ödeme tarihi", EN: "Due date"},
	validUntil:  i18n.Text{TR: "Geçerlilik tarihi", EN: "Valid until"},
	order:       i18n.Text{TR: "Sipariş no", EN: "Order no"},
	quoteRef:    i18n.Text{TR: "Teklif no", EN: "Quote no"},
	status:      i18n.Text{TR: "Durum", EN: "Status"},
	billTo:      i18n.Text{TR: "FATURA EDİLEN", EN: "BILL TO"},
	preparedFor: i18n.Text{TR: "TEKLİF SUNULAN", EN: "PREPARED FOR"},
	tckn:        i18n.Text{TR: "TCKN", EN: "TR ID no"},
	vkn:         i18n.Text{TR: "VKN", EN: "Tax no (VKN)"},
	taxID:       i18n.Text{TR: "Vergi no", EN: "Tax ID"},
	taxOffice:   i18n.Text{TR: "Vergi dairesi", EN: "Tax office"},
	email:       i18n.Text{TR: "E-posta", EN: "E-mail"},
	phone:       i18n.Text{TR: "Telefon", EN: "Phone"},
	description: i18n.Text{TR: "Açıklama", EN: "Description"},
	quantity:    i18n.Text{TR: "Miktar", EN: "Quantity"},
	unitPrice:   i18n.Text{TR: "Birim fiyat", EN: "Unit price"},
	amount:      i18n.Text{TR: "Tutar", EN: "Amount"},
	subtotal:    i18n.Text{TR: "Ara toplam", EN: "Subtotal"},
	total:       i18n.Text{TR: "Genel toplam", EN: "Total"},
	totalUSD:    i18n.Text{TR: "USD karşılığı", EN: "Total in USD"},
	rate:        i18n.Text{TR: "Uygulanan kur", EN: "Exchange rate"},
	vat:         i18n.Text{TR: "KDV %%%d", EN: "VAT %d%%"},
	totalExVAT:  i18n.Text{TR: "Toplam (KDV hariç)", EN: "Total (excluding VAT)"},
	vatExcluded: i18n.Text{
		TR: "Fiyatlar KDV hariçtir; KDV uygulanıyorsa faturada eklenir.",
		EN: "Prices exclude VAT; any VAT due is added on the invoice.",
	},
	payment: i18n.Text{TR: "ÖDEME BİLGİLERİ", EN: "PAYMENT DETAILS"},
	paid:    i18n.Text{TR: "ÖDEME", EN: "PAYMENT"},
	// A date (Date), then how (methods).
	paidOn:     i18n.Text{TR: "%s tarihinde ödendi.", EN: "Paid on %s."},
	paidOnBy:   i18n.Text{TR: "%s tarihinde %s ödendi.", EN: "Paid on %s %s."},
	refundedOn: i18n.Text{TR: "%s tarihinde iade edildi; tutar müşterinin bakiyesine aktarıldı.", EN: "Refunded on %s to the customer's balance."},
	bank:       i18n.Text{TR: "Banka", EN: "Bank"},
	iban:       i18n.Text{TR: "IBAN", EN: "IBAN"},
	holder:     i18n.Text{TR: "Alıcı", EN: "Account holder"},
	payNote: i18n.Text{
		TR: "Ödemenizi müşteri panelinden kartla ya da bakiyenizden yapabilir veya havale/EFT açıklamasına fatura numarasını yazabilirsiniz.",
		EN: "Pay by card or from your balance in the customer panel, or by bank transfer quoting the invoice number as the reference.",
	},
	quoteNote: i18n.Text{
		TR: "Bu teklif belirtilen geçerlilik tarihine kadar geçerlidir. Onayladığınızda faturanız bu tutarlar ve bu kurla düzenlenir.",
		EN: "This quote is valid until the date shown. Once you approve it, your invoice is issued with these amounts at this rate.",
	},
	page:      i18n.Text{TR: "Sayfa %d/%d", EN: "Page %d of %d"},
	thanks:    i18n.Text{TR: "LinguaPort'u tercih ettiğiniz için teşekkür ederiz.", EN: "Thank you for choosing LinguaPort."},
	sellerTax: i18n.Text{TR: "%s V.D. · VKN %s", EN: "Tax office %s · VKN %s"},
	mersis:    i18n.Text{TR: "MERSİS No: %s", EN: "MERSİS no. %s"},
}

// Render writes d as an A4 PDF in lang. The same document and language give the same bytes:
// the PDF's dates are the document's issue time and nothing random is written.
func Render(w io.Writer, d Document, lang i18n.Lang) error {
	if err := check(d); err != nil {
		return err
	}
	return twoPasses(w, func(pages int) (*fpdf.Fpdf, error) { return layout(d, lang, pages) })
}

// twoPasses lays a document out twice and writes the second: the first pass only counts the
// pages, so that the footer can say "Page 1 of 2" without fpdf's page-count alias, whose
// placeholder is wider than the number it stands for and would push right-aligned text off its
// edge.
func twoPasses(w io.Writer, layout func(pages int) (*fpdf.Fpdf, error)) error {
	first, err := layout(0)
	if err != nil {
		return err
	}
	doc, err := layout(first.PageNo())
	if err != nil {
		return err
	}
	if err := doc.Output(w); err != nil {
		return fmt.Errorf("documents: write pdf: %w", err)
	}
	return nil
}

// page wraps fpdf with the document being drawn and its language.
type page struct {
	*fpdf.Fpdf
	d    Document
	lang i18n.Lang
	// heading is a text's title (RenderText), in place of the invoice's or quote's.
	heading string
}

func layout(d Document, lang i18n.Lang, pages int) (*fpdf.Fpdf, error) {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCatalogSort(true)              // fonts and images in a fixed order: same input, same bytes
	f.SetCreationDate(d.IssuedAt.UTC()) // written without a zone: UTC whatever the machine's
	f.SetModificationDate(d.IssuedAt.UTC())
	f.SetProducer("LinguaPort", false)
	f.SetMargins(margin, margin, margin)
	f.SetAutoPageBreak(false, 0) // rows are placed by hand so the table header can repeat
	f.AddUTF8FontFromBytes(family, "", fontRegular)
	f.AddUTF8FontFromBytes(family, "B", fontBold)
	p := &page{Fpdf: f, d: d, lang: lang}
	f.SetTitle(p.title()+" "+d.Number, true)
	f.SetAuthor(d.Seller.Name, true)
	f.SetLang(string(lang))
	f.SetFooterFunc(func() { p.footer(pages) })

	f.AddPage()
	p.header()
	p.parties()
	p.table()
	p.summary()
	if err := f.Error(); err != nil {
		return nil, fmt.Errorf("documents: layout: %w", err)
	}
	return f, nil
}

func (p *page) t(t i18n.Text) string { return t.In(p.lang) }

func (p *page) title() string {
	if p.heading != "" {
		return p.heading
	}
	if p.d.Kind == Quote {
		return p.t(labels.quote)
	}
	return p.t(labels.invoice)
}

func (p *page) font(style string, size float64, c [3]int) {
	p.SetFont(family, style, size)
	p.SetTextColor(c[0], c[1], c[2])
}

// header draws the wordmark and the agency on the left, the title, number, dates and references
// on the right.
func (p *page) header() {
	s := p.d.Seller
	p.SetXY(margin, margin)
	p.font("B", 22, dark)
	p.CellFormat(p.GetStringWidth("Lingua"), 9, "Lingua", "", 0, "L", false, 0, "")
	p.font("B", 22, green)
	p.CellFormat(40, 9, "Port", "", 1, "L", false, 0, "")
	p.font("B", 8.5, dark)
	p.SetX(margin)
	p.CellFormat(95, 4.4, s.Name, "", 1, "L", false, 0, "")
	p.font("", 8, grey)
	for _, l := range []string{
		s.Address,
		s.City,
		fmt.Sprintf(p.t(labels.sellerTax), s.TaxOffice, s.VKN),
		fmt.Sprintf(p.t(labels.mersis), s.Mersis),
		joinNonEmpty(" · ", s.Email, s.Phone, s.Web),
	} {
		if l != "" {
			p.SetX(margin)
			p.CellFormat(95, 4, l, "", 1, "L", false, 0, "")
		}
	}
	leftEnd := p.GetY()

	p.SetXY(pageWidth-margin-80, margin)
	p.font("B", 24, dark)
	p.CellFormat(80, 10, p.title(), "", 1, "R", false, 0, "")
	p.Ln(1.5)
	rows := [][2]string{{p.t(labels.number), p.d.Number}, {p.t(labels.date), Date(p.d.IssuedAt, p.lang)}}
	if !p.d.DueAt.IsZero() {
		label := labels.due
		if p.d.Kind == Quote {
			label = labels.validUntil
		}
		rows = append(rows, [2]string{p.t(label), Date(p.d.DueAt, p.lang)})
	}
	if p.d.OrderNumber != "" {
		rows = append(rows, [2]string{p.t(labels.order), p.d.OrderNumber})
	}
	if p.d.QuoteNumber != "" && p.d.QuoteNumber != p.d.Number {
		rows = append(rows, [2]string{p.t(labels.quoteRef), p.d.QuoteNumber})
	}
	if p.d.Status != "" {
		rows = append(rows, [2]string{p.t(labels.status), statusName(p.d.Kind, p.d.Status, p.lang)})
	}
	for _, r := range rows {
		p.SetX(pageWidth - margin - 80)
		p.font("", 8.5, grey)
		p.CellFormat(36, 4.8, r[0], "", 0, "R", false, 0, "")
		p.font("B", 8.5, dark)
		p.CellFormat(44, 4.8, r[1], "", 1, "R", false, 0, "")
	}
	p.SetY(max(leftEnd, p.GetY()) + 5)
	p.hrule(green, 0.6)
	if notice := p.t(p.d.Notice); notice != "" {
		p.Ln(3)
		p.SetX(margin)
		p.font("B", 13, red)
		p.SetDrawColor(red[0], red[1], red[2])
		p.SetLineWidth(0.5)
		p.CellFormat(pageWidth-2*margin, 9, notice, "1", 1, "C", false, 0, "")
	}
}

// parties draws the customer's billing details; none (a quote made before any were given)
// leaves the block out rather than print a heading over nothing.
func (p *page) parties() {
	b := p.d.Buyer
	if b == (Buyer{}) {
		p.Ln(4)
		return
	}
	p.Ln(5)
	label := labels.billTo
	if p.d.Kind == Quote {
		label = labels.preparedFor
	}
	p.SetX(margin)
	p.font("B", 7.5, green)
	p.CellFormat(contentW, 4.5, p.t(label), "", 1, "L", false, 0, "")

	name := b.FullName
	if b.Type == Company && b.CompanyName != "" {
		name = b.CompanyName
	}
	p.font("B", 10, dark)
	for _, part := range p.SplitText(name, contentW) {
		p.SetX(margin)
		p.CellFormat(contentW, 5.5, part, "", 1, "L", false, 0, "")
	}

	var ids []string
	switch {
	case b.TCKN != "":
		ids = append(ids, p.t(labels.tckn)+": "+b.TCKN)
	case b.VKN != "":
		ids = append(ids, p.t(labels.vkn)+": "+b.VKN)
	case b.TaxID != "":
		ids = append(ids, p.t(labels.taxID)+": "+b.TaxID)
	}
	if b.TaxOffice != "" {
		ids = append(ids, p.t(labels.taxOffice)+": "+b.TaxOffice)
	}
	lines := []string{
		b.Address,
		joinNonEmpty(" ", b.Postcode, b.City) + prefixed(", ", countryName(b.Country, p.lang)),
		strings.Join(ids, " · "),
		prefixed(p.t(labels.email)+": ", b.Email),
	}
	p.font("", 8.5, dark)
	for _, l := range lines {
		for _, part := range p.SplitText(strings.TrimPrefix(l, ", "), contentW) {
			p.SetX(margin)
			p.CellFormat(contentW, 4.4, part, "", 1, "L", false, 0, "")
		}
	}
	p.Ln(6)
}

// table draws the lines, wrapping long descriptions and carrying on over pages with the header
// repeated.
func (p *page) table() {
	p.tableHeader()
	for i, l := range p.d.Lines {
		p.font("", 8.5, dark)
		desc := p.SplitText(inOrOther(l.Description, p.lang), columns[0])
		if len(desc) == 0 {
			desc = []string{""}
		}
		h := float64(len(desc))*lineH + 1.6
		if p.GetY()+h > bottom {
			p.AddPage()
			p.SetY(margin)
			p.tableHeader()
			p.font("", 8.5, dark)
		}
		y := p.GetY()
		if i%2 == 1 {
			p.SetFillColor(249, 250, 251)
			p.Rect(margin, y, contentW, h, "F")
		}
		for j, part := range desc {
			p.SetXY(margin, y+0.8+float64(j)*lineH)
			p.CellFormat(columns[0], lineH, part, "", 0, "L", false, 0, "")
		}
		qty, unitPrice := "", ""
		if l.Quantity != 0 {
			qty = Quantity(l.Quantity, p.lang) + " " + unitName(l.Unit, l.Quantity, p.lang)
			if l.UnitPrice != 0 {
				unitPrice = Money(l.UnitPrice, p.d.Currency, p.lang)
			} else {
				unitPrice = UnitPriceOf(l.Amount, l.Quantity, p.d.Currency, p.lang)
			}
		}
		x := margin + columns[0]
		for j, v := range []string{qty, unitPrice, Money(l.Amount, p.d.Currency, p.lang)} {
			p.SetXY(x, y+0.8)
			p.CellFormat(columns[j+1], lineH, v, "", 0, "R", false, 0, "")
			x += columns[j+1]
		}
		p.SetY(y + h)
		p.hrule(rule, 0.2)
	}
}

func (p *page) tableHeader() {
	y := p.GetY()
	p.SetFillColor(light[0], light[1], light[2])
	p.Rect(margin, y, contentW, 7, "F")
	p.font("B", 8, dark)
	heads := []string{p.t(labels.description), p.t(labels.quantity), p.t(labels.unitPrice), p.t(labels.amount)}
	x := margin
	for i, h := range heads {
		align := "R"
		if i == 0 {
			align = "L"
		}
		p.SetXY(x, y)
		p.CellFormat(columns[i], 7, h, "", 0, align, false, 0, "")
		x += columns[i]
	}
	p.SetY(y + 7)
}

// notesW is the width of the notes beside the totals.
const notesW = 84.0

// summary draws the totals on the right and, beside them on the left, how to pay (invoices) or
// what approving means (quotes), then a thank-you; all on one page, a new one if they do not fit.
func (p *page) summary() {
	p.font("", 7.5, grey)
	rows := 5
	exemption := p.SplitText(p.d.VAT.Exemption.In(p.lang), 88)
	if p.d.VATExcluded {
		rows -= 2 // neither subtotal nor VAT: the total is the net
		exemption = p.SplitText(p.t(labels.vatExcluded), 88)
	}
	if p.d.Currency == "USD" {
		rows -= 2
	}
	totalsH := float64(rows)*6 + 3 + float64(len(exemption))*3.8
	notes := p.noteLines()
	need := 6 + max(totalsH, float64(len(notes))*4.2) + 12
	if p.GetY()+need > bottom {
		p.AddPage()
		p.SetY(margin)
	}
	p.Ln(4)
	y0 := p.GetY()
	p.totals(exemption)
	yTotals := p.GetY()
	p.SetY(y0 + 1)
	for _, l := range notes {
		c := dark
		if l[0] == "B" {
			c = green
		}
		p.font(l[0], 8, c)
		p.SetX(margin)
		p.CellFormat(notesW, 4.2, l[1], "", 1, "L", false, 0, "")
	}
	p.SetY(max(yTotals, p.GetY()) + 5)
	p.hrule(rule, 0.2)
	p.Ln(2)
	p.SetX(margin)
	p.font("B", 8, green)
	p.CellFormat(contentW, 4.4, p.t(labels.thanks), "", 1, "L", false, 0, "")
}

// totals draws subtotal, VAT (with the exemption wording under it), total, its USD equivalent
// and the rate, on the right; a document priced before VAT has only the wording that says so
// above a total named "excluding VAT".
func (p *page) totals(exemption []string) {
	d := p.d
	const labelW, valueW = 50.0, 40.0
	x := pageWidth - margin - labelW - valueW
	row := func(label, value string) {
		p.SetX(x)
		p.font("", 9, dark)
		p.CellFormat(labelW, 6, label, "", 0, "L", false, 0, "")
		p.CellFormat(valueW, 6, value, "", 1, "R", false, 0, "")
	}
	total := labels.total
	if d.VATExcluded {
		total = labels.totalExVAT
	} else {
		row(p.t(labels.subtotal), Money(d.Net, d.Currency, p.lang))
		row(fmt.Sprintf(p.t(labels.vat), d.VAT.RatePercent), Money(d.VAT.Amount, d.Currency, p.lang))
	}
	for _, l := range exemption {
		p.SetX(x)
		p.font("", 7.5, grey)
		p.CellFormat(labelW+valueW, 3.8, l, "", 1, "L", false, 0, "")
	}
	p.Ln(1)
	y := p.GetY()
	p.SetFillColor(light[0], light[1], light[2])
	p.Rect(x, y, labelW+valueW, 8, "F")
	p.SetXY(x, y+1)
	p.font("B", 10.5, dark)
	p.CellFormat(labelW, 6, p.t(total), "", 0, "L", false, 0, "")
	p.CellFormat(valueW, 6, Money(d.Total, d.Currency, p.lang), "", 1, "R", false, 0, "")
	p.SetY(y + 9)
	if d.Currency == "USD" {
		return // the total is already in USD, at a rate of 1
	}
	for _, r := range [][2]string{
		{p.t(labels.totalUSD), Money(d.TotalUSD, "USD", p.lang)},
		{p.t(labels.rate), Rate(d.RateMicros, d.Currency, p.lang)},
	} {
		p.SetX(x)
		p.font("", 8.5, grey)
		p.CellFormat(labelW, 5.5, r[0], "", 0, "L", false, 0, "")
		p.CellFormat(valueW, 5.5, r[1], "", 1, "R", false, 0, "")
	}
}

// noteLines are the lines beside the totals, each with its style: the agency's bank details and
// how to pay for an invoice, what approving means for a quote.
func (p *page) noteLines() [][2]string {
	s := p.d.Seller
	var lines [][2]string
	p.font("", 8, dark)
	if p.d.Kind == Invoice && (!p.d.PaidAt.IsZero() || !p.d.RefundedAt.IsZero()) {
		// Settled: when and how, and nothing about how to pay.
		lines = append(lines, [2]string{"B", p.t(labels.paid)})
		var said []string
		if !p.d.PaidAt.IsZero() {
			if how, ok := methods[p.d.PaidBy]; ok {
				said = append(said, fmt.Sprintf(p.t(labels.paidOnBy), Date(p.d.PaidAt, p.lang), how.In(p.lang)))
			} else {
				said = append(said, fmt.Sprintf(p.t(labels.paidOn), Date(p.d.PaidAt, p.lang)))
			}
		}
		if !p.d.RefundedAt.IsZero() {
			said = append(said, fmt.Sprintf(p.t(labels.refundedOn), Date(p.d.RefundedAt, p.lang)))
		}
		for _, s := range said {
			for _, l := range p.SplitText(s, notesW) {
				lines = append(lines, [2]string{"", l})
			}
		}
		return lines
	}
	if p.d.Kind == Invoice {
		lines = append(lines, [2]string{"B", p.t(labels.payment)})
		if s.Bank != "" {
			lines = append(lines, [2]string{"", p.t(labels.bank) + ": " + s.Bank})
		}
		if s.Holder != "" {
			lines = append(lines, [2]string{"", p.t(labels.holder) + ": " + s.Holder})
		}
		if s.IBAN != "" {
			lines = append(lines, [2]string{"", p.t(labels.iban) + ": " + s.IBAN})
		}
		for _, l := range p.SplitText(p.t(labels.payNote), notesW) {
			lines = append(lines, [2]string{"", l})
		}
		return lines
	}
	for _, l := range p.SplitText(p.t(labels.quoteNote), notesW) {
		lines = append(lines, [2]string{"", l})
	}
	return lines
}

// footer draws the agency, the number and "Page n of m" (m is 0 in the counting pass).
func (p *page) footer(pages int) {
	y := pageHeight - 14
	p.SetDrawColor(rule[0], rule[1], rule[2])
	p.SetLineWidth(0.2)
	p.Line(margin, y, pageWidth-margin, y)
	p.SetXY(margin, y+1.5)
	p.font("", 7.5, grey)
	p.CellFormat(contentW/2, 4, p.d.Seller.Name+" · "+p.d.Number, "", 0, "L", false, 0, "")
	p.CellFormat(contentW/2, 4, fmt.Sprintf(p.t(labels.page), p.PageNo(), pages), "", 0, "R", false, 0, "")
}

func (p *page) hrule(c [3]int, width float64) {
	y := p.GetY()
	p.SetDrawColor(c[0], c[1], c[2])
	p.SetLineWidth(width)
	p.Line(margin, y, pageWidth-margin, y)
}

func joinNonEmpty(sep string, parts ...string) string {
	var out []string
	for _, s := range parts {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, sep)
}

func prefixed(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + s
}

// inOrOther is t in lang, or in the other language when it has no text in lang: a line stored
// with one language only still says what was done.
func inOrOther(t i18n.Text, lang i18n.Lang) string {
	if s := t.In(lang); s != "" {
		return s
	}
	if lang == i18n.EN {
		return t.TR
	}
	return t.EN
}
