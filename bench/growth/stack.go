package main

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

// stack is .bin/devstack started on free ports with its data in a directory of its own.
type stack struct {
	cmd   *exec.Cmd
	web   string
	mongo string
	done  chan error
}

func startStack(dataDir string) (*stack, error) {
	root, err := proc.RepoRoot()
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(root, ".bin", "devstack")
	list, err := exec.Command(bin, "ports").Output()
	if err != nil {
		return nil, fmt.Errorf("%s ports (run make build tools webui first): %w", bin, err)
	}
	names := strings.Fields(string(list))
	free, err := proc.FreePorts(len(names))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "DEVSTACK_DATA="+dataDir)
	port := map[string]int{}
	for i, line := range names {
		name, _, _ := strings.Cut(line, "=")
		port[name] = free[i]
		cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", name, free[i]))
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &stack{cmd: cmd, web: fmt.Sprintf("http://127.0.0.1:%d", port["DEVSTACK_WEB_PORT"]),
		mongo: fmt.Sprintf("mongodb://127.0.0.1:%d/", port["DEVSTACK_MONGO_PORT"]), done: make(chan error, 1)}
	ready := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "LinguaPort is running at") {
				close(ready)
			}
		}
	}()
	go func() { s.done <- cmd.Wait() }()
	select {
	case <-ready:
		return s, nil
	case err := <-s.done:
		return nil, fmt.Errorf("devstack exited before it was ready (logs in %s): %w", filepath.Join(dataDir, "logs"), err)
	case <-time.After(5 * time.Minute):
		_ = cmd.Process.Kill()
		return nil, errors.New("devstack not ready after 5 minutes")
	}
}

// stop presses Ctrl-C and waits for everything to stop.
func (s *stack) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.done:
	case <-time.After(time.Minute):
		_ = s.cmd.Process.Kill()
	}
}
