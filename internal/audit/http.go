package audit

import (
	"errors"
	"net/http"
	"strings"

	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// Field words of GET admin/audit's filters.
var (
	wordObject = i18n.Text{TR: "Nesne tür:kimlik biçiminde olmalı (örneğin transfer:abc123).",
		EN: "The object must be written kind:id (for example transfer:abc123)."}
	wordActor = i18n.Text{TR: "Personel kimliği 1 ile 200 karakter arasında olmalı.",
		EN: "The staff member's id must be 1 to 200 characters."}
	wordBefore = i18n.Text{TR: "Sayfa imleci bilinen bir kaydın kimliği olmalı.",
		EN: "The page cursor must be the id of a known entry."}
	wordUnknown = i18n.Text{TR: "Bu süzgeç tanınmıyor; object, actor ve before kullanılabilir.",
		EN: "This filter is not known; use object, actor and before."}
)

const maxParam = 200

// ServeHTTP answers GET …/admin/audit?object=<kind>:<id>&actor=<id>&before=<entry id>: a page of
// entries, newest first, as {"entries":[…],"more":bool}. The caller's access (staff only) is the
// route's, declared by the service and checked by its authn.Mux; a filter it cannot read is a
// 400 naming the field in the request's language.
func (l *Log) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	bad := httpx.ErrValidation
	refused := false
	refuse := func(field string, word i18n.Text) { bad = bad.WithField(field, word); refused = true }
	for name := range q {
		if name != "object" && name != "actor" && name != "before" {
			refuse(name, wordUnknown)
		}
	}
	var f Filter
	if v, ok := q["object"]; ok {
		kind, id, found := strings.Cut(v[0], ":")
		if len(v) > 1 || !found || !validKind(kind) || id == "" || len(id) > maxParam {
			refuse("object", wordObject)
		} else {
			f.Object = &Object{Kind: kind, ID: id}
		}
	}
	if v, ok := q["actor"]; ok {
		if len(v) > 1 || v[0] == "" || len(v[0]) > maxParam {
			refuse("actor", wordActor)
		}
		f.Actor = v[0]
	}
	if v, ok := q["before"]; ok {
		if len(v) > 1 || v[0] == "" || len(v[0]) > maxParam {
			refuse("before", wordBefore)
		}
		f.Before = v[0]
	}
	if refused {
		httpx.EncodeError(r.Context(), bad, w)
		return
	}
	page, err := l.List(r.Context(), f)
	if errors.Is(err, ErrUnknownEntry) {
		httpx.EncodeError(r.Context(), bad.WithField("before", wordBefore), w)
		return
	}
	if err != nil {
		httpx.EncodeError(r.Context(), err, w)
		return
	}
	// Who did what to whom is for staff only: no cache keeps it.
	w.Header().Set("Cache-Control", "no-store")
	_ = httpx.WriteJSON(w, http.StatusOK, page)
}

// validKind: kinds are the services' own lower-case words ("transfer", "price_list").
func validKind(k string) bool {
	if k == "" || len(k) > 40 {
		return false
	}
	for _, c := range k {
		if (c < 'a' || c > 'z') && c != '_' && c != '-' {
			return false
		}
	}
	return true
}
