// Package discovery registers services in Consul and finds their healthy instances through
// go-kit's sd/consul instancer.
package discovery

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
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
	CheckInterval time.Duration // how often Consul calls /healthz (and /readyz)
	// Ready adds a readiness check on /readyz (httpx.Server serves it): while a dependency of
	// the instance is down it leaves the healthy list, so no traffic is sent its way, and it
	// comes back by itself. Only /healthz failing for a minute removes the instance.
	Ready bool
	// Tags and Meta are the registration's tags and metadata: an API instance is tagged for the
	// gateway and names its contract's version (internal/contract).
	Tags []string
	Meta map[string]string
	// Publish, when set, runs before each registration, the ones after an agent restart
	// included: what the instance keeps in Consul's KV (its contract), which a dev agent loses
	// with everything else when it restarts.
	Publish func(context.Context) error
	// Log receives the notes on re-registering; nil is slog.Default().
	Log *slog.Logger
}

// keepAlive is how long one look at whether the agent still knows the instance may block
// waiting for a change; maxRetryWait bounds the wait between looks while the agent is
// unreachable, so an agent that comes back finds the instance again within about a second.
const (
	keepAlive    = 10 * time.Second
	maxRetryWait = time.Second
)

// Register adds the instance to Consul with an HTTP check on /healthz (and /readyz when
// r.Ready) and keeps it there: a local agent that restarts (a dev agent loses its whole state)
// or forgets the instance gets it registered again, checks included, as soon as it answers. The
// returned function stops that and removes the instance. The instance is registered passing
// because the caller has already opened its listener; a dead instance turns critical at the next
// check and, if it never comes back, is removed after a minute.
func Register(c *consul.Client, r Registration) (deregister func(), err error) {
	if r.CheckInterval <= 0 {
		r.CheckInterval = 2 * time.Second
	}
	if r.Log == nil {
		r.Log = slog.Default()
	}
	k := &keeper{agent: c.Agent(), reg: registration(r), publish: r.Publish, log: r.Log}
	if err := k.register(context.Background()); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		k.keep(ctx)
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			cancel()
			<-done
			if err := c.Agent().ServiceDeregister(k.reg.ID); err != nil {
				r.Log.Warn("consul deregister failed", "id", k.reg.ID, "err", err)
			}
		})
	}, nil
}

func registration(r Registration) *consul.AgentServiceRegistration {
	id := r.Name + "-" + r.Host + "-" + strconv.Itoa(r.Port)
	base := "http://" + net.JoinHostPort(r.Host, strconv.Itoa(r.Port))
	checks := consul.AgentServiceChecks{{
		CheckID:                        id + "-http",
		Name:                           "liveness",
		HTTP:                           base + "/healthz",
		Interval:                       r.CheckInterval.String(),
		Timeout:                        "1s",
		Status:                         consul.HealthPassing,
		DeregisterCriticalServiceAfter: "1m",
	}}
	if r.Ready {
		// /readyz answers within about a second even when a dependency hangs (httpx).
		checks = append(checks, &consul.AgentServiceCheck{
			CheckID:  id + "-ready",
			Name:     "readiness",
			HTTP:     base + "/readyz",
			Interval: r.CheckInterval.String(),
			Timeout:  "2s",
			Status:   consul.HealthPassing,
		})
	}
	return &consul.AgentServiceRegistration{ID: id, Name: r.Name, Address: r.Host, Port: r.Port, Tags: r.Tags, Meta: r.Meta, Checks: checks}
}

// keeper keeps one instance registered with the local agent.
type keeper struct {
	agent   *consul.Agent
	reg     *consul.AgentServiceRegistration
	publish func(context.Context) error
	log     *slog.Logger
}

func (k *keeper) register(ctx context.Context) error {
	if k.publish != nil {
		if err := k.publish(ctx); err != nil {
			return err
		}
	}
	if err := k.agent.ServiceRegisterOpts(k.reg, consul.ServiceRegisterOpts{}.WithContext(ctx)); err != nil {
		return fmt.Errorf("consul register %s: %w", k.reg.ID, err)
	}
	return nil
}

