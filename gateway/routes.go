package main

import (
	"time"

	"linguaport/internal/authn"
	authaccess "linguaport/svc-auth/access"
	catalogaccess "linguaport/svc-catalog/access"
	geoaccess "linguaport/svc-geo/access"
	ordersaccess "linguaport/svc-orders/access"
)

// Route sends every request under Prefix to the healthy instances of a Consul service.
type Route struct {
	Prefix  string        // "/api/v1/geo"; the path is forwarded unchanged
	Service string        // the Consul service name, which is the service's directory name
	Timeout time.Duration // the whole upstream exchange, retries included
	MaxBody int64         // request body limit in bytes
	// Access is who may call what, as the service declares it in its access package; the
	// gateway refuses at the edge what the service would refuse (401/403).
	Access []authn.Rule
}

// routeTable is the public API: one area per service (DESIGN §3). Timeouts and body limits
// follow what each area carries: uploads of documents and CVs are large and slow, the rest is
// small JSON. A new service is one entry here.
var routeTable = []Route{
	{Prefix: "/api/v1/auth", Service: "svc-auth", Timeout: 10 * time.Second, MaxBody: 64 << 10, Access: authaccess.Rules},
	{Prefix: "/api/v1/catalog", Service: "svc-catalog", Timeout: 5 * time.Second, MaxBody: 64 << 10, Access: catalogaccess.Rules},
	{Prefix: "/api/v1/orders", Service: "svc-orders", Timeout: 2 * time.Minute, MaxBody: 51 << 20, Access: ordersaccess.Rules},
	{Prefix: "/api/v1/billing", Service: "svc-billing", Timeout: 15 * time.Second, MaxBody: 64 << 10},
	{Prefix: "/api/v1/translators", Service: "svc-translators", Timeout: time.Minute, MaxBody: 11 << 20},
	{Prefix: "/api/v1/geo", Service: "svc-geo", Timeout: 3 * time.Second, MaxBody: 4 << 10, Access: geoaccess.Rules},
}
