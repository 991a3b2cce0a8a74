// Package errs declares the errors every service raises in the same way: input whose fields
// break rules, a request refused because its sender asked too often, a change lost to
// concurrent changes, and a dependency that is down (Unavailable). They carry no HTTP:
// internal/httpx maps them (400 with field messages, 429 with Retry-After, 409, 503 with
// Retry-After), each service's encodeError choosing the words.
package errs

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Fields is input that breaks rules: each field's name with the reason it was refused, a slug
// such as "required" or "email" that the transport words in the request's language.
type Fields map[string]string

// Add records why field was refused; the first reason given for a field is kept, since it is the
// one the user has to fix first.
func (f Fields) Add(field, reason string) {
	if _, ok := f[field]; !ok {
		f[field] = reason
	}
}

// Err returns f as an error, or nil when no field was refused.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return f
}

func (f Fields) Error() string {
	parts := make([]string, 0, len(f))
	for _, k := range slices.Sorted(maps.Keys(f)) {
		parts = append(parts, k+": "+f[k])
	}
	return "invalid input (" + strings.Join(parts, ", ") + ")"
}

// RateLimited is a request refused because its sender (an address, an account, an email and
// address pair) has used up its allowance; RetryAfter says when the next one will be accepted.
// Reason is the service's own error for what was limited (too many uploads, login attempts...),
// so errors.Is(err, ErrTooManyUploads) holds and encodeError can choose its words.
type RateLimited struct {
	RetryAfter time.Duration
	Reason     error
}

func (e *RateLimited) Error() string {
	return fmt.Sprintf("%v (retry after %s)", e.Reason, e.RetryAfter.Round(time.Second))
}

func (e *RateLimited) Unwrap() error { return e.Reason }
