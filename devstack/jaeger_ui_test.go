package main

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The stack's Jaeger serves the jaeger-ui kept in tools/jaeger/ui.tar.xz (make unpacks it into
// .bin/jaeger-ui) rather than the Go module's placeholder page: its index is jaeger-ui's with Jaeger's run-time values filled in, every
// script and style sheet the index names answers 200 with a type the browser accepts for it
// and the bytes kept in the repository, and a link into the UI (which routes in the browser)
// gets the same index.
func TestJaegerServesTheUI(t *testing.T) {
	c, p := startJaeger(t)

	index := string(getAs(t, c.jaegerURL()+"/", "text/html"))
	for _, want := range []string{`<div id="jaeger-ui-root">`, "<title>Jaeger UI</title>"} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %q: not jaeger-ui's\n%s\n%s", want, index, p.Output())
		}
	}
	if strings.Contains(index, "This is not the Jaeger UI") {
		t.Fatalf("Jaeger serves its placeholder page, not .bin/jaeger-ui\n%s", p.Output())
	}
	// The query server rewrites these two lines of jaeger-ui's index (cmd/query/app/
	// static_handler.go): proof that it read this index rather than one of its own.
	for _, left := range []string{"JAEGER_VERSION = DEFAULT_VERSION;", "JAEGER_STORAGE_CAPABILITIES = DEFAULT_STORAGE_CAPABILITIES;"} {
		if strings.Contains(index, left) {
			t.Errorf("index still has %q: Jaeger did not fill it in", left)
		}
	}

	// vite writes the assets under static/ with relative links (<base href="/"> resolves them),
	// the one prefix Jaeger serves as files.
	types := map[string][]string{".js": {"text/javascript", "application/javascript"}, ".css": {"text/css"}}
	seen := map[string]int{}
	for _, m := range regexp.MustCompile(`(?:src|href)="\./(static/[^"]+(\.js|\.css))"`).FindAllStringSubmatch(index, -1) {
		asset, ext := m[1], m[2]
		seen[ext]++
		body := getAs(t, c.jaegerURL()+"/"+asset, types[ext]...)
		kept, err := os.ReadFile(filepath.Join(c.jaegerUIDir(), asset))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(body, kept) {
			t.Errorf("%s: %d bytes served, .bin/jaeger-ui has %d", asset, len(body), len(kept))
		}
	}
	if seen[".js"] == 0 || seen[".css"] == 0 {
		t.Errorf("index names %d scripts and %d style sheets under static/, want both\n%s", seen[".js"], seen[".css"], index)
	}

	if deep := string(getAs(t, c.jaegerURL()+"/search?service=svc-geo", "text/html")); deep != index {
		t.Errorf("/search is not the UI's index:\n%s", deep)
	}
}

// getAs GETs url and wants 200 with one of the media types; it returns the body.
func getAs(t *testing.T, url string, mediaTypes ...string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d\n%s", url, resp.StatusCode, body)
	}
	got, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if err != nil || !slices.Contains(mediaTypes, got) {
		t.Errorf("GET %s: Content-Type %q, want one of %v", url, resp.Header.Get("Content-Type"), mediaTypes)
	}
	return body
}
