// Package platform is the start and the end every service's main shares: the environment
// checked, JSON logs, the signal that stops the process, tracing, the connections to MongoDB,
// Redis and Consul, and serving until the signal with the instance registered in Consul. What
// is particular to a service (its stores, events, handler) stays in its own main, between Start
// and Serve, so a main still reads top to bottom (DESIGN §2).
package platform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	consul "github.com/hashicorp/consul/api"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/authn"
	"linguaport/internal/config"
	"linguaport/internal/contract"
	"linguaport/internal/discovery"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/mongox"
	"linguaport/internal/redisx"
	"linguaport/internal/svcclient"
	"linguaport/internal/telemetry"
)

// Needs says which stores a service uses besides Redis and Consul, which every service has.
type Needs struct {
	Mongo bool
}

// Process is a started service process.
type Process struct {
	Config config.Service
	Log    *slog.Logger
	// Ctx ends on SIGINT or SIGTERM.
	Ctx context.Context
	// Trusted are the proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES).
	Trusted   httpx.TrustedProxies
	AccessLog bool
	DB        *mongo.Database // nil without Needs.Mongo
	Redis     *redis.Client
	Consul    *consul.Client
	// Checks are the readiness probes of the connections above.
	Checks []httpx.Check

	closers []func()
}

// Start reads the platform's own variables, then checks env as a whole, so the caller reads its
// service's variables from env before calling it: a missing or malformed one stops the process
// with exit status 2, naming it. Any connection that fails stops the process too.
func Start(env *config.Env, cfg config.Service, needs Needs) *Process {
	p := &Process{Config: cfg, AccessLog: env.Bool("ACCESS_LOG", true)}
	trusted, err := httpx.ParseTrustedProxies(env.List("TRUSTED_PROXIES", []string{"127.0.0.0/8", "::1"}))
	if err != nil {
		err = fmt.Errorf("invalid environment variable TRUSTED_PROXIES: %w", err)
	}
	p.Trusted = trusted
	p.Log = logging.New(os.Stdout, cfg.Name, cfg.LogLevel)
	slog.SetDefault(p.Log)
	if err := errors.Join(env.Err(), err); err != nil {
		p.Log.Error("configuration", "err", err)
		logging.Flush()
		os.Exit(2)
	}
	p.closers = append(p.closers, logging.Flush)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	p.Ctx = ctx
	p.closers = append(p.closers, stop)

	shutdownTracing, err := telemetry.Setup(ctx, cfg.Name)
	p.ExitOn("telemetry", err)
	p.closers = append(p.closers, func() { _ = shutdownTracing(context.Background()) })

	if needs.Mongo {
		client, err := mongox.Connect(ctx, cfg.MongoURI)
		p.ExitOn("mongo", err)
		p.closers = append(p.closers, func() { _ = client.Disconnect(context.Background()) })
		p.DB = client.Database(cfg.MongoDatabase)
		p.Checks = append(p.Checks, httpx.Check{Name: "mongo", Probe: mongox.Ping(client)})
	}
	p.Redis, err = redisx.Connect(ctx, cfg.RedisURL)
	p.ExitOn("redis", err)
	p.closers = append(p.closers, func() { _ = p.Redis.Close() })
	p.Checks = append(p.Checks, httpx.Check{Name: "redis", Probe: redisx.Ping(p.Redis)})
	p.Consul, err = discovery.NewClient(cfg.ConsulAddr)
	p.ExitOn("consul", err)
	return p
}

// Consumer reads stream as group, with the process's Redis and log, under a name that stays this
// instance's across restarts (its host and listening port, where events' default has the pid):
// an entry it was handed but never acknowledged before a crash comes back to it as soon as it runs
// again, instead of waiting for another consumer to claim it after events' ClaimAfter.
func (p *Process) Consumer(stream, group string, processed *mongo.Collection, handle events.Handler) *events.Consumer {
	c := events.NewConsumer(p.Redis, stream, group, processed, handle, p.Log)
	host, _ := os.Hostname()
	if name := consumerName(group, host, p.Config.HTTPAddr); name != "" {
		c.WithName(name)
	}
	return c
}

