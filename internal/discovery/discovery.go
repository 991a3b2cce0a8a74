// Package discovery registers services in Consul and finds their healthy instances through
// go-kit's sd/consul instancer.
package discovery

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-kit/kit/sd"
	kitconsul "github.com/go-kit/kit/sd/consul"
	kitlog "github.com/go-kit/log"
	consul "github.com/hashicorp/consul/api"

	"linguaport/internal/proc"
)

// NewClient returns a Consul API client for addr ("127.0.0.1:8500").
func NewClient(addr string) (*consul.Client, error) {
	cfg := consul.DefaultConfig()
	cfg.Address = addr
	c, err := consul.NewClient(cfg)
	if err != nil {
		return nil, fmt.Errorf("consul client: %w", err)
	}
	return c, nil
}

// Ping is a readiness probe: the local agent must know a leader.
func Ping(c *consul.Client) func(context.Context) error {
	return func(ctx context.Context) error {
		leader, err := c.Status().LeaderWithQueryOptions((&consul.QueryOptions{}).WithContext(ctx))
		if err != nil {
			return err
		}
		if leader == "" {
			return errors.New("consul has no leader")
		}
		return nil
	}
}

// Registration describes one instance of a service.
type Registration struct {
	Name          string        // the service's directory name, "svc-geo"
	Host          string        // where others reach this instance
	Port          int           // the port it listens on
	CheckInterval time.Duration // how often Consul calls /healthz
}

// Register adds the instance to Consul with an HTTP check on /healthz and returns the function
// that removes it again. The instance is registered passing because the caller has already
// opened its listener; a dead instance turns critical at the next check and, if it never comes
// back, is removed after a minute.
func Register(c *consul.Client, r Registration) (deregister func(), err error) {
	if r.CheckInterval <= 0 {
		r.CheckInterval = 2 * time.Second
	}
	id := r.Name + "-" + r.Host + "-" + strconv.Itoa(r.Port)
	hostPort := net.JoinHostPort(r.Host, strconv.Itoa(r.Port))
	reg := &consul.AgentServiceRegistration{
		ID:      id,
		Name:    r.Name,
		Address: r.Host,
		Port:    r.Port,
		Check: &consul.AgentServiceCheck{
			CheckID:                        id + "-http",
			HTTP:                           "http://" + hostPort + "/healthz",
			Interval:                       r.CheckInterval.String(),
			Timeout:                        "1s",
			Status:                         consul.HealthPassing,
			DeregisterCriticalServiceAfter: "1m",
		},
	}
	if err := c.Agent().ServiceRegister(reg); err != nil {
		return nil, fmt.Errorf("consul register %s: %w", id, err)
	}
	return func() {
		if err := c.Agent().ServiceDeregister(id); err != nil {
			slog.Warn("consul deregister failed", "id", id, "err", err)
		}
	}, nil
}

// Instances keeps the current list of healthy "host:port" addresses of one service, fed by a
// go-kit Consul instancer (blocking queries, so changes arrive as they happen), and hands them
// out round-robin.
type Instances struct {
	service   string
	instancer sd.Instancer
	events    chan sd.Event
	done      chan struct{}
	wg        sync.WaitGroup

	current atomic.Pointer[[]string]
	next    atomic.Uint64
}

// Watch starts following the healthy instances of service.
func Watch(c *consul.Client, service string, logger *slog.Logger) *Instances {
	in := &Instances{
		service: service,
		events:  make(chan sd.Event, 1),
		done:    make(chan struct{}),
	}
	empty := []string{}
	in.current.Store(&empty)
	in.instancer = kitconsul.NewInstancer(kitconsul.NewClient(c), slogAdapter{logger}, service, nil, true)
	in.instancer.Register(in.events)
	in.wg.Add(1)
	go in.loop()
	return in
}

func (in *Instances) loop() {
	defer in.wg.Done()
	for {
		select {
		case ev := <-in.events:
			if ev.Err != nil {
				// The instancer keeps retrying; until it succeeds, the last good list is better than none.
				continue
			}
			list := append([]string(nil), ev.Instances...)
			in.current.Store(&list)
		case <-in.done:
			return
		}
	}
}

// Snapshot returns the healthy instances and a round-robin start offset into them.
func (in *Instances) Snapshot() (addrs []string, start int) {
	addrs = *in.current.Load()
	if len(addrs) == 0 {
		return nil, 0
	}
	return addrs, int(in.next.Add(1) % uint64(len(addrs)))
}

// Instancer is the go-kit instancer behind the watch, for clients that balance with go-kit's
// sd and lb packages (internal/svcclient).
func (in *Instances) Instancer() sd.Instancer { return in.instancer }

// Service is the watched service's name.
func (in *Instances) Service() string { return in.service }

// Stop ends the watch.
func (in *Instances) Stop() {
	in.instancer.Deregister(in.events)
	if s, ok := in.instancer.(interface{ Stop() }); ok {
		s.Stop()
	}
	close(in.done)
	in.wg.Wait()
}

type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Log(keyvals ...any) error {
	if a.l != nil {
		a.l.Debug("consul instancer", keyvals...)
	}
	return nil
}

var _ kitlog.Logger = slogAdapter{}

// DevAgentArgs are the arguments of a dev agent bound to loopback with every port chosen by the
// caller, so parallel test binaries and the dev stack never collide on Consul's fixed defaults.
func DevAgentArgs(httpPort, serfLAN, serfWAN, server int, dataDir string) []string {
	args := []string{"agent", "-dev", "-bind", "127.0.0.1", "-client", "127.0.0.1",
		"-http-port", strconv.Itoa(httpPort), "-dns-port", "-1", "-grpc-port", "-1", "-grpc-tls-port", "-1",
		"-serf-lan-port", strconv.Itoa(serfLAN), "-serf-wan-port", strconv.Itoa(serfWAN),
		"-server-port", strconv.Itoa(server), "-log-level", "warn"}
	if dataDir != "" {
		args = append(args, "-data-dir", dataDir)
	}
	return args
}

// WaitLeader waits until the agent at addr answers and has elected itself leader.
func WaitLeader(addr string, timeout time.Duration) error {
	cfg := consul.DefaultConfig()
	cfg.Address = addr
	c, err := consul.NewClient(cfg)
	if err != nil {
		return err
	}
	return proc.WaitFor(timeout, func() error {
		leader, err := c.Status().Leader()
		if err != nil {
			return err
		}
		if leader == "" {
			return errors.New("no consul leader yet")
		}
		return nil
	})
}
