package main

import (
	"fmt"
	"path/filepath"
	"strconv"
)

// component is one program of the cluster, run on the host as the hard way runs them (the node's
// add-ons, CoreDNS and metrics-server, run as pods: addons/). ready answers once it serves.
type component struct {
	name  string
	bin   string
	args  []string
	ready func() error
}

// components are started in this order and stopped in the reverse one: storage, the API, the
// runtime, the controllers, then the node's agents.
func (c *cluster) components() []component {
	kube := func(name string) string { return filepath.Join(c.bins, name) }
	pki := func(name string) string { return c.path("pki", name) }
	return []component{
		{
			name: "etcd", bin: kube("etcd"),
			args: flags(
				"name", c.node,
				"data-dir", c.path("etcd"),
				// Loopback only: the API server is its one client.
				"listen-client-urls", "http://127.0.0.1:"+strconv.Itoa(etcdPort),
				"advertise-client-urls", "http://127.0.0.1:"+strconv.Itoa(etcdPort),
				"listen-peer-urls", "http://127.0.0.1:"+strconv.Itoa(etcdPort+1),
				"initial-advertise-peer-urls", "http://127.0.0.1:"+strconv.Itoa(etcdPort+1),
				"initial-cluster", c.node+"=http://127.0.0.1:"+strconv.Itoa(etcdPort+1),
				"listen-metrics-urls", "",
				"quota-backend-bytes", "2147483648",
				"log-level", "warn",
			),
			ready: c.httpReady(fmt.Sprintf("http://127.0.0.1:%d/health", etcdPort), false),
		},
		{
			name: "kube-apiserver", bin: kube("kube-apiserver"),
			args: flags(
				"advertise-address", c.nodeIP.String(),
				"bind-address", "0.0.0.0",
				"secure-port", strconv.Itoa(apiPort),
				"etcd-servers", fmt.Sprintf("http://127.0.0.1:%d", etcdPort),
				"service-cluster-ip-range", serviceCIDR,
				"service-node-port-range", "30000-32767",
				"client-ca-file", pki("ca.crt"),
				"tls-cert-file", pki("apiserver.crt"),
				"tls-private-key-file", pki("apiserver.key"),
				"kubelet-client-certificate", pki("apiserver-kubelet-client.crt"),
				"kubelet-client-key", pki("apiserver-kubelet-client.key"),
				"kubelet-certificate-authority", pki("ca.crt"),
				"kubelet-preferred-address-types", "InternalIP",
				"service-account-issuer", "https://kubernetes.default.svc."+clusterDomain,
				"service-account-key-file", pki("sa.pub"),
				"service-account-signing-key-file", pki("sa.key"),
				"authorization-mode", "Node,RBAC",
				"enable-admission-plugins", "NodeRestriction",
				"allow-privileged", "true",
				// The aggregation layer, for metrics.k8s.io (metrics-server, which the HPAs read).
				"requestheader-client-ca-file", pki("front-proxy-ca.crt"),
				"requestheader-allowed-names", "front-proxy-client",
				"requestheader-username-headers", "X-Remote-User",
				"requestheader-group-headers", "X-Remote-Group",
				"requestheader-extra-headers-prefix", "X-Remote-Extra-",
				"proxy-client-cert-file", pki("front-proxy-client.crt"),
				"proxy-client-key-file", pki("front-proxy-client.key"),
				"enable-aggregator-routing", "true",
				"profiling", "false",
				"v", "1",
			),
			ready: c.httpReady(c.apiURL()+"/readyz", true),
		},
		{
			name: "containerd", bin: "containerd",
			args:  []string{"--config", c.path("containerd.toml")},
			ready: c.socketReady(c.containerdSocket()),
		},
		{
			name: "kube-controller-manager", bin: kube("kube-controller-manager"),
			args: flags(
				"kubeconfig", c.kubeconfig("controller-manager"),
				"authentication-kubeconfig", c.kubeconfig("controller-manager"),
				"authorization-kubeconfig", c.kubeconfig("controller-manager"),
				"bind-address", "127.0.0.1",
				"leader-elect", "false",
				"use-service-account-credentials", "true",
				"service-account-private-key-file", pki("sa.key"),
				"root-ca-file", pki("ca.crt"),
				"cluster-signing-cert-file", pki("ca.crt"),
				"cluster-signing-key-file", pki("ca.key"),
				"requestheader-client-ca-file", pki("front-proxy-ca.crt"),
				// The node's podCIDR, which kube-router reads to tell the node's pods apart.
				"allocate-node-cidrs", "true",
				"cluster-cidr", clusterCIDR,
				"node-cidr-mask-size", "24",
				"service-cluster-ip-range", serviceCIDR,
				"controllers", "*,bootstrapsigner,tokencleaner",
				// Autoscalers without a scale-down behavior of their own come back within a
				// minute rather than five; the base's svc-orders sets 600 s, which the cluster
				// test shortens on the object itself (e2e/cluster_test.go).
				"horizontal-pod-autoscaler-downscale-stabilization", "30s",
				"horizontal-pod-autoscaler-sync-period", "10s",
				"profiling", "false",
			),
			ready: c.httpReady("https://127.0.0.1:10257/healthz", false),
		},
		{
			name: "kube-scheduler", bin: kube("kube-scheduler"),
			args: flags(
				"kubeconfig", c.kubeconfig("scheduler"),
				"authentication-kubeconfig", c.kubeconfig("scheduler"),
				"authorization-kubeconfig", c.kubeconfig("scheduler"),
				"bind-address", "127.0.0.1",
				"leader-elect", "false",
				"profiling", "false",
			),
			ready: c.httpReady("https://127.0.0.1:10259/healthz", false),
		},
		{
			name: "kubelet", bin: kube("kubelet"),
			args: flags(
				"config", c.path("kubelet.yaml"),
				"kubeconfig", c.kubeconfig("kubelet"),
				"root-dir", c.path("kubelet"),
				"hostname-override", c.node,
				"node-ip", c.nodeIP.String(),
				"pod-infra-container-image", sandboxImage,
				"v", "1",
			),
			ready: c.httpReady("http://127.0.0.1:10248/healthz", false),
		},
		{
			name: "kube-proxy", bin: kube("kube-proxy"),
			args:  flags("config", c.path("kube-proxy.yaml")),
			ready: c.httpReady("http://127.0.0.1:10256/healthz", false),
		},
		{
			// The NetworkPolicy enforcer (tools/kube-router/go.mod says why kube-router): its
			// firewall only; the bridge routes and kube-proxy serves Services.
			name: "kube-router", bin: kube("kube-router"),
			args: flags(
				"kubeconfig", c.kubeconfig("kube-router"),
				"hostname-override", c.node,
				"run-firewall", "true",
				"run-router", "false",
				"run-service-proxy", "false",
				"enable-cni", "false",
				"service-cluster-ip-range", serviceCIDR,
				"health-port", strconv.Itoa(kubeRouterHealthPort),
				"metrics-port", "0",
			),
			ready: c.httpReady(fmt.Sprintf("http://127.0.0.1:%d/healthz", kubeRouterHealthPort), false),
		},
	}
}

const (
	etcdPort             = 2379
	kubeRouterHealthPort = 20244
)
