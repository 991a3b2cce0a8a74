package main

import (
	"net/http"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	authaccess "linguaport/svc-auth/access"
	billingaccess "linguaport/svc-billing/access"
	catalogaccess "linguaport/svc-catalog/access"
	geoaccess "linguaport/svc-geo/access"
	ordersaccess "linguaport/svc-orders/access"
	translatorsaccess "linguaport/svc-translators/access"
)

// Route sends every request under Prefix to the healthy instances of a Consul service.
type Route struct {
	Prefix  string        // "/api/v1/geo"; the path is forwarded unchanged
	Service string        // the Consul service name, which is the service's directory name
	Timeout time.Duration // the whole upstream exchange, retries included
	// MaxBody limits a request body in bytes: JSON, or anything a JSON route would refuse. It is
	// checked here, before proxying, and kept to what the services read (httpx.MaxJSONBody): a
	// service that stops reading a larger body closes the connection under the gateway, which
	// could then only answer 502.
	MaxBody int64
	// MaxUpload limits a multipart/form-data body (a file upload) in bytes; 0: the area takes
	// no uploads, and MaxBody holds for every body.
	MaxUpload int64
	// Access is who may call what, as the service declares it in its access package; the
	// gateway refuses at the edge what the service would refuse (401/403).
	Access []authn.Rule
}

// routeTable is the public API: one area per service (DESIGN §3). Timeouts and body limits
// follow what each area carries: uploads of documents and CVs are large and slow, the rest is
// small JSON. A new service is one entry here.
var routeTable = []Route{
	{Prefix: "/api/v1/auth", Service: "svc-auth", Timeout: 10 * time.Second, MaxBody: httpx.MaxJSONBody, Access: authaccess.Rules},
	{Prefix: "/api/v1/catalog", Service: "svc-catalog", Timeout: 5 * time.Second, MaxBody: httpx.MaxJSONBody, Access: catalogaccess.Rules},
	// Documents up to 50 MB (svc-orders' counting.MaxFileBytes) and the form around them.
	{Prefix: "/api/v1/orders", Service: "svc-orders", Timeout: 2 * time.Minute, MaxBody: httpx.MaxJSONBody, MaxUpload: 51 << 20, Access: ordersaccess.Rules},
	{Prefix: "/api/v1/billing", Service: "svc-billing", Timeout: 15 * time.Second, MaxBody: httpx.MaxJSONBody, Access: billingaccess.Rules},
	// Applications carry a CV and a portfolio file of up to 10 MB each.
	{Prefix: "/api/v1/translators", Service: "svc-translators", Timeout: time.Minute, MaxBody: httpx.MaxJSONBody, MaxUpload: 21 << 20, Access: translatorsaccess.Rules},
	{Prefix: "/api/v1/geo", Service: "svc-geo", Timeout: 3 * time.Second, MaxBody: 4 << 10, Access: geoaccess.Rules},
}

// bodyLimit is the largest body r may carry on this route, by its content type.
func (rt Route) bodyLimit(r *http.Request) (limit int64, upload bool) {
	if rt.MaxUpload > 0 && httpx.IsMultipart(r.Header.Get("Content-Type")) {
		return rt.MaxUpload, true
	}
	return rt.MaxBody, false
}
