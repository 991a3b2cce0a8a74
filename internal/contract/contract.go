// Package contract is what a service publishes of its API for the gateway to route and check:
// its prefix, and every route with who may call it, how large a body it takes and how long it
// may take (DESIGN §8). The service owns it; the gateway reads it from Consul at run time and
// compiles none in, so a route a team adds, loosens or rolls back is enforced at the edge as
// soon as the instance carrying it is healthy, with no gateway release.
//
// A contract is published content-addressed: Consul's KV holds it under its service and version
// (a hash of its content), and each instance's registration names its version in its metadata.
// The gateway checks a request against the contract of the very instance it sends it to, so
// during a rolling deploy or a rollback each request meets the rules of the code that answers it.
package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"linguaport/internal/authn"
)

// Limits bound a request at the edge: a route's own, or its contract's for routes without.
type Limits struct {
	// TimeoutMs bounds the whole upstream exchange, retries included, in milliseconds.
	TimeoutMs int64 `json:"timeoutMs,omitempty"`
	// MaxBody bounds a body in bytes: JSON, or anything that is not an upload. The gateway reads
	// a body of unknown length whole under it, so keep it to what the service itself reads.
	MaxBody int64 `json:"maxBody,omitempty"`
	// MaxUpload bounds a multipart/form-data body (a file upload), streamed through; 0 takes no
	// uploads, and MaxBody holds for every body.
	MaxUpload int64 `json:"maxUpload,omitempty"`
}

// Timeout is TimeoutMs as a duration.
func (l Limits) Timeout() time.Duration { return time.Duration(l.TimeoutMs) * time.Millisecond }

// Route is one served route: its net/http ServeMux pattern ("POST /api/v1/orders/quotes"), who
// may call it, and its limits where they differ from the contract's.
type Route struct {
	Pattern string       `json:"pattern"`
	Access  authn.Access `json:"access"`
	Limits
}

// Contract is one version of a service's API.
type Contract struct {
	Service string  `json:"service"` // the Consul service name, its directory: "svc-orders"
	Prefix  string  `json:"prefix"`  // every route's path starts with it: "/api/v1/orders"
	Limits          // every route's unless it has its own
	Routes  []Route `json:"routes"`
	// Doc is the service's part of the public API's OpenAPI document (DESIGN §15): the paths of
	// the routes it documents for integrators and the schemas they name, which the gateway merges
	// with the other services' into the one document it serves (openapi.go). Check holds every
	// documented operation to a route of this contract.
	Doc json.RawMessage `json:"doc,omitempty"`
}

// New is service's contract for its access rules, each with the contract's limits.
func New(service string, limits Limits, rules []authn.Rule) Contract {
	c := Contract{Service: service, Prefix: PrefixOf(service), Limits: limits, Routes: make([]Route, len(rules))}
	for i, r := range rules {
		c.Routes[i] = Route{Pattern: r.Pattern, Access: r.Access}
	}
	return c
}

// serviceName is a service's directory and Consul name: svc- and its area.
var serviceName = regexp.MustCompile(`^svc-[a-z][a-z0-9]*$`)

// IsServiceName reports whether name is a service's: svc- and its area.
func IsServiceName(name string) bool { return serviceName.MatchString(name) }

// AreaOf is the area a service serves: its name after svc- ("orders" for svc-orders).
func AreaOf(service string) string { return strings.TrimPrefix(service, "svc-") }

// PrefixOf is the one prefix service may publish: /api/v1/ and its area (DESIGN §3). Fixing it
// by the name keeps two services from ever claiming one area.
func PrefixOf(service string) string { return "/api/v1/" + AreaOf(service) }

// Rules are the contract's routes as access rules.
func (c Contract) Rules() []authn.Rule {
	rules := make([]authn.Rule, len(c.Routes))
	for i, r := range c.Routes {
		rules[i] = authn.Rule{Pattern: r.Pattern, Access: r.Access}
	}
	return rules
}

// LimitsOf is route r's limits, the contract's where r has none of its own.
func (c Contract) LimitsOf(r Route) Limits {
	l := r.Limits
	if l.TimeoutMs == 0 {
		l.TimeoutMs = c.TimeoutMs
	}
	if l.MaxBody == 0 {
		l.MaxBody = c.MaxBody
	}
	if l.MaxUpload == 0 {
		l.MaxUpload = c.MaxUpload
	}
	return l
}

