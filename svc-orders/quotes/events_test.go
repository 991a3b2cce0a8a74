package quotes

import (
	"testing"

	"linguaport/internal/i18n"
	"linguaport/svc-orders/pricing"
)

// Invoice lines name the work as the customer knows it, with the catalogue's service title and
// language names in each language; a service or language no longer named keeps its slug or code
// rather than leaving the line blank.
func TestInvoiceLinesNameTheWork(t *testing.T) {
	line := func(target string) pricing.PricedLine {
		return pricing.PricedLine{Line: pricing.Line{TargetLanguage: target, Quantity: 400, Unit: pricing.PerWord, Total: 3400}}
	}
	for _, c := range []struct {
		name string
		work Work
		want []i18n.Text
	}{
		{"normal", Work{Service: "professional-translation", SourceLanguage: "tr", Urgency: pricing.Normal, Lines: []pricing.PricedLine{line("en"), line("de")}},
			[]i18n.Text{
				{TR: "Profesyonel Tercüme, Türkçe → İngilizce", EN: "Professional Translation, Turkish → English"},
				{TR: "Profesyonel Tercüme, Türkçe → Almanca", EN: "Professional Translation, Turkish → German"},
			}},
		{"urgent", Work{Service: "subtitle-translation", SourceLanguage: "en", Urgency: pricing.Urgent, Lines: []pricing.PricedLine{line("tr")}},
			[]i18n.Text{{TR: "Altyazı Çevirisi, İngilizce → Türkçe, acil", EN: "Subtitle Translation, English → Turkish, urgent"}}},
		{"unknown", Work{Service: "poetry", SourceLanguage: "xx", Lines: []pricing.PricedLine{line("en"), line("yy")}},
			[]i18n.Text{{TR: "poetry, XX → İngilizce", EN: "poetry, XX → English"}, {TR: "poetry, XX → YY", EN: "poetry, XX → YY"}}},
	} {
		q := &Quote{Work: c.work}
		got := q.InvoiceLines()
		if len(got) != len(c.want) {
			t.Fatalf("%s: %d lines, want %d", c.name, len(got), len(c.want))
		}
		for i, l := range got {
			if l.Description != c.want[i] || l.TargetLanguage != c.work.Lines[i].TargetLanguage || l.Quantity != 400 || l.AmountUSD != 3400 {
				t.Errorf("%s line %d: %+v, want %+v", c.name, i, l, c.want[i])
			}
		}
	}
}
