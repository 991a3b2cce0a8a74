package catalog

import (
	"testing"
	"time"

	"linguaport/internal/placeholders"
)

// Staff's reply to an inquiry carries no placeholder text in either language.
func TestReplyMailHasNoPlaceholders(t *testing.T) {
	for _, lang := range []string{"tr", "en"} {
		in := Inquiry{Name: "Ayşe Demir", Email: "ayse@demirlojistik.com.tr", Message: "Yıllık teknik doküman çevirisi için teklif almak istiyoruz.",
			Language: lang, CreatedAt: time.Date(2026, 11, 28, 9, 30, 0, 0, time.UTC)}
		if found := placeholders.FindIn(replyMail(in, Reply{ID: "r1", Message: "Teklifimizi ekte bulabilirsiniz; sorularınız için buradayız."})); found != nil {
			t.Errorf("reply in %s: placeholder text %q", lang, found)
		}
	}
}
