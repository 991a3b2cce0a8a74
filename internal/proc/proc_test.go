package proc

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func running(pid int) bool {
	st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return err == nil && !strings.Contains(string(st), ") Z ")
}

// What a server started in the background (nginx's workers, PostgreSQL's backends) dies with it,
// so that the server can be started again on its port.
func TestChildrenDieWithTheProcess(t *testing.T) {
	p, err := StartCmd(exec.Command("sh", "-c", "sleep 600 & echo $!; wait"))
	if err != nil {
		t.Fatal(err)
	}
	var child int
	if err := WaitFor(5*time.Second, func() error {
		child, err = strconv.Atoi(strings.TrimSpace(p.Output()))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if !running(child) {
		t.Fatalf("child %d not running", child)
	}
	p.Kill()
	if err := WaitFor(5*time.Second, func() error {
		if running(child) {
			return os.ErrExist
		}
		return nil
	}); err != nil {
		t.Errorf("child %d outlived its parent", child)
	}
	if got := p.Exit(); got != "signal: killed" {
		t.Errorf("exit %q", got)
	}
}

// StopWith sends the server's own shutdown signal, and a Credential given with the command
// (running a server as another user) is kept.
func TestStopWithAndCredential(t *testing.T) {
	cmd := exec.Command("sh", "-c", "trap 'echo got INT; exit 3' INT; echo ready; while :; do sleep 0.05; done")
	cred := &syscall.Credential{Uid: uint32(os.Getuid()), Gid: uint32(os.Getgid())}
	if os.Geteuid() == 0 {
		cred = &syscall.Credential{Uid: 65534, Gid: 65534} // nobody
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	p, err := StartCmd(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if err := WaitFor(5*time.Second, func() error {
		if !strings.Contains(p.Output(), "ready") {
			return os.ErrNotExist
		}
		return nil
	}); err != nil {
		t.Fatal("not ready")
	}
	status, _ := os.ReadFile("/proc/" + strconv.Itoa(p.Pid()) + "/status")
	if !strings.Contains(string(status), "\nUid:\t"+strconv.Itoa(int(cred.Uid))+"\t") {
		t.Errorf("runs as\n%s", status)
	}
	if pgid, _ := syscall.Getpgid(p.Pid()); pgid != p.Pid() {
		t.Errorf("process group %d, want its own", pgid)
	}
	p.StopWith(syscall.SIGINT)
	if !strings.Contains(p.Output(), "got INT") || p.Exit() != "exit status 3" {
		t.Errorf("output %q, exit %q", p.Output(), p.Exit())
	}
}

// Ports handed out are distinct, free, and outside the range the kernel gives outgoing
// connections, so no connection on the machine can take one before its server listens.
func TestFreePortsAreOutsideTheEphemeralRange(t *testing.T) {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		t.Skip("no ip_local_port_range here")
	}
	var first, last int
	if _, err := fmt.Sscan(string(b), &first, &last); err != nil {
		t.Fatal(err)
	}
	ports, err := FreePorts(200)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, p := range ports {
		if seen[p] {
			t.Errorf("port %d handed out twice", p)
		}
		seen[p] = true
		if p >= first && p <= last {
			t.Errorf("port %d is in the ephemeral range %d-%d", p, first, last)
		}
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p))
		if err != nil {
			t.Errorf("port %d is not free: %v", p, err)
			continue
		}
		ln.Close()
	}
}
