package media

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"linguaport/counting/internal/refusal"
)

func mustDuration(t *testing.T, f string, b []byte) time.Duration {
	t.Helper()
	d, err := Duration(bytes.NewReader(b), int64(len(b)), f)
	if err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	return d
}

func expectMalformed(t *testing.T, f string, name string, b []byte) {
	t.Helper()
	d, err := Duration(bytes.NewReader(b), int64(len(b)), f)
	if !errors.Is(err, refusal.ErrMalformed) {
		t.Errorf("%s %s: got %v, %v; want refusal.ErrMalformed", f, name, d, err)
	}
}

func expectNear(t *testing.T, name string, got, want, tolerance time.Duration) {
	t.Helper()
	if diff := got - want; diff < -tolerance || diff > tolerance {
		t.Errorf("%s: got %v, want %v (±%v)", name, got, want, tolerance)
	}
}

// TestMediaRealFiles reads sample files already on the machine when they are there (the suite
// does not depend on them).
func TestMediaRealFiles(t *testing.T) {
	globs := map[string][]string{
		formatWAV: {"/root/.pyenv/versions/*/lib/python3*/test/audiodata/*.wav", "/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.wav"},
		formatMP3: {"/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.mp3", "/root/go/pkg/mod/github.com/go-playground/validator/v10@*/testdata/*.mp3", "/usr/lib/google-cloud-sdk/platform/gsutil/gslib/tests/test_data/*.mp3"},
		formatMP4: {"/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.mp4", "/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.mov"},
		formatM4A: {"/root/go/pkg/mod/github.com/gabriel-vasile/mimetype@*/testdata/*.m4a"},
	}
	for f, gs := range globs {
		for _, g := range gs {
			files, _ := filepath.Glob(g)
			for _, name := range files {
				b, err := os.ReadFile(name)
				if err != nil {
					continue
				}
				d, err := Duration(bytes.NewReader(b), int64(len(b)), f)
				t.Logf("%s: %v %v", name, d, err)
			}
		}
	}
}
