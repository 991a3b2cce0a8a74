package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"

	"sigs.k8s.io/yaml"

	"linguaport/internal/httpx"
)

// The public API's OpenAPI document (DESIGN §15), served at GET /api/v1/openapi.json. Each
// service documents its own routes in the contract it publishes (contract.Contract.Doc: paths and
// the schemas they name); the gateway adds what is the edge's (openapi-base.yaml: the API's
// description, how to authenticate, the error object, the rate limit and idempotency headers)
// and merges the parts of the contracts it routes by now, so the document follows each team's
// deploys and rollbacks as the routes do. It is OpenAPI 3.0.3, the version oapi-codegen (the
// generator the tests use) reads fully; 3.1 it reads only in part.
//
//go:embed openapi-base.yaml
var docBase []byte

// serveDoc answers the merged document.
func (as *areas) serveDoc(w http.ResponseWriter, r *http.Request) {
	httpx.SetRoute(r.Context(), "GET /api/v1/openapi.json")
	doc, err := as.doc()
	if err != nil {
		as.log.Error("openapi document", "err", err)
		httpx.EncodeError(r.Context(), errNoInstanceProblem, w)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	w.Header().Set("Access-Control-Allow-Origin", "*") // a document, read by API tools anywhere
	_ = httpx.WriteJSON(w, http.StatusOK, doc)
}

// doc merges the base with the part of one instance's contract of every area, in the areas'
// order (their paths are apart by prefix, their schemas by name: contract.Check).
func (as *areas) doc() (map[string]any, error) {
	base, err := yaml.YAMLToJSON(docBase)
	if err != nil {
		return nil, fmt.Errorf("openapi base: %w", err)
	}
	var doc map[string]any
	if err := json.Unmarshal(base, &doc); err != nil {
		return nil, fmt.Errorf("openapi base: %w", err)
	}
	paths := map[string]any{}
	components := doc["components"].(map[string]any)
	byName := *as.byName.Load()
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		list := byName[name].instances.Load()
		if list == nil || len(*list) == 0 || len((*list)[0].api.doc) == 0 {
			continue
		}
		var part struct {
			Paths      map[string]any            `json:"paths"`
			Components map[string]map[string]any `json:"components"`
		}
		if err := json.Unmarshal((*list)[0].api.doc, &part); err != nil {
			return nil, fmt.Errorf("openapi part of %s: %w", name, err)
		}
		maps.Copy(paths, part.Paths)
		for kind, named := range part.Components {
			into, _ := components[kind].(map[string]any)
			if into == nil {
				into = map[string]any{}
				components[kind] = into
			}
			maps.Copy(into, named)
		}
	}
	doc["paths"] = paths
	return doc, nil
}
