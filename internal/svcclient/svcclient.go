// Package svcclient is the one way a service calls another: instances found in Consul through
// go-kit's sd endpointer, round-robin balancing (sd/lb), retries on another instance for
// idempotent calls only, circuit breakers per instance and per service (go-kit's circuitbreaker
// with sony/gobreaker; breaker.go), and an OpenTelemetry client span per attempt (otelhttp), so
// the trace of the request that caused the call continues in the called service.
package svcclient

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/go-kit/kit/circuitbreaker"
	"github.com/go-kit/kit/endpoint"
	"github.com/go-kit/kit/sd"
	"github.com/go-kit/kit/sd/lb"
	kitlog "github.com/go-kit/log"
	"github.com/sony/gobreaker"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"

	"linguaport/internal/discovery"
	"linguaport/internal/errs"
	"linguaport/internal/telemetry"
)

// maxBody bounds an answer read into memory: service-to-service answers are small JSON.
const maxBody = 4 << 20

// attempts is how many instances an idempotent call tries before giving up: one instance may be
// stopping or just gone while Consul has not yet seen it fail its check.
const attempts = 3

// Client calls one service.
type Client struct {
	service    string
	endpointer sd.Endpointer
	balancer   lb.Balancer
	timeout    time.Duration
	// breaker is the service's; each instance's is in its endpoint (factory).
	breaker *gobreaker.CircuitBreaker
}

// New returns a client of the service whose healthy instances is follows; timeout bounds a
// whole call, retries included. Its breakers follow DefaultBreaker unless opts say otherwise.
func New(instances *discovery.Instances, timeout time.Duration, opts ...Option) *Client {
	return newClient(instances.Service(), instances.Instancer(), timeout, optionsOf(opts))
}

// Fixed returns a client of the one instance at baseURL ("http://127.0.0.1:8086"): tests, and
// services reached at a fixed address.
func Fixed(baseURL string, timeout time.Duration, opts ...Option) *Client {
	u, err := url.Parse(baseURL)
	if err != nil || u.Host == "" {
		panic(fmt.Sprintf("svcclient: bad base URL %q", baseURL))
	}
	c := newClient(u.Host, sd.FixedInstancer{u.Host}, timeout, optionsOf(opts))
	// go-kit's endpointer takes in even a fixed instance on a goroutine of its own: wait for it,
	// so the first call does not find no instance at all.
	for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if eps, err := c.endpointer.Endpoints(); err == nil && len(eps) > 0 {
			break
		}
	}
	return c
}

func newClient(service string, instancer sd.Instancer, timeout time.Duration, o options) *Client {
	httpClient := &http.Client{Transport: telemetry.Transport(nil,
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string {
			return service + " " + r.Method + " " + r.URL.Path
		}))}
	// Without InvalidateOnError the last known instances stay in use while Consul is unreachable:
	// better than refusing every call during an agent restart.
	//
	// The endpointer keeps an instance's endpoint, and so its breaker, while Consul lists the
	// instance; one that leaves and comes back (its health check failed, then passed) starts
	// with a closed breaker, Consul having seen it healthy again.
	endpointer := sd.NewEndpointer(instancer, factory(service, httpClient, o), kitlog.NewNopLogger())
	return &Client{service: service, endpointer: endpointer, balancer: lb.NewRoundRobin(endpointer), timeout: timeout,
		breaker: newBreaker(service, "", o.breaker, o.breaker.CoolDown, o.log)}
}

// call is one request to send to whichever instance the balancer picks.
type call struct {
	method string
	target string // path and query
	header http.Header
	body   []byte
}

// errServer is an instance answering 5xx: for an idempotent call another instance may do better.
type errServer struct{ resp *http.Response }

func (e errServer) Error() string { return "answered " + e.resp.Status }

