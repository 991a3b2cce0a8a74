package privacy_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/privacy"
)

// A copy's file is a readable JSON object (the event's contract wants an object), and anything
// else is refused before it could be published.
func TestJSONFile(t *testing.T) {
	f, err := privacy.JSONFile("orders.json", map[string]any{"orders": []int{1}})
	if err != nil || f.Name != "orders.json" || !json.Valid(f.Data) || f.Data[0] != '{' || !slices.Contains(f.Data, '\n') {
		t.Fatalf("file: %+v %v", f, err)
	}
	for _, v := range []any{[]int{1}, "text", nil} {
		if _, err := privacy.JSONFile("x.json", v); err == nil {
			t.Errorf("%v made a file", v)
		}
	}
}

// svc-auth waits for every service that keeps people's data, itself included, once each.
func TestServices(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range privacy.Services {
		if seen[s] {
			t.Errorf("%s twice", s)
		}
		seen[s] = true
	}
	for _, s := range []string{"svc-auth", "svc-orders", "svc-billing", "svc-translators", "svc-catalog"} {
		if !seen[s] {
			t.Errorf("%s is not waited for", s)
		}
	}
}

// An erasure may keep only what the retention list names for the service, and every line of the
// list names a reason and a period in both languages.
func TestRetentionList(t *testing.T) {
	if err := privacy.CheckKept("svc-billing", privacy.Erasure{Kept: []privacy.Count{{Collection: "invoices", Count: 3}}}); err != nil {
		t.Errorf("invoices: %v", err)
	}
	if err := privacy.CheckKept("svc-catalog", privacy.Erasure{Kept: []privacy.Count{{Collection: "chats", Count: 1}}}); err == nil {
		t.Error("a chat kept after an erasure passed")
	}
	if err := privacy.CheckKept("svc-catalog", privacy.Erasure{Kept: []privacy.Count{{Collection: "chats", Count: 0}}}); err != nil {
		t.Errorf("nothing kept: %v", err)
	}
	for _, r := range privacy.Retention {
		if !slices.Contains(privacy.Services, r.Service) || r.Years <= 0 || r.Kept.TR == "" || r.Kept.EN == "" || r.Reason.TR == "" || r.Reason.EN == "" {
			t.Errorf("rule %+v", r)
		}
	}
}

// The README's table names every line of the list, so what people read is what the code keeps.
func TestReadmeNamesTheRetentionList(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range privacy.Retention {
		if !strings.Contains(string(raw), "`"+r.Collection+"`") || !strings.Contains(string(raw), r.Service) {
			t.Errorf("README.md's KVKK table lacks %s %s", r.Service, r.Collection)
		}
	}
}

// svc-auth keeping a copy's pieces rests after each as long as mongox.Rest says for what it
// took (29 times), so a large copy leaves the database to other requests; the request's other
// events are answered at once, and a failed handling returns at once to be retried.
func TestPacedRestsAfterPiecesOnly(t *testing.T) {
	const work = 5 * time.Millisecond
	fail := false
	h := privacy.Paced(func(ctx context.Context, e events.Event) error {
		time.Sleep(work)
		if fail {
			return errors.New("database away")
		}
		return nil
	})
	timed := func(typ string) (time.Duration, error) {
		began := time.Now()
		err := h(context.Background(), events.Event{Type: typ})
		return time.Since(began), err
	}
	for _, typ := range []string{privacy.EventPartChunk, privacy.EventPartBundle} {
		if took, err := timed(typ); err != nil || took < 25*work {
			t.Errorf("%s handled in %v (%v), want a rest of about 29 times the %v of work", typ, took, err, work)
		}
	}
	for _, typ := range []string{privacy.EventPartReady, privacy.EventRequested} {
		if took, err := timed(typ); err != nil || took > 10*work {
			t.Errorf("%s handled in %v (%v), want no rest", typ, took, err)
		}
	}
	fail = true
	if took, err := timed(privacy.EventPartChunk); err == nil || took > 10*work {
		t.Errorf("a failed piece returned %v after %v, want its error at once", err, took)
	}
}
