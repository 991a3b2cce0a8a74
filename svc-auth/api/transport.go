package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-auth/auth"
)

const maxBody = 16 << 10

// OAuthRoutes is the provider sign-in part of the API (providers, start, callback).
type OAuthRoutes interface {
	Providers() map[string]bool
	Start(w http.ResponseWriter, r *http.Request)
	Callback(w http.ResponseWriter, r *http.Request)
}

func clientOf(trusted httpx.TrustedProxies, r *http.Request) auth.Client {
	if ip, ok := trusted.ClientIP(r); ok {
		return auth.Client{IP: ip.String()}
	}
	return auth.Client{IP: "unknown"}
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
			// The consents of a sign-up: the optional marketing e-mails, and the versions of the
			// privacy notice and membership agreement the page showed (their "updated" dates).
			MarketingEmails bool   `json:"marketingEmails"`
			NoticeVersion   string `json:"noticeVersion"`
			TermsVersion    string `json:"termsVersion"`
		}
		if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
			return nil, err
		}
		return registerRequest{auth.Registration{FullName: b.FullName, Email: b.Email, Password: b.Password, ConfirmPassword: b.ConfirmPassword,
			AcceptTerms: b.AcceptTerms, Lang: string(httpx.LangFrom(ctx)), MarketingEmails: b.MarketingEmails,
			NoticeVersion: strings.TrimSpace(b.NoticeVersion), TermsVersion: strings.TrimSpace(b.TermsVersion)}, clientOf(trusted, r)}, nil
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
		return loginRequest{auth.Credentials{Email: b.Email, Password: b.Password, RememberMe: b.RememberMe}, clientOf(trusted, r)}, nil
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
	return updateMeRequest{auth.PersonalInfo{FullName: b.FullName, Phone: b.Phone, CompanyName: b.CompanyName, Address: b.Address}}, nil
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
	return auth.PasswordChange{CurrentPassword: b.CurrentPassword, NewPassword: b.NewPassword, ConfirmPassword: b.ConfirmPassword}, nil
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
	return auth.PasswordReset{Token: b.Token, NewPassword: b.NewPassword, ConfirmPassword: b.ConfirmPassword}, nil
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
	return auth.MailPreferences{Offers: *b.Offers, Reminders: *b.Reminders}, nil
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
	case withStatus:
		return httpx.WriteJSON(w, v.code, v.body)
	case sessionResponse:
		setSessionCookies(w, v.Session)
		status := http.StatusOK
		if v.created {
			status = http.StatusCreated
		}
		return httpx.WriteJSON(w, status, userResponse{v.Session.User})
	case unsubscribed:
		// The one-click answer (RFC 8058 wants a 2xx), which the page reads too.
		return httpx.WriteJSON(w, http.StatusOK, v)
	case loggedOut:
		clearSessionCookies(w)
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

// setSessionCookies stores a session in the browser (spec §9, DESIGN §5).
func setSessionCookies(w http.ResponseWriter, s auth.Session) {
	age := int(s.MaxAge / time.Second)
	http.SetCookie(w, &http.Cookie{Name: authn.TokenCookie, Value: s.AccessToken, Path: "/", MaxAge: age, Secure: true, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	http.SetCookie(w, &http.Cookie{Name: authn.RefreshCookie, Value: s.RefreshToken, Path: "/api/v1/auth", MaxAge: age, Secure: true, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	setUserDataCookie(w, s.User, s.MaxAge)
}

func setUserDataCookie(w http.ResponseWriter, u auth.User, maxAge time.Duration) {
	data, _ := json.Marshal(struct {
		Name string `json:"name"`
		Type string `json:"type"`
	}{u.FullName, string(u.Type)})
	http.SetCookie(w, &http.Cookie{Name: authn.UserCookie, Value: encodeURIComponent(string(data)), Path: "/", MaxAge: int(maxAge / time.Second), Secure: true, SameSite: http.SameSiteStrictMode})
}

// clearSessionCookies removes the three cookies.
func clearSessionCookies(w http.ResponseWriter) {
	for _, c := range []struct{ name, path string }{{authn.TokenCookie, "/"}, {authn.RefreshCookie, "/api/v1/auth"}, {authn.UserCookie, "/"}} {
		http.SetCookie(w, &http.Cookie{Name: c.name, Value: "", Path: c.path, MaxAge: -1, Secure: true, HttpOnly: c.name != authn.UserCookie, SameSite: http.SameSiteStrictMode})
	}
}

// encodeURIComponent matches JavaScript's, so the page reads userData with decodeURIComponent.
func encodeURIComponent(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}
