package authn

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// Cookie names of spec §3 and DESIGN §5.
const (
	TokenCookie   = "authToken"
	UserCookie    = "userData"
	RefreshCookie = "refreshToken"
)

var (
	msgSignIn     = i18n.Text{TR: "Bu işlem için giriş yapmalısınız.", EN: "You need to sign in to do this."}
	msgInvalid    = i18n.Text{TR: "Oturum bilginiz geçersiz; lütfen yeniden giriş yapın.", EN: "Your sign-in is not valid; please sign in again."}
	msgExpired    = i18n.Text{TR: "Oturumunuzun süresi doldu.", EN: "Your session has expired."}
	msgRevoked    = i18n.Text{TR: "Oturumunuz sonlandırıldı; lütfen yeniden giriş yapın.", EN: "Your session has ended; please sign in again."}
	msgRole       = i18n.Text{TR: "Bu işlem için yetkiniz yok.", EN: "You are not allowed to do this."}
	msgOrigin     = i18n.Text{TR: "İstek bu siteden gelmiyor.", EN: "The request did not come from this site."}
	msgKeyRevoked = i18n.Text{TR: "Bu API anahtarı iptal edildi.", EN: "This API key has been revoked."}
	msgReadOnly   = i18n.Text{TR: "Bu API anahtarı yalnızca okuma yetkisine sahip.", EN: "This API key may only read."}
	msgNoVerify   = i18n.Text{TR: "Oturum şu anda doğrulanamıyor. Lütfen biraz sonra tekrar deneyin.", EN: "Your session cannot be checked right now. Please try again shortly."}
)

// Problems the checks answer with.
var (
	ErrSignInRequired = httpx.NewProblem(http.StatusUnauthorized, "unauthenticated", msgSignIn)
	ErrTokenInvalid   = httpx.NewProblem(http.StatusUnauthorized, "invalid_token", msgInvalid)
	ErrTokenExpired   = httpx.NewProblem(http.StatusUnauthorized, "token_expired", msgExpired)
	ErrTokenRevoked   = httpx.NewProblem(http.StatusUnauthorized, "session_revoked", msgRevoked)
	ErrForbidden      = httpx.NewProblem(http.StatusForbidden, "forbidden", msgRole)
	ErrBadOrigin      = httpx.NewProblem(http.StatusForbidden, "bad_origin", msgOrigin)
	ErrUnverifiable   = httpx.NewProblem(http.StatusServiceUnavailable, "auth_unavailable", msgNoVerify)
	// ErrReadOnlyKey refuses a write made with a read-only API key, in every service.
	ErrReadOnlyKey = httpx.NewProblem(http.StatusForbidden, "read_only_key", msgReadOnly)
	// ErrKeyRevoked refuses an API key's token whose key was revoked (its session is gone): a
	// program has no session to sign in to again, so it is told what happened to its key.
	ErrKeyRevoked = httpx.NewProblem(http.StatusUnauthorized, "key_revoked", msgKeyRevoked)
)

type identity struct {
	claims Claims
	err    error  // why the presented token was refused; nil for a valid token or none
	token  bool   // a token was presented
	raw    string // the token itself, for a call made on the caller's behalf (Token)
}

type identityKey struct{}

// Authenticator reads the request's token (Authorization: Bearer, else the authToken cookie)
// and records who is asking. It never answers by itself: a public route works the same with a
// stale cookie, and routes that need a user say so with Require.
type Authenticator struct {
	verifier *Verifier
	origins  []string
}

// NewAuthenticator returns an Authenticator. origins are the site's origins (scheme://host[:port])
// allowed to send the writes CheckOrigin guards; with none, the Origin's host must be the host the
// request was sent to.
func NewAuthenticator(v *Verifier, origins []string) *Authenticator {
	return &Authenticator{verifier: v, origins: origins}
}

// Middleware records the request's identity in its context.
func (a *Authenticator) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(a.Identify(r)))
	})
}

// Identify returns r's context carrying r's identity.
func (a *Authenticator) Identify(r *http.Request) context.Context {
	ctx := r.Context()
	token, fromCookie := tokenOf(r)
	if token == "" {
		return context.WithValue(ctx, identityKey{}, identity{})
	}
	id := identity{token: true, raw: token}
	id.claims, id.err = a.verifier.Verify(ctx, token)
	if errors.Is(id.err, ErrSessionRevoked) && id.claims.Key != "" {
		id.err = ErrKeyRevoked
	}
	// A cookie does not identify a write from another site (CheckOrigin), wherever this runs.
	if id.err == nil && fromCookie && !safeMethod(r.Method) && !a.originAllowed(r) {
		id.err = ErrBadOrigin
	}
	// A read-only key's token identifies nobody for a write: a route for signed-in users
	// answers 403, a public one serves it as a visitor's.
	if id.err == nil && id.claims.Scope == ScopeRead && !safeMethod(r.Method) {
		id.err = ErrReadOnlyKey
	}
	return context.WithValue(ctx, identityKey{}, id)
}

