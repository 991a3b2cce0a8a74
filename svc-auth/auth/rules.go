package auth

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"linguaport/internal/errs"
	"linguaport/internal/mail"
)

// The rules of svc-auth/API.md for what people type into the forms. Each check adds the
// reason a field breaks its rule, as a code the API words in the request's language (api/errors.go).

var phonePattern = regexp.MustCompile(`^\+?[0-9 ()\-]{7,20}$`)

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

func checkName(fields errs.Fields, field, v string) {
	n := utf8.RuneCountInString(strings.TrimSpace(v))
	switch {
	case n == 0:
		fields.Add(field, "required")
	case n < 2:
		fields.Add(field, "too_short")
	case n > 100:
		fields.Add(field, "too_long")
	}
}

func checkEmail(fields errs.Fields, email string) {
	if email == "" {
		fields.Add("email", "required")
		return
	}
	if !mail.ValidAddress(email) {
		fields.Add("email", "email")
	}
}

func checkMax(fields errs.Fields, field, v string, max int) {
	if utf8.RuneCountInString(strings.TrimSpace(v)) > max {
		fields.Add(field, "too_long")
	}
}

// checkNewPassword applies the password rules to a new password and its confirmation; the
// mismatch is reported on the confirmation, as the form shows it there (spec §5).
func checkNewPassword(fields errs.Fields, field, password, confirm string) {
	n := utf8.RuneCountInString(password)
	switch {
	case n == 0:
		fields.Add(field, "required")
	case n < minPasswordRunes:
		fields.Add(field, "password_short")
	case n > maxPasswordRunes:
		fields.Add(field, "too_long")
	case IsCommonPassword(password):
		fields.Add(field, "password_common")
	}
	if password != confirm {
		fields.Add("confirmPassword", "password_mismatch")
	}
}
