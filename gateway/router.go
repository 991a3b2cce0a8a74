package main

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// newRouter builds the Gin engine: /api/v1/<area>/... to the area's instances, a request signed
// with an API key first given the key's token (keys), a POST with an Idempotency-Key done once
// (idem; nil: not kept), JSON errors everywhere else. Request ids, language, tracing, access logs and metrics come from
// httpx.Server around it.
func newRouter(as *areas, keys *keyTokens, idem *idempotency, log *slog.Logger) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	// A path that is only an area (/api/v1/geo) or lacks a slash is an unknown route, answered
	// here in JSON and counted as unmatched, not redirected by Gin with a 301 no handler names.
	r.RedirectTrailingSlash, r.RedirectFixedPath = false, false
	r.Use(gin.CustomRecoveryWithWriter(nil, func(c *gin.Context, recovered any) {
		log.ErrorContext(c.Request.Context(), "panic", "recovered", recovered)
		httpx.EncodeError(c.Request.Context(), httpx.NewProblem(http.StatusInternalServerError, "internal", i18n.Text{}), c.Writer)
		c.Abort()
	}))
	// The public API's OpenAPI document, merged from what the services publish (openapi.go).
	r.GET("/api/v1/openapi.json", func(c *gin.Context) { as.serveDoc(c.Writer, c.Request) })
	r.Any("/api/v1/:area/*path", func(c *gin.Context) {
		// A request signed with an API key goes on with the key's token (keys.go).
		if keys.swap(c.Writer, c.Request) {
			serveArea(as.get(c.Param("area")), idem, c.Writer, c.Request)
		}
	})
	r.NoRoute(func(c *gin.Context) {
		httpx.SetRoute(c.Request.Context(), "unmatched")
		httpx.EncodeError(c.Request.Context(), errNoRoute, c.Writer)
	})
	return r
}

// serveArea checks r against the contract of the instance it is about to go to, then proxies it
// within that contract's limits for its route. Metrics and spans are named by the route's pattern,
// or the area's prefix when no route matches (the service then answers 404 itself).
func serveArea(a *area, idem *idempotency, w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if a == nil {
		httpx.SetRoute(ctx, "unmatched")
		httpx.EncodeError(ctx, errNoRoute, w)
		return
	}
	var addrs [maxAttempts]string
	api, n := a.pick(&addrs)
	if n == 0 {
		httpx.SetRoute(ctx, a.prefix+"/")
		httpx.EncodeError(ctx, errNoInstanceProblem, w)
		return
	}
	pattern, err := api.guard.Check(r)
	if pattern != "" {
		httpx.SetRoute(ctx, pattern)
	} else {
		httpx.SetRoute(ctx, a.prefix+"/")
	}
	if err != nil {
		httpx.EncodeError(ctx, err, w)
		return
	}
	if idem != nil && pattern != "" && r.Method == http.MethodPost && r.Header.Get(idemHeader) != "" && !api.guard.SetsCookies(pattern) {
		// A POST with an Idempotency-Key is done once for its caller (idempotency.go); one that
		// signs in or out is not: its answer is cookies, which are never kept nor given twice.
		idem.serve(w, r, idem.callerOf(api.guard, r), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			a.upstream.serve(w, r, api.limits[pattern], addrs[:n])
		}))
		return
	}
	a.upstream.serve(w, r, api.limits[pattern], addrs[:n])
}
