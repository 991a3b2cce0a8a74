package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// The add-ons' images, made by cluster/images from the binaries `make cluster-tools` builds, and
// the pause image every pod's sandbox runs; addons/*.yaml names the same.
const (
	corednsImage       = "localhost/linguaport/coredns:" + corednsVersion
	metricsServerImage = "localhost/linguaport/metrics-server:" + metricsServerVersion
)

// addonImage is an image the cluster itself runs, built by cluster/images/build.sh from a
// Dockerfile of the checkout (context: the repository, or .bin/kube for the built binaries).
type addonImage struct{ ref, dockerfile, context string }

func (c *cluster) addonImages() []addonImage {
	return []addonImage{
		{sandboxImage, "cluster/images/pause/Dockerfile", c.repo},
		{corednsImage, "cluster/images/coredns/Dockerfile", c.bins},
		{metricsServerImage, "cluster/images/metrics-server/Dockerfile", c.bins},
	}
}

// kubectl runs the cluster's kubectl as the admin.
func (c *cluster) kubectl(ctx context.Context, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bins, "kubectl"), append([]string{"--kubeconfig", c.kubeconfig("admin")}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("kubectl %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// bootstrap grants what the node's agents need before they start: kube-router's reads. (The
// control plane's own users, the kubelet's and kube-proxy's are bound by the API server's
// bootstrap policy.)
func (c *cluster) bootstrap(ctx context.Context) error {
	_, err := c.kubectl(ctx, "apply", "--server-side", "--force-conflicts", "-f", filepath.Join(c.repo, "cluster", "addons", "kube-router.yaml"))
	return err
}

// applyAddons deploys CoreDNS and metrics-server and waits until the node and both are Ready.
func (c *cluster) applyAddons(ctx context.Context) error {
	begun := time.Now()
	if _, err := c.kubectl(ctx, "wait", "--for=condition=Ready", "node/"+c.node, "--timeout=3m"); err != nil {
		return fmt.Errorf("the node did not become Ready (kubelet log: %s): %w", c.logFile("kubelet"), err)
	}
	for _, f := range []string{"coredns.yaml", "metrics-server.yaml"} {
		if _, err := c.kubectl(ctx, "apply", "--server-side", "--force-conflicts", "-f", filepath.Join(c.repo, "cluster", "addons", f)); err != nil {
			return err
		}
	}
	// Available, not `rollout status`: a Deployment that once exceeded its progress deadline
	// (pods that could not start on an earlier run) fails the latter even once its pod is Ready.
	for _, d := range []struct{ name, label string }{{"coredns", "kube-dns"}, {"metrics-server", "metrics-server"}} {
		if _, err := c.kubectl(ctx, "-n", "kube-system", "wait", "--for=condition=Available", "deployment/"+d.name, "--timeout=3m"); err != nil {
			out, _ := c.kubectl(ctx, "-n", "kube-system", "describe", "pods", "-l", "k8s-app="+d.label)
			return fmt.Errorf("%s did not become Ready: %w\n%s", d.name, err, out)
		}
	}
	if _, err := c.kubectl(ctx, "wait", "--for=condition=Available", "apiservice/v1beta1.metrics.k8s.io", "--timeout=2m"); err != nil {
		return err
	}
	fmt.Printf("%-24s Ready in %.1f s\n", "coredns, metrics-server", time.Since(begun).Seconds())
	return nil
}

// loadImages builds the cluster's own images and loads them into containerd, where the kubelet
// finds them and pulls nothing. Always, not only when containerd lacks one: a rebuilt binary
// keeps its tag, and buildah's layer cache makes an unchanged image a few seconds' work.
func (c *cluster) loadImages(ctx context.Context) error {
	for _, img := range c.addonImages() {
		cmd := exec.CommandContext(ctx, filepath.Join(c.repo, "cluster", "images", "build.sh"), img.dockerfile)
		cmd.Dir = c.repo
		cmd.Env = append(os.Environ(), "IMAGE="+img.ref, "BUILD_CONTEXT="+img.context, "CONTAINERD_ADDRESS="+c.containerdSocket())
		log, err := os.OpenFile(c.logFile("images"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		cmd.Stdout, cmd.Stderr = log, log
		begun := time.Now()
		err = cmd.Run()
		log.Close()
		if err != nil {
			return fmt.Errorf("building %s (log: %s): %w\n%s", img.ref, c.logFile("images"), err, tail(c.logFile("images"), 15))
		}
		fmt.Printf("%-24s built and loaded in %.1f s\n", img.ref, time.Since(begun).Seconds())
	}
	return nil
}

// The add-ons' versions: those tools/coredns and tools/metrics-server pin (addons/*.yaml name
// the same; cluster_test.go checks they agree).
const (
	corednsVersion       = "1.15.0"
	metricsServerVersion = "v0.8.0"
)
