// Package api is svc-auth's HTTP API: the route table (this file, the one list of what it serves
// and who may call it), the endpoints, the transport's decoders and encoders with the session
// cookies, sign-in with Google and Facebook (oauth.go), staff's views of the accounts (staff.go)
// and the one place its errors are worded (errors.go). API.md describes it for callers.
package api

import (
	_ "embed"
	"net/http"
	"time"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/routes"
	"linguaport/svc-auth/auth"
)

const p = "/api/v1/auth/"

// openAPI is svc-auth's part of the public API's OpenAPI document (contract.Contract.Doc).
//
//go:embed openapi.yaml
var openAPI []byte

// Routes is svc-auth's route table. Besides the endpoints it serves sign-in with a provider
// (oauth; nil answers its routes "not configured"), staff's live notices (live, api/live.go;
// nil answers them 503) and the public keys its tokens are checked with (jwks); trusted decides
// whose X-Forwarded-For is believed for the caller's address (rate limits per address).
//
// Signing up, in and out, renewing a session and resetting a password are what a visitor does,
// so they are open (their own checks are the refresh cookie and the reset token); what reads or
// changes an account needs its signed-in owner.
//
// The routes that set or clear the session cookies say so (SetsCookies): they answer only the
// site's own page (an allowed Origin) or a caller with a Bearer token, so another site cannot
// sign its visitors in or out. The provider's redirect back (oauth callback) sets them too, but
// arrives as a navigation without an Origin; the state cookie that start set in this browser,
// checked with PKCE, is what ties it to the visitor who began.
//
// Sign-ups, sign-ins and account changes: small JSON, answered within seconds (a password hash
// takes the most).
func Routes(e Endpoints, oauth OAuthRoutes, live *LiveRoutes, jwks authn.JWKS, trusted httpx.TrustedProxies) routes.Table {
	route := func(pattern string, access authn.Access, ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) routes.Route {
		return routes.Route{Pattern: pattern, Access: access, Endpoint: ep, Decode: dec, Encode: encodeResponse}
	}
	handler := func(pattern string, access authn.Access, h http.HandlerFunc) routes.Route {
		return routes.Route{Pattern: pattern, Access: access, Handler: h}
	}
	start, callback := notConfigured, notConfigured
	if oauth != nil {
		start, callback = oauth.Start, oauth.Callback
	}
	auditLog := http.Handler(http.HandlerFunc(unavailable))
	if e.audit != nil {
		auditLog = e.audit
	}
	liveEvents, liveSeen := unavailable, unavailable
	if live != nil {
		liveEvents, liveSeen = live.Events, live.Seen
	}
	return routes.Table{
		Service: "svc-auth",
		Doc:     openAPI,
		Limits:  contract.Limits{TimeoutMs: (10 * time.Second).Milliseconds(), MaxBody: httpx.MaxJSONBody},
		Options: []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)},
		Routes: []routes.Route{
			route("POST "+p+"register", authn.Anyone.SetsCookies(), e.Register, decodeRegister(trusted)),
			route("POST "+p+"login", authn.Anyone.SetsCookies(), e.Login, decodeLogin(trusted)),
			// Logout also ends a session whose access token has expired, by its refresh cookie.
			route("POST "+p+"logout", authn.Anyone.SetsCookies(), e.Logout, decodeRefresh),
			route("POST "+p+"refresh", authn.Anyone.SetsCookies(), e.Refresh, decodeRefresh),
			route("GET "+p+"me", authn.SignedIn, e.Me, decodeNothing),
			// The answer renews userData, whose name the header shows.
			route("PATCH "+p+"me", authn.SignedIn.SetsCookies(), e.UpdateMe, decodeUpdateMe),
			route("POST "+p+"password", authn.SignedIn, e.ChangePassword, decodeChangePassword),
			route("POST "+p+"password/forgot", authn.Anyone, e.ForgotPassword, decodeForgot(trusted)),
			route("POST "+p+"password/reset", authn.Anyone, e.ResetPassword, decodeReset),
			route("GET "+p+"messages", authn.SignedIn, e.Messages, decodeMessages),
			// Another user's message is answered 404, as if it did not exist.
			route("POST "+p+"messages/{id}/read", authn.SignedIn.Owned(), e.MarkRead, decodeMarkRead),
			// Confirming an address: the link may be opened signed out, or in another browser; the
			// token is the check. A new link is for the signed-in owner (rate-limited per account).
			route("POST "+p+"verify", authn.Anyone, e.VerifyEmail, decodeVerify),
			route("POST "+p+"verify/resend", authn.SignedIn, e.ResendVerification, decodeResend),
			route("GET "+p+"me/mail-preferences", authn.SignedIn, e.MailPreferences, decodeNothing),
			route("PUT "+p+"me/mail-preferences", authn.SignedIn, e.SetMailPreferences, decodePreferences),
			// What the account was shown and agreed to (KVKK), and the marketing e-mails' choice.
			route("GET "+p+"me/consents", authn.SignedIn, e.Consents, decodeNothing),
			route("PUT "+p+"me/consents/marketing", authn.SignedIn, e.SetMarketing, decodeMarketing),
			// One-click unsubscribe (RFC 8058): the mail client POSTs without a session; the signed
			// token turns off one category of one account and nothing else. A visit redirects to the
			// site's page.
			route("POST "+p+"unsubscribe/{token}", authn.Anyone, e.Unsubscribe, decodeUnsubscribe),
			handler("GET "+p+"unsubscribe/{token}", authn.Anyone, unsubscribePage),
			handler("GET "+p+"providers", authn.Anyone, providersHandler(oauth)),
			// The sign-in page and the provider's redirect reach these before there is any session.
			handler("GET "+p+"oauth/{provider}/start", authn.Anyone, start),
			handler("GET "+p+"oauth/{provider}/callback", authn.Anyone, callback),
			handler("GET "+authn.JWKSPath, authn.Anyone, jwksHandler(jwks)),
			// Staff's views of the accounts: the customers (never a password hash or a token), the
			// names of any ids the other back-office screens show, and the staff members themselves
			// (the audit screen's choice of who acted).
			route("GET "+p+"admin/customers", authn.Only(authn.RoleAdmin), e.AdminCustomers, decodeCustomers),
			route("GET "+p+"admin/customers/{id}", authn.Only(authn.RoleAdmin), e.AdminCustomer, decodePathID),
			route("GET "+p+"admin/users", authn.Only(authn.RoleAdmin), e.AdminUsers, decodeUserIDs),
			route("GET "+p+"admin/staff", authn.Only(authn.RoleAdmin), e.AdminStaff, decodeNothing),
			// KVKK requests: a signed-in person's own, with their copy once ready; a visitor's
			// through the site's form, started by the link mailed to the address, with the copy
			// by the link mailed when it is ready; staff follow every request and its clock.
			route("POST "+p+"privacy/requests", authn.SignedIn, e.PrivacyAsk, decodePrivacyAsk),
			route("GET "+p+"privacy/requests", authn.SignedIn, e.PrivacyMine, decodeNothing),
			handler("GET "+p+"privacy/requests/{id}/copy.zip", authn.SignedIn.Owned(), privacyCopy(e.privacy, false)),
			route("POST "+p+"privacy/visitor-requests", authn.Anyone, e.PrivacyAskByEmail, decodePrivacyEmail(trusted)),
			route("POST "+p+"privacy/confirm", authn.Anyone, e.PrivacyConfirm, decodePrivacyConfirm),
			handler("GET "+p+"privacy/copy.zip", authn.Anyone, privacyCopy(e.privacy, true)),
			route("GET "+p+"admin/privacy/requests", authn.Only(authn.RoleAdmin), e.AdminPrivacy, decodePrivacyList),
			route("GET "+p+"admin/privacy/requests/{id}", authn.Only(authn.RoleAdmin), e.AdminPrivacyOne, decodePathID),
			// API keys (svc-auth/keys): a customer's own, made and revoked from the panel with a
			// session (a key cannot manage keys: the service refuses it), the exchange of a key
			// for an access token (what the gateway does for each request a key signs; the key
			// travels in the body), and staff's list of every key.
			route("GET "+p+"keys", authn.Only(authn.RoleCustomer), e.KeysMine, decodeNothing),
			route("POST "+p+"keys", authn.Only(authn.RoleCustomer), e.KeyCreate, decodeNewKey),
			route("POST "+p+"keys/{id}/revoke", authn.Only(authn.RoleCustomer).Owned(), e.KeyRevoke, decodeKeyID),
			route("POST "+p+"keys/token", authn.Anyone, e.KeyExchange, decodeKeyExchange(trusted)),
			route("GET "+p+"admin/keys", authn.Only(authn.RoleAdmin), e.AdminKeys, decodeKeyPage),
			route("POST "+p+"admin/keys/{id}/revoke", authn.Only(authn.RoleAdmin), e.AdminKeyRevoke, decodeKeyID),
			// Webhooks (svc-auth/webhooks): a customer's endpoints, signed in or with an API key (an
			// integrator registers its own; a read-only key only reads). Another customer's
			// endpoint or delivery is answered 404.
			route("GET "+p+"webhooks", authn.Only(authn.RoleCustomer), e.WebhooksList, decodeSpace),
			route("POST "+p+"webhooks", authn.Only(authn.RoleCustomer), e.WebhookCreate, decodeEndpointSettings),
			route("GET "+p+"webhooks/{id}", authn.Only(authn.RoleCustomer).Owned(), e.WebhookGet, decodeEndpointID),
			route("PUT "+p+"webhooks/{id}", authn.Only(authn.RoleCustomer).Owned(), e.WebhookUpdate, decodeEndpointSettings),
			route("DELETE "+p+"webhooks/{id}", authn.Only(authn.RoleCustomer).Owned(), e.WebhookDelete, decodeEndpointID),
			route("GET "+p+"webhooks/{id}/secret", authn.Only(authn.RoleCustomer).Owned(), e.WebhookSecret, decodeEndpointID),
			route("POST "+p+"webhooks/{id}/secret/rotate", authn.Only(authn.RoleCustomer).Owned(), e.WebhookRotate, decodeEndpointID),
			route("POST "+p+"webhooks/{id}/enable", authn.Only(authn.RoleCustomer).Owned(), e.WebhookEnable, decodeEndpointID),
			route("POST "+p+"webhooks/{id}/disable", authn.Only(authn.RoleCustomer).Owned(), e.WebhookDisable, decodeEndpointID),
			route("POST "+p+"webhooks/{id}/test", authn.Only(authn.RoleCustomer).Owned(), e.WebhookTest, decodeEndpointID),
			route("GET "+p+"webhooks/{id}/deliveries", authn.Only(authn.RoleCustomer).Owned(), e.WebhookDeliveries, decodeDeliveryPage),
			route("GET "+p+"webhooks/{id}/deliveries/{delivery}", authn.Only(authn.RoleCustomer).Owned(), e.WebhookDelivery, decodeDeliveryID),
			route("POST "+p+"webhooks/{id}/deliveries/{delivery}/replay", authn.Only(authn.RoleCustomer).Owned(), e.WebhookReplay, decodeDeliveryID),
			// What was done to the keys, by their customers and by staff (internal/audit).
			handler("GET "+p+"admin/audit", authn.Only(authn.RoleAdmin), auditLog.ServeHTTP),
			// Staff's live notices (svc-auth/live): the event stream the back office keeps open and
			// the marks of the screens a staff member looked at.
			handler("GET "+p+"admin/live/events", authn.Only(authn.RoleAdmin), liveEvents),
			handler("POST "+p+"admin/live/seen", authn.Only(authn.RoleAdmin), liveSeen),
		},
	}
}

