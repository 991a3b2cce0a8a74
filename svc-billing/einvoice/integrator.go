package einvoice

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Integrator sends the agency's documents to GİB through a special integrator (özel entegratör):
// it signs each with the agency's financial seal (XAdES, in ext:UBLExtensions, as GİB's rules
// expect), reports it to GİB and, for e-Arşiv, delivers it to the buyer. One adapter per
// integrator; sending the same document (UUID) again must not send it twice, as integrators'
// APIs guarantee by the UUID.
type Integrator interface {
	// Name is the integrator's, recorded with what it sent.
	Name() string
	// Send hands the document over and returns the integrator's reference for it.
	Send(ctx context.Context, d Document) (reference string, err error)
}

// Recorder is the local integrator of `make up` and the tests: it records what it would send,
// each document as <number>.xml in its directory and one line per document in sent.jsonl, and
// sends nothing. A deployment configures its integrator instead (API.md, "e-Arşiv").
type Recorder struct {
	dir string
	mu  sync.Mutex
}

// NewRecorder records into dir, which it makes.
func NewRecorder(dir string) (*Recorder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("e-document recorder: %w", err)
	}
	return &Recorder{dir: dir}, nil
}

func (r *Recorder) Name() string { return "local-recorder" }

// Dir is where the documents are recorded.
func (r *Recorder) Dir() string { return r.dir }

// Recorded is one line of sent.jsonl.
type Recorded struct {
	UUID      string    `json:"uuid"`
	Number    string    `json:"number"`
	Kind      string    `json:"kind"`
	Profile   Profile   `json:"profile"`
	Alias     string    `json:"alias,omitempty"` // the e-Fatura buyer's
	Reference string    `json:"reference"`
	At        time.Time `json:"at"`
}

// ErrConflict is a document sent again under its UUID with other content: an integrator refuses
// it, since a sent document cannot change.
var ErrConflict = errors.New("e-document: sent before with other content")

func (r *Recorder) Send(_ context.Context, d Document) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	path := filepath.Join(r.dir, d.FileName())
	ref := "local-" + d.UUID
	if prior, err := os.ReadFile(path); err == nil {
		if !bytes.Equal(prior, d.XML) {
			return "", fmt.Errorf("%w: %s", ErrConflict, d.Number)
		}
		return ref, nil // already recorded: once per document
	}
	if err := os.WriteFile(path, d.XML, 0o644); err != nil {
		return "", fmt.Errorf("record %s: %w", d.Number, err)
	}
	line, _ := json.Marshal(Recorded{UUID: d.UUID, Number: d.Number, Kind: d.Kind, Profile: d.Profile, Alias: d.Alias, Reference: ref, At: time.Now().UTC()})
	f, err := os.OpenFile(filepath.Join(r.dir, "sent.jsonl"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return "", fmt.Errorf("record %s: %w", d.Number, err)
	}
	defer f.Close()
	if _, err := f.Write(append(line, '\n')); err != nil {
		return "", fmt.Errorf("record %s: %w", d.Number, err)
	}
	return ref, nil
}
