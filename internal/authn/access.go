package authn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"linguaport/internal/httpx"
)

// Access is who may call an endpoint. The service that owns the endpoint declares it once, in
// its access package (DESIGN §8); its transport serves only declared routes, each behind its
// check, and the gateway checks the same declarations at the edge.
type Access struct {
	signedIn bool
	roles    []Role
	owned    bool
	cookies  bool
}

var (
	// Anyone may call the endpoint, visitors included.
	Anyone = Access{}
	// SignedIn lets any signed-in user call the endpoint.
	SignedIn = Access{signedIn: true}
)

// Only lets signed-in users holding one of roles call the endpoint.
func Only(roles ...Role) Access { return Access{signedIn: true, roles: roles} }

// Owned says the service also shows the thing the endpoint names only to those it belongs to
// (its owner, the people working on it, staff): everyone else allowed by a is answered 404, as
// if it did not exist. The check is the service's; declaring it lets the access matrix test it.
func (a Access) Owned() Access {
	a.owned = true
	return a
}

// SetsCookies says the endpoint sets or clears the session cookies: signing up, in and out,
// renewing a session. Such a request must come from the site's own page (CheckOrigin) even from a
// visitor, or another site's page could sign its visitors in to an account of its choosing
// (login CSRF). Only a state-changing method can be declared so: a GET that sets cookies (the
// provider's redirect back) arrives by a top-level navigation without an Origin, and has to be
// bound to the browser in another way (the OAuth state cookie).
func (a Access) SetsCookies() Access {
	a.cookies = true
	return a
}

// IsCookieSetting reports whether the endpoint sets or clears the session cookies.
func (a Access) IsCookieSetting() bool { return a.cookies }

// Public reports whether visitors may call the endpoint.
func (a Access) Public() bool { return !a.signedIn }

// IsOwned reports whether the endpoint names something only its owners see.
func (a Access) IsOwned() bool { return a.owned }

// Allows reports whether a signed-in user with role passes the role check ("" is a visitor).
func (a Access) Allows(role Role) bool {
	if !a.signedIn {
		return true
	}
	return role != "" && (len(a.roles) == 0 || slices.Contains(a.roles, role))
}

// Check returns nil when the request's identity passes, otherwise the Problem to answer with.
func (a Access) Check(ctx context.Context) error {
	if !a.signedIn {
		return nil
	}
	return Authorize(ctx, a.roles...)
}

func (a Access) String() string {
	var s string
	switch {
	case !a.signedIn:
		s = "anyone"
	case len(a.roles) == 0:
		s = "signed in"
	default:
		names := make([]string, len(a.roles))
		for i, r := range a.roles {
			names[i] = string(r)
		}
		s = strings.Join(names, "|")
	}
	if a.owned {
		s += ", owned"
	}
	if a.cookies {
		s += ", sets cookies"
	}
	return s
}

// accessJSON is Access as a service publishes it in its contract (internal/contract), for the
// gateway to check at the edge what the service checks behind it.
type accessJSON struct {
	SignedIn    bool   `json:"signedIn,omitempty"`
	Roles       []Role `json:"roles,omitempty"`
	Owned       bool   `json:"owned,omitempty"`
	SetsCookies bool   `json:"setsCookies,omitempty"`
}

// MarshalJSON writes a as its contract carries it.
func (a Access) MarshalJSON() ([]byte, error) {
	return json.Marshal(accessJSON{SignedIn: a.signedIn, Roles: a.roles, Owned: a.owned, SetsCookies: a.cookies})
}

// UnmarshalJSON reads a published Access, refusing one no declaration could make: roles of no
// known kind, or roles without signing in.
func (a *Access) UnmarshalJSON(b []byte) error {
	var j accessJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	for _, r := range j.Roles {
		if !r.Valid() {
			return fmt.Errorf("authn: access names an unknown role %q", r)
		}
	}
	if len(j.Roles) > 0 && !j.SignedIn {
		return errors.New("authn: access names roles but lets visitors in")
	}
	*a = Access{signedIn: j.SignedIn, roles: j.Roles, owned: j.Owned, cookies: j.SetsCookies}
	return nil
}

// Rule declares who may call the endpoint Pattern names, in net/http ServeMux syntax:
// "POST /api/v1/orders/quotes/{id}/approve".
type Rule struct {
	Pattern string
	Access  Access
}

// Mux serves a service's declared routes: each handler is registered under a declared pattern
// and runs behind that pattern's access check. It refuses (panics at start) a handler for an
// undeclared pattern and a declared pattern without a handler, so what is served and what is
// declared cannot drift apart.
type Mux struct {
	auth    *Authenticator
	rules   map[string]Access
	mux     *http.ServeMux
	handled map[string]bool
}

// NewMux returns a Mux for rules; auth identifies callers (nil for a service whose rules are all
// public, which then needs no token checking).
func NewMux(auth *Authenticator, rules []Rule) *Mux {
	m := &Mux{auth: auth, rules: make(map[string]Access, len(rules)), mux: http.NewServeMux(), handled: map[string]bool{}}
	for _, r := range rules {
		if _, dup := m.rules[r.Pattern]; dup {
			panic(fmt.Sprintf("authn: %q is declared twice", r.Pattern))
		}
		if (!r.Access.Public() || r.Access.cookies) && auth == nil {
			panic(fmt.Sprintf("authn: %q needs its caller or origin checked but the service checks neither", r.Pattern))
		}
		checkDeclaration(r)
		m.rules[r.Pattern] = r.Access
	}
	return m
}

