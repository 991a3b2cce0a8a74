package authn

import (
	"context"

	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// Caller is who makes a request, in every service the same (issue 26): read once from the
// request in the endpoint (CallerFrom) and passed explicitly into the domain's methods, which
// decide ownership ("is this yours?") with Owns, so no domain reads the request's context for its
// caller and every service answers a stranger alike. The route table's access rule has already
// let the caller in by role; Owns is the second question, about one thing.
type Caller struct {
	ID   string    // the user's id; "" for a visitor
	Role Role      // "" for a visitor
	Name string    // as the token names them
	Lang i18n.Lang // the request's language, for what the domain words (mails, documents)
	// Key is the API key the request came with (svc-auth/keys), "" for a person's session, and
	// Sandbox marks a sandbox key's request, whose ID is the customer's sandbox id (SandboxID).
	Key     string
	Sandbox bool
}

// CallerFrom is the request's caller: the user of its valid token, or a visitor; in the
// request's language either way.
func CallerFrom(ctx context.Context) Caller {
	c := Caller{Lang: httpx.LangFrom(ctx)}
	if claims, ok := FromContext(ctx); ok {
		c.ID, c.Role, c.Name, c.Key, c.Sandbox = claims.Subject, claims.Role, claims.Name, claims.Key, claims.Sandbox || IsSandbox(claims.Subject)
	}
	return c
}

// SignedIn reports whether the caller is a signed-in user.
func (c Caller) SignedIn() bool { return c.ID != "" }

// Staff reports whether the caller works for the agency (the admin role).
func (c Caller) Staff() bool { return c.ID != "" && c.Role == RoleAdmin }

// Owns reports whether the caller may see or change a thing belonging to owner (a user id): its
// owner, or staff. A service answers 404 to anyone else, as if the thing did not exist.
func (c Caller) Owns(owner string) bool { return c.Staff() || (c.ID != "" && c.ID == owner) }
