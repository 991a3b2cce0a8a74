package main

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"linguaport/internal/authn"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// newRouter builds the Gin engine: one catch-all per route prefix, JSON errors everywhere else.
// Request ids, language, tracing, access logs and metrics come from httpx.Server around it.
// guard, when not nil, checks tokens and roles before a request is proxied.
func newRouter(routes []Route, watch func(service string) *discovery.Instances, trusted httpx.TrustedProxies, guard *authn.Guard, log *slog.Logger) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.CustomRecoveryWithWriter(nil, func(c *gin.Context, recovered any) {
		log.ErrorContext(c.Request.Context(), "panic", "recovered", recovered)
		httpx.EncodeError(c.Request.Context(), httpx.NewProblem(http.StatusInternalServerError, "internal", i18n.Text{}), c.Writer)
		c.Abort()
	}))
	transport := newUpstreamTransport()
	for _, rt := range routes {
		var up http.Handler = newUpstream(rt, watch(rt.Service), trusted, transport)
		if guard != nil {
			up = guard.Wrap(up)
		}
		// Metrics and spans are per route: the access rule's pattern when one matches (the guard
		// names it), else the prefix.
		route := rt.Prefix + "/"
		named := up
		up = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			httpx.SetRoute(r.Context(), route)
			named.ServeHTTP(w, r)
		})
		r.Any(rt.Prefix+"/*path", gin.WrapH(up))
	}
	r.NoRoute(func(c *gin.Context) {
		httpx.SetRoute(c.Request.Context(), "unmatched")
		httpx.EncodeError(c.Request.Context(), errNoRoute, c.Writer)
	})
	return r
}
