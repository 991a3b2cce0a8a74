package main

import (
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The cluster's address plan. Pods get 10.244.0.0/24 on one bridge (a single node needs no
// routing between nodes), Services 10.96.0.0/16; kube-dns has the address kubeadm gives it.
const (
	podCIDR       = "10.244.0.0/24"
	clusterCIDR   = "10.244.0.0/16"
	serviceCIDR   = "10.96.0.0/16"
	apiServiceIP  = "10.96.0.1"
	dnsServiceIP  = "10.96.0.10"
	clusterDomain = "cluster.local"
	bridgeName    = "cni0"
	apiPort       = 6443
	// sandboxImage is the pause image every pod's sandbox runs. It cannot be pulled here, so the
	// cluster makes it (cluster/images/pause) under the name containerd and the kubelet expect.
	sandboxImage = "registry.k8s.io/pause:3.10"
)

// writeConfigs writes every part's configuration from the cluster's paths, node name and IP; it
// is rewritten on each start, so a moved checkout or a new node IP is picked up.
func (c *cluster) writeConfigs() error {
	for _, d := range []string{"kubeconfig", "cni/net.d", "cni/ipam", "logs", "pids", "run", "containerd", "kubelet", "etcd"} {
		if err := os.MkdirAll(c.path(d), 0o755); err != nil {
			return err
		}
	}
	for _, who := range []string{"admin", "controller-manager", "scheduler", "kube-proxy", "kube-router", "kubelet"} {
		if err := c.writeKubeconfig(who); err != nil {
			return err
		}
	}
	files := map[string]string{
		"containerd.toml":                  c.containerdConfig(),
		"cni/net.d/10-linguaport.conflist": c.cniConfig(),
		"kubelet.yaml":                     c.kubeletConfig(),
		"kube-proxy.yaml":                  c.kubeProxyConfig(),
	}
	for name, body := range files {
		if err := os.WriteFile(c.path(name), []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeKubeconfig gives who a kubeconfig with its certificate embedded, so the file alone is a
// credential to copy (the admin's is what `make cluster` prints to use with kubectl).
func (c *cluster) writeKubeconfig(who string) error {
	read := func(name string) (string, error) {
		b, err := os.ReadFile(c.path("pki", name))
		return base64.StdEncoding.EncodeToString(b), err
	}
	ca, err := read("ca.crt")
	if err != nil {
		return err
	}
	crt, err := read(who + ".crt")
	if err != nil {
		return err
	}
	key, err := read(who + ".key")
	if err != nil {
		return err
	}
	body := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: linguaport-local
  cluster:
    server: %s
    certificate-authority-data: %s
users:
- name: %s
  user:
    client-certificate-data: %s
    client-key-data: %s
contexts:
- name: linguaport-local
  context: {cluster: linguaport-local, user: %s}
current-context: linguaport-local
`, c.apiURL(), ca, who, crt, key, who)
	return os.WriteFile(c.kubeconfig(who), []byte(body), 0o600)
}

func (c *cluster) kubeconfig(who string) string { return c.path("kubeconfig", who+".conf") }

func (c *cluster) apiURL() string { return fmt.Sprintf("https://%s:%d", c.nodeIP, apiPort) }

func (c *cluster) containerdSocket() string { return c.path("run", "containerd.sock") }

// containerdConfig keeps this containerd apart from any other on the machine: its own root,
// state and socket under .data, and the CNI configuration of this cluster only. cgroupfs, as
// the kubelet is told: there is no systemd to delegate cgroups to here.
func (c *cluster) containerdConfig() string {
	return fmt.Sprintf(`version = 2
root = %[1]q
state = %[2]q

[grpc]
  address = %[3]q

[plugins."io.containerd.internal.v1.opt"]
  path = %[4]q

[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = %[5]q
  stream_server_address = "127.0.0.1"
  # No AppArmor in this kernel's configuration; SELinux is not enabled either.
  disable_apparmor = true
  # This machine withholds CAP_SYS_RESOURCE, so no process may lower an OOM score below its
  # own; the kubelet asks -998 for sandboxes and runc fails the container for it. Clamped to
  # containerd's own score instead, as kind and rootless setups do.
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = %[6]q
    conf_dir = %[7]q
`, c.path("containerd"), c.path("run", "containerd-state"), c.containerdSocket(), c.path("containerd", "opt"),
		sandboxImage, cniBinDir, c.path("cni", "net.d"))
}

// cniBinDir is where Debian's containernetworking-plugins puts the plugins.
const cniBinDir = "/usr/lib/cni"

// cniConfig: one bridge with the node's pod range, masquerading what leaves the node, hairpin so
// a pod reaches itself through its Service, and portmap for hostPort.
func (c *cluster) cniConfig() string {
	return fmt.Sprintf(`{
  "cniVersion": "0.4.0",
  "name": "linguaport",
  "plugins": [
    {
      "type": "bridge",
      "bridge": %q,
      "isGateway": true,
      "ipMasq": true,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "ranges": [[{"subnet": %q}]],
        "routes": [{"dst": "0.0.0.0/0"}],
        "dataDir": %q
      }
    },
    {"type": "portmap", "capabilities": {"portMappings": true}}
  ]
}
`, bridgeName, podCIDR, c.path("cni", "ipam"))
}

// kubeletConfig: authenticated and authorized like a production kubelet (client certificates
// and webhook checks against the API server, no read-only port), cgroupfs on cgroup v1, and
// eviction thresholds low enough for a shared development disk.
func (c *cluster) kubeletConfig() string {
	return fmt.Sprintf(`apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: %[1]s
port: 10250
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: 10248
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: %[2]q}
authorization: {mode: Webhook}
tlsCertFile: %[3]q
tlsPrivateKeyFile: %[4]q
cgroupDriver: cgroupfs
containerRuntimeEndpoint: unix://%[5]s
clusterDNS: [%[6]s]
clusterDomain: %[7]s
resolvConf: /etc/resolv.conf
podCIDR: %[8]s
failSwapOn: false
hairpinMode: hairpin-veth
serializeImagePulls: false
evictionHard: {memory.available: 200Mi, nodefs.available: 3%%, imagefs.available: 3%%, nodefs.inodesFree: 3%%}
imageGCHighThresholdPercent: 97
imageGCLowThresholdPercent: 95
`, c.nodeIP, c.path("pki", "ca.crt"), c.path("pki", "kubelet-server.crt"), c.path("pki", "kubelet-server.key"),
		c.containerdSocket(), dnsServiceIP, clusterDomain, podCIDR)
}

// kubeProxyConfig: iptables mode; conntrack sizes are left as the machine has them (maxPerCore
// 0), since a sandbox may not let them be written.
func (c *cluster) kubeProxyConfig() string {
	return fmt.Sprintf(`apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
clientConnection: {kubeconfig: %q}
mode: iptables
clusterCIDR: %s
hostnameOverride: %s
conntrack: {maxPerCore: 0}
metricsBindAddress: 127.0.0.1:10249
healthzBindAddress: 127.0.0.1:10256
`, c.kubeconfig("kube-proxy"), clusterCIDR, c.node)
}

// path is a file or directory under the cluster's state directory.
func (c *cluster) path(parts ...string) string {
	return filepath.Join(append([]string{c.dir}, parts...)...)
}

// flags renders name=value pairs as command-line flags, in order.
func flags(pairs ...string) []string {
	out := make([]string, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, "--"+strings.TrimPrefix(pairs[i], "--")+"="+pairs[i+1])
	}
	return out
}
