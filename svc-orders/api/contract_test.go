package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/company/companytest"
	"linguaport/internal/i18n"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/quotes"
)

// approve approves the quote as the site does: it reads the contract in lang, ticks every box
// and names the text it read; version, when not 0, is the price version seen. Where there is no
// contract to read (another's quote, a decided one, no billing details) it approves without
// one and the approval answers why not.
func (f *fixture) approve(t *testing.T, qid, lang, token string, version int) answer {
	t.Helper()
	body := map[string]any{}
	if version != 0 {
		body["version"] = version
	}
	if c := f.send(t, "GET", "/api/v1/orders/quotes/"+qid+"/contract", lang, token, nil); c.status == 200 {
		body["contract"] = acceptAll(c.body)
	}
	return f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/approve", lang, token, body)
}

// acceptAll is an acceptance of contract with every box ticked.
func acceptAll(contract map[string]any) map[string]any {
	ticked := map[string]bool{}
	for _, c := range contract["consents"].([]any) {
		ticked[c.(map[string]any)["id"].(string)] = true
	}
	return map[string]any{"digest": contract["digest"], "consents": ticked}
}

// contractWords is every word of a contract's JSON, titles, headings and blocks.
func contractWords(contract map[string]any) string {
	var b strings.Builder
	for _, d := range contract["documents"].([]any) {
		doc := d.(map[string]any)
		b.WriteString(doc["title"].(string) + " ")
		for _, s := range doc["sections"].([]any) {
			sec := s.(map[string]any)
			if h, ok := sec["heading"].(string); ok {
				b.WriteString(h + " ")
			}
			for _, bl := range sec["blocks"].([]any) {
				block := bl.(map[string]any)
				if text, ok := block["text"].(string); ok {
					b.WriteString(text + " ")
				}
				if items, ok := block["items"].([]any); ok {
					for _, i := range items {
						b.WriteString(i.(string) + " ")
					}
				}
			}
		}
	}
	return b.String()
}

// Before approving, a consumer reads the pre-contract information and the distance-sales
// contract in their language, filled with the agency, their details and the quote's price with
// KDV, and the two boxes they must tick; nobody else reads another's.
func TestContractBeforeApproval(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-contract")
	qid := f.newQuote(t, customer)
	number := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", customer, nil).body["number"].(string)
	for _, c := range []struct {
		lang   string
		titles []string
		words  []string
	}{
		{"tr", []string{"Ön Bilgilendirme Formu", "Mesafeli Hizmet Sözleşmesi"}, []string{"Örnek Dil Hizmetleri A.Ş.", "Deniz Aydın", "T.C. Kimlik No 10000000146", number, "KDV %20", "cayma hakkı"}},
		{"en", []string{"Pre-contract Information Form", "Distance Sales Contract"}, []string{"Örnek Dil Hizmetleri A.Ş.", "Deniz Aydın", "Turkish ID no. 10000000146", number, "VAT 20%", "right of withdrawal"}},
	} {
		a := f.send(t, "GET", "/api/v1/orders/quotes/"+qid+"/contract", c.lang, customer, nil)
		if a.status != 200 || a.body["kind"] != "consumer" || a.body["lang"] != c.lang || len(a.body["digest"].(string)) != 64 {
			t.Fatalf("%s: %d %.300s", c.lang, a.status, a.raw)
		}
		var titles []string
		for _, d := range a.body["documents"].([]any) {
			titles = append(titles, d.(map[string]any)["title"].(string))
		}
		if strings.Join(titles, "|") != strings.Join(c.titles, "|") {
			t.Errorf("%s: documents %q", c.lang, titles)
		}
		words := contractWords(a.body)
		for _, w := range append(c.words, a.body["total"].(string)) {
			if !strings.Contains(words, w) {
				t.Errorf("%s: the contract lacks %q", c.lang, w)
			}
		}
		if consents := a.body["consents"].([]any); len(consents) != 2 {
			t.Errorf("%s: boxes %v", c.lang, consents)
		}
	}
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+qid+"/contract", "en", f.customer("cust-nosy"), nil); a.status != 404 {
		t.Errorf("another customer reads the contract: %d", a.status)
	}
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+qid+"/contract?lang=de", "en", customer, nil); a.status != 400 {
		t.Errorf("?lang=de: %d", a.status)
	}
	if a := f.send(t, "GET", "/api/v1/orders/quotes/"+f.newQuote(t, f.tokenFor("cust-contract-nodetails", authn.RoleCustomer))+"/contract", "en",
		f.tokenFor("cust-contract-nodetails", authn.RoleCustomer), nil); a.status != 409 || a.code() != "billing_details_required" {
		t.Errorf("no billing details: %d %s", a.status, a.raw)
	}
}

