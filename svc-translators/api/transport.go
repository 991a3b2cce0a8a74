// Package api is svc-translators' HTTP API: go-kit endpoints over its services, the routes
// svc-translators/access declares, and the one encodeError that answers every error of them.
// Each area (applications, profiles) keeps its endpoints, decoders and words in its own file.
package api

import (
	"context"
	"net/http"
	"slices"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/svc-translators/access"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// Services are the services behind svc-translators' API.
type Services struct {
	Profiles     profiles.Service
	Applications applications.Service
	Support      support.Service
	// Audit records the staff actions and serves them to staff (GET admin/audit).
	Audit *audit.Log
	// Trusted are the proxies whose X-Forwarded-For names the client: the applications are
	// limited per client address, not per gateway.
	Trusted httpx.TrustedProxies
}

// route is one served pattern of access.Rules and its handler.
type route struct {
	pattern string
	handler http.Handler
}

// MakeHandler serves svc-translators under /api/v1/translators/: the routes
// svc-translators/access declares, each behind its access check.
func MakeHandler(s Services, auth *authn.Authenticator) http.Handler {
	m := authn.NewMux(auth, access.Rules)
	for _, r := range slices.Concat(applicationRoutes(s), profileRoutes(s), supportRoutes(s), auditRoutes(s), summaryRoutes(s)) {
		m.Handle(r.pattern, r.handler)
	}
	return m.Handler()
}

// serverOptions are every route's: the one error encoder.
var serverOptions = []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}

// encodePrivate: applications and profiles are personal; no cache keeps them.
func encodePrivate(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.EncodeJSONResponse(ctx, w, response)
}
