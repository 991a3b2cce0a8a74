package mail

import (
	"strings"
	"testing"
)

func TestValidAddress(t *testing.T) {
	for s, want := range map[string]bool{
		"ayse@example.com":                       true,
		"ayse.yilmaz+fatura@alt.example.com.tr":  true,
		"Ayşe <ayse@example.com>":                false, // a display name: not what was typed as an address
		"ayse@localhost":                         false, // no dotted domain
		"ayse@example.":                          false,
		"ayse@.example.com":                      false,
		"ayse@example.com\r\nBcc: x@example.com": false,
		" ayse@example.com":                      false,
		"ayse":                                   false,
		"":                                       false,
		strings.Repeat("a", 64) + "@" + strings.Repeat("b", 186) + ".com": false, // 255 bytes
		strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com": true,  // 254 bytes
	} {
		if got := ValidAddress(s); got != want {
			t.Errorf("ValidAddress(%q) = %v, want %v", s, got, want)
		}
	}
}
