package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// preflight checks what a one-node cluster needs of the machine and says what is missing in
// words an operator can act on, before anything is started: a kubelet that fails on cgroups
// half-way through a start says much less.
func (c *cluster) preflight() error {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }

	if os.Geteuid() != 0 {
		add("it must run as root: containerd, the kubelet and kube-proxy manage cgroups, mounts, network namespaces and iptables (run `sudo make cluster`)")
	}
	for _, p := range c.missingPrograms() {
		add("%s", p)
	}
	if err := checkCgroups(); err != nil {
		add("cgroups: %v", err)
	}
	for _, s := range []struct{ key, why string }{
		{"net/ipv4/ip_forward", "pods' traffic is routed through the node"},
		{"net/bridge/bridge-nf-call-iptables", "Services and NetworkPolicies filter bridged pod traffic (if the file is missing: modprobe br_netfilter)"},
	} {
		if err := os.WriteFile("/proc/sys/"+s.key, []byte("1"), 0o644); err != nil {
			add("cannot set %s to 1, which the cluster needs because %s: %v", strings.ReplaceAll(s.key, "/", "."), s.why, err)
		}
	}
	if _, err := os.Stat("/dev/kmsg"); err != nil {
		add("/dev/kmsg is missing: the kubelet reads the kernel's OOM kills there (in a container, bind-mount /dev/console there as kind does)")
	}
	var st syscall.Statfs_t
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		add("cannot make %s: %v", c.dir, err)
	} else if err := syscall.Statfs(c.dir, &st); err == nil {
		if free := st.Bavail * uint64(st.Bsize) >> 30; free < 10 {
			add("%s has %d GiB free; images and the database need at least 10", c.dir, free)
		}
	}
	for _, p := range c.busyPorts() {
		add("%s", p)
	}
	if len(problems) > 0 {
		return errors.New("this machine cannot run the cluster yet:\n  - " + strings.Join(problems, "\n  - "))
	}
	return nil
}

// missingPrograms: the Debian packages the cluster runs on, and the binaries `make cluster-tools`
// builds.
func (c *cluster) missingPrograms() []string {
	var out []string
	for _, p := range []struct{ bin, pkg string }{
		{"containerd", "containerd"}, {"containerd-shim-runc-v2", "containerd"}, {"runc", "runc"},
		{"iptables", "iptables"}, {"ipset", "ipset"}, {"conntrack", "conntrack"}, {"ip", "iproute2"},
	} {
		if _, err := exec.LookPath(p.bin); err != nil {
			if _, err := os.Stat(filepath.Join("/usr/sbin", p.bin)); err != nil {
				out = append(out, fmt.Sprintf("%s is missing: apt-get install %s", p.bin, p.pkg))
			}
		}
	}
	for _, plugin := range []string{"bridge", "host-local", "portmap", "loopback"} {
		if _, err := os.Stat(filepath.Join(cniBinDir, plugin)); err != nil {
			out = append(out, fmt.Sprintf("the CNI plugin %s is missing in %s: apt-get install containernetworking-plugins", plugin, cniBinDir))
		}
	}
	for _, comp := range c.components() {
		if filepath.IsAbs(comp.bin) {
			if _, err := os.Stat(comp.bin); err != nil {
				out = append(out, fmt.Sprintf("%s is not built: make cluster-tools", comp.bin))
			}
		}
	}
	return out
}

// checkCgroups: the kubelet and runc need the cpu, memory and pids controllers, writable. On
// cgroup v1 each is its own hierarchy; on v2, one. Making and removing a group proves it.
func checkCgroups() error {
	var st syscall.Statfs_t
	if err := syscall.Statfs("/sys/fs/cgroup", &st); err != nil {
		return fmt.Errorf("/sys/fs/cgroup is not mounted: %w", err)
	}
	const cgroup2Magic = 0x63677270
	dirs := []string{"/sys/fs/cgroup"}
	if st.Type != cgroup2Magic {
		dirs = nil
		for _, ctl := range []string{"cpu", "cpuacct", "memory", "pids", "cpuset", "devices", "freezer"} {
			d := filepath.Join("/sys/fs/cgroup", ctl)
			if _, err := os.Stat(d); err != nil {
				return fmt.Errorf("cgroup v1 controller %s is not mounted at %s", ctl, d)
			}
			dirs = append(dirs, d)
		}
	}
	for _, d := range dirs {
		probe := filepath.Join(d, "linguaport-preflight-"+strconv.Itoa(os.Getpid()))
		if err := os.Mkdir(probe, 0o755); err != nil {
			return fmt.Errorf("%s is not writable (a container without a writable cgroup mount cannot run pods): %w", d, err)
		}
		os.Remove(probe)
	}
	return nil
}

// busyPorts: the fixed ports the parts listen on, taken by something that is not this
// cluster's own part.
func (c *cluster) busyPorts() []string {
	ports := []struct {
		owner, addr string
	}{
		{"etcd", fmt.Sprintf("127.0.0.1:%d", etcdPort)}, {"etcd", fmt.Sprintf("127.0.0.1:%d", etcdPort+1)},
		{"kube-apiserver", fmt.Sprintf("%s:%d", c.nodeIP, apiPort)},
		{"kube-controller-manager", "127.0.0.1:10257"}, {"kube-scheduler", "127.0.0.1:10259"},
		{"kubelet", fmt.Sprintf("%s:10250", c.nodeIP)}, {"kubelet", "127.0.0.1:10248"},
		{"kube-proxy", "127.0.0.1:10256"}, {"kube-router", fmt.Sprintf("127.0.0.1:%d", kubeRouterHealthPort)},
	}
	var out []string
	for _, p := range ports {
		if _, alive := c.running(p.owner); alive {
			continue
		}
		ln, err := net.Listen("tcp", p.addr)
		if err != nil {
			out = append(out, fmt.Sprintf("%s needs %s, which is taken: %v", p.owner, p.addr, err))
			continue
		}
		ln.Close()
	}
	return out
}
