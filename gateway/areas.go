package main

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"net"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	consul "github.com/hashicorp/consul/api"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
)

// The gateway learns its areas from Consul, as Traefik and Fabio read services' tags: every
// service registered with the api tag is an area, /api/v1/<area> for svc-<area>, and each of its
// healthy instances names the version of the contract it serves (internal/contract), kept in
// Consul's KV. The gateway compiles no service in: a route a team adds, loosens or rolls back is
// enforced here as soon as the instance carrying it is healthy.
//
// A request is checked against the contract of the instance it is sent to, and retried only on
// instances of that same contract, so during a rolling deploy each request meets the rules of the
// code that answers it. An instance whose contract cannot be read, or is refused (a rule outside
// its prefix, a staff route open to others), gets no traffic: an area none of whose healthy
// instances has a contract answers 503 (fail closed).

// instance is one healthy instance and the contract it serves.
type instance struct {
	addr string
	api  *compiled
}

// compiled is one contract version made ready for requests: its rules behind a Guard and each
// route's limits.
type compiled struct {
	version string
	guard   *authn.Guard
	limits  map[string]contract.Limits // by pattern; "" for what no route matches
	doc     []byte                     // the service's part of the OpenAPI document (openapi.go)
}

func compile(c contract.Contract, version string, auth *authn.Authenticator) *compiled {
	out := &compiled{version: version, guard: authn.NewGuard(auth, c.Rules()), limits: map[string]contract.Limits{"": c.Limits}, doc: c.Doc}
	for _, r := range c.Routes {
		out.limits[r.Pattern] = c.LimitsOf(r)
	}
	return out
}

// area is one service's part of the API and its instances.
type area struct {
	service, prefix string
	upstream        *upstream
	instances       atomic.Pointer[[]instance]
	next            atomic.Uint64
}

// pick is where one request may go: the round-robin's next instance, then up to
// maxAttempts-1 others serving the same contract, written into addrs (so picking allocates
// nothing); n is how many, api the contract they serve.
func (a *area) pick(addrs *[maxAttempts]string) (api *compiled, n int) {
	all := *a.instances.Load()
	if len(all) == 0 {
		return nil, 0
	}
	start := int(a.next.Add(1) % uint64(len(all)))
	api = all[start].api
	for i := 0; i < len(all) && n < maxAttempts; i++ {
		if in := all[(start+i)%len(all)]; in.api == api {
			addrs[n] = in.addr
			n++
		}
	}
	return api, n
}

// areas follows Consul's API services and their instances' contracts.
type areas struct {
	consul      *consul.Client
	auth        *authn.Authenticator
	newUpstream func(service string) *upstream
	log         *slog.Logger
	ctx         context.Context
	stop        context.CancelFunc
	wg          sync.WaitGroup
	loaded      chan struct{} // closed once the first look at Consul is done

	byName    atomic.Pointer[map[string]*area]
	mu        sync.Mutex
	contracts map[string]*compiled // by service and version (nil: refused); contents never change
	warned    map[string]bool
}

// retryWait is how long a failed look at Consul waits before the next: short, so a restarted
// agent is followed within about a second.
const retryWait = time.Second

// watchAreas starts following Consul; Stop ends it.
func watchAreas(c *consul.Client, auth *authn.Authenticator, newUpstream func(service string) *upstream, log *slog.Logger) *areas {
	ctx, stop := context.WithCancel(context.Background())
	as := &areas{consul: c, auth: auth, newUpstream: newUpstream, log: log, ctx: ctx, stop: stop,
		loaded: make(chan struct{}), contracts: map[string]*compiled{}, warned: map[string]bool{}}
	empty := map[string]*area{}
	as.byName.Store(&empty)
	as.wg.Add(1)
	go as.watchServices()
	return as
}

// get is the area named name ("orders"), nil when Consul never listed its service.
func (as *areas) get(name string) *area { return (*as.byName.Load())[name] }

// Ready answers nil once the areas Consul listed at start and their instances are known, so the
// gateway takes no traffic it would answer 404 only for having started a moment earlier.
func (as *areas) Ready(context.Context) error {
	select {
	case <-as.loaded:
		return nil
	default:
		return errors.New("the areas are not read from consul yet")
	}
}

// Stop ends every watch.
func (as *areas) Stop() {
	as.stop()
	as.wg.Wait()
}

