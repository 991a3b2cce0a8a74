package httpx

import (
	"context"
	"strconv"
	"strings"
)

// Lang is a language the platform answers in.
type Lang string

const (
	TR Lang = "tr"
	EN Lang = "en"
)

type langKey struct{}

// WithLang returns a context carrying the request's language.
func WithLang(ctx context.Context, l Lang) context.Context {
	return context.WithValue(ctx, langKey{}, l)
}

// LangFrom returns the request's language, Turkish when none was set (DESIGN §3).
func LangFrom(ctx context.Context) Lang {
	if l, ok := ctx.Value(langKey{}).(Lang); ok {
		return l
	}
	return TR
}

// ParseAcceptLanguage picks tr or en from an Accept-Language header by quality, defaulting to tr.
// "en-GB,en;q=0.9,tr;q=0.8" is English; "de, en;q=0.5" is English; "de" is Turkish.
func ParseAcceptLanguage(header string) Lang {
	best, bestQ := TR, -1.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			parsed, err := strconv.ParseFloat(v, 64)
			if err != nil {
				continue
			}
			q = parsed
		}
		primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(tag)), "-")
		var l Lang
		switch primary {
		case "tr":
			l = TR
		case "en":
			l = EN
		default:
			continue
		}
		if q > bestQ && q > 0 {
			best, bestQ = l, q
		}
	}
	return best
}

// Text is a message in both languages.
type Text struct {
	TR string `json:"tr"`
	EN string `json:"en"`
}

// In returns the text in l.
func (t Text) In(l Lang) string {
	if l == EN {
		return t.EN
	}
	return t.TR
}
