package httpx

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// TrustedProxies decides which peers may tell us, through X-Forwarded-For, who the real client is.
type TrustedProxies struct{ prefixes []netip.Prefix }

// ParseTrustedProxies accepts CIDRs or single addresses ("127.0.0.0/8", "10.0.0.7", "::1").
func ParseTrustedProxies(items []string) (TrustedProxies, error) {
	var tp TrustedProxies
	for _, item := range items {
		if p, err := netip.ParsePrefix(item); err == nil {
			tp.prefixes = append(tp.prefixes, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return TrustedProxies{}, fmt.Errorf("trusted proxy %q is neither an address nor a CIDR", item)
		}
		tp.prefixes = append(tp.prefixes, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return tp, nil
}

// LoopbackOnly trusts only this machine, the safe default.
var LoopbackOnly = TrustedProxies{prefixes: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}}

// Trusts reports whether addr is one of the trusted proxies.
func (tp TrustedProxies) Trusts(addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, p := range tp.prefixes {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// RemoteAddr parses r.RemoteAddr.
func RemoteAddr(r *http.Request) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	return a.Unmap(), err == nil
}

// ClientIP walks X-Forwarded-For from the right, skipping trusted proxies, and returns the first
// address that no trusted proxy vouches for. Only a trusted peer's header is read at all, so a
// client cannot choose its own address by sending the header directly.
func (tp TrustedProxies) ClientIP(r *http.Request) (netip.Addr, bool) {
	peer, ok := RemoteAddr(r)
	if !ok {
		return netip.Addr{}, false
	}
	if !tp.Trusts(peer) {
		return peer, true
	}
	hops := forwardedHops(r.Header.Values("X-Forwarded-For"))
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(hops[i])
		if err != nil {
			// A garbled hop means we cannot trust anything to its left.
			return peer, true
		}
		a = a.Unmap()
		if !tp.Trusts(a) || i == 0 {
			return a, true
		}
	}
	return peer, true
}

func forwardedHops(values []string) []string {
	var hops []string
	for _, v := range values {
		for _, h := range strings.Split(v, ",") {
			if h = strings.TrimSpace(h); h != "" {
				hops = append(hops, h)
			}
		}
	}
	return hops
}