// watchServices follows the catalog's services in a blocking query; each API service found
// becomes an area with its own watch. An area stays known after its service leaves the catalog,
// answering 503 until an instance is back.
func (as *areas) watchServices() {
	defer as.wg.Done()
	var index uint64
	first := true
	for as.ctx.Err() == nil {
		services, meta, err := as.consul.Catalog().Services((&consul.QueryOptions{WaitIndex: index, WaitTime: 5 * time.Minute}).WithContext(as.ctx))
		if err != nil {
			if as.ctx.Err() == nil {
				as.log.Warn("consul catalog unreadable; keeping the areas known", "err", err)
				as.sleep(retryWait)
			}
			index = 0
			continue
		}
		// An index that goes back is a new agent: start over from its state (Consul's advice).
		if meta.LastIndex < index {
			index = 0
		} else {
			index = meta.LastIndex
		}
		var started []chan struct{}
		for name, tags := range services {
			if !contract.IsServiceName(name) || !slices.Contains(tags, contract.Tag) || as.get(contract.AreaOf(name)) != nil {
				continue
			}
			a := &area{service: name, prefix: contract.PrefixOf(name), upstream: as.newUpstream(name)}
			none := []instance{}
			a.instances.Store(&none)
			as.add(a)
			done := make(chan struct{})
			started = append(started, done)
			as.wg.Add(1)
			go as.watchInstances(a, done)
		}
		if first {
			first = false
			go func() {
				for _, done := range started {
					select {
					case <-done:
					case <-time.After(10 * time.Second):
					case <-as.ctx.Done():
						return
					}
				}
				close(as.loaded)
			}()
		}
	}
}

// add publishes a new area to the request path (copy on write: areas are few and rarely added).
func (as *areas) add(a *area) {
	as.mu.Lock()
	defer as.mu.Unlock()
	next := maps.Clone(*as.byName.Load())
	next[contract.AreaOf(a.service)] = a
	as.byName.Store(&next)
}

// watchInstances follows a's healthy instances in a blocking query and gives each the contract it
// names; done is closed after the first answer.
func (as *areas) watchInstances(a *area, done chan struct{}) {
	defer as.wg.Done()
	var index uint64
	for as.ctx.Err() == nil {
		entries, meta, err := as.consul.Health().Service(a.service, contract.Tag, true,
			(&consul.QueryOptions{WaitIndex: index, WaitTime: 5 * time.Minute}).WithContext(as.ctx))
		if err != nil {
			if as.ctx.Err() == nil {
				as.log.Warn("consul health unreadable; keeping the instances known", "service", a.service, "err", err)
				as.sleep(retryWait)
			}
			index = 0
			continue
		}
		if meta.LastIndex < index {
			index = 0
		} else {
			index = meta.LastIndex
		}
		list, missing := as.instancesOf(a.service, entries)
		a.instances.Store(&list)
		if done != nil {
			close(done)
			done = nil
		}
		if missing {
			// A contract could not be read (Consul busy, or not yet written): look again soon
			// rather than at the next change of the instances.
			index = 0
			as.sleep(retryWait)
		}
	}
}

// instancesOf are the entries that name a contract the gateway can route by; missing says one
// could not be read and may be readable later.
func (as *areas) instancesOf(service string, entries []*consul.ServiceEntry) (list []instance, missing bool) {
	list = []instance{}
	for _, e := range entries {
		host := e.Service.Address
		if host == "" {
			host = e.Node.Address
		}
		addr := net.JoinHostPort(host, strconv.Itoa(e.Service.Port))
		version := e.Service.Meta[contract.MetaVersion]
		if version == "" {
			as.warnOnce(addr, "instance publishes no contract; not routed", "service", service, "instance", addr)
			continue
		}
		api, err := as.contract(service, version)
		if err != nil {
			as.warnOnce(addr+"/"+version, "instance's contract unread or refused; not routed", "service", service, "instance", addr, "version", version, "err", err)
			missing = missing || !errors.Is(err, contract.ErrRefused)
			continue
		}
		list = append(list, instance{addr: addr, api: api})
	}
	return list, missing
}

// contract is service's contract version, read from Consul's KV once and kept compiled; a
// refused one is remembered as refused (a version's content never changes).
func (as *areas) contract(service, version string) (*compiled, error) {
	key := contract.Key(service, version)
	as.mu.Lock()
	c, known := as.contracts[key]
	as.mu.Unlock()
	switch {
	case known && c == nil:
		return nil, contract.ErrRefused
	case known:
		return c, nil
	}
	ctx, cancel := context.WithTimeout(as.ctx, 5*time.Second)
	defer cancel()
	api, err := contract.Fetch(ctx, as.consul.KV(), service, version)
	if err != nil && !errors.Is(err, contract.ErrRefused) {
		return nil, err
	}
	if err == nil {
		c = compile(api, version, as.auth)
	}
	as.mu.Lock()
	as.contracts[key] = c
	as.mu.Unlock()
	return c, err
}

// warnOnce logs msg the first time key is seen: an instance left out is noted once, not at each
// look at its service.
func (as *areas) warnOnce(key, msg string, args ...any) {
	as.mu.Lock()
	seen := as.warned[key]
	as.warned[key] = true
	as.mu.Unlock()
	if !seen {
		as.log.Warn(msg, args...)
	}
}

func (as *areas) sleep(d time.Duration) {
	select {
	case <-time.After(d):
	case <-as.ctx.Done():
	}
}
