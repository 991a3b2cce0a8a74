package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// Guard decides which URLs endpoints may have and which addresses deliveries may reach. In a
// deployment an endpoint is an HTTPS URL on a public address: a customer must not make svc-auth
// call the cluster's own services (SSRF). The address is checked when the URL is registered and
// again on every connection, since a name may resolve elsewhere later (DNS rebinding). `make up`
// and the tests allow plain HTTP and local receivers (WEBHOOKS_ALLOW_PRIVATE).
type Guard struct {
	AllowHTTP    bool
	AllowPrivate bool
	// Resolver finds a name's addresses at registration; net.DefaultResolver when nil.
	Resolver interface {
		LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
	}
}

// errPrivate refuses a connection to an address no endpoint may have.
var errPrivate = errors.New("webhooks: the endpoint's address is not public")

// check reads a URL for an endpoint and answers it cleaned, or the reason it is refused.
func (g Guard) check(ctx context.Context, raw string) (string, string) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || u.Fragment != "" || (u.Scheme != "https" && u.Scheme != "http") {
		return "", ReasonURL
	}
	if u.Scheme == "http" && !g.AllowHTTP {
		return "", ReasonHTTPS
	}
	if g.AllowPrivate {
		return u.String(), ""
	}
	host := u.Hostname()
	if ip, err := netip.ParseAddr(host); err == nil {
		if !public(ip) {
			return "", ReasonPrivate
		}
		return u.String(), ""
	}
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return "", ReasonPrivate
	}
	var r interface {
		LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
	} = net.DefaultResolver
	if g.Resolver != nil {
		r = g.Resolver
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	addrs, err := r.LookupNetIP(ctx, "ip", host)
	if err != nil || len(addrs) == 0 {
		return "", ReasonURL
	}
	for _, a := range addrs {
		if !public(a) {
			return "", ReasonPrivate
		}
	}
	return u.String(), ""
}

// control is the dialer's last word on every connection a delivery opens: it refuses one to an
// address that is not public, whatever the name resolved to.
func (g Guard) control(_, address string, _ syscall.RawConn) error {
	if g.AllowPrivate {
		return nil
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", errPrivate, address)
	}
	if !public(ap.Addr()) {
		return fmt.Errorf("%w: %s", errPrivate, ap.Addr())
	}
	return nil
}

// notPublic are the ranges beyond what netip's predicates name that are no one's public address:
// "this network", shared address space (carrier-grade NAT), IETF protocol assignments,
// benchmarking, the reserved 240/4, NAT64's well-known prefix and discard-only.
var notPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("100::/64"),
}

// public reports whether a delivery may reach ip.
func public(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsUnspecified() || ip.IsLinkLocalUnicast() ||
		ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast() || ip.IsMulticast() {
		return false
	}
	for _, p := range notPublic {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}
