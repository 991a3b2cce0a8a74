package catalog_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/company"
	"linguaport/internal/company/companytest"
	"linguaport/internal/i18n"
	"linguaport/internal/placeholders"
	"linguaport/internal/testenv"
	"linguaport/svc-catalog/api"
	"linguaport/svc-catalog/catalog"
)

// legalText is GET legal/{doc} in lang: its HTML as text (tags dropped) and the whole answer.
func (f *fixture) legalText(t *testing.T, doc, lang string) (string, map[string]any) {
	t.Helper()
	resp, body := f.call(t, "GET", "/api/v1/catalog/legal/"+doc+"?lang="+lang, "", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("legal %s/%s: %d %v", doc, lang, resp.StatusCode, body)
	}
	return strings.Join(strings.Fields(placeholders.HTMLText(body["html"].(string))), " "), body
}

// Every legal text is rendered with the configured facts (the fixture's are companytest.Other,
// not the demo set): the controller's name, MERSİS, address, KEP and mailbox appear where the
// text names them, nothing of the demo facts shows through, and nothing is a placeholder.
func TestLegalTextsCarryTheConfiguredFacts(t *testing.T) {
	f := newFixture(t)
	o := companytest.Other()
	for _, doc := range []string{"privacy", "terms", "cookies", "membership"} {
		for _, lang := range []i18n.Lang{i18n.TR, i18n.EN} {
			text, body := f.legalText(t, doc, string(lang))
			want := []string{o.LegalName}
			switch doc {
			case "privacy":
				want = append(want, o.Mersis, o.AddressLine(lang), o.KEP, o.Email.Privacy, o.Phone, o.Registry.Number, o.TaxNumber)
			case "cookies":
				want = append(want, o.Email.Privacy, o.WebsiteHost())
			case "terms", "membership":
				want = append(want, o.Mersis, o.AddressLine(lang), o.KEP, o.Email.General, o.Phone, o.Address.City)
			}
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("%s/%s lacks %q", doc, lang, w)
				}
			}
			for _, demo := range []string{"LinguaPort Çeviri", "0608051234900001", "Büyükdere", "linguaport@hs01.kep.tr", "linguaport.com"} {
				if strings.Contains(text, demo) {
					t.Errorf("%s/%s shows the demo facts' %q", doc, lang, demo)
				}
			}
			raw, _ := json.Marshal(body)
			if found := placeholders.Find(string(raw)); found != nil {
				t.Errorf("%s/%s: placeholder text %q", doc, lang, found)
			}
			if found := placeholders.Find(text); found != nil {
				t.Errorf("%s/%s: placeholder text %q", doc, lang, found)
			}
		}
	}
}

// The privacy notice says what KVKK art. 10 and the Communiqué on applications ask for, in
// both languages: the controller, the purposes with the art. 5 grounds, special categories
// under art. 6, the recipients including those abroad under art. 9 (the card payment provider,
// Google and Facebook sign-in, the e-mail host), how data is collected, the rights of art. 11
// and how to apply (in writing, KEP, registered e-mail), the 30-day answer and the Board.
func TestPrivacyNoticeMeetsKVKKArticle10(t *testing.T) {
	f := newFixture(t)
	want := map[string][]string{
		"tr": {"veri sorumlusu", "MERSİS", "KEP", "m. 5/2-a", "m. 5/2-c", "m. 5/2-ç", "m. 5/2-e", "m. 5/2-f", "m. 6/3",
			"Stripe", "Google", "Facebook", "E-posta barındırma", "m. 9/4", "m. 9/6-b", "nasıl topluyoruz",
			"11. maddesindeki haklarınız", "düzeltilmesini", "silinmesini", "otomatik sistemler", "zararın giderilmesini",
			"Yazılı olarak", "KEP ile", "kayıtlı e-posta", "otuz gün", "Kişisel Verileri Koruma Kurulu", "m. 14", "10 yıl"},
		"en": {"data controller", "MERSİS", "KEP", "art. 5/2-a", "art. 5/2-c", "art. 5/2-ç", "art. 5/2-e", "art. 5/2-f", "art. 6/3",
			"Stripe", "Google", "Facebook", "e-mail hosting provider", "art. 9/4", "art. 9/6-b", "How we collect",
			"article 11", "rectified", "erased", "automated systems", "compensation",
			"In writing", "By KEP", "registered in our system", "thirty days", "Personal Data Protection Board", "art. 14", "10 years"},
	}
	for lang, phrases := range want {
		text, _ := f.legalText(t, "privacy", lang)
		for _, p := range phrases {
			if !strings.Contains(text, p) {
				t.Errorf("privacy/%s lacks %q", lang, p)
			}
		}
	}
}

