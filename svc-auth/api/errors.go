package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-auth/auth"
	"linguaport/svc-auth/live"
)

// The one place svc-auth's errors become answers, each worded in Turkish and English: the
// service's own (auth.Err…, its field reasons) and what the transport could not read.

var (
	msgEmailTaken  = i18n.Text{TR: "Bu e-posta adresiyle kayıtlı bir hesap zaten var.", EN: "An account with this email address already exists."}
	msgCredentials = i18n.Text{TR: "E-posta adresi veya parola hatalı.", EN: "The email address or password is incorrect."}
	msgWrongPass   = i18n.Text{TR: "Mevcut parolanız hatalı.", EN: "Your current password is incorrect."}
	msgResetToken  = i18n.Text{TR: "Parola sıfırlama bağlantısı geçersiz, kullanılmış ya da süresi dolmuş. Lütfen yeni bir bağlantı isteyin.", EN: "The password reset link is invalid, used or expired. Please ask for a new one."}
	msgSession     = i18n.Text{TR: "Oturumunuz sona erdi; lütfen yeniden giriş yapın.", EN: "Your session has ended; please sign in again."}
	msgTooMany     = i18n.Text{TR: "Çok fazla deneme yaptınız. Lütfen biraz sonra tekrar deneyin.", EN: "Too many attempts. Please try again a little later."}
	msgMismatch    = i18n.Text{TR: "Yeni parolalar eşleşmiyor!", EN: "New passwords do not match!"}
	msgNoProvider  = i18n.Text{TR: "Bu giriş yöntemi bu sitede henüz yapılandırılmadı.", EN: "This sign-in method is not configured on this site yet."}
	msgVerifyBad   = i18n.Text{
		TR: "Bu doğrulama bağlantısı geçersiz. E-postadaki bağlantıyı eksiksiz açın ya da hesabınızdan yeni bir bağlantı isteyin.",
		EN: "This confirmation link is not valid. Open the link in the e-mail in full, or ask for a new one in your account.",
	}
	msgVerifyUsed = i18n.Text{
		TR: "Bu doğrulama bağlantısı daha önce kullanıldı; e-posta adresiniz doğrulandı.",
		EN: "This confirmation link was used already; your e-mail address is confirmed.",
	}
	msgVerifyExpired = i18n.Text{
		TR: "Bu doğrulama bağlantısının süresi doldu. Hesabınızdan yeni bir bağlantı isteyin.",
		EN: "This confirmation link has expired. Ask for a new one in your account.",
	}
	msgPrivacyPassword = i18n.Text{TR: "Parolanız hatalı; hesabınızın silinmesini parolanızla onaylayın.", EN: "Your password is incorrect; confirm the erasure of your account with your password."}
	msgVerified        = i18n.Text{TR: "E-posta adresiniz zaten doğrulandı.", EN: "Your e-mail address is confirmed already."}
	msgUnsubscribeBad  = i18n.Text{
		TR: "Bu abonelikten çıkma bağlantısı geçersiz. E-postadaki bağlantıyı eksiksiz açın ya da e-posta tercihlerinizi hesap ayarlarınızdan değiştirin.",
		EN: "This unsubscribe link is not valid. Open the link in the e-mail in full, or change your mail preferences in your account settings.",
	}
)

