package k8s

import (
	"fmt"
	"net/netip"
	"slices"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// NetworkPolicies evaluated as a cluster does, without one: a connection gets through when the
// source's egress and the destination's ingress both allow it, each side allowing everything
// until a policy of that direction selects its pod (network_test.go asks it).

// privateRanges are where the cluster's pods and nodes are assumed to live: an ipBlock reaching
// into them could reach the app's pods, whatever their labels.
var privateRanges = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("172.16.0.0/12"),
	netip.MustParsePrefix("192.168.0.0/16")}

// endpoint is one side of a connection: a pod (its namespace and labels) or an address outside
// the cluster.
type endpoint struct {
	name      string
	namespace string // "" outside the cluster
	labels    map[string]string
	ip        netip.Addr // outside the cluster
	ports     []corev1.ContainerPort
	role      string // what it stands for: an app program's name, "consul", "redis", "internet", …
	app       bool   // one of the app's own Deployments
	built     bool   // a pod of the build (not a stand-in)
	// serverOnly: a stand-in for a server in the app's namespace deployed by others (Redis); its
	// own egress is theirs to allow, so it is only a destination here. The dev overlay's servers
	// (Consul, Jaeger, …) are pods of its build, with policies of their own.
	serverOnly bool
}

func (e endpoint) inCluster() bool { return e.namespace != "" }

// conn is a connection: from one endpoint to another's port.
type conn struct {
	from, to string
	port     int32
	proto    corev1.Protocol
}

func (c conn) String() string {
	s := fmt.Sprintf("%s → %s:%d", c.from, c.to, c.port)
	if c.proto != corev1.ProtocolTCP {
		s += "/" + string(c.proto)
	}
	return s
}

func protocol(p *corev1.Protocol) corev1.Protocol {
	if p == nil || *p == "" {
		return corev1.ProtocolTCP
	}
	return *p
}

// namespaceOf is where an object of a build lands: kubectl's current namespace when it names none.
func namespaceOf(ns string) string {
	if ns == "" {
		return "default"
	}
	return ns
}

// policySet evaluates NetworkPolicies as the cluster does.
type policySet []networkingv1.NetworkPolicy

// admits: the source's egress and the destination's ingress both allow the connection.
func (ps policySet) admits(src, dst endpoint, port corev1.ContainerPort) bool {
	return ps.allows(networkingv1.PolicyTypeEgress, src, dst, port) && ps.allows(networkingv1.PolicyTypeIngress, src, dst, port)
}

// allows: no policy of that direction selects the pod the direction is about, or one of those
// that do has a rule admitting the connection.
func (ps policySet) allows(dir networkingv1.PolicyType, src, dst endpoint, port corev1.ContainerPort) bool {
	subject, peer := src, dst
	if dir == networkingv1.PolicyTypeIngress {
		subject, peer = dst, src
	}
	if !subject.inCluster() {
		return true
	}
	isolated := false
	for _, p := range ps {
		if namespaceOf(p.Namespace) != subject.namespace || !slices.Contains(policyTypes(p), dir) || !selects(&p.Spec.PodSelector, subject.labels) {
			continue
		}
		isolated = true
		if dir == networkingv1.PolicyTypeEgress {
			for _, r := range p.Spec.Egress {
				if peersMatch(r.To, namespaceOf(p.Namespace), peer) && portsMatch(r.Ports, dst, port) {
					return true
				}
			}
		} else {
			for _, r := range p.Spec.Ingress {
				if peersMatch(r.From, namespaceOf(p.Namespace), peer) && portsMatch(r.Ports, dst, port) {
					return true
				}
			}
		}
	}
	return !isolated
}

// policyTypes are the directions a policy isolates; unset, Ingress, and Egress when it has
// egress rules.
func policyTypes(p networkingv1.NetworkPolicy) []networkingv1.PolicyType {
	if len(p.Spec.PolicyTypes) > 0 {
		return p.Spec.PolicyTypes
	}
	types := []networkingv1.PolicyType{networkingv1.PolicyTypeIngress}
	if len(p.Spec.Egress) > 0 {
		types = append(types, networkingv1.PolicyTypeEgress)
	}
	return types
}

