package main

import (
	"time"

	"linguaport/internal/authn"
)

// Route sends every request under Prefix to the healthy instances of a Consul service.
type Route struct {
	Prefix  string        // "/api/v1/geo"; the path is forwarded unchanged
	Service string        // the Consul service name, which is the service's directory name
	Timeout time.Duration // the whole upstream exchange, retries included
	MaxBody int64         // request body limit in bytes
}

// routeTable is the public API: one area per service (DESIGN §3). Timeouts and body limits
// follow what each area carries: uploads of documents and CVs are large and slow, the rest is
// small JSON.
var routeTable = []Route{
	{Prefix: "/api/v1/auth", Service: "svc-auth", Timeout: 10 * time.Second, MaxBody: 64 << 10},
	{Prefix: "/api/v1/catalog", Service: "svc-catalog", Timeout: 5 * time.Second, MaxBody: 64 << 10},
	{Prefix: "/api/v1/orders", Service: "svc-orders", Timeout: 2 * time.Minute, MaxBody: 51 << 20},
	{Prefix: "/api/v1/billing", Service: "svc-billing", Timeout: 15 * time.Second, MaxBody: 64 << 10},
	{Prefix: "/api/v1/translators", Service: "svc-translators", Timeout: time.Minute, MaxBody: 11 << 20},
	{Prefix: "/api/v1/geo", Service: "svc-geo", Timeout: 3 * time.Second, MaxBody: 4 << 10},
}

// accessTable declares the routes that need a signed-in user (svc-auth/API.md) or a role.
var accessTable = []Access{
	{Pattern: "GET /api/v1/auth/me"},
	{Pattern: "PATCH /api/v1/auth/me"},
	{Pattern: "POST /api/v1/auth/password"},
	{Pattern: "GET /api/v1/auth/messages"},
	{Pattern: "POST /api/v1/auth/messages/{id}/read"},
	{Pattern: "PUT /api/v1/orders/prices", Roles: []authn.Role{authn.RoleAdmin}},
	// svc-orders/API.md: uploads, file downloads (a visitor's upload token) and estimates are open.
	{Pattern: "GET /api/v1/orders/files"},
	{Pattern: "/api/v1/orders/quotes"},
	{Pattern: "/api/v1/orders/quotes/"},
	{Pattern: "/api/v1/orders/orders"},
	{Pattern: "/api/v1/orders/orders/"},
	{Pattern: "POST /api/v1/orders/orders/{id}/assign", Roles: []authn.Role{authn.RoleAdmin}},
	{Pattern: "/api/v1/admin/", Roles: []authn.Role{authn.RoleAdmin}},
}
