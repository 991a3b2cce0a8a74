package e2e

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// The public API's OpenAPI document as the gateway serves it, merged from the services' parts,
// and the answers of the whole-stack API tests held to it: a kept validator (kin-openapi), not
// ours, reads the document and every answer.

// apiDoc is the served document, loaded and validated by kin-openapi, and a router finding the
// operation of a request.
type apiDoc struct {
	doc    *openapi3.T
	router routers.Router
	raw    []byte
}

func loadAPIDoc(t *testing.T, s *devstack) *apiDoc {
	t.Helper()
	resp, err := http.Get(s.web + "/api/v1/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("GET /api/v1/openapi.json: %d %s", resp.StatusCode, raw)
	}
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(raw)
	if err != nil {
		t.Fatalf("kin-openapi cannot read the document: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("the document is not valid OpenAPI: %v", err)
	}
	// The paths are absolute; the server is the site itself.
	doc.Servers = openapi3.Servers{{URL: s.web}}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	return &apiDoc{doc: doc, router: router, raw: raw}
}

// answerChecks holds every answer of the whole-stack API tests to the document while it is set
// (checkAnswers): call reports each exchange with a documented operation here.
var answerChecks struct {
	sync.Mutex
	doc     *apiDoc
	t       *testing.T
	checked map[string]int // by operation id: how many answers were validated
}

// checkAnswers makes call validate, until the test ends, every request and answer of a documented
// operation against doc.
func checkAnswers(t *testing.T, doc *apiDoc) map[string]int {
	answerChecks.Lock()
	answerChecks.doc, answerChecks.t, answerChecks.checked = doc, t, map[string]int{}
	checked := answerChecks.checked
	answerChecks.Unlock()
	t.Cleanup(func() {
		answerChecks.Lock()
		answerChecks.doc, answerChecks.t = nil, nil
		answerChecks.Unlock()
	})
	return checked
}

// checkAnswer validates one exchange if answers are being checked and the document has the
// operation.
func checkAnswer(req *http.Request, reqBody []byte, status int, header http.Header, body []byte) {
	answerChecks.Lock()
	doc, t, checked := answerChecks.doc, answerChecks.t, answerChecks.checked
	answerChecks.Unlock()
	if doc == nil {
		return
	}
	t.Helper()
	u, _ := url.Parse(req.URL.String())
	probe := req.Clone(context.Background())
	probe.URL = u
	probe.Body = io.NopCloser(bytes.NewReader(reqBody))
	route, params, err := doc.router.FindRoute(probe)
	if err != nil {
		return // not a documented operation (the site's own routes)
	}
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, IncludeResponseStatus: true}
	in := &openapi3filter.RequestValidationInput{Request: probe, PathParams: params, Route: route, Options: opts}
	if status < 400 {
		// A refused request may be refused for its shape; an accepted one must have had it.
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			t.Errorf("%s %s: the request does not match the document: %v", req.Method, req.URL.Path, err)
		}
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: header,
		Body: io.NopCloser(bytes.NewReader(body)), Options: opts}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("%s %s: the answer %d does not match the document: %v\n%s", req.Method, req.URL.Path, status, err, body)
	}
	answerChecks.Lock()
	checked[route.Operation.OperationID]++
	answerChecks.Unlock()
}
