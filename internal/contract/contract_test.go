package contract_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	consul "github.com/hashicorp/consul/api"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

var limits = contract.Limits{TimeoutMs: 5000, MaxBody: 64 << 10}

func sample() contract.Contract {
	return contract.New("svc-things", limits, []authn.Rule{
		{Pattern: "GET /api/v1/things/items", Access: authn.Anyone},
		{Pattern: "POST /api/v1/things/items", Access: authn.Only(authn.RoleCustomer).Owned()},
		{Pattern: "POST /api/v1/things/login", Access: authn.Anyone.SetsCookies()},
		{Pattern: "GET /api/v1/things/admin/items", Access: authn.Only(authn.RoleAdmin)},
	})
}

// A contract read back is the one published: every access, limit and route, the same version.
func TestAContractReadsBackAsPublished(t *testing.T) {
	c := sample()
	c.Routes[1].Limits = contract.Limits{MaxUpload: 10 << 20, TimeoutMs: 60_000}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back contract.Contract
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Version() != c.Version() {
		t.Errorf("version %s read back as %s from %s", c.Version(), back.Version(), b)
	}
	for i, r := range back.Rules() {
		if want := c.Rules()[i]; r.Access.String() != want.Access.String() || r.Pattern != want.Pattern {
			t.Errorf("rule %d read back as %s %s, want %s %s", i, r.Pattern, r.Access, want.Pattern, want.Access)
		}
	}
	if got := back.LimitsOf(back.Routes[1]); got != (contract.Limits{TimeoutMs: 60_000, MaxBody: 64 << 10, MaxUpload: 10 << 20}) {
		t.Errorf("an upload route's limits: %+v", got)
	}
	if got := back.LimitsOf(back.Routes[0]); got.Timeout() != 5*time.Second || got.MaxBody != 64<<10 || got.MaxUpload != 0 {
		t.Errorf("a route without its own limits: %+v", got)
	}
	// Any change is another version: a loosened rule is never mistaken for the one before.
	loose := sample()
	loose.Routes[3].Access = authn.SignedIn
	if loose.Version() == sample().Version() {
		t.Error("a changed rule kept its version")
	}
}

// The gateway routes by no contract a service could not have declared.
func TestCheckRefusesWhatTheGatewayMustNotRouteBy(t *testing.T) {
	if err := sample().Check(); err != nil {
		t.Fatalf("a good contract refused: %v", err)
	}
	documented := sample()
	documented.Doc = json.RawMessage(`{"paths":{"/api/v1/things/items":{"parameters":[],"get":{},"post":{}}},"components":{"schemas":{"ThingsItem":{}}}}`)
	if err := documented.Check(); err != nil {
		t.Fatalf("a contract documenting its routes refused: %v", err)
	}
	for _, c := range []struct {
		name   string
		change func(*contract.Contract)
		says   string
	}{
		{"another area's prefix", func(c *contract.Contract) { c.Prefix = "/api/v1/orders" }, "not the service's own"},
		{"a route outside the prefix", func(c *contract.Contract) { c.Routes[0].Pattern = "GET /api/v1/orders/quotes" }, "outside the prefix"},
		{"a route on the prefix's neighbour", func(c *contract.Contract) { c.Routes[0].Pattern = "GET /api/v1/thingsx/a" }, "outside the prefix"},
		{"no method", func(c *contract.Contract) { c.Routes[0].Pattern = "/api/v1/things/items" }, "no method"},
		{"a pattern net/http refuses", func(c *contract.Contract) { c.Routes[0].Pattern = "GET /api/v1/things/{id" }, "not a net/http pattern"},
		{"a staff route open to customers", func(c *contract.Contract) { c.Routes[3].Access = authn.SignedIn }, "staff route"},
		{"a GET that sets cookies", func(c *contract.Contract) { c.Routes[0].Access = authn.Anyone.SetsCookies() }, "sets cookies"},
		{"a route twice", func(c *contract.Contract) { c.Routes[1].Pattern = c.Routes[0].Pattern }, "declared twice"},
		{"no timeout", func(c *contract.Contract) { c.TimeoutMs = 0 }, "must be positive"},
		{"a name not svc-<area>", func(c *contract.Contract) { c.Service = "things"; c.Prefix = contract.PrefixOf("things") }, "not svc-<area>"},
		// The OpenAPI part documents only what the contract serves, to integrators.
		{"a documented operation it does not serve", func(c *contract.Contract) {
			c.Doc = json.RawMessage(`{"paths":{"/api/v1/things/items":{"get":{},"delete":{}}}}`)
		}, "DELETE /api/v1/things/items is not a route"},
		{"a documented staff route", func(c *contract.Contract) {
			c.Doc = json.RawMessage(`{"paths":{"/api/v1/things/admin/items":{"get":{}}}}`)
		}, "is a staff route"},
		{"a schema named for another area", func(c *contract.Contract) {
			c.Doc = json.RawMessage(`{"paths":{},"components":{"schemas":{"Item":{}}}}`)
		}, `must start with "Things"`},
		{"a path item key that is no operation", func(c *contract.Contract) {
			c.Doc = json.RawMessage(`{"paths":{"/api/v1/things/items":{"fetch":{}}}}`)
		}, "not an operation"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := sample()
			bad.Routes = append([]contract.Route(nil), bad.Routes...)
			c.change(&bad)
			if err := bad.Check(); err == nil || !strings.Contains(err.Error(), c.says) {
				t.Errorf("Check: %v, want it to say %q", err, c.says)
			}
		})
	}
	var a authn.Access
	for _, raw := range []string{`{"roles":["admin"]}`, `{"signedIn":true,"roles":["root"]}`} {
		if err := json.Unmarshal([]byte(raw), &a); err == nil {
			t.Errorf("access %s read without complaint", raw)
		}
	}
}

// On a real Consul: a published contract is read back by its version; a version nobody
// published, and one whose kept content is not that version, are refused.
func TestPublishAndFetchOnConsul(t *testing.T) {
	kv := testenv.Consul(t).KV()
	ctx := context.Background()
	c := sample()
	c.Service, c.Prefix = "svc-things"+strings.ToLower(strings.ReplaceAll(t.Name(), "_", "")), ""
	c.Prefix = contract.PrefixOf(c.Service)
	for i := range c.Routes {
		c.Routes[i].Pattern = strings.Replace(c.Routes[i].Pattern, "/api/v1/things/", c.Prefix+"/", 1)
	}
	if err := contract.Publish(ctx, kv, c); err != nil {
		t.Fatal(err)
	}
	got, err := contract.Fetch(ctx, kv, c.Service, c.Version())
	if err != nil || got.Version() != c.Version() {
		t.Fatalf("fetched %v, %v", got.Version(), err)
	}
	if _, err := contract.Fetch(ctx, kv, c.Service, "0123456789abcdef01234567"); !errors.Is(err, contract.ErrNotPublished) {
		t.Errorf("an unpublished version: %v", err)
	}
	// Someone writes looser rules under the published version's key: refused, not trusted.
	loose := c
	loose.Routes = append([]contract.Route(nil), c.Routes...)
	loose.Routes[1].Access = authn.Anyone
	b, _ := json.Marshal(loose)
	if _, err := kv.Put(&consul.KVPair{Key: contract.Key(c.Service, c.Version()), Value: b}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := contract.Fetch(ctx, kv, c.Service, c.Version()); err == nil {
		t.Error("a contract whose content is not its version was accepted")
	}
	bad := c
	bad.Prefix = "/api/v1/orders"
	if err := contract.Publish(ctx, kv, bad); err == nil {
		t.Error("a contract Check refuses was published")
	}
}
