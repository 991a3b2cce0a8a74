// Package access declares who may call svc-auth's endpoints. The transport serves exactly these
// routes and the gateway checks the same rules at the edge (DESIGN §8), so this is the one list.
package access

import (
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
)

const p = "/api/v1/auth/"

// Rules: signing up, in and out, renewing a session and resetting a password are what a visitor
// does, so they are open (their own checks are the refresh cookie and the reset token); what
// reads or changes an account needs its signed-in owner.
//
// The routes that set or clear the session cookies say so (SetsCookies): they answer only the
// site's own page (an allowed Origin) or a caller with a Bearer token, so another site cannot
// sign its visitors in or out. The provider's redirect back (oauth callback) sets them too, but
// arrives as a navigation without an Origin; the state cookie that start set in this browser,
// checked with PKCE, is what ties it to the visitor who began.
var Rules = []authn.Rule{
	{Pattern: "POST " + p + "register", Access: authn.Anyone.SetsCookies()},
	{Pattern: "POST " + p + "login", Access: authn.Anyone.SetsCookies()},
	// Logout also ends a session whose access token has expired, by its refresh cookie.
	{Pattern: "POST " + p + "logout", Access: authn.Anyone.SetsCookies()},
	{Pattern: "POST " + p + "refresh", Access: authn.Anyone.SetsCookies()},
	{Pattern: "GET " + p + "me", Access: authn.SignedIn},
	// The answer renews userData, whose name the header shows.
	{Pattern: "PATCH " + p + "me", Access: authn.SignedIn.SetsCookies()},
	{Pattern: "POST " + p + "password", Access: authn.SignedIn},
	{Pattern: "POST " + p + "password/forgot", Access: authn.Anyone},
	{Pattern: "POST " + p + "password/reset", Access: authn.Anyone},
	{Pattern: "GET " + p + "messages", Access: authn.SignedIn},
	// Another user's message is answered 404, as if it did not exist.
	{Pattern: "POST " + p + "messages/{id}/read", Access: authn.SignedIn.Owned()},
	// Confirming an address: the link may be opened signed out, or in another browser; the token
	// is the check. A new link is for the signed-in owner (rate-limited per account).
	{Pattern: "POST " + p + "verify", Access: authn.Anyone},
	{Pattern: "POST " + p + "verify/resend", Access: authn.SignedIn},
	{Pattern: "GET " + p + "me/mail-preferences", Access: authn.SignedIn},
	{Pattern: "PUT " + p + "me/mail-preferences", Access: authn.SignedIn},
	// One-click unsubscribe (RFC 8058): the mail client POSTs without a session; the signed token
	// turns off one category of one account and nothing else. A visit redirects to the site's page.
	{Pattern: "POST " + p + "unsubscribe/{token}", Access: authn.Anyone},
	{Pattern: "GET " + p + "unsubscribe/{token}", Access: authn.Anyone},
	{Pattern: "GET " + p + "providers", Access: authn.Anyone},
	// The sign-in page and the provider's redirect reach these before there is any session.
	{Pattern: "GET " + p + "oauth/{provider}/start", Access: authn.Anyone},
	{Pattern: "GET " + p + "oauth/{provider}/callback", Access: authn.Anyone},
	{Pattern: "GET " + authn.JWKSPath, Access: authn.Anyone},
	// Staff's views of the accounts: the customers (never a password hash or a token), the
	// names of any ids the other back-office screens show, and the staff members themselves
	// (the audit screen's choice of who acted).
	{Pattern: "GET " + p + "admin/customers", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET " + p + "admin/customers/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET " + p + "admin/users", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET " + p + "admin/staff", Access: authn.Only(authn.RoleAdmin)},
	// Staff's live notices (svc-auth/live): the event stream the back office keeps open and the
	// marks of the screens a staff member looked at.
	{Pattern: "GET " + p + "admin/live/events", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST " + p + "admin/live/seen", Access: authn.Only(authn.RoleAdmin)},
}

// Contract is what svc-auth publishes for the gateway (internal/contract): these rules under
// /api/v1/auth, with the edge's limits. Sign-ups, sign-ins and account changes: small JSON,
// answered within seconds (a password hash takes the most).
var Contract = contract.New("svc-auth", contract.Limits{TimeoutMs: (10 * time.Second).Milliseconds(), MaxBody: httpx.MaxJSONBody}, Rules)