// consumerName is group-host-port, or "" when the port is not fixed before listening (":0").
func consumerName(group, host, httpAddr string) string {
	_, port, err := net.SplitHostPort(httpAddr)
	if err != nil || port == "" || port == "0" || host == "" {
		return ""
	}
	return group + "-" + host + "-" + port
}

// Watch follows the healthy instances of another service in Consul until the process closes.
func (p *Process) Watch(service string) *discovery.Instances {
	instances := discovery.Watch(p.Consul, service, p.Log)
	p.closers = append(p.closers, instances.Stop)
	return instances
}

// Authenticator identifies the callers of a service other than svc-auth: tokens checked with
// svc-auth's published keys (found through Consul, fetched again as they rotate) and the shared
// session store, cookie writes taken from the site's own origins only. Services check tokens
// behind the gateway too (DESIGN §5, defence in depth).
func (p *Process) Authenticator() *authn.Authenticator {
	authClient := svcclient.New(p.Watch("svc-auth"), 5*time.Second)
	p.closers = append(p.closers, authClient.Close)
	keys := authn.NewRemoteKeys(authn.FetchFrom(authClient))
	return authn.NewAuthenticator(authn.NewVerifier(keys, authn.NewRedisSessions(p.Redis)), p.Config.SiteOrigins)
}

// Serve listens on the configured address, registers the instance in Consul with its API's
// contract and serves until the signal; the instance is deregistered before the server drains.
// The contract is kept in Consul's KV and named in the registration, both again after a restart
// of the Consul agent, so the gateway routes and checks by it (internal/contract). The
// registration carries a readiness check on /readyz (p.Checks), so an instance whose database
// or Redis is down gets no traffic until they are back.
func (p *Process) Serve(srv *httpx.Server, api contract.Contract) {
	p.ExitOn("contract", api.Check())
	ln, err := net.Listen("tcp", p.Config.HTTPAddr)
	p.ExitOn("listen", err)
	deregister, err := discovery.Register(p.Consul, discovery.Registration{
		Name: p.Config.Name, Host: p.Config.AdvertiseHost, Port: ln.Addr().(*net.TCPAddr).Port, CheckInterval: p.Config.CheckInterval,
		Ready: true, Log: p.Log,
		Tags: []string{contract.Tag}, Meta: contract.Meta(api),
		Publish: func(ctx context.Context) error { return contract.Publish(ctx, p.Consul.KV(), api) },
	})
	p.ExitOn("consul register", err)
	srv.OnShutdown(deregister)
	p.ExitOn("serve", srv.Serve(p.Ctx, ln))
}

// ContractCommand answers "<service> contract": the service's API contract as JSON on standard
// output, without reading the environment or connecting to anything, for the tests and tools
// that read what a service serves (the access matrix, the network policies). Any other command
// line returns, and the service starts.
func ContractCommand(api contract.Contract) {
	if len(os.Args) < 2 || os.Args[1] != "contract" {
		return
	}
	if err := api.Check(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(api); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// BackfillSlices gives the documents of each collection stored before slices theirs, in the
// background (mongox.BackfillSlices). A failure is logged: a KVKK copy reads the collection
// whole, as before slices, until a later start completes it.
func (p *Process) BackfillSlices(colls ...*mongo.Collection) {
	for _, coll := range colls {
		go func() {
			if err := mongox.BackfillSlices(p.Ctx, coll, mongox.SliceRecheck); err != nil && p.Ctx.Err() == nil {
				p.Log.Error("slices backfill", "collection", coll.Name(), "err", err)
			}
		}()
	}
}

// ExitOn stops the process when err is not nil, saying what failed.
func (p *Process) ExitOn(what string, err error) { logging.ExitOn(p.Log, what, err) }

// Close releases what Start opened, last opened first.
func (p *Process) Close() {
	for i := len(p.closers) - 1; i >= 0; i-- {
		p.closers[i]()
	}
}