// keep asks the agent about the instance in a blocking query, which returns at once when the
// agent dies (its connection drops) or the instance is gone. An agent that answers "unknown"
// gets the registration again; one that cannot be reached is asked again, a little later each
// time up to maxRetryWait, until it answers. Re-registering only on "unknown" keeps a brief
// network blip from resetting the checks' status to passing.
func (k *keeper) keep(ctx context.Context) {
	var (
		hash        string
		wait        time.Duration
		unreachable bool
	)
	for {
		if wait > 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
		}
		begin := time.Now()
		q := (&consul.QueryOptions{WaitHash: hash, WaitTime: keepAlive}).WithContext(ctx)
		_, meta, err := k.agent.Service(k.reg.ID, q)
		if ctx.Err() != nil {
			return
		}
		var status consul.StatusError
		switch {
		case err == nil:
			if unreachable {
				k.log.Info("consul agent reachable again; instance still registered", "id", k.reg.ID)
				unreachable = false
			}
			// An agent that ignores the hash answers at once; don't spin on it.
			hash, wait = meta.LastContentHash, max(0, 250*time.Millisecond-time.Since(begin))
		case errors.As(err, &status) && status.Code == http.StatusNotFound:
			hash = ""
			if err := k.register(ctx); err != nil {
				if ctx.Err() != nil {
					return
				}
				wait = k.failed(&unreachable, err, wait)
				continue
			}
			k.log.Warn("consul agent had forgotten this instance; registered it again", "id", k.reg.ID)
			unreachable, wait = false, 0
		default:
			hash = ""
			wait = k.failed(&unreachable, err, wait)
		}
	}
}

// failed notes an agent that cannot be reached, once until it can be again, and returns the
// next wait.
func (k *keeper) failed(unreachable *bool, err error, wait time.Duration) time.Duration {
	if !*unreachable {
		k.log.Warn("consul agent unreachable; will register again when it answers", "id", k.reg.ID, "err", err)
		*unreachable = true
	}
	return min(max(2*wait, 50*time.Millisecond), maxRetryWait)
}

// Instances keeps the current list of healthy "host:port" addresses of one service, fed by a
// go-kit Consul instancer (blocking queries, so changes arrive as they happen), and hands them
// out round-robin.
type Instances struct {
	service   string
	instancer sd.Instancer
	client    *steadyClient
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
	in.client = newSteadyClient(kitconsul.NewClient(c), service, logger)
	in.instancer = kitconsul.NewInstancer(in.client, slogAdapter{logger}, service, nil, true)
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
	in.client.stop()
	close(in.done)
	in.wg.Wait()
}

// steadyClient is the Consul client under go-kit's instancer, which on its own recovers slowly
// from an agent restart: after each failed query it sleeps, doubling the sleep up to a minute
// (a ten-second outage already costs up to ten more seconds), and it then asks the new agent to
// block until its index passes the old agent's, which a fresh agent may not reach before the
// query's five-minute wait ends.
// So this client retries failed queries itself, at most maxRetryWait apart, and after a failure
// asks for the current list without waiting; the instancer never sees the failures. Meanwhile
// the watchers keep the last list they had, which is what they would do with the failures too.
type steadyClient struct {
	kitconsul.Client
	service string
	log     *slog.Logger
	ctx     context.Context
	stop    context.CancelFunc

	mu      sync.Mutex
	started bool // the instancer's first query, made while Watch waits, has been answered
	failing bool // the last query failed
}

func newSteadyClient(c kitconsul.Client, service string, log *slog.Logger) *steadyClient {
	if log == nil {
		log = slog.Default()
	}
	ctx, stop := context.WithCancel(context.Background())
	return &steadyClient{Client: c, service: service, log: log, ctx: ctx, stop: stop}
}

// Service is the instancer's query, retried until it succeeds or the watch stops.
func (c *steadyClient) Service(service, tag string, passingOnly bool, q *consul.QueryOptions) ([]*consul.ServiceEntry, *consul.QueryMeta, error) {
	wait := time.Duration(0)
	for {
		c.mu.Lock()
		first, failing := !c.started, c.failing
		c.started = true
		c.mu.Unlock()
		opts := q.WithContext(c.ctx)
		if failing {
			// The agent may be a new one whose index is lower than the one we last saw.
			opts.WaitIndex = 0
		}
		entries, meta, err := c.Client.Service(service, tag, passingOnly, opts)
		if c.ctx.Err() != nil {
			// The watch stopped. Never nil, nil, nil: the instancer reads the meta of a success.
			return nil, nil, c.ctx.Err()
		}
		c.mu.Lock()
		c.failing = err != nil
		c.mu.Unlock()
		if err == nil {
			if failing {
				c.log.Info("consul reachable again", "watch", c.service)
			}
			return entries, meta, nil
		}
		if !failing {
			c.log.Warn("consul unreachable; keeping the last known instances", "watch", c.service, "err", err)
		}
		if first {
			// Watch is waiting for this one: let the instancer start with the error.
			return nil, nil, err
		}
		wait = min(max(2*wait, 50*time.Millisecond), maxRetryWait)
		select {
		case <-c.ctx.Done():
			return nil, nil, err
		case <-time.After(wait):
		}
	}
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
