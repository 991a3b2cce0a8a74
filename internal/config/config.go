// Package config reads a process's configuration from environment variables, once, at start.
//
// Problems are collected instead of returned one by one so that a misconfigured process stops
// with a single message naming every missing or malformed variable.
package config

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Env reads typed values from the environment and remembers what was missing or malformed.
type Env struct {
	lookup  func(string) (string, bool)
	missing []string
	invalid []string
}

// FromOS reads the real process environment.
func FromOS() *Env { return &Env{lookup: os.LookupEnv} }

// FromMap reads from a fixed map; tests use it to avoid touching the process environment.
func FromMap(m map[string]string) *Env {
	return &Env{lookup: func(k string) (string, bool) { v, ok := m[k]; return v, ok }}
}

func (e *Env) raw(name string) (string, bool) {
	v, ok := e.lookup(name)
	v = strings.TrimSpace(v)
	return v, ok && v != ""
}

// String returns the variable or def when it is unset or empty.
func (e *Env) String(name, def string) string {
	if v, ok := e.raw(name); ok {
		return v
	}
	return def
}

// Required returns the variable and records it as missing when it is unset or empty.
func (e *Env) Required(name string) string {
	v, ok := e.raw(name)
	if !ok {
		e.missing = append(e.missing, name)
	}
	return v
}

// Int returns the variable parsed as a base-10 integer.
func (e *Env) Int(name string, def int) int {
	v, ok := e.raw(name)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		e.invalid = append(e.invalid, fmt.Sprintf("%s=%q is not an integer", name, v))
		return def
	}
	return n
}

// Duration returns the variable parsed by time.ParseDuration ("5s", "250ms").
func (e *Env) Duration(name string, def time.Duration) time.Duration {
	v, ok := e.raw(name)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		e.invalid = append(e.invalid, fmt.Sprintf("%s=%q is not a duration like 5s", name, v))
		return def
	}
	return d
}

// Bool accepts 1/0, true/false, yes/no, on/off.
func (e *Env) Bool(name string, def bool) bool {
	v, ok := e.raw(name)
	if !ok {
		return def
	}
	switch strings.ToLower(v) {
	case "1", "true", "yes", "on":
		return true
	case "0", "false", "no", "off":
		return false
	}
	e.invalid = append(e.invalid, fmt.Sprintf("%s=%q is not a boolean", name, v))
	return def
}

// List splits a comma-separated variable, dropping empty items.
func (e *Env) List(name string, def []string) []string {
	v, ok := e.raw(name)
	if !ok {
		return def
	}
	var out []string
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// Invalid records a problem the typed readers cannot see: a value outside a set of words, or
// variables that contradict each other. msg names the variables and what is wrong, e.g.
// `SMTP_TLS="none" with SMTP_USERNAME set: credentials are only sent over TLS`; it must not
// quote secrets.
func (e *Env) Invalid(msg string) {
	e.invalid = append(e.invalid, msg)
}

// Err reports every problem seen so far, or nil.
func (e *Env) Err() error {
	var errs []error
	if len(e.missing) > 0 {
		errs = append(errs, fmt.Errorf("missing required environment variable(s): %s", strings.Join(e.missing, ", ")))
	}
	for _, msg := range e.invalid {
		errs = append(errs, errors.New("invalid environment variable "+msg))
	}
	return errors.Join(errs...)
}