// Version is the contract's content hash: the same routes, rules and limits are the same
// version whichever instance publishes them.
func (c Contract) Version() string {
	b, err := json.Marshal(c)
	if err != nil {
		panic(fmt.Sprintf("contract: %v", err)) // plain data: cannot fail
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:12])
}

// Check refuses a contract the gateway must not route by: a service name or prefix not its
// own, a route outside the prefix or without a method, a pattern net/http would refuse, one
// declared twice, a rule authn refuses (a staff route open to others, say), or missing limits.
func (c Contract) Check() error {
	var errs []error
	if !IsServiceName(c.Service) {
		errs = append(errs, fmt.Errorf("service %q is not svc-<area>", c.Service))
	}
	if c.Prefix != PrefixOf(c.Service) {
		errs = append(errs, fmt.Errorf("prefix %q is not the service's own, %s", c.Prefix, PrefixOf(c.Service)))
	}
	if c.TimeoutMs <= 0 || c.MaxBody <= 0 || c.MaxUpload < 0 {
		errs = append(errs, errors.New("the contract's timeout and body limit must be positive"))
	}
	seen := map[string]bool{}
	for _, r := range c.Routes {
		if err := checkRoute(c.Prefix, r); err != nil {
			errs = append(errs, err)
		}
		if seen[r.Pattern] {
			errs = append(errs, fmt.Errorf("%q is declared twice", r.Pattern))
		}
		seen[r.Pattern] = true
	}
	if len(c.Doc) > 0 {
		errs = append(errs, c.checkDoc(seen))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("contract of %s: %w", c.Service, err)
	}
	return nil
}

// DocPart is the shape of a contract's Doc: OpenAPI paths and components.
type DocPart struct {
	Paths      map[string]map[string]json.RawMessage `json:"paths"`
	Components map[string]map[string]json.RawMessage `json:"components,omitempty"`
}

// docMethods are the operations an OpenAPI path item may hold.
var docMethods = []string{"get", "put", "post", "delete", "patch", "head", "options"}

// checkDoc refuses a Doc that documents what the contract does not serve: each operation must be
// a declared route (its path template is the route's pattern), never a staff one, and each
// schema is named after the service's area, so no two services' schemas collide when merged.
func (c Contract) checkDoc(routes map[string]bool) error {
	var part DocPart
	if err := json.Unmarshal(c.Doc, &part); err != nil {
		return fmt.Errorf("doc: %w", err)
	}
	var errs []error
	for path, item := range part.Paths {
		for key := range item {
			if key == "parameters" || key == "summary" || key == "description" {
				continue
			}
			if !slices.Contains(docMethods, key) {
				errs = append(errs, fmt.Errorf("doc: %s has %q, not an operation", path, key))
				continue
			}
			pattern := strings.ToUpper(key) + " " + path
			if !routes[pattern] {
				errs = append(errs, fmt.Errorf("doc: %s is not a route of %s", pattern, c.Service))
			}
			if strings.Contains(path, "/admin/") {
				errs = append(errs, fmt.Errorf("doc: %s is a staff route", pattern))
			}
		}
	}
	prefix := docPrefix(c.Service)
	for kind, named := range part.Components {
		for name := range named {
			if !strings.HasPrefix(name, prefix) {
				errs = append(errs, fmt.Errorf("doc: %s %q must start with %q", kind, name, prefix))
			}
		}
	}
	return errors.Join(errs...)
}

// docPrefix starts the names of a service's schemas: "Orders" for svc-orders.
func docPrefix(service string) string {
	area := AreaOf(service)
	if area == "" {
		return ""
	}
	return strings.ToUpper(area[:1]) + area[1:]
}

func checkRoute(prefix string, r Route) (err error) {
	method, path, ok := strings.Cut(r.Pattern, " ")
	if !ok || method == "" || strings.ToUpper(method) != method {
		return fmt.Errorf("%q has no method", r.Pattern)
	}
	if !strings.HasPrefix(path, prefix+"/") {
		return fmt.Errorf("%q is outside the prefix %s", r.Pattern, prefix)
	}
	if r.TimeoutMs < 0 || r.MaxBody < 0 || r.MaxUpload < 0 {
		return fmt.Errorf("%q has a negative limit", r.Pattern)
	}
	if err := authn.CheckRule(authn.Rule{Pattern: r.Pattern, Access: r.Access}); err != nil {
		return err
	}
	// net/http panics on a pattern it cannot parse; a published one must not stop the gateway.
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%q is not a net/http pattern: %v", r.Pattern, p)
		}
	}()
	http.NewServeMux().Handle(r.Pattern, http.NotFoundHandler())
	return nil
}
