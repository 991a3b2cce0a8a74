// Package contracts holds the shape of every event a service publishes for another, one file per
// event type (<type>.json), and checks payloads against them. The files are the contract between
// producer and consumers: testenv checks every event that reaches a test's Redis (published by a
// producer's real code, or written by a consumer's test) against its file, so neither side can
// drift from it without a test failing.
//
// A file names the producer, the consumers and the payload's fields. A field's name ends in "?"
// when it may be absent or null. Its shape is a type name — "string", "time" (an RFC 3339
// string), "integer", "number", "boolean", "object" (any object) —, an object of fields, or a
// one-element array holding the shape of every element (null is an empty array). A payload has
// exactly the named fields: one the contract does not name is an error, so a renamed field fails
// on both sides.
package contracts

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

//go:embed *.json
var files embed.FS

// Contract is one event type's file.
type Contract struct {
	Type     string `json:"-"`
	Producer string `json:"producer,omitempty"`
	// Producers names the services of an event every one of them sends, each on its own stream
	// (a KVKK request's answers), in place of Producer.
	Producers []string        `json:"producers,omitempty"`
	Consumers []string        `json:"consumers"`
	Payload   json.RawMessage `json:"payload"`
}

var (
	loadOnce sync.Once
	loaded   map[string]Contract
	loadErr  error
)

func all() (map[string]Contract, error) {
	loadOnce.Do(func() {
		loaded = map[string]Contract{}
		entries, err := files.ReadDir(".")
		if err != nil {
			loadErr = err
			return
		}
		for _, e := range entries {
			b, err := files.ReadFile(e.Name())
			if err != nil {
				loadErr = err
				return
			}
			var c Contract
			dec := json.NewDecoder(strings.NewReader(string(b)))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&c); err != nil {
				loadErr = fmt.Errorf("contract %s: %w", e.Name(), err)
				return
			}
			c.Type = strings.TrimSuffix(e.Name(), ".json")
			if err := validShape(c.Payload); err != nil {
				loadErr = fmt.Errorf("contract %s: %w", e.Name(), err)
				return
			}
			loaded[c.Type] = c
		}
	})
	return loaded, loadErr
}

// ProducedBy is the services that send the event.
func (c Contract) ProducedBy() []string {
	if c.Producer != "" {
		return []string{c.Producer}
	}
	return c.Producers
}

// All lists the contracts by type.
func All() ([]Contract, error) {
	m, err := all()
	if err != nil {
		return nil, err
	}
	out := make([]Contract, 0, len(m))
	for _, c := range m {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Contract) int { return strings.Compare(a.Type, b.Type) })
	return out, nil
}

// ErrNoContract is an event type no file describes.
var ErrNoContract = errors.New("no contract for this event type")

// Check tells whether data, the JSON payload of an event of type typ, has the contract's shape.
func Check(typ string, data []byte) error {
	m, err := all()
	if err != nil {
		return err
	}
	c, ok := m[typ]
	if !ok {
		return fmt.Errorf("%s: %w (add internal/events/contracts/%s.json)", typ, ErrNoContract, typ)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("%s: payload is not JSON: %w", typ, err)
	}
	var shape any
	if err := json.Unmarshal(c.Payload, &shape); err != nil {
		return err
	}
	if err := match(shape, v, "payload"); err != nil {
		return fmt.Errorf("%s: %w", typ, err)
	}
	return nil
}

var typeNames = []string{"string", "time", "integer", "number", "boolean", "object"}

func validShape(raw json.RawMessage) error {
	var shape any
	if err := json.Unmarshal(raw, &shape); err != nil {
		return err
	}
	if _, ok := shape.(map[string]any); !ok {
		return errors.New("payload must be an object of fields")
	}
	var walk func(s any, at string) error
	walk = func(s any, at string) error {
		switch s := s.(type) {
		case string:
			if !slices.Contains(typeNames, s) {
				return fmt.Errorf("%s: unknown type %q", at, s)
			}
		case []any:
			if len(s) != 1 {
				return fmt.Errorf("%s: an array shape holds exactly one element shape", at)
			}
			return walk(s[0], at+"[]")
		case map[string]any:
			for k, f := range s {
				if err := walk(f, at+"."+k); err != nil {
					return err
				}
			}
		default:
			return fmt.Errorf("%s: a shape is a type name, an object or an array", at)
		}
		return nil
	}
	return walk(shape, "payload")
}

func match(shape, v any, at string) error {
	switch s := shape.(type) {
	case string:
		name := s
		if v == nil {
			return fmt.Errorf("%s is null", at)
		}
		ok := false
		switch name {
		case "string":
			_, ok = v.(string)
		case "time":
			str, isStr := v.(string)
			_, err := time.Parse(time.RFC3339Nano, str)
			ok = isStr && err == nil
		case "integer":
			n, isNum := v.(float64)
			ok = isNum && n == float64(int64(n))
		case "number":
			_, ok = v.(float64)
		case "boolean":
			_, ok = v.(bool)
		case "object":
			_, ok = v.(map[string]any)
		}
		if !ok {
			return fmt.Errorf("%s is %s, not %s", at, describe(v), name)
		}
	case []any:
		list, ok := v.([]any)
		if v == nil {
			return nil // a nil slice encodes as null: no elements
		}
		if !ok {
			return fmt.Errorf("%s is %s, not an array", at, describe(v))
		}
		for i, el := range list {
			if err := match(s[0], el, fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	case map[string]any:
		obj, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s is %s, not an object", at, describe(v))
		}
		fields := map[string]string{} // payload name → contract key
		for key := range s {
			fields[strings.TrimSuffix(key, "?")] = key
		}
		for k := range obj {
			if _, named := fields[k]; !named {
				return fmt.Errorf("%s.%s is not in the contract", at, k)
			}
		}
		keys := make([]string, 0, len(s))
		for key := range s {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		for _, key := range keys {
			name, optional := strings.CutSuffix(key, "?")
			f, present := obj[name]
			if optional && (!present || f == nil) {
				continue
			}
			if !present {
				return fmt.Errorf("%s.%s is missing", at, name)
			}
			if err := match(s[key], f, at+"."+name); err != nil {
				return err
			}
		}
	}
	return nil
}

func describe(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}
