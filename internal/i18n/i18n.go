// Package i18n holds what every service needs to speak both site languages: the language of a
// request and a text written in Turkish and English. Domain packages use it for what they store
// and show (service titles, price-list names, messages); transports answer in the request's
// language with Text.In.
package i18n

import "strings"

// Lang is a language the platform answers in.
type Lang string

const (
	TR Lang = "tr"
	EN Lang = "en"
)

// Parse reads "tr" or "en" in any case; anything else is Turkish, the site's default (DESIGN §3).
func Parse(s string) Lang {
	if strings.EqualFold(strings.TrimSpace(s), string(EN)) {
		return EN
	}
	return TR
}

// Valid reports whether s names one of the site's languages exactly ("tr" or "en").
func Valid(s string) bool { return s == string(TR) || s == string(EN) }

// Text is a text in both site languages, stored and sent as {"tr": …, "en": …}.
type Text struct {
	TR string `json:"tr" bson:"tr"`
	EN string `json:"en" bson:"en"`
}

// In returns the text in l, Turkish for any language but English.
func (t Text) In(l Lang) string {
	if l == EN {
		return t.EN
	}
	return t.TR
}
