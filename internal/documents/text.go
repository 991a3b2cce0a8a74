package documents

import (
	"fmt"
	"io"
	"time"

	"github.com/go-pdf/fpdf"

	"linguaport/internal/i18n"
)

// Text is a document of words rather than figures, a contract as it was accepted: the agency's
// header, a record box (what it is, who accepted it, when) and its texts, flowing over as many
// pages as they need.
type Text struct {
	Seller Seller
	// Title is the header's title ("SÖZLEŞME"), Number the reference under it (the order's) and
	// At the date printed there and in the PDF's metadata.
	Title  string
	Number string
	At     time.Time
	// Record is printed in a box above the texts, label and value.
	Record [][2]string
	Parts  []TextPart
}

// TextPart is one text with its sections.
type TextPart struct {
	Title    string
	Sections []TextSection
}

// TextSection is a heading (may be empty) and its blocks.
type TextSection struct {
	Heading string
	Blocks  []TextBlock
}

// TextBlock is a paragraph (Text) or a bulleted list (Items).
type TextBlock struct {
	Text  string
	Items []string
}

// RenderText writes t as a PDF in lang (the footer's words).
func RenderText(w io.Writer, t Text, lang i18n.Lang) error {
	if t.Seller.Name == "" || t.Seller.VKN == "" || t.Seller.Mersis == "" {
		return fmt.Errorf("%w: no seller (documents.SellerOf the agency's facts)", ErrInvalid)
	}
	return twoPasses(w, func(pages int) (*fpdf.Fpdf, error) { return layoutText(t, lang, pages) })
}

// textBottom is the lowest a line of text may reach; the footer lies below.
const textBottom = 22.0

func layoutText(t Text, lang i18n.Lang, pages int) (*fpdf.Fpdf, error) {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetCatalogSort(true)
	f.SetCreationDate(t.At.UTC())
	f.SetModificationDate(t.At.UTC())
	f.SetProducer("LinguaPort", false)
	f.SetMargins(margin, margin, margin)
	f.SetAutoPageBreak(true, textBottom)
	f.AddUTF8FontFromBytes(family, "", fontRegular)
	f.AddUTF8FontFromBytes(family, "B", fontBold)
	// The invoice's header and footer, over a document that names this one.
	p := &page{Fpdf: f, d: Document{Kind: textKind, Number: t.Number, IssuedAt: t.At, Seller: t.Seller}, lang: lang, heading: t.Title}
	f.SetTitle(t.Title+" "+t.Number, true)
	f.SetAuthor(t.Seller.Name, true)
	f.SetLang(string(lang))
	f.SetFooterFunc(func() { p.footer(pages) })
	f.AddPage()
	p.header()
	p.record(t.Record)
	for _, part := range t.Parts {
		p.part(part)
	}
	if err := f.Error(); err != nil {
		return nil, fmt.Errorf("documents: layout: %w", err)
	}
	return f, nil
}

// textKind marks the header's document as a text: its title is given, not "INVOICE".
const textKind Kind = "text"

// record draws the label-value rows in a tinted box.
func (p *page) record(rows [][2]string) {
	if len(rows) == 0 {
		return
	}
	p.Ln(4)
	top := p.GetY()
	p.SetFillColor(light[0], light[1], light[2])
	const labelW = 48.0
	for _, r := range rows {
		p.SetX(margin)
		p.font("", 8.5, grey)
		y := p.GetY()
		p.MultiCell(labelW, 4.8, r[0], "", "L", true)
		labelEnd := p.GetY()
		p.SetXY(margin+labelW, y)
		p.font("B", 8.5, dark)
		p.MultiCell(contentW-labelW, 4.8, r[1], "", "L", true)
		p.SetY(max(labelEnd, p.GetY()))
	}
	p.SetDrawColor(green[0], green[1], green[2])
	p.SetLineWidth(0.4)
	p.Line(margin, top, margin, p.GetY())
	p.Ln(4)
}

// part draws one text: its title, then each section's heading and blocks.
func (p *page) part(t TextPart) {
	p.keepWith(14)
	p.Ln(2)
	p.SetX(margin)
	p.font("B", 13, dark)
	p.MultiCell(contentW, 6, t.Title, "", "L", false)
	p.Ln(1)
	for _, s := range t.Sections {
		if s.Heading != "" {
			p.keepWith(12)
			p.Ln(1.5)
			p.SetX(margin)
			p.font("B", 9.5, dark)
			p.MultiCell(contentW, 5, s.Heading, "", "L", false)
		}
		for _, b := range s.Blocks {
			p.font("", 8.8, dark)
			if b.Text != "" {
				p.SetX(margin)
				p.MultiCell(contentW, lineH+0.3, b.Text, "", "J", false)
				p.Ln(1.2)
			}
			for _, item := range b.Items {
				p.SetX(margin + 2)
				p.CellFormat(4, lineH+0.3, "•", "", 0, "L", false, 0, "")
				p.MultiCell(contentW-6, lineH+0.3, item, "", "L", false)
			}
			if len(b.Items) > 0 {
				p.Ln(1.2)
			}
		}
	}
}

// keepWith starts a new page when less than h mm are left, so a heading is not left alone at a
// page's foot.
func (p *page) keepWith(h float64) {
	if p.GetY()+h > pageHeight-textBottom {
		p.AddPage()
	}
}