// jwksHandler serves the public keys of svc-auth's signing key, which every other service's
// authenticator fetches to check tokens; a few minutes' caching spares it a fetch per request.
func jwksHandler(jwks authn.JWKS) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=300")
		_ = httpx.WriteJSON(w, http.StatusOK, jwks)
	}
}

// providersHandler answers {"google":bool,"facebook":bool,"local":bool}; local is true when the
// providers are a local stand-in (internal/oauthdev, as `make up` runs it), which the sign-in page
// then says.
func providersHandler(oauth OAuthRoutes) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		providers := map[string]bool{"google": false, "facebook": false, "local": false}
		if oauth != nil {
			for k, v := range oauth.Providers() {
				providers[k] = v
			}
			if l, ok := oauth.(interface{ Local() bool }); ok {
				providers["local"] = l.Local()
			}
		}
		_ = httpx.WriteJSON(w, http.StatusOK, providers)
	}
}

// notConfigured answers the sign-in routes of a site with no provider configured.
func notConfigured(w http.ResponseWriter, r *http.Request) {
	encodeError(r.Context(), auth.ErrProviderNotConfigured, w)
}

// unavailable answers staff's live routes when the process serves none.
func unavailable(w http.ResponseWriter, r *http.Request) {
	encodeError(r.Context(), httpx.ErrUnavailable, w)
}