// An approval is refused until every box is ticked (422, each box named in the request's
// language) and when the text read is not the one the customer would accept now (their details
// changed after they read it); nothing is approved meanwhile.
func TestApprovalNeedsTheContract(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-ticks")
	qid := f.newQuote(t, customer)
	read := f.send(t, "GET", "/api/v1/orders/quotes/"+qid+"/contract", "en", customer, nil).body
	for lang, want := range map[string][2]string{
		"tr": {"Onaylamak için sözleşmedeki kutuları işaretleyin.", "Onaylamak için çalışmanın hemen başlamasını istediğinizi işaretleyin."},
		"en": {"Tick the contract's boxes to approve.", "Tick this box to have the work start now."},
	} {
		a := f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/approve", lang, customer,
			map[string]any{"contract": map[string]any{"digest": read["digest"], "consents": map[string]bool{"accept": true}}})
		if a.status != 422 || a.code() != "contract_not_accepted" || a.message() != want[0] || fieldOf(a.body, "startNow") != want[1] || fieldOf(a.body, "accept") != "" {
			t.Errorf("%s, start-now box unticked: %d %s", lang, a.status, a.raw)
		}
	}
	if a := f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/approve", "en", customer, nil); a.status != 422 || fieldOf(a.body, "accept") == "" || fieldOf(a.body, "startNow") == "" {
		t.Errorf("no contract at all: %d %s", a.status, a.raw)
	}
	// The Turkish text's digest does not accept the English one the request would be given.
	tr := f.send(t, "GET", "/api/v1/orders/quotes/"+qid+"/contract", "tr", customer, nil).body
	if a := f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/approve", "en", customer, map[string]any{"contract": acceptAll(tr)}); a.status != 409 || a.code() != "contract_changed" {
		t.Errorf("another language's text: %d %s", a.status, a.raw)
	}
	// The customer now buys as a company: the consumer text they read is not what applies.
	f.billing.saveCompany("cust-ticks")
	if a := f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/approve", "en", customer, map[string]any{"contract": acceptAll(read)}); a.status != 409 || a.code() != "contract_changed" ||
		a.message() != "The contract changed after you read it (your billing details or the price may have changed); please read it again and approve." {
		t.Errorf("details changed after reading: %d %s", a.status, a.raw)
	}
	if q := f.send(t, "GET", "/api/v1/orders/quotes/"+qid, "en", customer, nil); q.body["status"] != "pending" {
		t.Fatalf("refused approvals decided the quote: %s", q.raw)
	}
	// A company gets the commercial terms, with one box.
	commercial := f.send(t, "GET", "/api/v1/orders/quotes/"+qid+"/contract", "en", customer, nil).body
	if commercial["kind"] != "commercial" || len(commercial["consents"].([]any)) != 1 || !strings.Contains(contractWords(commercial), "Örnek Yayıncılık A.Ş.") {
		t.Fatalf("a company's contract: %v", commercial["kind"])
	}
	if a := f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/approve", "en", customer, map[string]any{"contract": acceptAll(commercial)}); a.status != 200 {
		t.Fatalf("accepted: %d %s", a.status, a.raw)
	}
}