// The terms and the membership agreement cover a distance service contract: parties, price and
// payment, delivery, revision, withdrawal with its exception for services begun with consent,
// liability, confidentiality and the consumer's dispute routes.
func TestTermsAndMembershipAreComplete(t *testing.T) {
	f := newFixture(t)
	want := map[string]map[string][]string{
		"membership": {
			"tr": {"Taraflar", "Fiyat ve ödeme", "İfa ve teslim", "Revizyon", "Cayma hakkı", "14 gün", "15. maddesinin (h) bendi",
				"Gizlilik", "Sorumluluk", "tüketici hakem heyetlerine", "tüketici mahkemelerine", "Mesafeli Sözleşmeler Yönetmeliği"},
			"en": {"Parties", "Price and payment", "Performance and delivery", "Revisions", "Right of withdrawal", "14 days", "article 15(1)(h)",
				"Confidentiality", "Liability", "consumer arbitration committee", "consumer courts", "Distance Contracts Regulation"},
		},
		"terms": {
			"tr": {"Taraflar", "Fiyatlar", "Ödeme", "Fikrî mülkiyet", "Sorumluluk", "tüketici hakem heyetlerine"},
			"en": {"Parties", "Prices", "Payment", "Intellectual property", "Liability", "consumer arbitration committee"},
		},
	}
	for doc, langs := range want {
		for lang, phrases := range langs {
			text, _ := f.legalText(t, doc, lang)
			for _, p := range phrases {
				if !strings.Contains(text, p) {
					t.Errorf("%s/%s lacks %q", doc, lang, p)
				}
			}
		}
	}
}

// The cookie policy answers its list with the page, in the page's language, and its lists
// name every entry of that list.
func TestCookiePolicyListsItsCookies(t *testing.T) {
	f := newFixture(t)
	for _, lang := range []string{"tr", "en"} {
		text, body := f.legalText(t, "cookies", lang)
		list, _ := body["cookies"].([]any)
		var names []string
		for _, c := range list {
			e := c.(map[string]any)
			names = append(names, e["name"].(string)+"/"+e["storage"].(string))
			if e["purpose"] == "" || e["duration"] == "" || e["firstParty"] != true || e["necessary"] != true {
				t.Errorf("%s: %v", lang, e)
			}
			if !strings.Contains(text, e["name"].(string)) {
				t.Errorf("%s: the page does not name %s", lang, e["name"])
			}
		}
		wantNames := []string{"authToken/cookie", "refreshToken/cookie", "userData/cookie", "userCurrency/cookie", "oauthState/cookie",
			"linguaport.chat/localStorage", "linguaport.orders.draft/sessionStorage", "linguaport.orders.uploadToken/sessionStorage"}
		if !slices.Equal(names, wantNames) {
			t.Errorf("%s cookies %v, want %v", lang, names, wantNames)
		}
	}
	// Only the cookie policy has a list.
	if _, body := f.legalText(t, "privacy", "en"); body["cookies"] != nil {
		t.Errorf("privacy answers cookies: %v", body["cookies"])
	}
}