// CheckRule refuses a rule that cannot be checked as declared, and a staff route (DESIGN §11:
// /api/v1/<area>/admin/...) open to anyone but staff, so no service can publish one by a slip
// in its declaration.
func CheckRule(r Rule) error {
	method, route, ok := strings.Cut(r.Pattern, " ")
	if !ok {
		route = r.Pattern
	}
	if strings.Contains(route, "/admin/") && !(r.Access.signedIn && slices.Equal(r.Access.roles, []Role{RoleAdmin})) {
		return fmt.Errorf("authn: %q is a staff route, declared %s instead of admin only", r.Pattern, r.Access)
	}
	if r.Access.cookies && (!ok || safeMethod(method)) {
		return fmt.Errorf("authn: %q sets cookies, which only a POST, PUT, PATCH or DELETE route can declare: browsers send no Origin on a navigation", r.Pattern)
	}
	return nil
}

// checkDeclaration stops a service (or a test) whose own declaration CheckRule refuses.
func checkDeclaration(r Rule) {
	if err := CheckRule(r); err != nil {
		panic(err.Error())
	}
}

// Handle serves pattern, which must be declared, with h behind its origin and access checks.
func (m *Mux) Handle(pattern string, h http.Handler) {
	access, ok := m.rules[pattern]
	if !ok {
		panic(fmt.Sprintf("authn: %q is served but not declared in the service's access rules", pattern))
	}
	m.handled[pattern] = true
	// The request's metrics and span are named by the rule: the mux behind the identifying
	// middleware matches a copy of the request, whose pattern the server never sees.
	named := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			httpx.SetRoute(r.Context(), pattern)
			h.ServeHTTP(w, r)
		})
	}
	if m.auth == nil {
		m.mux.Handle(pattern, named(h))
		return
	}
	m.mux.Handle(pattern, named(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := m.auth.CheckOrigin(r, access); err != nil {
			httpx.EncodeError(r.Context(), err, w)
			return
		}
		if err := access.Check(r.Context()); err != nil {
			httpx.EncodeError(r.Context(), err, w)
			return
		}
		h.ServeHTTP(w, r)
	})))
}

// HandleFunc is Handle for a function.
func (m *Mux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(h))
}

// Handler returns the service's handler: callers identified, declared routes served, anything
// else 404 in the request's language.
func (m *Mux) Handler() http.Handler {
	for pattern := range m.rules {
		if !m.handled[pattern] {
			panic(fmt.Sprintf("authn: %q is declared but not served", pattern))
		}
	}
	m.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		httpx.SetRoute(r.Context(), "unmatched")
		httpx.EncodeError(r.Context(), httpx.ErrNotFound, w)
	})
	if m.auth == nil {
		return m.mux
	}
	return m.auth.Middleware(m.mux)
}

// Guard checks requests against the declared rules of several services before they are passed
// on: the gateway's edge check. Paths no rule matches pass unchecked (the service answers 404).
type Guard struct {
	auth  *Authenticator
	match *http.ServeMux
	rules map[string]Access
}

// NewGuard returns a Guard over rules.
func NewGuard(auth *Authenticator, rules []Rule) *Guard {
	g := &Guard{auth: auth, match: http.NewServeMux(), rules: make(map[string]Access, len(rules))}
	for _, r := range rules {
		checkDeclaration(r)
		g.match.Handle(r.Pattern, http.NotFoundHandler())
		g.rules[r.Pattern] = r.Access
	}
	return g
}

// Check finds the declared rule r falls under and checks r against it: the rule's pattern ("" when
// none matches, and r passes unchecked: the service answers 404), and the 401 or 403 to answer
// when the rule refuses r (a revoked, expired or forged token, a role without the right, a write
// another site's page sent).
func (g *Guard) Check(r *http.Request) (pattern string, err error) {
	if _, pattern = g.match.Handler(r); pattern == "" {
		return "", nil
	}
	access := g.rules[pattern]
	err = g.auth.CheckOrigin(r, access)
	if err == nil && !access.Public() {
		err = access.Check(g.auth.Identify(r))
	}
	return pattern, err
}

// SetsCookies reports whether the route of pattern sets or clears the session cookies: an answer
// the gateway must never keep and give again (its Idempotency-Key).
func (g *Guard) SetsCookies(pattern string) bool { return g.rules[pattern].IsCookieSetting() }

// Caller is the claims of r's valid token, if it has one: who a request the rules let through is
// from (the gateway keeps a POST's Idempotency-Key per caller).
func (g *Guard) Caller(r *http.Request) (Claims, bool) {
	return FromContext(g.auth.Identify(r))
}

// Wrap answers 401 or 403 for requests the rules refuse, so they never reach a service.
func (g *Guard) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pattern, err := g.Check(r)
		if pattern != "" {
			httpx.SetRoute(r.Context(), pattern)
		}
		if err != nil {
			httpx.EncodeError(r.Context(), err, w)
			return
		}
		next.ServeHTTP(w, r)
	})
}
