package auth

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-auth/access"
)

const maxBody = 16 << 10

// Transport is what the HTTP layer needs besides the endpoints.
type Transport struct {
	Authenticator *authn.Authenticator
	Trusted       httpx.TrustedProxies
	// JWKS is the public key set served at .well-known/jwks.json.
	JWKS authn.JWKS
	// OAuth serves the Google and Facebook sign-in routes; nil when none is configured.
	OAuth OAuthRoutes
	// Live serves staff's live notices (svc-auth/live); nil answers them 503.
	Live LiveRoutes
}

// LiveRoutes is staff's live feed: its event stream and the "seen" marks (svc-auth/live).
type LiveRoutes interface {
	Events(w http.ResponseWriter, r *http.Request)
	Seen(w http.ResponseWriter, r *http.Request)
}

// OAuthRoutes is the provider sign-in part of the API (providers, start, callback).
type OAuthRoutes interface {
	Providers() map[string]bool
	Start(w http.ResponseWriter, r *http.Request)
	Callback(w http.ResponseWriter, r *http.Request)
}

// MakeHandler serves svc-auth under /api/v1/auth/, each route behind the check svc-auth/access
// declares for it.
func MakeHandler(e Endpoints, t Transport) http.Handler {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	server := func(ep func(context.Context, any) (any, error), dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodeResponse, opts...)
	}
	const p = "/api/v1/auth/"
	mux := authn.NewMux(t.Authenticator, access.Rules)
	mux.Handle("POST "+p+"register", server(e.Register, decodeRegister(t.Trusted)))
	mux.Handle("POST "+p+"login", server(e.Login, decodeLogin(t.Trusted)))
	mux.Handle("POST "+p+"logout", server(e.Logout, decodeRefresh))
	mux.Handle("POST "+p+"refresh", server(e.Refresh, decodeRefresh))
	mux.Handle("GET "+p+"me", server(e.Me, decodeNothing))
	mux.Handle("PATCH "+p+"me", server(e.UpdateMe, decodeUpdateMe))
	mux.Handle("POST "+p+"password", server(e.ChangePassword, decodeChangePassword))
	mux.Handle("POST "+p+"password/forgot", server(e.ForgotPassword, decodeForgot(t.Trusted)))
	mux.Handle("POST "+p+"password/reset", server(e.ResetPassword, decodeReset))
	mux.Handle("GET "+p+"messages", server(e.Messages, decodeMessages))
	mux.Handle("POST "+p+"messages/{id}/read", server(e.MarkRead, decodeMarkRead))
	mux.Handle("POST "+p+"verify", server(e.VerifyEmail, decodeVerify))
	mux.Handle("POST "+p+"verify/resend", server(e.ResendVerification, decodeResend))
	mux.Handle("GET "+p+"me/mail-preferences", server(e.MailPreferences, decodeNothing))
	mux.Handle("PUT "+p+"me/mail-preferences", server(e.SetMailPreferences, decodePreferences))
	mux.Handle("POST "+p+"unsubscribe/{token}", server(e.Unsubscribe, decodeUnsubscribe))
	mux.HandleFunc("GET "+p+"unsubscribe/{token}", unsubscribePage)
	mux.Handle("GET "+p+"admin/customers", server(e.AdminCustomers, decodeCustomers))
	mux.Handle("GET "+p+"admin/customers/{id}", server(e.AdminCustomer, decodePathID))
	mux.Handle("GET "+p+"admin/users", server(e.AdminUsers, decodeUserIDs))
	mux.Handle("GET "+p+"admin/staff", server(e.AdminStaff, decodeNothing))
	if t.Live != nil {
		mux.HandleFunc("GET "+p+"admin/live/events", t.Live.Events)
		mux.HandleFunc("POST "+p+"admin/live/seen", t.Live.Seen)
	} else {
		unavailable := func(w http.ResponseWriter, r *http.Request) { encodeError(r.Context(), httpx.ErrUnavailable, w) }
		mux.HandleFunc("GET "+p+"admin/live/events", unavailable)
		mux.HandleFunc("POST "+p+"admin/live/seen", unavailable)
	}
	mux.HandleFunc("GET "+authn.JWKSPath, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=300")
		_ = httpx.WriteJSON(w, http.StatusOK, t.JWKS)
	})
	// {"google":bool,"facebook":bool,"local":bool}; local is true when the providers are a local
	// stand-in (internal/oauthdev, as `make up` runs it), which the sign-in page then says.
	mux.HandleFunc("GET "+p+"providers", func(w http.ResponseWriter, r *http.Request) {
		providers := map[string]bool{"google": false, "facebook": false, "local": false}
		if t.OAuth != nil {
			for k, v := range t.OAuth.Providers() {
				providers[k] = v
			}
			if l, ok := t.OAuth.(interface{ Local() bool }); ok {
				providers["local"] = l.Local()
			}
		}
		_ = httpx.WriteJSON(w, http.StatusOK, providers)
	})
	if t.OAuth != nil {
		mux.HandleFunc("GET "+p+"oauth/{provider}/start", t.OAuth.Start)
		mux.HandleFunc("GET "+p+"oauth/{provider}/callback", t.OAuth.Callback)
	} else {
		notConfigured := func(w http.ResponseWriter, r *http.Request) {
			encodeError(r.Context(), ErrProviderNotConfigured, w)
		}
		mux.HandleFunc("GET "+p+"oauth/{provider}/start", notConfigured)
		mux.HandleFunc("GET "+p+"oauth/{provider}/callback", notConfigured)
	}
	return mux.Handler()
}

