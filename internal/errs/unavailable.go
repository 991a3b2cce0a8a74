package errs

import (
	"context"
	"errors"
	"net"
	"strings"

	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/x/mongo/driver/topology"
)

// ErrConflict is a change that kept losing to concurrent changes of the same thing (one
// document, under mongox.Update) until its retries ran out. Nothing was changed; the caller may
// look again and retry.
var ErrConflict = errors.New("changed concurrently")

// ErrUnavailable marks a failure of another service (none of its instances answered, or none
// answered below 500): internal/svcclient wraps its failures with it.
var ErrUnavailable = errors.New("unavailable")

// Unavailable reports whether err says a dependency could not be reached or did not answer in
// time: MongoDB with no server to select, a dropped or refused connection to it or to Redis,
// another service that gave no good answer (ErrUnavailable), or a dependency's deadline. Such a request may succeed unchanged a few seconds
// later, unlike a bug; it is told apart here, once, for every service.
//
// A request whose own client went away is not one (its context is canceled, not past a
// deadline); httpx checks the request's context before asking.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var (
		netErr    net.Error
		selection topology.ServerSelectionError
	)
	switch {
	case errors.Is(err, ErrUnavailable):
		return true
	case errors.As(err, &selection), mongo.IsNetworkError(err), mongo.IsTimeout(err),
		errors.Is(err, topology.ErrTopologyClosed), errors.Is(err, mongo.ErrClientDisconnected):
		return true
	case errors.Is(err, redis.ErrPoolTimeout), errors.Is(err, redis.ErrPoolExhausted), errors.Is(err, redis.ErrClosed):
		return true
	case errors.Is(err, context.DeadlineExceeded):
		return true
	case errors.As(err, &netErr):
		// Dial refused, connection reset, I/O timeout: whatever the client, the other end is not
		// answering.
		return true
	case backendGone(err):
		return true
	}
	return false
}

// backendGone recognises the embedded FerretDB (make up, the tests) saying that the PostgreSQL
// under it cannot be reached: it answers such a command with InternalError (code 1) and
// PostgreSQL's own words, a connection failure or a server that shut down or crashed (SQLSTATE
// classes 08 and 57P).
func backendGone(err error) bool {
	var cmd mongo.CommandError
	if !errors.As(err, &cmd) || cmd.Code != 1 {
		return false
	}
	for _, sign := range []string{"failed to connect to", "(SQLSTATE 08", "(SQLSTATE 57P", "connection refused"} {
		if strings.Contains(cmd.Message, sign) {
			return true
		}
	}
	return false
}
