package main

import (
	"net/http"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
)

// Access declares who may call the paths a pattern (net/http ServeMux syntax) matches: any
// signed-in user, or only the listed roles. Paths no pattern matches are public. The services
// check again behind the gateway (DESIGN §5, defence in depth).
type Access struct {
	Pattern string
	Roles   []authn.Role
}

// accessGuard answers 401 or 403 at the edge for requests the access table refuses, so a
// revoked, expired or forged token never reaches a service.
type accessGuard struct {
	auth  *authn.Authenticator
	match *http.ServeMux
	roles map[string][]authn.Role
}

func newAccessGuard(auth *authn.Authenticator, table []Access) *accessGuard {
	g := &accessGuard{auth: auth, match: http.NewServeMux(), roles: map[string][]authn.Role{}}
	for _, a := range table {
		g.match.Handle(a.Pattern, http.NotFoundHandler())
		g.roles[a.Pattern] = a.Roles
	}
	return g
}

// Wrap checks each request against the table before next sees it.
func (g *accessGuard) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := g.match.Handler(r); pattern != "" {
			if err := authn.Authorize(g.auth.Identify(r), g.roles[pattern]...); err != nil {
				httpx.EncodeError(r.Context(), err, w)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