func clientOf(trusted httpx.TrustedProxies, r *http.Request) Client {
	if ip, ok := trusted.ClientIP(r); ok {
		return Client{IP: ip.String()}
	}
	return Client{IP: "unknown"}
}

func decodeNothing(context.Context, *http.Request) (any, error) { return nil, nil }

func decodeRegister(trusted httpx.TrustedProxies) kithttp.DecodeRequestFunc {
	return func(ctx context.Context, r *http.Request) (any, error) {
		var b struct {
			FullName        string `json:"fullName"`
			Email           string `json:"email"`
			Password        string `json:"password"`
			ConfirmPassword string `json:"confirmPassword"`
			AcceptTerms     bool   `json:"acceptTerms"`
		}
		if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
			return nil, err
		}
		return registerRequest{Registration{FullName: b.FullName, Email: b.Email, Password: b.Password, ConfirmPassword: b.ConfirmPassword,
			AcceptTerms: b.AcceptTerms, Lang: string(httpx.LangFrom(ctx))}, clientOf(trusted, r)}, nil
	}
}

func decodeLogin(trusted httpx.TrustedProxies) kithttp.DecodeRequestFunc {
	return func(_ context.Context, r *http.Request) (any, error) {
		var b struct {
			Email      string `json:"email"`
			Password   string `json:"password"`
			RememberMe bool   `json:"rememberMe"`
		}
		if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
			return nil, err
		}
		return loginRequest{Credentials{Email: b.Email, Password: b.Password, RememberMe: b.RememberMe}, clientOf(trusted, r)}, nil
	}
}

func decodeRefresh(_ context.Context, r *http.Request) (any, error) {
	c, err := r.Cookie(authn.RefreshCookie)
	if err != nil {
		return refreshRequest{}, nil
	}
	return refreshRequest{RefreshToken: c.Value}, nil
}

func decodeUpdateMe(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		FullName    string `json:"fullName"`
		Phone       string `json:"phone"`
		CompanyName string `json:"companyName"`
		Address     string `json:"address"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
		return nil, err
	}
	return updateMeRequest{PersonalInfo{FullName: b.FullName, Phone: b.Phone, CompanyName: b.CompanyName, Address: b.Address}}, nil
}

func decodeChangePassword(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		CurrentPassword string `json:"currentPassword"`
		NewPassword     string `json:"newPassword"`
		ConfirmPassword string `json:"confirmPassword"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
		return nil, err
	}
	return PasswordChange{CurrentPassword: b.CurrentPassword, NewPassword: b.NewPassword, ConfirmPassword: b.ConfirmPassword}, nil
}

