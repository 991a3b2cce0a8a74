package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"linguaport/internal/proc"
)

// The screens for traces and metrics (Jaeger, VictoriaMetrics and vmalert) are not needed to use
// the site, and building them from their Go modules takes minutes the first time. So `make up`
// builds them in the background (`make observability`, its output in
// <data>/logs/observability-build.log) while the stack starts, and devstack starts each as soon as
// its binaries are there: at once when they are already built, the usual case, and otherwise when
// they appear, joining the running stack. The Makefile moves each binary into .bin only once it is
// complete, so one that exists can be run.

// extra is a part of the stack the site can do without, started once its binaries are built.
type extra struct {
	name  string   // as logged: "jaeger"
	bins  []string // in .bin
	start func(*stack) error
	ready func() error // nil once it serves
	// joined is printed when it starts after the stack said it was running: where to look.
	joined string
}

// buildLog is where `make up` writes the background build of the extras (the Makefile's
// observability-background).
func (c stackConfig) buildLog() string { return filepath.Join(c.logDir(), "observability-build.log") }

// missing are the binaries of e not built yet.
func (c stackConfig) missing(e extra) []string {
	var out []string
	for _, b := range e.bins {
		if _, err := os.Stat(c.bin(b)); err != nil {
			out = append(out, b)
		}
	}
	return out
}

// pollBuilt is how often devstack looks for binaries being built.
var pollBuilt = time.Second

// whenBuilt starts e at once when its binaries are built and says so (now); the caller then
// waits for e.ready. Otherwise it watches for them and starts e when they appear, in the
// background, waiting for it to serve and printing e.joined; the stack's stop ends the watch and
// whatever it started. Its processes are supervised like the others from then on.
func (s *stack) whenBuilt(e extra) (now bool, err error) {
	// A stack of its own, sharing the shutdown signal, so that what starts later is stopped in
	// this one's place among the parts, whatever else started meanwhile.
	sub := &stack{cfg: s.cfg, log: s.log}
	sub.shutdown, sub.halt = context.WithCancel(s.shutdown)
	missing := s.cfg.missing(e)
	if len(missing) == 0 {
		if err := e.start(sub); err != nil {
			sub.stop()
			return false, err
		}
		s.parts = append(s.parts, part{name: e.name, stop: sub.stop})
		return true, nil
	}
	s.log.Info("not built yet; starts once built", "name", e.name, "missing", strings.Join(missing, " "), "build_log", s.cfg.buildLog())
	s.building = append(s.building, e.name)
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(pollBuilt)
		defer tick.Stop()
		for len(s.cfg.missing(e)) > 0 {
			select {
			case <-sub.shutdown.Done():
				return
			case <-tick.C:
			}
		}
		if err := e.start(sub); err != nil {
			if sub.shutdown.Err() == nil {
				s.log.Error("could not start once built", "name", e.name, "err", err)
			}
			return
		}
		err := waitUntil(sub.shutdown, 2*time.Minute, e.ready)
		if sub.shutdown.Err() != nil {
			return
		}
		if err != nil {
			s.log.Error("started once built but does not serve", "name", e.name, "err", err, "logs", s.cfg.logDir())
			return
		}
		s.log.Info("built, started and serving", "name", e.name)
		fmt.Printf("  now running: %s\n", e.joined)
	}()
	s.parts = append(s.parts, part{name: e.name, stop: func() {
		sub.halt()
		<-done
		sub.stop()
	}})
	return false, nil
}

// waitUntil is proc.WaitFor that gives up when ctx ends.
func waitUntil(ctx context.Context, timeout time.Duration, ready func() error) error {
	return proc.WaitFor(timeout, func() error {
		if ctx.Err() != nil {
			return nil
		}
		return ready()
	})
}
