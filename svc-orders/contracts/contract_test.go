package contracts_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/company"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/svc-orders/contracts"
)

func data(lang i18n.Lang, buyer contracts.Buyer) contracts.Data {
	d := contracts.Data{
		Seller: company.Demo().View(lang), Buyer: buyer, QuoteNumber: "Q-2026-00042", Service: "Profesyonel Tercüme",
		Languages: "Türkçe → İngilizce, Almanca", Quantity: "1.250 kelime", Urgency: "Acil", AddOns: "Yeminli tercüme", Files: 2,
		Net: "1.000,00 TL", VAT: "200,00 TL", Total: "1.200,00 TL", VATNote: "KDV %20", Currency: "TRY",
		ExpectedDate: "4 Aralık 2026", RevisionDays: 7, WithdrawalDays: contracts.WithdrawalDays, Today: "30 Kasım 2026",
	}
	if lang == i18n.EN {
		d.Service, d.Languages, d.Quantity, d.Urgency, d.AddOns = "Professional Translation", "Turkish → English, German", "1,250 words", "Urgent", "Sworn translation"
		d.Net, d.VAT, d.Total, d.VATNote, d.ExpectedDate, d.Today = "TRY 1,000.00", "TRY 200.00", "TRY 1,200.00", "VAT 20%", "4 December 2026", "30 November 2026"
	}
	return d
}

var person = contracts.Buyer{Name: "Ayşe Yılmaz", Identity: "T.C. Kimlik No 10000000146", Address: "Moda Cad. 5, 34710 Kadıköy, İstanbul, Türkiye", Email: "ayse@example.com"}

// text is every word of the contract, for looking things up.
func text(c contracts.Contract) string {
	var b strings.Builder
	for _, d := range c.Documents {
		b.WriteString(d.Title + "\n")
		for _, s := range d.Sections {
			b.WriteString(s.Heading + "\n")
			for _, bl := range s.Blocks {
				b.WriteString(bl.Text + "\n" + strings.Join(bl.Items, "\n") + "\n")
			}
		}
	}
	return b.String()
}

// Each text renders in both languages with the agency's facts, the buyer and the price, as the
// documents the regulation names, and nothing left unfilled.
func TestTextsRender(t *testing.T) {
	facts := company.Demo()
	for _, c := range []struct {
		kind   contracts.Kind
		lang   i18n.Lang
		titles []string
		words  []string
		boxes  []string
	}{
		{contracts.Consumer, i18n.TR, []string{"Ön Bilgilendirme Formu", "Mesafeli Hizmet Sözleşmesi"}, []string{"cayma", "15. maddesi", "Tüketici Hakem Heyeti"}, []string{"accept", "startNow"}},
		{contracts.Consumer, i18n.EN, []string{"Pre-contract Information Form", "Distance Sales Contract"}, []string{"withdrawal", "15(1)(h)", "Consumer Arbitration Committee"}, []string{"accept", "startNow"}},
		{contracts.Commercial, i18n.TR, []string{"Ticari Hizmet Koşulları"}, []string{"Türkiye Cumhuriyeti hukuku", "Çağlayan"}, []string{"accept"}},
		{contracts.Commercial, i18n.EN, []string{"Commercial Terms of Service"}, []string{"laws of the Republic of Türkiye", "Çağlayan"}, []string{"accept"}},
	} {
		t.Run(string(c.kind)+"."+string(c.lang), func(t *testing.T) {
			ct, err := contracts.Render(c.kind, c.lang, data(c.lang, person))
			if err != nil {
				t.Fatal(err)
			}
			var titles []string
			for _, d := range ct.Documents {
				titles = append(titles, d.Title)
				if len(d.Sections) < 5 {
					t.Errorf("%s has %d sections", d.Title, len(d.Sections))
				}
			}
			if !slices.Equal(titles, c.titles) {
				t.Errorf("documents %q, want %q", titles, c.titles)
			}
			all := text(ct)
			d := data(c.lang, person)
			for _, want := range append([]string{facts.LegalName, facts.Mersis, facts.KEP, person.Name, person.Identity, d.QuoteNumber, d.Languages, d.Quantity, d.Net, d.VAT, d.Total, d.ExpectedDate}, c.words...) {
				if !strings.Contains(all, want) {
					t.Errorf("the text lacks %q", want)
				}
			}
			for _, bad := range []string{"<no value>", "{{", "}}", "**", "](", "%!"} {
				if strings.Contains(all, bad) {
					t.Errorf("the text holds %q", bad)
				}
			}
			var boxes []string
			for _, b := range ct.Consents {
				boxes = append(boxes, b.ID)
				if b.Text == "" {
					t.Errorf("box %s has no words", b.ID)
				}
			}
			if !slices.Equal(boxes, c.boxes) {
				t.Errorf("boxes %q, want %q", boxes, c.boxes)
			}
			if ct.Version != contracts.Version || ct.Lang != c.lang || ct.Total != d.Total || len(ct.Digest) != 64 {
				t.Errorf("contract %s %s %s %q", ct.Version, ct.Lang, ct.Total, ct.Digest)
			}
		})
	}
}

// The consumer's box carries the words in both languages.
func TestStartNowBoxWords(t *testing.T) {
	for lang, want := range map[i18n.Lang]string{
		i18n.EN: "I want the work to start now and know I then lose my right of withdrawal.",
		i18n.TR: "Çalışmanın hemen başlamasını istiyorum ve bu durumda cayma hakkımı kaybedeceğimi biliyorum.",
	} {
		ct, err := contracts.Render(contracts.Consumer, lang, data(lang, person))
		if err != nil {
			t.Fatal(err)
		}
		if i := slices.IndexFunc(ct.Consents, func(c contracts.Consent) bool { return c.ID == contracts.ConsentStartNow }); i < 0 || ct.Consents[i].Text != want {
			t.Errorf("%s: boxes %+v", lang, ct.Consents)
		}
	}
}

