package main

import (
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func testCluster(t *testing.T) *cluster {
	t.Helper()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return &cluster{repo: repo, dir: t.TempDir(), bins: "/nonexistent", node: "test-node", nodeIP: net.IPv4(192, 0, 2, 10)}
}

func readCert(t *testing.T, path string) *x509.Certificate {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(b)
	crt, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return crt
}

// A cluster started again keeps its identities (kubeconfigs handed out stay valid), but a new
// node address gets a serving certificate that names it, signed by the same CA.
func TestPKIIsKeptAndFollowsTheNodeAddress(t *testing.T) {
	c := testCluster(t)
	if err := c.ensurePKI(); err != nil {
		t.Fatal(err)
	}
	before := map[string][]byte{}
	for _, f := range []string{"ca.crt", "admin.crt", "apiserver.crt", "sa.key"} {
		before[f], _ = os.ReadFile(c.path("pki", f))
	}
	if err := c.ensurePKI(); err != nil {
		t.Fatal(err)
	}
	for f, b := range before {
		if now, _ := os.ReadFile(c.path("pki", f)); !bytes.Equal(now, b) {
			t.Errorf("%s was made again on a second start", f)
		}
	}

	c.nodeIP = net.IPv4(192, 0, 2, 20)
	if err := c.ensurePKI(); err != nil {
		t.Fatal(err)
	}
	ca := readCert(t, c.path("pki", "ca.crt"))
	api := readCert(t, c.path("pki", "apiserver.crt"))
	if err := api.CheckSignatureFrom(ca); err != nil {
		t.Errorf("the new serving certificate is not signed by the kept CA: %v", err)
	}
	for _, name := range []string{"192.0.2.20", "10.96.0.1", "kubernetes.default.svc.cluster.local"} {
		if err := api.VerifyHostname(name); err != nil {
			t.Errorf("the API server's certificate does not name %s: %v", name, err)
		}
	}
	if now, _ := os.ReadFile(c.path("pki", "admin.crt")); !bytes.Equal(now, before["admin.crt"]) {
		t.Error("the admin's client certificate changed with the node address")
	}

	// RBAC reads users and groups from CN and O: the Node authorizer only admits a kubelet
	// named system:node:<node> in system:nodes.
	kubelet := readCert(t, c.path("pki", "kubelet.crt"))
	if kubelet.Subject.CommonName != "system:node:test-node" || len(kubelet.Subject.Organization) != 1 || kubelet.Subject.Organization[0] != "system:nodes" {
		t.Errorf("kubelet certificate subject %v", kubelet.Subject)
	}
}

// The add-ons' image tags, the constants the cluster loads and the tool modules' pinned
// versions are one version each.
func TestAddonImagesMatchTheBuiltTools(t *testing.T) {
	c := testCluster(t)
	for _, a := range []struct {
		file, image, module, toolDir, version string
	}{
		{"coredns.yaml", corednsImage, "github.com/coredns/coredns", "coredns", "v" + corednsVersion},
		{"metrics-server.yaml", metricsServerImage, "sigs.k8s.io/metrics-server", "metrics-server", metricsServerVersion},
	} {
		manifest, err := os.ReadFile(filepath.Join(c.repo, "cluster", "addons", a.file))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(manifest), "image: "+a.image+"\n") {
			t.Errorf("%s does not run %s", a.file, a.image)
		}
		gomod, err := os.ReadFile(filepath.Join(c.repo, "tools", a.toolDir, "go.mod"))
		if err != nil {
			t.Fatal(err)
		}
		if !regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(a.module) + ` ` + regexp.QuoteMeta(a.version) + `\b`).Match(gomod) {
			t.Errorf("tools/%s/go.mod does not pin %s %s", a.toolDir, a.module, a.version)
		}
	}
}

// Every part's configuration names only paths under the cluster's own directory (or the
// system's packages): a second checkout's cluster, or a containerd of the machine's own, is
// not touched.
func TestConfigurationStaysUnderItsDirectory(t *testing.T) {
	c := testCluster(t)
	if err := c.ensurePKI(); err != nil {
		t.Fatal(err)
	}
	if err := c.writeConfigs(); err != nil {
		t.Fatal(err)
	}
	paths := regexp.MustCompile(`"(/[^"]+)"|: (/[^\s,\]}]+)`)
	for _, f := range []string{"containerd.toml", "cni/net.d/10-linguaport.conflist", "kubelet.yaml", "kube-proxy.yaml"} {
		b, err := os.ReadFile(c.path(f))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range paths.FindAllStringSubmatch(string(b), -1) {
			p := m[1] + m[2]
			if !strings.HasPrefix(p, c.dir+"/") && p != cniBinDir && p != "/etc/resolv.conf" {
				t.Errorf("%s names %s, outside %s", f, p, c.dir)
			}
		}
	}
}
