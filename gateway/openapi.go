package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"slices"

	"sigs.k8s.io/yaml"

	"linguaport/internal/contract"
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

// serveDoc answers the document of the contracts routed by now: one instance's of each area.
func (as *areas) serveDoc(w http.ResponseWriter, r *http.Request) {
	httpx.SetRoute(r.Context(), "GET /api/v1/openapi.json")
	parts := map[string][]byte{}
	for name, a := range *as.byName.Load() {
		if list := a.instances.Load(); list != nil && len(*list) > 0 {
			parts[name] = (*list)[0].api.doc
		}
	}
	doc, err := mergeDoc(parts)
	if err != nil {
		as.log.Error("openapi document", "err", err)
		httpx.EncodeError(r.Context(), errNoInstanceProblem, w)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	w.Header().Set("Access-Control-Allow-Origin", "*") // a document, read by API tools anywhere
	_ = httpx.WriteJSON(w, http.StatusOK, doc)
}

// mergeDoc is the base with each area's part (by area name; empty parts are skipped), in the
// areas' order. Their paths are apart by prefix and their schemas by name (contract.Check).
func mergeDoc(parts map[string][]byte) (map[string]any, error) {
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
	for _, name := range slices.Sorted(maps.Keys(parts)) {
		if len(parts[name]) == 0 {
			continue
		}
		var part struct {
			Paths      map[string]any            `json:"paths"`
			Components map[string]map[string]any `json:"components"`
		}
		if err := json.Unmarshal(parts[name], &part); err != nil {
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

// docCommand is `gateway openapi CONTRACT.json...`: the document the gateway would serve for
// these contracts (each as a service prints it: `svc-orders contract`), for generating a client
// without a running stack (`make apiclient`).
func docCommand(files []string, out io.Writer) error {
	parts := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		var c contract.Contract
		if err := json.Unmarshal(b, &c); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		if err := c.Check(); err != nil {
			return fmt.Errorf("%s: %w", f, err)
		}
		parts[contract.AreaOf(c.Service)] = c.Doc
	}
	doc, err := mergeDoc(parts)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
