package main

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"linguaport/internal/httpx"
	"linguaport/internal/testenv"
)

// routeOf is the route table's entry for service, sent to a test instance instead.
func routeOf(t *testing.T, service, instance string) Route {
	t.Helper()
	for _, rt := range routeTable {
		if rt.Service == service {
			rt.Service = instance
			return rt
		}
	}
	t.Fatalf("no route for %s", service)
	return Route{}
}

// The orders area takes 50 MB documents, but its JSON is small: a JSON body over what the
// services read is refused at the gateway with 413, in the request's language, before the service
// sees it (it would stop reading and close the connection, and the gateway answered 502); a
// large multipart upload is still passed on whole.
func TestBodyLimitsByContentType(t *testing.T) {
	svc := serviceName(t)
	b := startBackend(t, testenv.Consul(t), svc, "orders")
	gw := startGateway(t, []Route{routeOf(t, "svc-orders", svc)}, httpx.LoopbackOnly)
	waitInstances(t, gw+"/api/v1/orders/x", 1)

	big := `{"brief":"` + strings.Repeat("ç", 2<<20) + `"}` // 4 MB
	send := func(body io.Reader, contentType, lang string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("POST", gw+"/api/v1/orders/quotes", body)
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
	req, _ := http.NewRequest("POST", gw+"/api/v1/orders/files", &form)
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