// GET company answers the configured facts for the footer and contact page, bank accounts not
// among them.
func TestCompanyFacts(t *testing.T) {
	f := newFixture(t)
	resp, body := f.call(t, "GET", "/api/v1/catalog/company", "", nil)
	if resp.StatusCode != 200 || resp.Header.Get("ETag") == "" || resp.Header.Get("Cache-Control") != "public, no-cache" {
		t.Fatalf("company: %d %v", resp.StatusCode, resp.Header)
	}
	o := companytest.Other()
	line := body["addressLine"].(map[string]any)
	if body["legalName"] != o.LegalName || body["mersis"] != o.Mersis || body["phone"] != o.Phone || body["phoneUri"] != "tel:+903124440606" ||
		body["kep"] != o.KEP || body["email"].(map[string]any)["general"] != o.Email.General || line["en"] != o.AddressLine(i18n.EN) ||
		body["iso9001"].(map[string]any)["number"] != o.ISO9001.Number || body["website"] != o.Website {
		t.Errorf("company: %v", body)
	}
	if _, ok := body["bankAccounts"]; ok {
		t.Errorf("the public facts carry bank accounts: %v", body)
	}
}

// Legal texts are not staff's to edit: a database seeded with an older text gets the seed's on
// the next start; seeding the same text again changes and adds nothing.
func TestSeedReplacesOlderLegalTexts(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	store, err := catalog.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalog.SeedContent()
	if err != nil {
		t.Fatal(err)
	}
	old := catalog.LegalDoc{ID: "privacy", Title: i18n.Text{TR: "Eski", EN: "Old"}, Updated: "2026-11-01",
		Body: i18n.Text{TR: "LinguaPort Çeviri Hizmetleri ([registered address])", EN: "privacy@linguaport.example"}}
	if _, err := db.Collection("legal").InsertOne(ctx, old); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Seed(ctx, c); err != nil {
		t.Fatal(err)
	}
	got, err := store.Legal(ctx, "privacy")
	if err != nil || got.Updated == old.Updated || got.Body.TR == old.Body.TR || !strings.Contains(got.Body.TR, "{{.LegalName}}") {
		t.Fatalf("after seeding: %+v %v", got, err)
	}
	if added, err := store.Seed(ctx, c); err != nil || added != 0 {
		t.Errorf("second seed added %d: %v", added, err)
	}
	if n, _ := db.Collection("legal").CountDocuments(ctx, bson.D{}); n != 4 {
		t.Errorf("%d legal texts", n)
	}
}

// What the site is prerendered from (the snapshot, as `make webui` writes it with the demo
// facts) and every public catalogue answer hold no placeholder text: every legal text, the
// company facts, services, FAQ, blog and testimonials, in both languages.
func TestNoPlaceholdersInPublicAnswers(t *testing.T) {
	c, err := catalog.SeedContent()
	if err != nil {
		t.Fatal(err)
	}
	for _, facts := range []company.Facts{company.Demo(), companytest.Other()} {
		snap, err := api.Snapshot(context.Background(), c, facts)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := snap["/api/v1/catalog/company"]; !ok {
			t.Error("the snapshot lacks the company facts")
		}
		for u, body := range snap {
			var v any
			if err := json.Unmarshal(body, &v); err != nil {
				t.Fatal(err)
			}
			for _, s := range stringsOf(v) {
				if found := placeholders.Find(s); found != nil {
					t.Errorf("%s (%s): placeholder text %q", u, facts.LegalName, found)
				}
				if found := placeholders.Find(placeholders.HTMLText(s)); found != nil {
					t.Errorf("%s (%s): placeholder text %q in its HTML", u, facts.LegalName, found)
				}
			}
		}
	}
}

// stringsOf is every string in a decoded JSON value.
func stringsOf(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, x := range v {
			out = append(out, stringsOf(x)...)
		}
		return out
	case map[string]any:
		var out []string
		for _, x := range v {
			out = append(out, stringsOf(x)...)
		}
		return out
	}
	return nil
}