var (
	problemEmailTaken  = httpx.NewProblem(http.StatusConflict, "email_taken", msgEmailTaken).WithField("email", msgEmailTaken)
	problemCredentials = httpx.NewProblem(http.StatusUnauthorized, "invalid_credentials", msgCredentials)
	problemWrongPass   = httpx.NewProblem(http.StatusBadRequest, "wrong_password", msgWrongPass).WithField("currentPassword", msgWrongPass)
	problemResetToken  = httpx.NewProblem(http.StatusBadRequest, "invalid_token", msgResetToken)
	problemSession     = httpx.NewProblem(http.StatusUnauthorized, "session_expired", msgSession)
	problemTooMany     = httpx.NewProblem(http.StatusTooManyRequests, "too_many_attempts", msgTooMany)
	problemMismatch    = httpx.NewProblem(http.StatusBadRequest, "password_mismatch", msgMismatch)
	problemNoProvider  = httpx.NewProblem(http.StatusNotFound, "provider_not_configured", msgNoProvider)
	// A confirmation link is refused for what the reader can do about it: ask for a new one
	// (bad, expired) or nothing (used: the address is confirmed).
	problemVerifyBad     = httpx.NewProblem(http.StatusBadRequest, "verification_invalid", msgVerifyBad)
	problemVerifyUsed    = httpx.NewProblem(http.StatusConflict, "verification_used", msgVerifyUsed)
	problemVerifyExpired = httpx.NewProblem(http.StatusGone, "verification_expired", msgVerifyExpired)
	problemVerified      = httpx.NewProblem(http.StatusConflict, "already_verified", msgVerified)
	problemUnsubscribe   = httpx.NewProblem(http.StatusBadRequest, "unsubscribe_invalid", msgUnsubscribeBad)

	// KVKK requests (privacy.go).
	problemPrivacyLink = httpx.NewProblem(http.StatusBadRequest, "privacy_link_invalid", i18n.Text{
		TR: "Bu bağlantı geçersiz ya da süresi dolmuş. E-postadaki bağlantıyı eksiksiz açın ya da başvuruyu yeniden yapın.",
		EN: "This link is not valid or has expired. Open the link in the e-mail in full, or make the request again.",
	})
	problemPrivacyNotReady = httpx.NewProblem(http.StatusConflict, "copy_not_ready", i18n.Text{
		TR: "Kopyanız henüz hazır değil; hazır olduğunda size e-posta göndereceğiz.",
		EN: "Your copy is not ready yet; we will e-mail you when it is.",
	})
	problemPrivacyPassword = httpx.NewProblem(http.StatusBadRequest, "wrong_password", msgPrivacyPassword).WithField("password", msgPrivacyPassword)
	problemPrivacyOpen     = httpx.NewProblem(http.StatusConflict, "privacy_request_open", i18n.Text{
		TR: "Bu türden bir başvurunuz zaten sürüyor; sonucunu bu sayfada görebilirsiniz.",
		EN: "You have a request of this kind under way already; see its progress on this page.",
	})
)

// problemOrdersOpen refuses an erasure while orders are in progress, naming them.
func problemOrdersOpen(numbers []string) *httpx.Problem {
	list := strings.Join(numbers, ", ")
	return httpx.NewProblem(http.StatusConflict, "orders_in_progress", i18n.Text{
		TR: fmt.Sprintf("Devam eden siparişiniz var (%s). Çevirmenimiz bu siparişin belgeleriyle çalışıyor; silme başvurunuzu sipariş tamamlandıktan sonra yapabilirsiniz.", list),
		EN: fmt.Sprintf("You have orders in progress (%s). Our translator works from their documents; you can ask for erasure once they are completed.", list),
	}).WithDetails(map[string]any{"orders": numbers})
}

// fieldMessages are the texts of the field reason codes (svc-auth/API.md).
var fieldMessages = map[string]i18n.Text{
	"required":          {TR: "Bu alan zorunludur.", EN: "This field is required."},
	"email":             {TR: "Geçerli bir e-posta adresi girin.", EN: "Enter a valid email address."},
	"too_short":         {TR: "En az 2 karakter girin.", EN: "Enter at least 2 characters."},
	"too_long":          {TR: "Bu alan çok uzun.", EN: "This field is too long."},
	"phone":             {TR: "Geçerli bir telefon numarası girin.", EN: "Enter a valid phone number."},
	"password_short":    {TR: "Parola en az 10 karakter olmalı.", EN: "The password must be at least 10 characters long."},
	"password_common":   {TR: "Bu parola çok yaygın; başka bir parola seçin.", EN: "This password is too common; choose another."},
	"password_mismatch": msgMismatch,
	"terms":             {TR: "Üyelik sözleşmesini kabul etmelisiniz.", EN: "You must accept the membership agreement."},
	"role":              {TR: "Geçersiz rol.", EN: "Invalid role."},
	"privacy_kind":      {TR: "Başvuru türü copy ya da erasure olmalı.", EN: "The kind of request must be copy or erasure."},
	"version":           {TR: "Metin sürümü YYYY-AA-GG biçiminde bir tarih olmalı.", EN: "A text version must be a date as YYYY-MM-DD."},
	"privacy_state":     {TR: "Geçersiz durum; unverified, open, ready, delivered ya da completed olmalı.", EN: "Invalid state; use unverified, open, ready, delivered or completed."},
	"privacy_cursor":    {TR: "Sayfa imleci bilinen bir başvuru değil.", EN: "The page cursor is not a known request."},
}

