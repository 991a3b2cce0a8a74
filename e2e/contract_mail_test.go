package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// testContractMailed: approving a quote mails the accepted contract to the billing details'
// address as a PDF (a durable medium, as the Distance Contracts Regulation asks), once, in the
// language it was accepted in, and the PDF is the one the order page downloads.
func testContractMailed(t *testing.T, s *devstack) {
	session, _, orderNumber, _ := customerWithOrder(t, s, "Sözleşme Alan")
	type attachment struct {
		Name, ContentType, URL string
		Size                   int
	}
	type message struct {
		Subject, Text string
		Attachments   []attachment
	}
	subject := "Your contract for order " + orderNumber // acceptingContract reads it in English
	var mine []message
	waitFor(t, 30*time.Second, "the contract's mail", func() bool {
		resp, err := http.Get(s.mail + "?to=e2e-fatura@example.com")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var all []message
		_ = json.NewDecoder(resp.Body).Decode(&all)
		mine = mine[:0]
		for _, m := range all {
			if m.Subject == subject {
				mine = append(mine, m)
			}
		}
		return len(mine) > 0
	})
	time.Sleep(time.Second) // a second one would show by now
	if len(mine) != 1 {
		t.Fatalf("%d mails %q", len(mine), subject)
	}
	m := mine[0]
	if !strings.Contains(m.Text, "durable medium") || !strings.Contains(m.Text, "/en/account/orders/") {
		t.Errorf("the mail's text:\n%s", m.Text)
	}
	if len(m.Attachments) != 1 || m.Attachments[0].Name != orderNumber+"-contract-en.pdf" || m.Attachments[0].ContentType != "application/pdf" {
		t.Fatalf("attachments %+v", m.Attachments)
	}
	base, _ := url.Parse(s.mail)
	resp, err := http.Get(base.Scheme + "://" + base.Host + m.Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	mailed, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	_, mine2, _ := call(t, s, "GET", "/api/v1/orders/orders", nil, session)
	orderID := mine2["orders"].([]any)[0].(map[string]any)["id"].(string)
	status, downloaded := download(t, s, "/api/v1/orders/orders/"+orderID+"/contract.pdf", session)
	if status != 200 || !strings.HasPrefix(string(mailed), "%PDF") || len(mailed) != len(downloaded) {
		t.Errorf("the mailed PDF (%d bytes) is not the order page's (%d: %d bytes)", len(mailed), status, len(downloaded))
	}
}
