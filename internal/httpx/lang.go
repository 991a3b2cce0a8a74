package httpx

import (
	"context"
	"strconv"
	"strings"

	"linguaport/internal/i18n"
	"linguaport/internal/logging"
)

type langKey struct{}

// WithLang returns a context carrying the request's language.
func WithLang(ctx context.Context, l i18n.Lang) context.Context {
	return context.WithValue(ctx, langKey{}, l)
}

// LangFrom returns the request's language, Turkish when none was set (DESIGN §3).
func LangFrom(ctx context.Context) i18n.Lang {
	if l, ok := ctx.Value(langKey{}).(i18n.Lang); ok {
		return l
	}
	if info, ok := logging.Scope(ctx).(*requestInfo); ok { // the server's, for every request it answers
		return info.lang
	}
	return i18n.TR
}

// ParseAcceptLanguage picks tr or en from an Accept-Language header by quality, defaulting to tr.
// "en-GB,en;q=0.9,tr;q=0.8" is English; "de, en;q=0.5" is English; "de" is Turkish.
func ParseAcceptLanguage(header string) i18n.Lang {
	best, bestQ := i18n.TR, -1.0
	for rest := header; rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			parsed, err := strconv.ParseFloat(v, 64)
			if err != nil {
				continue
			}
			q = parsed
		}
		// Compared without case rather than lowered: every request is parsed, and lowering
		// "tr-TR" allocates.
		primary, _, _ := strings.Cut(strings.TrimSpace(tag), "-")
		var l i18n.Lang
		switch {
		case strings.EqualFold(primary, "tr"):
			l = i18n.TR
		case strings.EqualFold(primary, "en"):
			l = i18n.EN
		default:
			continue
		}
		if q > bestQ && q > 0 {
			best, bestQ = l, q
		}
	}
	return best
}
