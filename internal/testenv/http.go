package testenv

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

// DoJSON sends req and decodes its JSON answer into v (nil for none). An answer without a body
// (a 204, a 304) leaves v as it is; any other answer that is not JSON fails the test, since every
// answer of the platform, errors included, is JSON. The body has been read and closed, but
// resp.Body holds it again for callers that look at the raw bytes (a leaked hash, say).
func DoJSON(t testing.TB, req *http.Request, v any) *http.Response {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("%s %s: reading the answer: %v", req.Method, req.URL, err)
	}
	resp.Body = io.NopCloser(bytes.NewReader(raw))
	if v != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, v); err != nil {
			t.Fatalf("%s %s: %d, not JSON: %q", req.Method, req.URL, resp.StatusCode, raw)
		}
	}
	return resp
}

// GetJSON is DoJSON for a GET of url with header (nil for none).
func GetJSON(t testing.TB, url string, header http.Header, v any) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	for k, vs := range header {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	return DoJSON(t, req, v)
}