func decodeForgot(trusted httpx.TrustedProxies) kithttp.DecodeRequestFunc {
	return func(ctx context.Context, r *http.Request) (any, error) {
		var b struct {
			Email string `json:"email"`
		}
		if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
			return nil, err
		}
		return forgotRequest{Email: b.Email, Lang: string(httpx.LangFrom(ctx)), Client: clientOf(trusted, r)}, nil
	}
}

func decodeReset(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Token           string `json:"token"`
		NewPassword     string `json:"newPassword"`
		ConfirmPassword string `json:"confirmPassword"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
		return nil, err
	}
	return PasswordReset{Token: b.Token, NewPassword: b.NewPassword, ConfirmPassword: b.ConfirmPassword}, nil
}

func decodeMessages(ctx context.Context, r *http.Request) (any, error) {
	lang := r.URL.Query().Get("lang")
	if lang == "" {
		lang = string(httpx.LangFrom(ctx))
	}
	return messagesRequest{Lang: lang}, nil
}

func decodeMarkRead(_ context.Context, r *http.Request) (any, error) {
	return markReadRequest{ID: r.PathValue("id")}, nil
}

func decodeVerify(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Token string `json:"token"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
		return nil, err
	}
	return verifyRequest{Token: strings.TrimSpace(b.Token)}, nil
}

// decodeResend takes no body: the new link goes in the language of the page that asked.
func decodeResend(ctx context.Context, _ *http.Request) (any, error) {
	return resendRequest{Lang: string(httpx.LangFrom(ctx))}, nil
}

