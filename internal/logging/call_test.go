package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"linguaport/internal/errs"
)

func TestCallLevels(t *testing.T) {
	errNotFound := errors.New("not found")
	refused := func(err error) bool { return errors.Is(err, errNotFound) }
	cases := []struct {
		name  string
		err   error
		level string
	}{
		{"success", nil, "DEBUG"},
		{"the service's refusal", fmt.Errorf("order: %w", errNotFound), "INFO"},
		{"input breaking rules", errs.Fields{"email": "required"}, "INFO"},
		{"a sender over their allowance", &errs.RateLimited{RetryAfter: time.Second, Reason: errors.New("too many")}, "INFO"},
		{"a caller gone", context.Canceled, "INFO"},
		{"a concurrent change", fmt.Errorf("users/u1: %w", errs.ErrConflict), "INFO"},
		{"a dependency down", fmt.Errorf("load: %w", errs.ErrUnavailable), "WARN"},
		{"a failure", errors.New("disk full"), "ERROR"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
			Call(context.Background(), log, "Login", time.Now().Add(-1500*time.Microsecond), c.err, refused)
			var line map[string]any
			if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
				t.Fatalf("%q: %v", buf.String(), err)
			}
			if took, _ := line["duration_ms"].(float64); line["level"] != c.level || line["method"] != "Login" || took < 1.5 {
				t.Errorf("got %v", line)
			}
			if _, has := line["err"]; has != (c.err != nil) {
				t.Errorf("err attribute: %v", line)
			}
		})
	}
}