func fieldMessage(_, reason string) i18n.Text {
	if text, ok := fieldMessages[reason]; ok {
		return text
	}
	if text, ok := staffFieldMessages[reason]; ok {
		return text
	}
	if text, ok := keyFieldMessages[reason]; ok {
		return text
	}
	if text, ok := webhookFieldMessages[reason]; ok {
		return text
	}
	return httpx.ErrValidation.Message
}

// encodeError answers the service's errors in the request's language. An ended session also
// clears the cookies, or the browser would keep presenting them.
func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	if errors.Is(err, auth.ErrSessionExpired) {
		clearSessionCookies(w)
	}
	answer(ctx, err, w)
}

var answer = httpx.ErrorEncoder(problemOf)

// problemOf maps the service's errors to their answers; nil leaves err to httpx.
func problemOf(err error) *httpx.Problem {
	var fields errs.Fields
	var ordersOpen *auth.ErrPrivacyOrdersOpen
	if p := keyProblem(err); p != nil {
		return p
	}
	if p := webhookProblem(err); p != nil {
		return p
	}
	switch {
	case errors.As(err, &fields) && fields["categories"] != "":
		// Staff's live "seen" marks (live.Feed) name categories, worded apart.
		return httpx.ErrValidation.WithFields(fields, func(_, reason string) i18n.Text { return liveFieldTexts[reason] })
	case errors.As(err, &fields):
		// A mismatch alone is answered with the spec's message itself (spec §5).
		if len(fields) == 1 && fields["confirmPassword"] == "password_mismatch" {
			return problemMismatch.WithFields(fields, fieldMessage)
		}
		return httpx.ErrValidation.WithFields(fields, fieldMessage)
	case errors.Is(err, auth.ErrTooManyRequests):
		return problemTooMany
	case errors.Is(err, auth.ErrPrivacyNotFound):
		return httpx.ErrNotFound
	case errors.Is(err, auth.ErrPrivacyLink):
		return problemPrivacyLink
	case errors.Is(err, auth.ErrPrivacyNotReady):
		return problemPrivacyNotReady
	case errors.Is(err, auth.ErrPrivacyOpenAlready):
		return problemPrivacyOpen
	case errors.As(err, &ordersOpen):
		return problemOrdersOpen(ordersOpen.Numbers)
	case errors.Is(err, auth.ErrPrivacyPassword):
		return problemPrivacyPassword
	case errors.Is(err, auth.ErrEmailTaken):
		return problemEmailTaken
	case errors.Is(err, auth.ErrInvalidCredentials):
		return problemCredentials
	case errors.Is(err, auth.ErrWrongPassword):
		return problemWrongPass
	case errors.Is(err, auth.ErrInvalidResetToken):
		return problemResetToken
	case errors.Is(err, auth.ErrSessionExpired):
		return problemSession
	case errors.Is(err, auth.ErrProviderNotConfigured):
		return problemNoProvider
	case errors.Is(err, auth.ErrVerifyInvalid):
		return problemVerifyBad
	case errors.Is(err, auth.ErrVerifyUsed):
		return problemVerifyUsed
	case errors.Is(err, auth.ErrVerifyExpired):
		return problemVerifyExpired
	case errors.Is(err, auth.ErrAlreadyVerified):
		return problemVerified
	case errors.Is(err, auth.ErrUnsubscribeInvalid):
		return problemUnsubscribe
	case errors.Is(err, auth.ErrNotFound):
		return httpx.ErrNotFound
	}
	return nil
}

// staffFieldMessages word staff's refusals.
var staffFieldMessages = map[string]i18n.Text{
	auth.ReasonCursor:  {TR: "Sayfa imleci bilinen bir müşteri değil.", EN: "The page cursor is not a known customer."},
	auth.ReasonTooMany: {TR: "En çok 100 kimlik sorulabilir.", EN: "At most 100 ids can be asked for."},
	auth.ReasonInvalid: {TR: "Geçersiz sıralama; newest ya da oldest olmalı.", EN: "Invalid sort order; use newest or oldest."},
}

// liveFieldTexts word a refused POST admin/live/seen.
var liveFieldTexts = map[string]i18n.Text{
	live.ReasonRequired: {TR: "En az bir kategori belirtin.", EN: "Name at least one category."},
	live.ReasonCategory: {
		TR: "Kategoriler şunlardan olmalı: " + strings.Join(live.Categories, ", ") + ".",
		EN: "Each category must be one of: " + strings.Join(live.Categories, ", ") + ".",
	},
}