func selects(sel *metav1.LabelSelector, set map[string]string) bool {
	s, err := metav1.LabelSelectorAsSelector(sel)
	if err != nil {
		panic(fmt.Sprintf("selector %v: %v", sel, err)) // checked by TestNetworkPoliciesAreWellFormed
	}
	return s.Matches(labels.Set(set))
}

// peersMatch: no peers is everyone.
func peersMatch(peers []networkingv1.NetworkPolicyPeer, ns string, e endpoint) bool {
	if len(peers) == 0 {
		return true
	}
	return slices.ContainsFunc(peers, func(peer networkingv1.NetworkPolicyPeer) bool {
		switch {
		case peer.IPBlock != nil:
			return ipBlockMatches(peer.IPBlock, e)
		case !e.inCluster():
			return false
		case peer.NamespaceSelector == nil:
			return e.namespace == ns && selects(peer.PodSelector, e.labels)
		}
		nsLabels := map[string]string{"kubernetes.io/metadata.name": e.namespace}
		return selects(peer.NamespaceSelector, nsLabels) && (peer.PodSelector == nil || selects(peer.PodSelector, e.labels))
	})
}

// ipBlockMatches: an address outside the cluster in the block and none of its exceptions; a pod
// when the block reaches into a private range it does not wholly except, pods' addresses being
// unknown here.
func ipBlockMatches(b *networkingv1.IPBlock, e endpoint) bool {
	cidr := netip.MustParsePrefix(b.CIDR)
	var except []netip.Prefix
	for _, x := range b.Except {
		except = append(except, netip.MustParsePrefix(x))
	}
	if !e.inCluster() {
		return cidr.Contains(e.ip) && !slices.ContainsFunc(except, func(x netip.Prefix) bool { return x.Contains(e.ip) })
	}
	return slices.ContainsFunc(privateRanges, func(r netip.Prefix) bool {
		return cidr.Overlaps(r) && !slices.ContainsFunc(except, func(x netip.Prefix) bool { return x.Bits() <= r.Bits() && x.Contains(r.Addr()) })
	})
}

// portsMatch: no ports is every port; a named port is the destination pod's port of that name.
func portsMatch(ports []networkingv1.NetworkPolicyPort, dst endpoint, port corev1.ContainerPort) bool {
	if len(ports) == 0 {
		return true
	}
	return slices.ContainsFunc(ports, func(p networkingv1.NetworkPolicyPort) bool {
		if protocol(p.Protocol) != protocol(&port.Protocol) {
			return false
		}
		switch {
		case p.Port == nil:
			return true
		case p.Port.Type == intstr.String:
			return port.Name != "" && port.Name == p.Port.StrVal
		case p.EndPort != nil:
			return p.Port.IntVal <= port.ContainerPort && port.ContainerPort <= *p.EndPort
		}
		return p.Port.IntVal == port.ContainerPort
	})
}

// admitted is every connection the policies let through that involves one of the app's pods or
// goes from a stranger into the app's namespace. With a direction, only that side is asked: the
// egress of the app's pods, or their ingress, whatever the other side would say.
func admitted(ps policySet, eps []endpoint, only ...networkingv1.PolicyType) map[conn]bool {
	ns := eps[slices.IndexFunc(eps, func(e endpoint) bool { return e.app })].namespace
	out := map[conn]bool{}
	for _, src := range eps {
		for _, dst := range eps {
			switch {
			case src.name == dst.name || src.serverOnly:
				continue
			case slices.Contains(only, networkingv1.PolicyTypeEgress) && !src.app, slices.Contains(only, networkingv1.PolicyTypeIngress) && !dst.app:
				continue
			case !src.app && !dst.app && (src.role != "stranger" || dst.namespace != ns):
				continue
			}
			ports := dst.ports
			if !dst.app && len(ports) == 0 {
				ports = candidatePorts
			}
			for _, p := range ports {
				ok := ps.admits(src, dst, p)
				if len(only) == 1 {
					ok = ps.allows(only[0], src, dst, p)
				}
				if ok {
					out[conn{src.name, dst.name, p.ContainerPort, protocol(&p.Protocol)}] = true
				}
			}
		}
	}
	return out
}