// factory makes the endpoint of one instance, behind the instance's own breaker. It reads the
// whole answer before returning, since lb.Retry cancels its context as soon as the endpoint
// returns.
func factory(service string, client *http.Client, o options) sd.Factory {
	return func(instance string) (endpoint.Endpoint, io.Closer, error) {
		breaker := newBreaker(service, instance, o.breaker, o.breaker.CoolDown/2, o.log)
		send := circuitbreaker.Gobreaker(breaker)(func(ctx context.Context, request any) (any, error) {
			c := request.(call)
			var body io.Reader
			if c.body != nil {
				body = bytes.NewReader(c.body)
			}
			req, err := http.NewRequestWithContext(ctx, c.method, "http://"+instance+c.target, body)
			if err != nil {
				return nil, err
			}
			for k, v := range c.header {
				req.Header[k] = v
			}
			resp, err := client.Do(req)
			if err != nil {
				return nil, err
			}
			defer resp.Body.Close()
			data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
			if err != nil {
				return nil, fmt.Errorf("reading the answer of %s: %w", instance, err)
			}
			resp.Body = io.NopCloser(bytes.NewReader(data))
			if resp.StatusCode >= 500 {
				return nil, errServer{resp}
			}
			return resp, nil
		})
		return func(ctx context.Context, request any) (any, error) {
			resp, err := send(ctx, request)
			if rejected(err) {
				err = fmt.Errorf("%s skipped: %w", instance, err)
			}
			return resp, err
		}, nil, nil
	}
}

// Get sends GET target (path and query) with header to an instance of the service. Being
// idempotent, it is tried on up to three instances, round-robin, when one cannot be reached or
// answers 5xx; instances whose breaker is open are skipped without using up a try. The answer,
// below 500, is read whole; its Body needs no closing but may be closed.
func (c *Client) Get(ctx context.Context, target string, header http.Header) (*http.Response, error) {
	return c.do(ctx, call{method: http.MethodGet, target: target, header: header}, attempts)
}

// Post sends a state-changing POST to one instance and never retries it: a request that timed
// out may have been applied, and only the caller knows whether repeating it is safe. An instance
// whose breaker is open is skipped for the next one, the POST never having been sent to it.
func (c *Client) Post(ctx context.Context, target string, header http.Header, body []byte) (*http.Response, error) {
	return c.do(ctx, call{method: http.MethodPost, target: target, header: header, body: body}, 1)
}

func (c *Client) do(ctx context.Context, req call, tries int) (*http.Response, error) {
	resp, err := circuitbreaker.Gobreaker(c.breaker)(c.retry(tries))(ctx, req)
	if err != nil {
		// For the caller's answer the other service is down, whatever the attempts met (no
		// instance, refused connections, 5xx, open breakers): httpx answers 503.
		return nil, fmt.Errorf("%s %s %s: %w (%w)", c.service, req.method, req.target, err, errs.ErrUnavailable)
	}
	return resp.(*http.Response), nil
}

// retry is lb.Retry sending a call to at most tries instances, within the client's timeout, but
// an instance whose breaker refused it does not use up a try: nothing was sent, so even a POST
// may go on to the next instance. Refusals stop once every listed instance may have refused,
// so that a service whose instances are all open fails at once rather than spinning.
func (c *Client) retry(tries int) endpoint.Endpoint {
	listed := 0
	if eps, err := c.endpointer.Endpoints(); err == nil {
		listed = len(eps)
	}
	sent, refused := 0, 0
	retry := lb.RetryWithCallback(c.timeout, c.balancer, func(_ int, err error) (bool, error) {
		if rejected(err) {
			refused++
			return refused <= listed, nil
		}
		sent++
		return sent < tries, nil
	})
	return func(ctx context.Context, request any) (any, error) {
		resp, err := retry(ctx, request)
		// lb.RetryError keeps every attempt's error but unwraps to none of them: joined, they
		// can be told apart by the service's breaker (countsAsSuccess) and the caller.
		var all lb.RetryError
		if errors.As(err, &all) && len(all.RawErrors) > 0 {
			err = errors.Join(all.RawErrors...)
		}
		return resp, err
	}
}

// Close stops following the service's instances.
func (c *Client) Close() {
	if e, ok := c.endpointer.(*sd.DefaultEndpointer); ok {
		e.Close()
	}
}
