package api

import (
	"errors"

	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// encodeError answers every error of svc-translators: each area's own through its explain, the
// rest (a malformed body, an access check, a failure) as internal/httpx does.
var encodeError = httpx.ErrorEncoder(func(err error) *httpx.Problem {
	var fields errs.Fields
	if errors.As(err, &fields) {
		return httpx.ErrValidation.WithFields(fields, wordField)
	}
	for _, explain := range []func(error) *httpx.Problem{explainApplications, explainProfiles, explainSupport} {
		if p := explain(err); p != nil {
			return p
		}
	}
	return nil
})

// wordField says why a field was refused, in both languages, from the areas' word tables.
// Every reason an area gives has words (each area's tests check), so no field is answered
// with a bare "invalid".
func wordField(field, reason string) i18n.Text {
	for _, words := range []map[string]map[string]i18n.Text{applicationFieldTexts, profileFieldTexts, suspendFieldTexts, supportFieldTexts, listFieldTexts} {
		if t, ok := words[field][reason]; ok {
			return t
		}
	}
	return i18n.Text{TR: "Geçersiz değer.", EN: "Invalid value."}
}
