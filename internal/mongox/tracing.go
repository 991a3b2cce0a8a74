package mongox

import (
	"context"
	"errors"
	"net"
	"strconv"
	"strings"
	"sync"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/event"
	"go.mongodb.org/mongo-driver/v2/x/mongo/driver"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	semconv "go.opentelemetry.io/otel/semconv/v1.40.0"
	"go.opentelemetry.io/otel/trace"
)

const tracerName = "linguaport/internal/mongox"

// CommandMonitor makes every command the driver sends a client span, child of the span in the
// operation's context, named "<command> <db>.<collection>" ("find orders.quotes"; "<command>
// <db>" for commands on no collection) and carrying the OpenTelemetry database attributes
// (db.system.name, db.operation.name, db.namespace, db.collection.name, server.address and
// server.port). Neither the command nor the reply is recorded, and a failure is described by
// its error code and name only, since documents, filters and server messages (a duplicate key's
// value, say) can hold personal data. The events then go to the observers registered with
// ObserveCommands, if any.
func CommandMonitor(tp trace.TracerProvider) *event.CommandMonitor {
	ct := &commandTracer{tracer: tp.Tracer(tracerName), spans: map[commandKey]trace.Span{}}
	return CombineMonitors(&event.CommandMonitor{Started: ct.started, Succeeded: ct.succeeded, Failed: ct.failed}, observed)
}

type commandKey struct {
	conn string
	req  int64
}

type commandTracer struct {
	tracer trace.Tracer
	mu     sync.Mutex
	spans  map[commandKey]trace.Span
}

func (ct *commandTracer) started(ctx context.Context, evt *event.CommandStartedEvent) {
	if ctx == nil {
		ctx = context.Background()
	}
	coll := collectionOf(evt.CommandName, evt.Command)
	name := evt.CommandName + " " + evt.DatabaseName
	attrs := make([]attribute.KeyValue, 0, 6)
	attrs = append(attrs,
		semconv.DBSystemNameMongoDB,
		semconv.DBOperationName(evt.CommandName),
		semconv.DBNamespace(evt.DatabaseName),
	)
	if coll != "" {
		name += "." + coll
		attrs = append(attrs, semconv.DBCollectionName(coll))
	}
	attrs = append(attrs, serverAttributes(evt.ConnectionID)...)
	_, span := ct.tracer.Start(ctx, name, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(attrs...))
	if !span.IsRecording() {
		return // nothing to end: unsampled spans are not kept
	}
	ct.mu.Lock()
	ct.spans[commandKey{evt.ConnectionID, evt.RequestID}] = span
	ct.mu.Unlock()
}

func (ct *commandTracer) take(evt *event.CommandFinishedEvent) trace.Span {
	key := commandKey{evt.ConnectionID, evt.RequestID}
	ct.mu.Lock()
	defer ct.mu.Unlock()
	span, ok := ct.spans[key]
	if ok {
		delete(ct.spans, key)
	}
	return span
}

func (ct *commandTracer) succeeded(_ context.Context, evt *event.CommandSucceededEvent) {
	if span := ct.take(&evt.CommandFinishedEvent); span != nil {
		span.End()
	}
}

func (ct *commandTracer) failed(_ context.Context, evt *event.CommandFailedEvent) {
	span := ct.take(&evt.CommandFinishedEvent)
	if span == nil {
		return
	}
	typ, code := failureOf(evt.Failure)
	span.SetAttributes(semconv.ErrorTypeKey.String(typ))
	desc := typ
	if code != "" {
		span.SetAttributes(semconv.DBResponseStatusCode(code))
		if code != typ {
			desc += " (" + code + ")"
		}
	}
	span.SetStatus(codes.Error, desc)
	span.End()
}

// failureOf names a failed command's error without its message: the server's code name and
// code, or the kind of client-side failure.
func failureOf(err error) (typ, code string) {
	var de driver.Error
	isDriverErr := errors.As(err, &de)
	switch {
	case isDriverErr && de.Code != 0:
		code = strconv.Itoa(int(de.Code))
		if de.Name != "" {
			return de.Name, code
		}
		return code, code
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout", ""
	case errors.Is(err, context.Canceled):
		return "canceled", ""
	case isDriverErr && de.NetworkError():
		return "network", ""
	}
	return semconv.ErrorType(err).Value.AsString(), ""
}

// collectionCommands are the commands whose first field holds the collection they act on.
var collectionCommands = map[string]bool{
	"find": true, "insert": true, "update": true, "delete": true, "findAndModify": true,
	"aggregate": true, "count": true, "distinct": true, "mapReduce": true,
	"create": true, "drop": true, "collMod": true, "createIndexes": true, "dropIndexes": true,
	"listIndexes": true, "killCursors": true, "validate": true, "collStats": true,
}

// collectionOf is the collection a command acts on, or "" (database commands such as ping, or
// an aggregate on the database); other commands' first values (a user name, say) are not read.
func collectionOf(cmdName string, cmd bson.Raw) string {
	var v bson.RawValue
	switch {
	case cmdName == "getMore":
		v = cmd.Lookup("collection")
	case collectionCommands[cmdName]:
		first, err := cmd.IndexErr(0)
		if err != nil {
			return ""
		}
		v = first.Value()
	default:
		return ""
	}
	s, _ := v.StringValueOK()
	return s
}

// serverAttributes reads server.address and server.port from the driver's connection id,
// "host:port[-n]".
func serverAttributes(connID string) []attribute.KeyValue {
	addr := connID
	if i := strings.LastIndex(addr, "[-"); i >= 0 {
		addr = addr[:i]
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		if addr == "" {
			return nil
		}
		return []attribute.KeyValue{semconv.ServerAddress(addr)}
	}
	attrs := []attribute.KeyValue{semconv.ServerAddress(host)}
	if p, err := strconv.Atoi(port); err == nil {
		attrs = append(attrs, semconv.ServerPort(p))
	}
	return attrs
}
