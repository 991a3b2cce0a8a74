package api

import (
	"context"
	"net/http"
	"net/url"

	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
	"linguaport/svc-translators/applications"
	p "linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// Staff's lists (API.md "Staff lists"): every one takes sort=newest (the default) or oldest,
// q and before=<the next of the page before>; the translators' list also suspended and sworn.
// The values of a fixed list are checked here, as they are read; a cursor naming nothing is the
// service's to refuse.

// reasonInvalid: a value not of the parameter's fixed list.
const reasonInvalid = "invalid"

// oldestFirst reads sort: false for newest or none, true for oldest.
func oldestFirst(q url.Values, fields errs.Fields) bool {
	oldest, ok := mongox.OldestFirst(q.Get("sort"))
	if !ok {
		fields.Add("sort", reasonInvalid)
	}
	return oldest
}

func decodeTranslatorFilter(_ context.Context, r *http.Request) (any, error) {
	q, fields := r.URL.Query(), errs.Fields{}
	f := p.ListFilter{Q: q.Get("q"), Oldest: oldestFirst(q, fields), Sworn: q.Get("sworn"), Before: q.Get("before")}
	switch q.Get("suspended") {
	case "":
	case "true", "false":
		b := q.Get("suspended") == "true"
		f.Suspended = &b
	default:
		fields.Add("suspended", reasonInvalid)
	}
	if f.Sworn != "" && f.Sworn != p.SwornVerified && f.Sworn != p.SwornPending {
		fields.Add("sworn", reasonInvalid)
	}
	return f, fields.Err()
}

func decodeApplicationFilter(_ context.Context, r *http.Request) (any, error) {
	q, fields := r.URL.Query(), errs.Fields{}
	f := applications.Filter{Status: applications.Status(q.Get("status")), Q: q.Get("q"), Oldest: oldestFirst(q, fields), Before: q.Get("before")}
	return f, fields.Err()
}

// decodeTicketFilter reads both tickets lists; the translator's own ignores q (support.Mine).
func decodeTicketFilter(_ context.Context, r *http.Request) (any, error) {
	q, fields := r.URL.Query(), errs.Fields{}
	f := support.Filter{Status: support.Status(q.Get("status")), Q: q.Get("q"), Oldest: oldestFirst(q, fields), Before: q.Get("before")}
	return f, fields.Err()
}

// listFieldTexts word the lists' refusals of their parameters.
var listFieldTexts = map[string]map[string]i18n.Text{
	"sort": {
		reasonInvalid: {TR: "Sıralama newest (en yeni) ya da oldest (en eski) olmalı.", EN: "The sort must be newest or oldest."},
	},
	"suspended": {
		reasonInvalid: {TR: "Askıya alınma süzgeci true ya da false olmalı.", EN: "The suspended filter must be true or false."},
	},
	"sworn": {
		reasonInvalid: {TR: "Yeminli tercüman süzgeci verified (doğrulanmış) ya da pending (doğrulama bekleyen) olmalı.", EN: "The sworn filter must be verified or pending."},
	},
	"before": {
		p.ReasonCursor: {TR: "Sayfa, bilinmeyen bir çevirmenden sonrasını istiyor; listeyi baştan yükleyin.", EN: "The page asks for what follows an unknown translator; load the list from the start."},
	},
}
