// Command cluster runs a one-node Kubernetes on this machine from its parts (issue 30,
// cluster/README.md): etcd, the control plane, containerd with runc and the CNI bridge, the
// kubelet, kube-proxy, kube-router as the NetworkPolicy enforcer, and CoreDNS and metrics-server
// as pods. Nothing is pulled: the binaries are built by `make cluster-tools`, the images by
// cluster/images.
//
//	cluster up      start what is not running, wait until the node and its add-ons are Ready
//	cluster down    stop it all; the state under .data/cluster stays for the next start
//	cluster status  say what runs
//
// Configuration is the environment only: CLUSTER_DIR (default .data/cluster), CLUSTER_BIN
// (.bin/kube), CLUSTER_NODE (linguaport-local), CLUSTER_NODE_IP (the address of the default
// route's interface).
package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"time"

	"linguaport/internal/proc"
)

type cluster struct {
	repo   string // the checkout: cluster/addons and cluster/images are read from it
	dir    string // the cluster's state
	bins   string // the Kubernetes binaries
	node   string
	nodeIP net.IP
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cluster up|down|status")
		os.Exit(2)
	}
	c, err := configure()
	if err == nil {
		switch os.Args[1] {
		case "up":
			err = c.up(context.Background())
		case "down":
			err = c.down(context.Background())
		case "status":
			err = c.status()
		default:
			err = fmt.Errorf("unknown command %q: use up, down or status", os.Args[1])
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "cluster:", err)
		os.Exit(1)
	}
}

func configure() (*cluster, error) {
	repo, err := proc.RepoRoot()
	if err != nil {
		return nil, err
	}
	c := &cluster{
		repo: repo,
		dir:  envOr("CLUSTER_DIR", filepath.Join(repo, ".data", "cluster")),
		bins: envOr("CLUSTER_BIN", filepath.Join(repo, ".bin", "kube")),
		node: envOr("CLUSTER_NODE", "linguaport-local"),
	}
	if c.dir, err = filepath.Abs(c.dir); err != nil {
		return nil, err
	}
	if c.bins, err = filepath.Abs(c.bins); err != nil {
		return nil, err
	}
	if ip := os.Getenv("CLUSTER_NODE_IP"); ip != "" {
		c.nodeIP = net.ParseIP(ip).To4()
		if c.nodeIP == nil {
			return nil, fmt.Errorf("CLUSTER_NODE_IP %q is not an IPv4 address", ip)
		}
	} else if c.nodeIP, err = defaultRouteIP(); err != nil {
		return nil, err
	}
	return c, nil
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

// up starts the parts that are not running, in order, each once the one before it answers,
// then the add-ons, and returns when the node and the add-ons are Ready.
func (c *cluster) up(ctx context.Context) error {
	if err := c.preflight(); err != nil {
		return err
	}
	if err := c.ensurePKI(); err != nil {
		return fmt.Errorf("certificates: %w", err)
	}
	if err := c.writeConfigs(); err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	for _, comp := range c.components() {
		if err := c.start(ctx, comp); err != nil {
			return err
		}
		if comp.name == "containerd" {
			// Before the kubelet runs a pod: the sandbox image and the add-ons' images.
			if err := c.loadImages(ctx); err != nil {
				return err
			}
		}
		if comp.name == "kube-apiserver" {
			if err := c.bootstrap(ctx); err != nil {
				return err
			}
		}
	}
	if err := c.applyAddons(ctx); err != nil {
		return err
	}
	fmt.Printf("cluster up: node %s at %s\n  kubectl: export KUBECONFIG=%s\n  logs: %s\n",
		c.node, c.apiURL(), c.kubeconfig("admin"), c.path("logs"))
	return nil
}

// start runs comp in a session of its own unless it already runs, and waits until it answers.
func (c *cluster) start(ctx context.Context, comp component) error {
	if pid, alive := c.running(comp.name); alive {
		fmt.Printf("%-24s running (pid %d)\n", comp.name, pid)
		return nil
	}
	begun := time.Now()
	if err := c.spawn(comp); err != nil {
		return fmt.Errorf("%s: %w", comp.name, err)
	}
	deadline := time.Now().Add(3 * time.Minute)
	for {
		err := comp.ready()
		if err == nil {
			break
		}
		if _, alive := c.running(comp.name); !alive {
			return fmt.Errorf("%s exited while starting; its log: %s\n%s", comp.name, c.logFile(comp.name), tail(c.logFile(comp.name), 20))
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s did not answer within 3 minutes (%v); its log: %s\n%s", comp.name, err, c.logFile(comp.name), tail(c.logFile(comp.name), 20))
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
	fmt.Printf("%-24s started in %.1f s\n", comp.name, time.Since(begun).Seconds())
	return nil
}

func (c *cluster) status() error {
	var stopped []string
	for _, comp := range c.components() {
		if pid, alive := c.running(comp.name); alive {
			fmt.Printf("%-24s running (pid %d)\n", comp.name, pid)
		} else {
			fmt.Printf("%-24s stopped\n", comp.name)
			stopped = append(stopped, comp.name)
		}
	}
	if len(stopped) > 0 {
		return errors.New("not running: " + fmt.Sprint(stopped))
	}
	return nil
}

// defaultRouteIP is the IPv4 address of the interface the default route leaves by: the node's
// address, which pods reach the API server at (through the kubernetes Service).
func defaultRouteIP() (net.IP, error) {
	conn, err := net.Dial("udp4", "192.0.2.254:9") // no packet is sent: this only picks a route
	if err != nil {
		return nil, fmt.Errorf("no default route to take the node's address from (set CLUSTER_NODE_IP): %w", err)
	}
	defer conn.Close()
	ip := conn.LocalAddr().(*net.UDPAddr).IP.To4()
	if ip == nil || ip.IsLoopback() {
		return nil, errors.New("the default route leaves by loopback; set CLUSTER_NODE_IP to the machine's address")
	}
	return ip, nil
}
