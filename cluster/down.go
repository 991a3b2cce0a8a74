package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	cri "k8s.io/cri-api/pkg/apis/runtime/v1"
)

// down stops the cluster so that nothing of it is left on the machine but its state under
// .data/cluster: the node's agents first (so nothing restarts pods), then the pods through
// containerd's CRI (which tears down their networks through CNI, as the kubelet would), the
// controllers, the runtime, the API server and etcd; then the rules kube-proxy and kube-router
// wrote, the bridge, and any mount left under the state directory.
func (c *cluster) down(ctx context.Context) error {
	comps := c.components()
	slices.Reverse(comps)
	var errs []error
	for _, comp := range comps {
		if comp.name == "containerd" {
			if err := c.removeSandboxes(ctx); err != nil {
				errs = append(errs, err)
			}
		}
		if err := c.stop(comp.name, 20*time.Second); err != nil {
			errs = append(errs, err)
		}
		if comp.name == "containerd" {
			c.killShims()
		}
	}
	// kube-proxy cleans up its own chains; kube-router's --cleanup-config also tears down its
	// IPVS proxy, and panics on a kernel without IPVS, so its chains and sets are removed here.
	if out, err := exec.CommandContext(ctx, filepath.Join(c.bins, "kube-proxy"), "--cleanup").CombinedOutput(); err != nil {
		errs = append(errs, fmt.Errorf("kube-proxy --cleanup: %w\n%s", err, tailOf(string(out), 5)))
	}
	if err := removeKubeRouterRules(ctx); err != nil {
		errs = append(errs, err)
	}
	exec.CommandContext(ctx, "ip", "link", "delete", bridgeName).Run() //nolint:errcheck // absent if no pod ever ran
	if err := c.unmountAll(); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return fmt.Errorf("cluster stopped, with problems: %v", errs)
	}
	fmt.Println("cluster down; its state stays in", c.dir)
	return nil
}

// removeSandboxes stops and removes every pod sandbox through the CRI, so CNI releases each
// pod's address and port mappings and runc's containers exit.
func (c *cluster) removeSandboxes(ctx context.Context) error {
	if _, alive := c.running("containerd"); !alive {
		return nil
	}
	conn, err := grpc.NewClient("unix://"+c.containerdSocket(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer conn.Close()
	rt := cri.NewRuntimeServiceClient(conn)
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	list, err := rt.ListPodSandbox(ctx, &cri.ListPodSandboxRequest{})
	if err != nil {
		return fmt.Errorf("listing pods in containerd: %w", err)
	}
	for _, sb := range list.Items {
		if _, err := rt.StopPodSandbox(ctx, &cri.StopPodSandboxRequest{PodSandboxId: sb.Id}); err != nil {
			return fmt.Errorf("stopping pod %s/%s: %w", sb.Metadata.Namespace, sb.Metadata.Name, err)
		}
		if _, err := rt.RemovePodSandbox(ctx, &cri.RemovePodSandboxRequest{PodSandboxId: sb.Id}); err != nil {
			return fmt.Errorf("removing pod %s/%s: %w", sb.Metadata.Namespace, sb.Metadata.Name, err)
		}
	}
	if len(list.Items) > 0 {
		fmt.Printf("%-24s %d pods removed\n", "containerd", len(list.Items))
	}
	return nil
}

// killShims ends any runc shim of this containerd still running (a pod the CRI could not stop):
// a shim outlives containerd by design, and its container with it.
func (c *cluster) killShims() {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		args := strings.Split(string(b), "\x00")
		if len(args) > 0 && strings.HasSuffix(args[0], "containerd-shim-runc-v2") && slices.Contains(args, c.containerdSocket()) {
			var pid int
			fmt.Sscanf(filepath.Base(filepath.Dir(p)), "%d", &pid)
			syscall.Kill(pid, syscall.SIGKILL) //nolint:errcheck // it may have exited meanwhile
		}
	}
}

// unmountAll lifts what is still mounted under the state directory (volumes, overlay roots,
// shm), deepest first.
func (c *cluster) unmountAll() error {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return err
	}
	defer f.Close()
	var mounts []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) > 4 && strings.HasPrefix(fields[4], c.dir+"/") {
			mounts = append(mounts, fields[4])
		}
	}
	slices.Reverse(mounts)
	var failed []string
	for _, m := range mounts {
		if err := syscall.Unmount(m, syscall.MNT_DETACH); err != nil && err != syscall.EINVAL {
			failed = append(failed, m)
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("still mounted: %s", strings.Join(failed, ", "))
	}
	return nil
}

// kubeRouterNames are the prefixes of the chains and ipsets kube-router's firewall makes.
var kubeRouterNames = []string{"KUBE-ROUTER-", "KUBE-POD-FW-", "KUBE-NWPLCY-", "KUBE-SRC-", "KUBE-DST-", "kube-router-"}

func isKubeRouters(line string) bool {
	return slices.ContainsFunc(kubeRouterNames, func(p string) bool { return strings.Contains(line, p) })
}

// removeKubeRouterRules rewrites the iptables tables without kube-router's chains and the
// rules that jump to them (one iptables-restore: atomic, so other programs' rules stay in
// force throughout), then destroys its ipsets, which the rules referred to.
func removeKubeRouterRules(ctx context.Context) error {
	saved, err := exec.CommandContext(ctx, "iptables-save").Output()
	if err != nil {
		return fmt.Errorf("iptables-save: %w", err)
	}
	var kept []string
	removed := 0
	for _, line := range strings.Split(string(saved), "\n") {
		if isKubeRouters(line) {
			removed++
			continue
		}
		kept = append(kept, line)
	}
	if removed > 0 {
		restore := exec.CommandContext(ctx, "iptables-restore")
		restore.Stdin = strings.NewReader(strings.Join(kept, "\n"))
		if out, err := restore.CombinedOutput(); err != nil {
			return fmt.Errorf("iptables-restore without kube-router's rules: %w\n%s", err, out)
		}
	}
	sets, err := exec.CommandContext(ctx, "ipset", "list", "-n").Output()
	if err != nil {
		return fmt.Errorf("ipset list: %w", err)
	}
	for _, set := range strings.Fields(string(sets)) {
		if isKubeRouters(set) {
			if out, err := exec.CommandContext(ctx, "ipset", "destroy", set).CombinedOutput(); err != nil {
				return fmt.Errorf("ipset destroy %s: %w\n%s", set, err, out)
			}
		}
	}
	return nil
}

func tailOf(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