// FromContext returns the claims of the request's valid token, if it had one.
func FromContext(ctx context.Context) (Claims, bool) {
	id, _ := ctx.Value(identityKey{}).(identity)
	if id.token && id.err == nil {
		return id.claims, true
	}
	return Claims{}, false
}

// Token is the request's valid token, to call another service on the caller's behalf
// (Authorization: Bearer): that service checks it, and its own access rules, as if the caller
// had asked it, so no service is trusted with more than the caller may do.
func Token(ctx context.Context) (string, bool) {
	id, _ := ctx.Value(identityKey{}).(identity)
	if id.token && id.err == nil {
		return id.raw, true
	}
	return "", false
}

// Authorize returns nil when the request was made by a signed-in user holding one of roles (any
// role when none is given), otherwise the Problem to answer with.
func Authorize(ctx context.Context, roles ...Role) error {
	id, _ := ctx.Value(identityKey{}).(identity)
	switch {
	case !id.token:
		return ErrSignInRequired
	case id.err != nil:
		return problemOf(id.err)
	case len(roles) > 0 && !slices.Contains(roles, id.claims.Role):
		return ErrForbidden
	}
	return nil
}

// Require wraps a handler that only signed-in users holding one of roles may reach.
func Require(roles ...Role) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := Authorize(r.Context(), roles...); err != nil {
				httpx.EncodeError(r.Context(), err, w)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

func problemOf(err error) error {
	var p *httpx.Problem
	switch {
	case errors.As(err, &p):
		return p
	case errors.Is(err, ErrExpired):
		return ErrTokenExpired
	case errors.Is(err, ErrSessionRevoked):
		return ErrTokenRevoked
	case errors.Is(err, ErrMalformed), errors.Is(err, ErrBadSignature), errors.Is(err, ErrUnknownKey):
		return ErrTokenInvalid
	default:
		// Keys or sessions could not be read: the token may well be good, so not a 401.
		return &httpx.Problem{Status: ErrUnverifiable.Status, Code: ErrUnverifiable.Code, Message: ErrUnverifiable.Message, Cause: err}
	}
}

func tokenOf(r *http.Request) (token string, fromCookie bool) {
	if h := r.Header.Get("Authorization"); h != "" {
		if t, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(t), false
		}
	}
	if c, err := r.Cookie(TokenCookie); err == nil {
		return c.Value, true
	}
	return "", false
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// CheckOrigin returns ErrBadOrigin for a request another site's page may have sent on the
// visitor's behalf (cross-site request forgery), on top of the cookies' SameSite=Strict
// (DESIGN §5). The rule, for state-changing methods (reads change nothing and are not checked):
//
//   - A request carrying a Bearer Authorization header passes without an Origin: a page can
//     only add that header with the browser's permission (a CORS preflight), which this site
//     never grants, so a forged request cannot carry one; other clients (apps, scripts) send it.
//   - Otherwise a request to an endpoint that sets or clears the session cookies
//     (Access.SetsCookies: sign-up, sign-in, sign-out, renewal), or one carrying our session
//     cookies, must carry an Origin of the site (SITE_ORIGINS, or the host it was sent to);
//     none, or "null", is refused. A visitor's sign-in is guarded too, or a hostile page could
//     sign the visitor in to the attacker's account.
//
// Browsers send Origin with every POST, PUT, PATCH and DELETE, same-origin ones included.
func (a *Authenticator) CheckOrigin(r *http.Request, access Access) error {
	if safeMethod(r.Method) || hasBearer(r) {
		return nil
	}
	if !access.cookies && !carriesSession(r) {
		return nil
	}
	if a.originAllowed(r) {
		return nil
	}
	return ErrBadOrigin
}

func hasBearer(r *http.Request) bool {
	return strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ")
}

// carriesSession reports whether the browser sent the cookies that sign its user in.
func carriesSession(r *http.Request) bool {
	for _, name := range []string{TokenCookie, RefreshCookie} {
		if _, err := r.Cookie(name); err == nil {
			return true
		}
	}
	return false
}

// originAllowed reports whether r's Origin is one of the site's.
func (a *Authenticator) originAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" || origin == "null" {
		return false
	}
	if len(a.origins) > 0 {
		return slices.Contains(a.origins, strings.TrimRight(origin, "/"))
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	for _, h := range []string{r.Host, r.Header.Get("X-Forwarded-Host")} {
		if h != "" && strings.EqualFold(hostname(h), u.Hostname()) {
			return true
		}
	}
	return false
}

func hostname(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}
