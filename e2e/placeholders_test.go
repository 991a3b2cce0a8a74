package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"linguaport/internal/company"
	"linguaport/internal/i18n"
	"linguaport/internal/placeholders"
)

// testNoPlaceholders: nothing a user can reach holds placeholder text (internal/placeholders:
// "[registered address]", "{{...}}", .example addresses, "lorem"): every page the site
// prerenders in both languages and the not-found pages, as nginx serves them; every public
// catalogue answer; an invoice's and a quote's PDF in both languages, read by pdftotext; and
// every mail the stack has sent so far. The pages, the legal texts and the PDFs name the agency
// by the facts `make up` ships (internal/company's demo set), the same everywhere.
func testNoPlaceholders(t *testing.T, s *devstack) {
	facts := company.Demo()
	check := func(where, text string) {
		t.Helper()
		if found := placeholders.Find(text); found != nil {
			t.Errorf("%s: placeholder text %q", where, found)
		}
	}
	get := func(path string, header ...string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", s.web+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	// Served pages: the sitemap's, both languages, and the not-found page of each.
	_, sitemap := get("/sitemap.xml")
	locs := regexp.MustCompile(`<loc>[^<]*?(/(?:tr|en)[^<]*)</loc>`).FindAllStringSubmatch(sitemap, -1)
	if len(locs) < 40 {
		t.Fatalf("the sitemap lists %d pages", len(locs))
	}
	pages := map[string]bool{}
	for _, m := range locs {
		pages[m[1]] = true
	}
	pages["/tr/yok-boyle-bir-sayfa"], pages["/en/no-such-page"] = true, true
	for p := range pages {
		status, html := get(p)
		if status != 200 && !strings.Contains(p, "no-such") && !strings.Contains(p, "yok-boyle") {
			t.Errorf("%s: %d", p, status)
			continue
		}
		check(p, placeholders.HTMLText(html))
		// Pages with the footer name the agency as configured.
		if strings.Contains(html, "site-footer__legal") && !strings.Contains(html, facts.Mersis) {
			t.Errorf("%s: the footer does not carry the MERSİS number", p)
		}
	}

	// Public API answers, in both languages.
	for _, lang := range []string{"tr", "en"} {
		for _, p := range []string{"/api/v1/catalog/company", "/api/v1/catalog/services", "/api/v1/catalog/testimonials", "/api/v1/catalog/stats",
			"/api/v1/catalog/faq?lang=" + lang, "/api/v1/catalog/blog?lang=" + lang, "/api/v1/catalog/legal/privacy?lang=" + lang,
			"/api/v1/catalog/legal/terms?lang=" + lang, "/api/v1/catalog/legal/cookies?lang=" + lang, "/api/v1/catalog/legal/membership?lang=" + lang} {
			status, body := get(p, "Accept-Language", lang)
			if status != 200 {
				t.Errorf("%s: %d", p, status)
				continue
			}
			check(p, body)
			check(p+" (HTML)", placeholders.HTMLText(body))
			if strings.Contains(p, "/legal/") && !strings.Contains(body, facts.LegalName) {
				t.Errorf("%s does not name %s", p, facts.LegalName)
			}
		}
	}

	// PDFs: a new customer's quote and the invoice issued when it is approved.
	email := fmt.Sprintf("placeholders-%d@example.com", time.Now().UnixNano())
	status, _, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Yer Tutucu Denetçi", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if status != 201 {
		t.Fatalf("register: %d", status)
	}
	session := map[string]string{"authToken": set["authToken"].Value}
	status, quote, _ := call(t, s, "POST", "/api/v1/orders/quotes", map[string]any{
		"service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}, "quantity": 500, "currency": "TRY",
	}, session)
	if status != 201 {
		t.Fatalf("quote: %d %v", status, quote)
	}
	saveBillingDetails(t, s, session)
	status, approval, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+quote["id"].(string)+"/approve", acceptingContract(t, s, quote["id"].(string), session), session)
	if status != 200 {
		t.Fatalf("approve: %d %v", status, approval)
	}
	invoiceID := invoiceOf(t, s, session, approval["order"].(map[string]any)["id"].(string))
	account, _ := facts.Account("TRY")
	for _, lang := range []i18n.Lang{i18n.TR, i18n.EN} {
		for what, path := range map[string]string{
			"quote":   "/api/v1/orders/quotes/" + quote["id"].(string) + ".pdf?lang=" + string(lang),
			"invoice": "/api/v1/billing/invoices/" + invoiceID + ".pdf?lang=" + string(lang),
		} {
			req, _ := http.NewRequest("GET", s.web+path, nil)
			req.AddCookie(&http.Cookie{Name: "authToken", Value: session["authToken"]})
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			pdf, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("%s PDF %s: %d %s", what, lang, resp.StatusCode, pdf)
			}
			text, err := placeholders.PDFText(pdf)
			if err != nil {
				t.Fatal(err)
			}
			check(what+" PDF "+string(lang), text)
			flat := strings.Join(strings.Fields(text), " ")
			for _, w := range []string{facts.LegalName, facts.Mersis, facts.TaxNumber} {
				if !strings.Contains(flat, w) {
					t.Errorf("%s PDF %s lacks %q", what, lang, w)
				}
			}
			if what == "invoice" && !strings.Contains(flat, company.DisplayIBAN(account.IBAN)) {
				t.Errorf("invoice PDF %s lacks the TRY account %s", lang, company.DisplayIBAN(account.IBAN))
			}
		}
	}
	// The balance page's transfer instructions are the same accounts.
	_, balance, _ := call(t, s, "GET", "/api/v1/billing/balance", nil, session)
	raw, _ := json.Marshal(balance["bankAccounts"])
	if !strings.Contains(string(raw), company.DisplayIBAN(account.IBAN)) || !strings.Contains(string(raw), facts.LegalName) {
		t.Errorf("balance bankAccounts: %s", raw)
	}

	// Every mail sent so far (resets, applications, inquiry replies, ... of the other subtests).
	resp, err := http.Get(s.mail)
	if err != nil {
		t.Fatal(err)
	}
	var mails []struct {
		To                  []string
		Subject, Text, HTML string
	}
	if err := json.NewDecoder(resp.Body).Decode(&mails); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, m := range mails {
		check(fmt.Sprintf("mail %q to %v", m.Subject, m.To), m.Subject+"\n"+m.Text+"\n"+placeholders.HTMLText(m.HTML))
	}
	t.Logf("checked %d pages, 20 API answers, 4 PDFs and %d mails", len(pages), len(mails))
}