func decodePreferences(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Offers    *bool `json:"offers"`
		Reminders *bool `json:"reminders"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
		return nil, err
	}
	fields := errs.Fields{}
	if b.Offers == nil {
		fields.Add("offers", "required")
	}
	if b.Reminders == nil {
		fields.Add("reminders", "required")
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	return MailPreferences{Offers: *b.Offers, Reminders: *b.Reminders}, nil
}

// decodeUnsubscribe reads the token from the path. The body is what RFC 8058 has a mail client
// send ("List-Unsubscribe=One-Click", form-encoded), or the unsubscribe page's empty one; either
// way only the token decides, so the body is not read.
func decodeUnsubscribe(_ context.Context, r *http.Request) (any, error) {
	return unsubscribeRequest{Token: r.PathValue("token")}, nil
}

// unsubscribePage answers a person who opened the one-click link from the mail's text: the site's
// page for it (/tr/abonelikten-cik, /en/unsubscribe) turns the mails off with a POST and offers the
// settings to turn them on again. A visit itself changes nothing, so a link checker or a mail
// client's preview fetching the address turns nothing off.
func unsubscribePage(w http.ResponseWriter, r *http.Request) {
	to := "/tr/abonelikten-cik"
	if i18n.Parse(r.URL.Query().Get("lang")) == i18n.EN {
		to = "/en/unsubscribe"
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, to+"?token="+url.QueryEscape(r.PathValue("token")), http.StatusSeeOther)
}

func encodeResponse(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	switch v := response.(type) {
	case sessionResponse:
		SetSessionCookies(w, v.Session)
		status := http.StatusOK
		if v.created {
			status = http.StatusCreated
		}
		return httpx.WriteJSON(w, status, userResponse{v.Session.User})
	case unsubscribed:
		// The one-click answer (RFC 8058 wants a 2xx), which the page reads too.
		return httpx.WriteJSON(w, http.StatusOK, v)
	case loggedOut:
		ClearSessionCookies(w)
		w.WriteHeader(http.StatusNoContent)
		return nil
	case noContent:
		w.WriteHeader(http.StatusNoContent)
		return nil
	case accepted:
		w.WriteHeader(http.StatusAccepted)
		return nil
	case userResponse:
		// A changed name shows in the header at once: userData follows the account.
		if c, ok := authn.FromContext(ctx); ok && c.SessionExpiresAt > 0 {
			setUserDataCookie(w, v.User, time.Until(time.Unix(c.SessionExpiresAt, 0)))
		}
	}
	return httpx.WriteJSON(w, http.StatusOK, response)
}

// SetSessionCookies stores a session in the browser (spec §9, DESIGN §5).
func SetSessionCookies(w http.ResponseWriter, s Session) {
	age := int(s.MaxAge / time.Second)
	http.SetCookie(w, &http.Cookie{Name: authn.TokenCookie, Value: s.AccessToken, Path: "/", MaxAge: age, Secure: true, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	http.SetCookie(w, &http.Cookie{Name: authn.RefreshCookie, Value: s.RefreshToken, Path: "/api/v1/auth", MaxAge: age, Secure: true, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	setUserDataCookie(w, s.User, s.MaxAge)
}

func setUserDataCookie(w http.ResponseWriter, u User, maxAge time.Duration) {
	data, _ := json.Marshal(struct {
		Name string `json:"name"`
		Type string `json:"type"`
	}{u.FullName, string(u.Type)})
	http.SetCookie(w, &http.Cookie{Name: authn.UserCookie, Value: encodeURIComponent(string(data)), Path: "/", MaxAge: int(maxAge / time.Second), Secure: true, SameSite: http.SameSiteStrictMode})
}

// ClearSessionCookies removes the three cookies.
func ClearSessionCookies(w http.ResponseWriter) {
	for _, c := range []struct{ name, path string }{{authn.TokenCookie, "/"}, {authn.RefreshCookie, "/api/v1/auth"}, {authn.UserCookie, "/"}} {
		http.SetCookie(w, &http.Cookie{Name: c.name, Value: "", Path: c.path, MaxAge: -1, Secure: true, HttpOnly: c.name != authn.UserCookie, SameSite: http.SameSiteStrictMode})
	}
}

// encodeURIComponent matches JavaScript's, so the page reads userData with decodeURIComponent.
func encodeURIComponent(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}

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
	msgVerified       = i18n.Text{TR: "E-posta adresiniz zaten doğrulandı.", EN: "Your e-mail address is confirmed already."}
	msgUnsubscribeBad = i18n.Text{
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
)

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
}

func fieldMessage(_, reason string) i18n.Text {
	if text, ok := fieldMessages[reason]; ok {
		return text
	}
	if text, ok := staffFieldMessages[reason]; ok {
		return text
	}
	return httpx.ErrValidation.Message
}

// encodeError answers the service's errors in the request's language. An ended session also
// clears the cookies, or the browser would keep presenting them.
func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	if errors.Is(err, ErrSessionExpired) {
		ClearSessionCookies(w)
	}
	answer(ctx, err, w)
}

var answer = httpx.ErrorEncoder(problemOf)

// problemOf maps the service's errors to their answers; nil leaves err to httpx.
func problemOf(err error) *httpx.Problem {
	var fields errs.Fields
	switch {
	case errors.As(err, &fields):
		// A mismatch alone is answered with the spec's message itself (spec §5).
		if len(fields) == 1 && fields["confirmPassword"] == "password_mismatch" {
			return problemMismatch.WithFields(fields, fieldMessage)
		}
		return httpx.ErrValidation.WithFields(fields, fieldMessage)
	case errors.Is(err, ErrTooManyRequests):
		return problemTooMany
	case errors.Is(err, ErrEmailTaken):
		return problemEmailTaken
	case errors.Is(err, ErrInvalidCredentials):
		return problemCredentials
	case errors.Is(err, ErrWrongPassword):
		return problemWrongPass
	case errors.Is(err, ErrInvalidResetToken):
		return problemResetToken
	case errors.Is(err, ErrSessionExpired):
		return problemSession
	case errors.Is(err, ErrProviderNotConfigured):
		return problemNoProvider
	case errors.Is(err, ErrVerifyInvalid):
		return problemVerifyBad
	case errors.Is(err, ErrVerifyUsed):
		return problemVerifyUsed
	case errors.Is(err, ErrVerifyExpired):
		return problemVerifyExpired
	case errors.Is(err, ErrAlreadyVerified):
		return problemVerified
	case errors.Is(err, ErrUnsubscribeInvalid):
		return problemUnsubscribe
	case errors.Is(err, ErrNotFound):
		return httpx.ErrNotFound
	}
	return nil
}
