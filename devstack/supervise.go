package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"linguaport/internal/proc"
)

// backoff is how long to wait before starting again a process that exited: min at first,
// doubling up to max while it keeps failing, and min again once it had stayed up for stable, so
// a crash now and then restarts at once and a process that cannot start does not spin.
type backoff struct {
	min, max, stable time.Duration
	next             time.Duration
}

// restartBackoff is the policy of every process the stack runs.
var restartBackoff = backoff{min: 500 * time.Millisecond, max: 30 * time.Second, stable: time.Minute}

// delay is the wait before restarting a process that ran for up before it exited.
func (b *backoff) delay(up time.Duration) time.Duration {
	if b.next == 0 || up >= b.stable {
		b.next = b.min
	}
	d := b.next
	b.next = min(2*b.next, b.max)
	return d
}

// part is something the stack started, stopped in reverse order of starting.
type part struct {
	name string
	stop func()
}

// unit is a process of the stack, started again whenever it exits while the stack runs.
type unit struct {
	name    string
	command func() *exec.Cmd // a new command for each start: an exec.Cmd runs once
	stopSig syscall.Signal
	logFile *os.File
	done    chan struct{} // closed when its supervisor has returned

	mu sync.Mutex
	p  *proc.Process
}

var errShuttingDown = errors.New("the stack is shutting down")

// start runs the unit's command unless the stack is shutting down; under the lock, so that stop
// either sees the new process or keeps it from starting.
func (u *unit) start(shutdown context.Context) (*proc.Process, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if shutdown.Err() != nil {
		return nil, errShuttingDown
	}
	cmd := u.command()
	cmd.Stdout, cmd.Stderr = u.logFile, u.logFile
	p, err := proc.StartCmd(cmd)
	if err != nil {
		return nil, err
	}
	u.p = p
	return p, nil
}

func (u *unit) current() *proc.Process {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.p
}

// run starts a process with its output in the log directory and supervises it: when it exits
// while the stack runs, it is started again after restartBackoff. The first start must succeed.
func (s *stack) run(name string, command func() *exec.Cmd, stopSig syscall.Signal) error {
	f, err := os.OpenFile(filepath.Join(s.cfg.logDir(), name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	u := &unit{name: name, command: command, stopSig: stopSig, logFile: f, done: make(chan struct{})}
	p, err := u.start(s.shutdown)
	if err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	s.log.Info("started", "name", name, "pid", p.Pid())
	s.parts = append(s.parts, part{name: name, stop: func() {
		if p := u.current(); p != nil {
			p.StopWith(u.stopSig)
		}
		<-u.done
		u.logFile.Close()
	}})
	go s.supervise(u, p)
	return nil
}

func (s *stack) supervise(u *unit, p *proc.Process) {
	defer close(u.done)
	b := restartBackoff
	started := time.Now()
	status := ""
	for {
		if p != nil {
			<-p.Exited()
			status = p.Exit()
		}
		if s.shutdown.Err() != nil {
			return
		}
		wait := b.delay(time.Since(started))
		s.log.Warn("exited unexpectedly; restarting", "name", u.name, "status", status, "restart_in", wait.String(),
			"log", u.logFile.Name())
		select {
		case <-time.After(wait):
		case <-s.shutdown.Done():
			return
		}
		var err error
		p, err = u.start(s.shutdown)
		started = time.Now()
		switch {
		case errors.Is(err, errShuttingDown):
			return
		case err != nil:
			status = err.Error() // tried again after the next, longer, wait
		default:
			s.log.Info("started", "name", u.name, "pid", p.Pid())
		}
	}
}

// stop ends everything in reverse order of starting, so services leave Consul before it goes and
// FerretDB before PostgreSQL; nothing is restarted from the moment it is called.
func (s *stack) stop() {
	s.halt()
	for i := len(s.parts) - 1; i >= 0; i-- {
		s.parts[i].stop()
		s.log.Info("stopped", "name", s.parts[i].name)
	}
	s.parts = nil
}
