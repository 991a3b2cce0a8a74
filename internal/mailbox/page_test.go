package mailbox_test

import (
	"strings"
	"testing"

	"linguaport/internal/i18n"
	"linguaport/internal/mailbox"
)

func TestPageSaysTheSameInHTMLAndText(t *testing.T) {
	p := mailbox.Page{
		Lang: i18n.EN, To: "Ayşe <ayse@linguaport-test.com.tr>", Subject: "Your translation is ready: LP-26-000123",
		Greeting: "Hello <b>Ayşe</b>,", Lines: []string{"Your files are ready to download."},
		Facts:  []mailbox.Fact{{Label: "Order", Value: "LP-26-000123"}, {Label: "Total", Value: "$1,234.50"}},
		Action: &mailbox.Link{Label: "Download your files", URL: "https://linguaport.com.tr/en/account/orders/o1"},
		Why:    "You get this mail because you ordered a translation.",
		Footer: []string{"LinguaPort Çeviri Hizmetleri Ltd. Şti."},
	}
	m, err := p.Message()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Hello <b>Ayşe</b>,", "Order: LP-26-000123", "Total: $1,234.50", "Download your files:\nhttps://linguaport.com.tr/en/account/orders/o1", "LinguaPort Çeviri Hizmetleri Ltd. Şti."} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text part lacks %q:\n%s", want, m.Text)
		}
	}
	for _, want := range []string{`lang="en"`, "Hello &lt;b&gt;Ayşe&lt;/b&gt;,", `href="https://linguaport.com.tr/en/account/orders/o1"`, "$1,234.50", "#0b6b47"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("HTML part lacks %q", want)
		}
	}
	if m.Unsubscribe != "" || strings.Contains(m.Text, "stop these mails") {
		t.Error("a mail a user must get offers no unsubscribe")
	}

	p.Lang, p.Unsubscribe = i18n.TR, "https://linguaport.com.tr/api/v1/auth/unsubscribe?t=abc"
	m, err = p.Message()
	if err != nil {
		t.Fatal(err)
	}
	if m.Unsubscribe != p.Unsubscribe || !strings.Contains(m.Text, "Bu e-postaları almak istemiyorsanız: "+p.Unsubscribe) || !strings.Contains(m.HTML, "aboneliği bırakın") {
		t.Errorf("an optional mail carries its one-click unsubscribe in the header, text and HTML:\n%s", m.Text)
	}
}
