package httpx_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// Only JSON reaches a JSON endpoint: what a page of another site may post without asking (text,
// forms) is refused with 415 in the request's language, before the body is read.
func TestDecodeJSONWantsJSON(t *testing.T) {
	var v struct{ Email string }
	cases := []struct {
		contentType string
		want        error
	}{
		{"application/json", nil},
		{"application/json; charset=utf-8", nil},
		{"Application/JSON; charset=UTF-8", nil},
		{"", httpx.ErrUnsupportedMediaType},
		{"text/plain", httpx.ErrUnsupportedMediaType},
		{"text/plain; charset=utf-8", httpx.ErrUnsupportedMediaType},
		{"application/x-www-form-urlencoded", httpx.ErrUnsupportedMediaType},
		{"multipart/form-data; boundary=x", httpx.ErrUnsupportedMediaType},
		{"application/json; charset=iso-8859-9", httpx.ErrUnsupportedMediaType},
		{"application/jsonx", httpx.ErrUnsupportedMediaType},
		{"application/json;;", httpx.ErrUnsupportedMediaType},
	}
	for _, c := range cases {
		body := &countingReader{r: strings.NewReader(`{"email":"a@b.co"}`)}
		r := httptest.NewRequest("POST", "/api/v1/auth/login", body)
		if c.contentType != "" {
			r.Header.Set("Content-Type", c.contentType)
		}
		err := httpx.DecodeJSON(r, 1<<10, &v)
		if !errors.Is(err, c.want) {
			t.Errorf("%q: %v, want %v", c.contentType, err, c.want)
		}
		if c.want != nil && body.n > 0 {
			t.Errorf("%q: %d bytes read from a body that is refused", c.contentType, body.n)
		}
	}

	for lang, want := range map[i18n.Lang]string{
		i18n.TR: "İstek gövdesi JSON olmalı (Content-Type: application/json).",
		i18n.EN: "The request body must be JSON (Content-Type: application/json).",
	} {
		rec := httptest.NewRecorder()
		httpx.EncodeError(httpx.WithLang(context.Background(), lang), httpx.ErrUnsupportedMediaType, rec)
		var body struct {
			Error struct{ Code, Message string }
		}
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != 415 || body.Error.Code != "unsupported_media_type" || body.Error.Message != want {
			t.Errorf("%s: %d %s", lang, rec.Code, rec.Body)
		}
	}
}

// A service's limit never exceeds the one the gateway lets through.
func TestDecodeJSONLimitIsHeldToMaxJSONBody(t *testing.T) {
	var v any
	big := `"` + strings.Repeat("x", httpx.MaxJSONBody) + `"`
	r := httptest.NewRequest("POST", "/", strings.NewReader(big))
	r.Header.Set("Content-Type", "application/json")
	if err := httpx.DecodeJSON(r, 10*httpx.MaxJSONBody, &v); !errors.Is(err, httpx.ErrBodyTooLarge) {
		t.Errorf("a body over MaxJSONBody with a larger limit given: %v", err)
	}
	small := `"` + strings.Repeat("x", httpx.MaxJSONBody-10) + `"`
	r = httptest.NewRequest("POST", "/", strings.NewReader(small))
	r.Header.Set("Content-Type", "application/json")
	if err := httpx.DecodeJSON(r, httpx.MaxJSONBody, &v); err != nil {
		t.Errorf("a body within MaxJSONBody: %v", err)
	}
}

func TestContentTypes(t *testing.T) {
	for ct, want := range map[string]bool{"multipart/form-data; boundary=abc": true, "Multipart/Form-Data; boundary=abc": true, "multipart/mixed; boundary=x": false, "application/json": false, "": false} {
		if got := httpx.IsMultipart(ct); got != want {
			t.Errorf("IsMultipart(%q) = %v", ct, got)
		}
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// A strict body refuses a field its value has not, naming it; a lenient one ignores it; a known
// field of the wrong type is malformed either way.
func TestDecodeJSONStrictRefusesUnknownFields(t *testing.T) {
	var v struct {
		Name  string `json:"name"`
		Count int    `json:"count"`
	}
	req := func(body string) *http.Request {
		r := httptest.NewRequest("POST", "/", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		return r
	}
	err := httpx.DecodeJSONStrict(req(`{"name":"a","sandbox":true}`), 1<<10, &v)
	var p *httpx.Problem
	if !errors.As(err, &p) || p.Code != "unknown_field" || p.Status != 400 || p.Fields["sandbox"].EN != "This field is not known." {
		t.Fatalf("an unknown field: %v", err)
	}
	if err := httpx.DecodeJSON(req(`{"name":"a","sandbox":true}`), 1<<10, &v); err != nil || v.Name != "a" {
		t.Fatalf("lenient: %v %+v", err, v)
	}
	for _, body := range []string{`{"count":"x"}`, `{"name":"a"} {}`, `{"name":`} {
		if err := httpx.DecodeJSONStrict(req(body), 1<<10, &v); !errors.Is(err, httpx.ErrMalformedJSON) {
			t.Errorf("%s: %v", body, err)
		}
	}
}
