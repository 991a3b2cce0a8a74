package main

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
)

// An area that takes 50 MB documents (as svc-orders' contract says) still has small JSON: a
// JSON body over what the services read is refused at the gateway with 413, in the request's
// language, before the service sees it (it would stop reading and close the connection, and the
// gateway answered 502); a large multipart upload is still passed on whole. The limits are the
// published contract's, per route where a route has its own.
func TestBodyLimitsByContentType(t *testing.T) {
	svc := serviceName(t)
	prefix := contract.PrefixOf(svc)
	api := contract.New(svc, contract.Limits{TimeoutMs: 120_000, MaxBody: httpx.MaxJSONBody, MaxUpload: 51 << 20}, []authn.Rule{
		{Pattern: "POST " + prefix + "/quotes", Access: authn.Anyone},
		{Pattern: "POST " + prefix + "/notes", Access: authn.Anyone},
	})
	api.Routes[1].MaxBody = 1 << 10 // a route of its own limit
	b := startServing(t, testenv.Consul(t), api, "orders")
	gw := startGateway(t, httpx.LoopbackOnly)
	waitInstances(t, gw+prefix+"/x", 1)
	if resp, raw := do(t, "POST", gw+prefix+"/notes", strings.Repeat("x", 2<<10), map[string]string{"Content-Type": "text/plain", "Accept-Language": "en"}); resp.StatusCode != 413 {
		t.Errorf("2 kB on a route of 1 kB: %d %.200s", resp.StatusCode, raw)
	}
	if resp, _ := do(t, "POST", gw+prefix+"/quotes", strings.Repeat("x", 2<<10), map[string]string{"Content-Type": "text/plain"}); resp.StatusCode != 200 {
		t.Errorf("2 kB on a route of the area's 64 kB: %d", resp.StatusCode)
	}

	big := `{"brief":"` + strings.Repeat("ç", 2<<20) + `"}` // 4 MB
	send := func(body io.Reader, contentType, lang string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("POST", gw+prefix+"/quotes", body)
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Accept-Language", lang)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp, raw
	}
	reached := b.requests.Load()
	for _, c := range []struct {
		name, contentType, lang, message string
		body                             func() io.Reader
	}{
		{"JSON", "application/json", "en", "The request body is larger than allowed.", func() io.Reader { return strings.NewReader(big) }},
		{"JSON in Turkish", "application/json; charset=utf-8", "tr", "İstek gövdesi izin verilen boyutu aşıyor.", func() io.Reader { return strings.NewReader(big) }},
		// No Content-Length: read up to the limit, then refused.
		{"JSON of unknown length", "application/json", "en", "The request body is larger than allowed.", func() io.Reader { return io.MultiReader(strings.NewReader(big)) }},
		{"text", "text/plain", "en", "The request body is larger than allowed.", func() io.Reader { return strings.NewReader(big) }},
	} {
		resp, raw := send(c.body(), c.contentType, c.lang)
		e := decode[errorBody](t, raw)
		if resp.StatusCode != 413 || e.Error.Code != "body_too_large" || e.Error.Message != c.message {
			t.Errorf("%s: %d %.200s", c.name, resp.StatusCode, raw)
		}
	}
	if n := b.requests.Load() - reached; n != 0 {
		t.Errorf("%d oversized bodies reached the service", n)
	}

	// JSON up to the limit passes, whether or not its length is known.
	fits := `{"brief":"` + strings.Repeat("x", httpx.MaxJSONBody-20) + `"}`
	for _, body := range []io.Reader{strings.NewReader(fits), io.MultiReader(strings.NewReader(fits))} {
		if resp, raw := send(body, "application/json", "en"); resp.StatusCode != 200 || decode[echo](t, raw).Body != fits {
			t.Errorf("JSON within the limit: %d", resp.StatusCode)
		}
	}

	// A 5 MB document goes through to the file route whole.
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	fw, _ := mw.CreateFormFile("file", "kitap.txt")
	document := bytes.Repeat([]byte("Çeviri bürosu. "), 5<<20/16)
	_, _ = fw.Write(document)
	_ = mw.Close()
	sent := form.String()
	req, _ := http.NewRequest("POST", gw+prefix+"/files", &form)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || decode[echo](t, raw).Body != sent {
		t.Errorf("5 MB upload: %d, %d bytes echoed", resp.StatusCode, len(raw))
	}
}
