package documents_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"linguaport/counting/pdf"
	"linguaport/internal/company"
	"linguaport/internal/documents"
	"linguaport/internal/i18n"
)

func longText() documents.Text {
	t := documents.Text{Seller: documents.SellerOf(company.Demo(), "TRY"), Title: "SÖZLEŞME", Number: "O-2026-00042",
		At: time.Date(2026, 11, 30, 9, 15, 0, 0, time.UTC), Record: [][2]string{{"Sipariş no", "O-2026-00042"}, {"İşaretlenen onaylar", "☑ Kabul ediyorum.\n☑ Hemen başlasın."}}}
	for d := 1; d <= 2; d++ {
		part := documents.TextPart{Title: fmt.Sprintf("Belge %d", d)}
		for s := 1; s <= 12; s++ {
			part.Sections = append(part.Sections, documents.TextSection{Heading: fmt.Sprintf("Madde %d", s), Blocks: []documents.TextBlock{
				{Text: strings.Repeat("Taraflar bu maddede yazanları kabul eder; tüketicinin hakları saklıdır. ", 6)},
				{Items: []string{"Birinci bent.", "İkinci bent, biraz daha uzun bir cümleyle."}},
			}})
		}
		t.Parts = append(t.Parts, part)
	}
	return t
}

// A text flows over as many pages as it needs, every page footed "Sayfa n/m", with its record,
// titles, headings, paragraphs and list items all readable back; the same input gives the same
// bytes.
func TestRenderText(t *testing.T) {
	var a, b bytes.Buffer
	if err := documents.RenderText(&a, longText(), i18n.TR); err != nil {
		t.Fatal(err)
	}
	if err := documents.RenderText(&b, longText(), i18n.TR); err != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatalf("not deterministic: %v", err)
	}
	var text strings.Builder
	res, err := pdf.Text(bytes.NewReader(a.Bytes()), int64(a.Len()), pdf.Limits{StreamBytes: 64 << 20, DecodedBytes: 64 << 20, ContentBytes: 64 << 20, Ratio: 1000},
		func(s string) (int, int) { text.WriteString(s); return 0, 0 })
	if err != nil || res.UnmappedGlyphs != 0 {
		t.Fatalf("reading it back: %v, %d unmapped", err, res.UnmappedGlyphs)
	}
	got := strings.Join(strings.Fields(text.String()), " ")
	pages := strings.Count(got, "Sayfa ")
	if pages < 3 {
		t.Fatalf("%d pages for some 24 long sections", pages)
	}
	for _, w := range []string{"SÖZLEŞME", "LinguaPort Çeviri Hizmetleri Ltd. Şti.", "☑ Kabul ediyorum.", "Belge 1", "Belge 2", "Madde 12", "İkinci bent, biraz daha uzun bir cümleyle.", fmt.Sprintf("Sayfa %d/%d", pages, pages)} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q", w)
		}
	}
}

func TestRenderTextNeedsTheSeller(t *testing.T) {
	tx := longText()
	tx.Seller = documents.Seller{}
	if err := documents.RenderText(&bytes.Buffer{}, tx, i18n.EN); !errors.Is(err, documents.ErrInvalid) {
		t.Fatalf("no seller: %v", err)
	}
}
