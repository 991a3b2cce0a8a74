// Package stackrun starts .bin/devstack, the whole platform as `make up` runs it, on free
// loopback ports with its data in a directory of the caller's: for the whole-stack tests and
// the benchmarks that measure the stack, so a running `make up` is left alone.
package stackrun

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"linguaport/internal/proc"
)

// Stack is a started devstack.
type Stack struct {
	Cmd *exec.Cmd
	// Ports are where everything listens, by the NAME of DEVSTACK_<NAME>_PORT: "WEB", "MONGO"...
	Ports map[string]int
	// Done receives devstack's exit.
	Done chan error
}

// Web is the site's address through nginx.
func (s *Stack) Web() string { return fmt.Sprintf("http://127.0.0.1:%d", s.Ports["WEB"]) }

// Addr is "127.0.0.1:<port>" of NAME.
func (s *Stack) Addr(name string) string { return fmt.Sprintf("127.0.0.1:%d", s.Ports[name]) }

// Start runs devstack with every port it has (`devstack ports` lists them, services included)
// moved to a free one and its data in dataDir; devstack's own log goes to
// <dataDir>/logs/devstack.log. It returns once devstack says it is running, or fails after
// ready passed.
func Start(dataDir string, ready time.Duration) (*Stack, error) {
	root, err := proc.RepoRoot()
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(root, ".bin", "devstack")
	list, err := exec.Command(bin, "ports").Output()
	if err != nil {
		return nil, fmt.Errorf("%s ports (run make build first): %w", bin, err)
	}
	var names []string
	for _, line := range strings.Fields(string(list)) {
		if name, _, ok := strings.Cut(line, "="); ok {
			names = append(names, name)
		}
	}
	free, err := proc.FreePorts(len(names))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "DEVSTACK_DATA="+dataDir)
	s := &Stack{Cmd: cmd, Ports: map[string]int{}, Done: make(chan error, 1)}
	for i, n := range names {
		s.Ports[strings.TrimSuffix(strings.TrimPrefix(n, "DEVSTACK_"), "_PORT")] = free[i]
		cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", n, free[i]))
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dataDir, "logs"), 0o755); err != nil {
		return nil, err
	}
	stderr, err := os.OpenFile(filepath.Join(dataDir, "logs", "devstack.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer stderr.Close() // the child has its own copy
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	running := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if line := sc.Text(); strings.Contains(line, "LinguaPort is running at") {
				running <- line
			}
		}
	}()
	go func() { s.Done <- cmd.Wait() }()
	select {
	case line := <-running:
		if want := fmt.Sprintf("http://localhost:%d", s.Ports["WEB"]); !strings.Contains(line, want) {
			_ = cmd.Process.Kill()
			return nil, fmt.Errorf("devstack says %q, not %s", line, want)
		}
		return s, nil
	case err := <-s.Done:
		return nil, fmt.Errorf("devstack exited before it was ready: %w", err)
	case <-time.After(ready):
		_ = cmd.Process.Kill()
		return nil, errors.New("devstack not ready in time")
	}
}

// Stop presses Ctrl-C and waits up to a minute for devstack to stop everything; it returns
// devstack's exit.
func (s *Stack) Stop() error {
	if s.Cmd.ProcessState != nil {
		return nil
	}
	_ = s.Cmd.Process.Signal(os.Interrupt)
	select {
	case err := <-s.Done:
		return err
	case <-time.After(time.Minute):
		_ = s.Cmd.Process.Kill()
		return errors.New("devstack did not stop within a minute of Ctrl-C")
	}
}
