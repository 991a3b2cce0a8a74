package main

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// certSpec is one certificate the cluster's parts present: who it names (CN and O are what
// Kubernetes' RBAC reads as user and groups) and where it may serve.
type certSpec struct {
	file   string // pki/<file>.crt and pki/<file>.key
	cn     string
	orgs   []string
	client bool
	server bool
	dns    []string
	ips    []net.IP
}

// certs are those of the hard way (kubeadm makes the same set): a serving certificate for the API
// server, one client certificate per control-plane part and node, and the aggregation layer's
// front proxy, which metrics-server's API is reached through.
func (c *cluster) certs() []certSpec {
	return []certSpec{
		{file: "apiserver", cn: "kube-apiserver", server: true,
			dns: []string{"kubernetes", "kubernetes.default", "kubernetes.default.svc", "kubernetes.default.svc.cluster.local", "localhost", c.node},
			ips: []net.IP{net.ParseIP(apiServiceIP), c.nodeIP, net.IPv4(127, 0, 0, 1)}},
		{file: "admin", cn: "kubernetes-admin", orgs: []string{"system:masters"}, client: true},
		{file: "controller-manager", cn: "system:kube-controller-manager", client: true},
		{file: "scheduler", cn: "system:kube-scheduler", client: true},
		{file: "kube-proxy", cn: "system:kube-proxy", client: true},
		// kube-router reads pods, namespaces and policies as a node-level agent; it is given its
		// own user and ClusterRole (addons/kube-router.yaml) rather than the admin's.
		{file: "kube-router", cn: "system:kube-router", client: true},
		{file: "kubelet", cn: "system:node:" + c.node, orgs: []string{"system:nodes"}, client: true},
		// The kubelet's serving certificate, so the API server (logs, exec) and metrics-server
		// can check whom they talk to.
		{file: "kubelet-server", cn: c.node, server: true, dns: []string{c.node, "localhost"}, ips: []net.IP{c.nodeIP, net.IPv4(127, 0, 0, 1)}},
		{file: "apiserver-kubelet-client", cn: "kube-apiserver-kubelet-client", orgs: []string{"system:masters"}, client: true},
	}
}

// ensurePKI makes the CAs, the certificates and the service-account key once: a cluster started
// again keeps its identities, so kubeconfigs handed out and tokens issued stay valid.
func (c *cluster) ensurePKI() error {
	dir := c.path("pki")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	ca, caKey, err := loadOrMakeCA(dir, "ca", "linguaport-local-ca")
	if err != nil {
		return err
	}
	for _, s := range c.certs() {
		if err := ensureCert(dir, s, ca, caKey); err != nil {
			return fmt.Errorf("certificate %s: %w", s.file, err)
		}
	}
	fp, fpKey, err := loadOrMakeCA(dir, "front-proxy-ca", "front-proxy-ca")
	if err != nil {
		return err
	}
	if err := ensureCert(dir, certSpec{file: "front-proxy-client", cn: "front-proxy-client", client: true}, fp, fpKey); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, "sa.key")); errors.Is(err, os.ErrNotExist) {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			return err
		}
		if err := writeKey(filepath.Join(dir, "sa.key"), key); err != nil {
			return err
		}
		der, err := x509.MarshalPKIXPublicKey(key.Public())
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "sa.pub"), pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), 0o600)
	}
	return nil
}

func loadOrMakeCA(dir, file, cn string) (*x509.Certificate, crypto.Signer, error) {
	crtPath, keyPath := filepath.Join(dir, file+".crt"), filepath.Join(dir, file+".key")
	if crt, key, err := loadPair(crtPath, keyPath); err == nil {
		return crt, key, nil
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial(),
		Subject:               pkix.Name{CommonName: cn},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().AddDate(10, 0, 0),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		return nil, nil, err
	}
	if err := writeKey(keyPath, key); err != nil {
		return nil, nil, err
	}
	if err := os.WriteFile(crtPath, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		return nil, nil, err
	}
	crt, err := x509.ParseCertificate(der)
	return crt, key, err
}

// ensureCert keeps a certificate that still names what spec asks (a new node IP makes a new
// serving certificate) and is signed by ca; otherwise it makes a new one.
func ensureCert(dir string, s certSpec, ca *x509.Certificate, caKey crypto.Signer) error {
	crtPath, keyPath := filepath.Join(dir, s.file+".crt"), filepath.Join(dir, s.file+".key")
	if crt, _, err := loadPair(crtPath, keyPath); err == nil && crt.CheckSignatureFrom(ca) == nil && covers(crt, s) {
		return nil
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial(),
		Subject:      pkix.Name{CommonName: s.cn, Organization: s.orgs},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().AddDate(1, 0, 0),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		DNSNames:     s.dns,
		IPAddresses:  s.ips,
	}
	if s.client {
		tmpl.ExtKeyUsage = append(tmpl.ExtKeyUsage, x509.ExtKeyUsageClientAuth)
	}
	if s.server {
		tmpl.ExtKeyUsage = append(tmpl.ExtKeyUsage, x509.ExtKeyUsageServerAuth)
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, key.Public(), caKey)
	if err != nil {
		return err
	}
	if err := writeKey(keyPath, key); err != nil {
		return err
	}
	return os.WriteFile(crtPath, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
}

// covers says whether crt still names every address spec asks for and is not about to expire.
func covers(crt *x509.Certificate, s certSpec) bool {
	if time.Until(crt.NotAfter) < 30*24*time.Hour || crt.Subject.CommonName != s.cn {
		return false
	}
	for _, name := range s.dns {
		if crt.VerifyHostname(name) != nil {
			return false
		}
	}
	for _, ip := range s.ips {
		if crt.VerifyHostname(ip.String()) != nil {
			return false
		}
	}
	return true
}

func loadPair(crtPath, keyPath string) (*x509.Certificate, crypto.Signer, error) {
	crtPEM, err := os.ReadFile(crtPath)
	if err != nil {
		return nil, nil, err
	}
	keyPEM, err := os.ReadFile(keyPath)
	if err != nil {
		return nil, nil, err
	}
	cb, _ := pem.Decode(crtPEM)
	kb, _ := pem.Decode(keyPEM)
	if cb == nil || kb == nil {
		return nil, nil, fmt.Errorf("%s or %s is not PEM", crtPath, keyPath)
	}
	crt, err := x509.ParseCertificate(cb.Bytes)
	if err != nil {
		return nil, nil, err
	}
	key, err := x509.ParseECPrivateKey(kb.Bytes)
	if err != nil {
		return nil, nil, err
	}
	return crt, key, nil
}

func writeKey(path string, key *ecdsa.PrivateKey) error {
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return err
	}
	return os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}), 0o600)
}

func serial() *big.Int {
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 126))
	if err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return n
}
