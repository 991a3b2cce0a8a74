// Package proc starts and stops the external servers (redis-server, consul, nginx, our own
// binaries) that tests and the dev stack run.
package proc

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// RepoRoot is the directory holding go.mod, found by walking up from the working directory.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// FreePorts returns n distinct loopback TCP ports that were free a moment ago. They are all held
// open until every one is chosen, so the same port is never handed out twice.
//
// They come from below the kernel's ephemeral range, which it draws from for the local end of
// every outgoing connection: a port from that range, free when chosen, could be taken by any
// connection on the machine before its server listens (and kept, by a pooled one). The ports are
// consecutive from a random start, so two stacks starting at once rarely pick the same.
func FreePorts(n int) ([]int, error) {
	lo, hi := reservablePorts()
	ports := make([]int, 0, n)
	start := rand.IntN(hi - lo)
	for i := 0; i < hi-lo && len(ports) < n; i++ {
		port := lo + (start+i)%(hi-lo)
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			continue // in use
		}
		defer ln.Close()
		ports = append(ports, port)
	}
	if len(ports) < n {
		return nil, fmt.Errorf("only %d free ports in %d-%d, want %d", len(ports), lo, hi-1, n)
	}
	return ports, nil
}

// reservablePorts is [lo, hi): from 10000 to the start of the ephemeral range (32768 on Linux
// by default), or, where that range starts too low to leave room, 20000 ports above it.
func reservablePorts() (lo, hi int) {
	lo, hi = 10000, 32768
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(b)); len(f) == 2 {
			if first, err := strconv.Atoi(f[0]); err == nil {
				hi = first
			}
			if last, err := strconv.Atoi(f[1]); err == nil && hi-lo < 2000 && last+20000 < 65536 {
				lo, hi = last+1, last+20001
			}
		}
	}
	return lo, hi
}

// Process is an external server started for tests or the dev stack.
type Process struct {
	cmd     *exec.Cmd
	done    chan struct{}
	logs    *syncWriter
	waitErr error // how it ended; set before done is closed
}

// Start runs name with args, its output kept for failure messages.
func Start(name string, args ...string) (*Process, error) {
	return StartCmd(exec.Command(name, args...))
}

// StartCmd starts cmd. Output goes where cmd says, or is kept in memory when it says nothing.
// The child is killed if this process dies, so no server outlives a crashed test or dev stack;
// it leads a process group of its own, and whatever is left in that group when it ends (nginx
// workers, PostgreSQL backends) is killed with it, so a restarted server finds its port free.
// Attributes cmd already has (a Credential to run as another user) are kept.
func StartCmd(cmd *exec.Cmd) (*Process, error) {
	logs := &syncWriter{b: &strings.Builder{}}
	if cmd.Stdout == nil {
		cmd.Stdout = logs
		cmd.Stderr = cmd.Stdout
	}
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	// Go sets the parent-death signal after switching to the Credential's user, so it holds for
	// a server run as another user too (the kernel clears it on a change of user).
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	cmd.SysProcAttr.Setpgid = true
	cmd.SysProcAttr.Pgid = 0
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", cmd.Path, err)
	}
	p := &Process{cmd: cmd, done: make(chan struct{}), logs: logs}
	go func() {
		// The group goes as soon as its leader has ended: Wait also waits for the output pipe,
		// which a child left running would hold open.
		awaitExit(cmd.Process.Pid)
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		p.waitErr = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// awaitExit blocks until process pid has ended, leaving it for Wait to collect.
func awaitExit(pid int) {
	var info [128]byte // siginfo_t
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, 1 /* P_PID */, uintptr(pid), uintptr(unsafe.Pointer(&info[0])),
			syscall.WEXITED|syscall.WNOWAIT, 0, 0)
		if errno != syscall.EINTR {
			return
		}
	}
}

// Pid is the process id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Exited is closed when the process has ended.
func (p *Process) Exited() <-chan struct{} { return p.done }

// Output is what the process printed so far.
func (p *Process) Output() string {
	p.logs.mu.Lock()
	defer p.logs.mu.Unlock()
	return p.logs.b.String()
}

// Exit says how the process ended ("exit status 1", "signal: killed"), waiting for it to end.
func (p *Process) Exit() string {
	<-p.done
	if p.waitErr == nil {
		return "exit status 0"
	}
	return p.waitErr.Error()
}

// Stop sends SIGTERM, waits up to 10 seconds, then kills.
func (p *Process) Stop() { p.StopWith(syscall.SIGTERM) }

// StopWith is Stop with the signal the server takes as "shut down now" (SIGINT for PostgreSQL,
// whose SIGTERM waits for every client to leave).
func (p *Process) StopWith(sig syscall.Signal) {
	select {
	case <-p.done:
		return
	default:
	}
	_ = p.cmd.Process.Signal(sig)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}

// Kill ends the process at once, like a crash.
func (p *Process) Kill() {
	_ = p.cmd.Process.Kill()
	<-p.done
}

type syncWriter struct {
	mu sync.Mutex
	b  *strings.Builder
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.b.Len() > 1<<20 {
		return len(p), nil
	}
	return w.b.Write(p)
}

// WaitFor polls ready until it succeeds or timeout passes.
func WaitFor(timeout time.Duration, ready func() error) error {
	deadline := time.Now().Add(timeout)
	for {
		err := ready()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(25 * time.Millisecond)
	}
}