// Anything the buyer reads changes the digest; the same inputs give the same digest.
func TestDigestNamesTheWords(t *testing.T) {
	a, _ := contracts.Render(contracts.Consumer, i18n.TR, data(i18n.TR, person))
	b, _ := contracts.Render(contracts.Consumer, i18n.TR, data(i18n.TR, person))
	if a.Digest != b.Digest {
		t.Fatal("the same contract has two digests")
	}
	other := person
	other.Address = "Bağdat Cad. 1, 34728 Kadıköy, İstanbul, Türkiye"
	c, _ := contracts.Render(contracts.Consumer, i18n.TR, data(i18n.TR, other))
	en, _ := contracts.Render(contracts.Consumer, i18n.EN, data(i18n.EN, person))
	if c.Digest == a.Digest || en.Digest == a.Digest {
		t.Error("another address or language kept the digest")
	}
}

func TestAccept(t *testing.T) {
	ct, err := contracts.Render(contracts.Consumer, i18n.EN, data(i18n.EN, person))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 30, 9, 15, 0, 0, time.UTC)
	_, err = ct.Accept(contracts.Acceptance{Digest: ct.Digest, Consents: map[string]bool{"accept": true}}, now, "203.0.113.9")
	var fields errs.Fields
	if !errors.Is(err, contracts.ErrNotAccepted) || !errors.As(err, &fields) || fields["startNow"] != "must_start_now" || len(fields) != 1 {
		t.Fatalf("start-now box unticked: %v %v", err, fields)
	}
	_, err = ct.Accept(contracts.Acceptance{Digest: ct.Digest}, now, "")
	if !errors.As(err, &fields) || fields["accept"] != "must_accept" || fields["startNow"] != "must_start_now" {
		t.Fatalf("nothing ticked: %v", err)
	}
	all := map[string]bool{"accept": true, "startNow": true}
	if _, err := ct.Accept(contracts.Acceptance{Digest: strings.Repeat("0", 64), Consents: all}, now, ""); !errors.Is(err, contracts.ErrChanged) {
		t.Fatalf("another text's digest: %v", err)
	}
	kept, err := ct.Accept(contracts.Acceptance{Digest: ct.Digest, Consents: all}, now, "203.0.113.9")
	if err != nil || !kept.AcceptedAt.Equal(now) || kept.IP != "203.0.113.9" || kept.Digest != ct.Digest || len(kept.Documents) != 2 {
		t.Fatalf("accepted: %+v, %v", kept, err)
	}
}

// textsDigest pins the words of texts/ to Version: whoever changes a text must name a new
// version (and then this digest), so a kept contract's version always means one text.
const textsDigest = "ef8844ec466f34a89af04e84ec179a16ac5bfe750ea3d97e31e7d785011b7b22"

func TestVersionPinsTheTexts(t *testing.T) {
	h := sha256.New()
	root := "texts"
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		h.Write([]byte(p + "\n"))
		h.Write(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != textsDigest {
		t.Fatalf("texts/ changed (digest %s): set contracts.Version to today's date and textsDigest to the new digest", got)
	}
}

func TestBuyerOf(t *testing.T) {
	name := func(code string, _ i18n.Lang) string {
		return map[string]string{"TR": "Türkiye", "DE": "Germany"}[code]
	}
	for _, c := range []struct {
		d    contracts.Details
		lang i18n.Lang
		want contracts.Buyer
		kind contracts.Kind
	}{
		{contracts.Details{Type: "individual", FullName: "Ayşe Yılmaz", TCKN: "10000000146", Address: "Moda Cad. 5", Postcode: "34710", City: "İstanbul", Country: "TR", Email: "a@example.com"}, i18n.TR,
			contracts.Buyer{Name: "Ayşe Yılmaz", Identity: "T.C. Kimlik No 10000000146", Address: "Moda Cad. 5, 34710 İstanbul, Türkiye", Email: "a@example.com"}, contracts.Consumer},
		{contracts.Details{Type: "company", CompanyName: "Örnek A.Ş.", TaxOffice: "Kadıköy", VKN: "1234567890", Address: "Rıhtım 1", City: "İstanbul", Country: "TR", Email: "f@example.com"}, i18n.EN,
			contracts.Buyer{Name: "Örnek A.Ş.", Identity: "Tax office Kadıköy, tax no. (VKN) 1234567890", Address: "Rıhtım 1, İstanbul, Türkiye", Email: "f@example.com"}, contracts.Commercial},
		{contracts.Details{Type: "company", CompanyName: "Beispiel GmbH", TaxID: "DE123456789", Address: "Hauptstr. 1", Postcode: "10115", City: "Berlin", Country: "DE", Email: "b@example.com"}, i18n.EN,
			contracts.Buyer{Name: "Beispiel GmbH", Identity: "Tax ID DE123456789", Address: "Hauptstr. 1, 10115 Berlin, Germany", Email: "b@example.com"}, contracts.Commercial},
		{contracts.Details{Type: "individual", FullName: "John Smith", Address: "1 High St", City: "London", Country: "DE", Email: "j@example.com"}, i18n.EN,
			contracts.Buyer{Name: "John Smith", Address: "1 High St, London, Germany", Email: "j@example.com"}, contracts.Consumer},
	} {
		if got := contracts.BuyerOf(c.d, c.lang, name); got != c.want {
			t.Errorf("BuyerOf(%+v) = %+v, want %+v", c.d, got, c.want)
		}
		if got := contracts.KindFor(c.d); got != c.kind {
			t.Errorf("KindFor(%s) = %s", c.d.Type, got)
		}
	}
}
