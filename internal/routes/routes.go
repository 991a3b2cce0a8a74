// Package routes is a service's route table (issue 26), the one source of truth of its API:
// each route's method and pattern, who may call it, its endpoint with its decoder and encoder
// (or a plain handler), and its limits where they differ from the service's. From the one table
// the service builds its mux, each route behind its access check, so a route can be neither
// served undeclared nor declared unserved; its metrics and spans are named by the pattern
// (authn.Mux); and it publishes its contract (internal/contract), which the gateway reads from
// Consul to route and check at the edge.
package routes

import (
	"fmt"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"
	"sigs.k8s.io/yaml"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
)

// Route is one route of the table. A route is an endpoint with its decoder and encoder, served by
// go-kit with the table's options, or a Handler of its own (event streams, downloads, webhooks).
type Route struct {
	Pattern  string // net/http ServeMux syntax with its method: "GET /api/v1/geo/rates"
	Access   authn.Access
	Endpoint endpoint.Endpoint
	Decode   kithttp.DecodeRequestFunc
	Encode   kithttp.EncodeResponseFunc
	Handler  http.Handler
	// Limits are the route's own at the edge where they differ from the table's: a longer
	// timeout, a larger body, uploads.
	Limits contract.Limits
}

// Table is a service's routes.
type Table struct {
	Service string          // "svc-geo": its area and prefix follow (contract.PrefixOf)
	Limits  contract.Limits // every route's at the edge unless it has its own
	// Options are the go-kit options every endpoint route is served with: the service's error
	// encoder, the one place its errors are worded, first.
	Options []kithttp.ServerOption
	Routes  []Route
	// Doc is the service's part of the public API's OpenAPI document, in YAML (an embedded
	// openapi.yaml): paths and components, published with the contract (contract.Contract.Doc).
	Doc []byte
}

// Contract is what the table publishes: every route with its access and limits, no handlers.
func (t Table) Contract() contract.Contract {
	c := contract.Contract{Service: t.Service, Prefix: contract.PrefixOf(t.Service), Limits: t.Limits, Routes: make([]contract.Route, len(t.Routes))}
	for i, r := range t.Routes {
		c.Routes[i] = contract.Route{Pattern: r.Pattern, Access: r.Access, Limits: r.Limits}
	}
	if len(t.Doc) > 0 {
		doc, err := yaml.YAMLToJSON(t.Doc)
		if err != nil {
			panic(fmt.Sprintf("routes: %s's OpenAPI part: %v", t.Service, err)) // an embedded file: its tests fail first
		}
		c.Doc = doc
	}
	return c
}

// Rules are the table's routes as access rules.
func (t Table) Rules() []authn.Rule { return t.Contract().Rules() }

// Handler serves the table: callers identified by auth (nil for a table whose routes are all
// public and set no cookies), each route behind its origin and access checks, anything else 404
// in the request's language. A route with no endpoint and no handler, or both, stops the start,
// as does a table its contract's checks refuse.
func (t Table) Handler(auth *authn.Authenticator) http.Handler {
	if err := t.Contract().Check(); err != nil {
		panic(err.Error())
	}
	m := authn.NewMux(auth, t.Rules())
	for _, r := range t.Routes {
		switch {
		case r.Handler != nil && r.Endpoint == nil:
			m.Handle(r.Pattern, r.Handler)
		case r.Handler == nil && r.Endpoint != nil && r.Decode != nil && r.Encode != nil:
			m.Handle(r.Pattern, kithttp.NewServer(r.Endpoint, r.Decode, r.Encode, t.Options...))
		default:
			panic(fmt.Sprintf("routes: %q needs either an endpoint with its decoder and encoder, or a handler", r.Pattern))
		}
	}
	return m.Handler()
}
