package main

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// spawn starts comp detached (a session of its own, stdin closed, output appended to its log),
// so it outlives `cluster up`, and records its pid for status and down.
func (c *cluster) spawn(comp component) error {
	bin, err := exec.LookPath(comp.bin)
	if err != nil {
		return fmt.Errorf("%s not found (make cluster-tools builds the Kubernetes parts; containerd is Debian's package): %w", comp.bin, err)
	}
	log, err := os.OpenFile(c.logFile(comp.name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	fmt.Fprintf(log, "\n==== %s starting: %s %s\n", time.Now().Format(time.RFC3339), bin, strings.Join(comp.args, " "))
	cmd := exec.Command(bin, comp.args...)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	// The kubelet, kube-proxy and kube-router call iptables, ip and the like: sbin on PATH.
	cmd.Env = append(os.Environ(), "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin")
	if err := cmd.Start(); err != nil {
		return err
	}
	if err := os.WriteFile(c.pidFile(comp.name), []byte(strconv.Itoa(cmd.Process.Pid)), 0o644); err != nil {
		return err
	}
	// Not waited for here: it is reaped by init once `cluster up` exits; until then, a Wait in
	// the background keeps it from lingering as a zombie that running() would count as alive.
	go cmd.Wait() //nolint:errcheck // its exit shows in running() and its log
	return nil
}

// running reads name's pid file and says whether that process still runs the same program: a
// pid reused by another program after a reboot is not taken for ours.
func (c *cluster) running(name string) (int, bool) {
	b, err := os.ReadFile(c.pidFile(name))
	if err != nil {
		return 0, false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return 0, false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return pid, false
	}
	// The state field follows the command name in parentheses; a zombie has exited.
	if i := bytes.LastIndexByte(stat, ')'); i < 0 || bytes.HasPrefix(stat[i+1:], []byte(" Z")) {
		return pid, false
	}
	exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	if err != nil {
		return pid, false
	}
	return pid, filepath.Base(strings.TrimSuffix(exe, " (deleted)")) == filepath.Base(c.binOf(name))
}

func (c *cluster) binOf(name string) string {
	for _, comp := range c.components() {
		if comp.name == name {
			return comp.bin
		}
	}
	return name
}

// stop sends SIGTERM to name and waits for it to exit, then SIGKILL after grace.
func (c *cluster) stop(name string, grace time.Duration) error {
	pid, alive := c.running(name)
	if !alive {
		os.Remove(c.pidFile(name))
		return nil
	}
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil && !errors.Is(err, syscall.ESRCH) {
		return fmt.Errorf("stopping %s (pid %d): %w", name, pid, err)
	}
	deadline := time.Now().Add(grace)
	for time.Now().Before(deadline) {
		if _, alive := c.running(name); !alive {
			os.Remove(c.pidFile(name))
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGKILL) //nolint:errcheck // it may have exited meanwhile
	time.Sleep(200 * time.Millisecond)
	os.Remove(c.pidFile(name))
	return nil
}

func (c *cluster) pidFile(name string) string { return c.path("pids", name+".pid") }
func (c *cluster) logFile(name string) string { return c.path("logs", name+".log") }

// httpReady checks that url answers 200. The API server is asked as the admin; the other parts'
// health endpoints are open, and the controllers' serve self-signed certificates (kubeadm's
// probes do not check them either).
func (c *cluster) httpReady(url string, asAdmin bool) func() error {
	return func() error {
		cfg := &tls.Config{InsecureSkipVerify: true} //nolint:gosec // a local health check, see above
		if asAdmin {
			pair, err := tls.LoadX509KeyPair(c.path("pki", "admin.crt"), c.path("pki", "admin.key"))
			if err != nil {
				return err
			}
			ca, err := os.ReadFile(c.path("pki", "ca.crt"))
			if err != nil {
				return err
			}
			pool := x509.NewCertPool()
			pool.AppendCertsFromPEM(ca)
			cfg = &tls.Config{Certificates: []tls.Certificate{pair}, RootCAs: pool}
		}
		client := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{TLSClientConfig: cfg}}
		resp, err := client.Get(url)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("%s: %s %s", url, resp.Status, strings.TrimSpace(string(body)))
		}
		return nil
	}
}

func (c *cluster) socketReady(path string) func() error {
	return func() error {
		conn, err := net.DialTimeout("unix", path, time.Second)
		if err != nil {
			return err
		}
		return conn.Close()
	}
}

// tail is the last n lines of a log, to show with a failure.
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return "  " + strings.Join(lines, "\n  ")
}