// The accepted text is kept with the order, word for word with its version, language, time and
// address: its customer and staff read it and download it as a PDF naming the order, the price
// and the moment; its translator and other customers do not.
func TestKeptContract(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-kept")
	qid := f.newQuote(t, customer)
	read := f.send(t, "GET", "/api/v1/orders/quotes/"+qid+"/contract", "tr", customer, nil).body
	before := time.Now().Add(-time.Second)
	approval := f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/approve", "tr", customer, map[string]any{"contract": acceptAll(read)})
	if approval.status != 200 {
		t.Fatalf("approve: %d %s", approval.status, approval.raw)
	}
	order := obj(approval.body, "order")
	oid, number := order["id"].(string), order["number"].(string)
	if ref := obj(order, "contract"); ref["kind"] != "consumer" || ref["lang"] != "tr" || ref["version"] != read["version"] || ref["acceptedAt"] == nil {
		t.Errorf("the order names no contract: %v", order["contract"])
	}

	kept := f.send(t, "GET", "/api/v1/orders/orders/"+oid+"/contract", "en", customer, nil)
	acceptedAt, _ := time.Parse(time.RFC3339Nano, kept.body["acceptedAt"].(string))
	if kept.status != 200 || kept.body["digest"] != read["digest"] || kept.body["lang"] != "tr" || kept.body["version"] != read["version"] ||
		kept.body["ip"] != "127.0.0.1" || acceptedAt.Before(before) || acceptedAt.After(time.Now()) || contractWords(kept.body) != contractWords(read) {
		t.Fatalf("kept: %d %.400s", kept.status, kept.raw)
	}
	// The quote's contract is now the accepted one, whatever language is asked.
	if again := f.send(t, "GET", "/api/v1/orders/quotes/"+qid+"/contract", "en", customer, nil); again.body["digest"] != read["digest"] {
		t.Errorf("the approved quote's contract: %.200s", again.raw)
	}

	for who, token := range map[string]string{"customer": customer, "staff": f.token(authn.RoleAdmin)} {
		a := f.send(t, "GET", "/api/v1/orders/orders/"+oid+"/contract.pdf", "en", token, nil)
		if a.status != 200 || a.header.Get("Content-Type") != "application/pdf" || a.header.Get("Cache-Control") != "private, no-store" ||
			a.header.Get("Content-Disposition") != "attachment; filename="+number+"-sozlesme-tr.pdf" {
			t.Fatalf("%s: %d %v %.200s", who, a.status, a.header, a.raw)
		}
		text := pdfText(t, a.raw)
		for _, w := range []string{"SÖZLEŞME", number, read["total"].(string), i18n.DateTime(acceptedAt, i18n.TR), "127.0.0.1", read["digest"].(string)[:8] + " " + read["digest"].(string)[8:16],
			"Ön Bilgilendirme Formu", "Mesafeli Hizmet Sözleşmesi", "Çalışmanın hemen başlamasını istiyorum", "Örnek Dil Hizmetleri A.Ş.", "Deniz Aydın"} {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the PDF lacks %q", who, w)
			}
		}
	}
	// A copy goes by mail (a durable medium), queued in the approval's write: once, however often
	// the approval is clicked, to the billing details' address, in the contract's language.
	if again := f.send(t, "POST", "/api/v1/orders/quotes/"+qid+"/approve", "tr", customer, map[string]any{"contract": acceptAll(read)}); again.status != 200 {
		t.Fatalf("approve again: %d %s", again.status, again.raw)
	}
	q, err := f.quotes.Quote(context.Background(), qid)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Box.Mails) != 1 || q.Box.Mails[0].Kind != quotes.MailContract || q.Box.Mails[0].To != "cust-kept@example.com" || q.Box.Mails[0].Lang != "tr" {
		t.Fatalf("the approval's mailbox: %+v", q.Box.Mails)
	}
	msg, err := orders.ContractMails(f.quotes, "https://site.test", companytest.Other())(context.Background(), q.Box.Mails[0])
	if err != nil {
		t.Fatal(err)
	}
	if msg.Subject != "Sözleşmeniz: "+number+" numaralı sipariş" {
		t.Errorf("subject %q", msg.Subject)
	}
	if !strings.Contains(msg.Text, "https://site.test/tr/hesabim/siparislerim/"+oid) || !strings.Contains(msg.Text, "kalıcı bir veri saklayıcısıyla") {
		t.Errorf("the mail's text:\n%s", msg.Text)
	}
	if len(msg.Attachments) != 1 || msg.Attachments[0].Name != number+"-sozlesme-tr.pdf" || msg.Attachments[0].ContentType != "application/pdf" {
		t.Fatalf("attachments %+v", msg.Attachments)
	}
	if text := pdfText(t, msg.Attachments[0].Data); !strings.Contains(text, number) || !strings.Contains(text, "Çalışmanın hemen başlamasını istiyorum") || !strings.Contains(text, read["total"].(string)) {
		t.Errorf("the mailed PDF lacks the order, the box or the total")
	}

	if a := f.send(t, "GET", "/api/v1/orders/orders/"+oid+"/contract.pdf", "en", f.customer("cust-kept-other"), nil); a.status != 404 {
		t.Errorf("another customer: %d", a.status)
	}
	if a := f.send(t, "GET", "/api/v1/orders/orders/"+oid+"/contract", "en", f.token(authn.RoleTranslator), nil); a.status != 403 {
		t.Errorf("a translator: %d", a.status)
	}
}
