package redisx_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"linguaport/internal/errs"
	"linguaport/internal/proc"
	"linguaport/internal/redisx"
	"linguaport/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }

func connect(t *testing.T) (*redis.Client, *tracetest.SpanRecorder, *sdktrace.TracerProvider) {
	t.Helper()
	srv := testenv.StartRedis(t)
	rec, tp := testenv.RecordSpans(t)
	client, err := redisx.Connect(context.Background(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Close() })
	return client, rec, tp
}

func spanNamed(t *testing.T, rec *tracetest.SpanRecorder, name string) sdktrace.ReadOnlySpan {
	t.Helper()
	var names []string
	for _, s := range rec.Ended() {
		if s.Name() == name {
			return s
		}
		names = append(names, s.Name())
	}
	t.Fatalf("no span %q among %q", name, names)
	return nil
}

// A command is a client span, child of the caller's span, with the server and without the
// command's arguments (they can be session tokens or emails).
func TestCommandIsAClientSpanWithoutArguments(t *testing.T) {
	client, rec, tp := connect(t)
	ctx, parent := tp.Tracer("test").Start(context.Background(), "session.create")
	if err := client.Set(ctx, "session:tok-4242", "secret-value@example.com", 0).Err(); err != nil {
		t.Fatal(err)
	}
	parent.End()

	span := spanNamed(t, rec, "set")
	if span.SpanKind() != trace.SpanKindClient {
		t.Errorf("kind %v, want client", span.SpanKind())
	}
	if span.Parent().SpanID() != parent.SpanContext().SpanID() || span.SpanContext().TraceID() != parent.SpanContext().TraceID() {
		t.Errorf("parent %v, want the caller's span %v", span.Parent().SpanID(), parent.SpanContext().SpanID())
	}
	if span.Status().Code == codes.Error {
		t.Errorf("status %v", span.Status())
	}
	attrs := map[string]string{}
	for _, kv := range span.Attributes() {
		attrs[string(kv.Key)] = kv.Value.Emit()
		if strings.Contains(kv.Value.Emit(), "secret-value") || strings.Contains(kv.Value.Emit(), "tok-4242") {
			t.Errorf("attribute %s carries the command's arguments: %s", kv.Key, kv.Value.Emit())
		}
	}
	if attrs["db.system"] != "redis" || attrs["server.address"] != "127.0.0.1" || attrs["server.port"] == "" {
		t.Errorf("attributes %v", attrs)
	}
	if _, ok := attrs["db.statement"]; ok {
		t.Errorf("db.statement recorded: %v", attrs)
	}
}

// A command the server refuses marks its span as failed; a missing key (redis.Nil) does not.
func TestFailedCommandSpanHasErrorStatus(t *testing.T) {
	client, rec, _ := connect(t)
	ctx := context.Background()
	if err := client.Get(ctx, "missing").Err(); !errors.Is(err, redis.Nil) {
		t.Fatalf("get missing: %v", err)
	}
	if got := spanNamed(t, rec, "get").Status().Code; got == codes.Error {
		t.Errorf("redis.Nil marked the span as failed")
	}
	_ = client.Set(ctx, "name", "not a number", 0).Err()
	if err := client.Incr(ctx, "name").Err(); err == nil {
		t.Fatal("incr of a string succeeded")
	}
	if got := spanNamed(t, rec, "incr").Status().Code; got != codes.Error {
		t.Errorf("incr status %v, want error", got)
	}
}

// A Redis that stops answering (accepts, never replies) fails a command within a few seconds,
// as an outage (errs.Unavailable, so 503), not after go-redis' 5 s per attempt times four.
func TestHangingRedisFailsFastAsUnavailable(t *testing.T) {
	srv := testenv.StartRedis(t)
	front := newFreezableProxy(t, srv.Addr)
	client, err := redisx.Connect(context.Background(), "redis://"+front.addr+"/0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.Close() })
	if err := client.Set(context.Background(), "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	front.frozen.Store(true)
	begin := time.Now()
	err = client.Get(context.Background(), "k").Err()
	took := time.Since(begin)
	if err == nil || !errs.Unavailable(err) || took > 6*time.Second {
		t.Fatalf("get from a hanging redis: %v after %s", err, took)
	}
	t.Logf("a hanging redis failed the command after %s: %v", took.Round(10*time.Millisecond), err)
	front.frozen.Store(false)
	if err := proc.WaitFor(5*time.Second, func() error { return client.Get(context.Background(), "k").Err() }); err != nil {
		t.Fatalf("no recovery: %v", err)
	}
}

// freezableProxy forwards TCP to a server until frozen, then swallows everything: a server that
// hangs without closing its connections.
type freezableProxy struct {
	addr   string
	frozen atomic.Bool
}

func newFreezableProxy(t *testing.T, backend string) *freezableProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	p := &freezableProxy{addr: ln.Addr().String()}
	pipe := func(dst, src net.Conn) {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			if err != nil {
				_ = dst.Close()
				return
			}
			if !p.frozen.Load() {
				if _, err := dst.Write(buf[:n]); err != nil {
					return
				}
			}
		}
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			b, err := net.Dial("tcp", backend)
			if err != nil {
				_ = c.Close()
				continue
			}
			t.Cleanup(func() { _ = c.Close(); _ = b.Close() })
			go pipe(b, c)
			go pipe(c, b)
		}
	}()
	return p
}
