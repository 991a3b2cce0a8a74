package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"linguaport/internal/company"
	"linguaport/internal/httpx"
	"linguaport/svc-catalog/catalog"
)

// Snapshot answers every public read of the catalogue for the seed content c, keyed by request
// URL exactly as the web UI asks for it (catalog.SnapshotURLs). The site is prerendered from it
// at build time, so the pages carry the same JSON the API serves, produced by the public routes of
// the same table, without a database and without any caller to identify.
func Snapshot(ctx context.Context, c catalog.Content, facts company.Facts) (map[string]json.RawMessage, error) {
	e := makeCatalogEndpoints(catalog.ContentService(c, facts))
	handler := table(publicRoutes(e, httpx.LoopbackOnly)).Handler(nil)
	urls := catalog.SnapshotURLs(c)
	out := make(map[string]json.RawMessage, len(urls))
	for _, u := range urls {
		req := httptest.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			return nil, fmt.Errorf("snapshot %s: status %d: %s", u, rec.Code, strings.TrimSpace(rec.Body.String()))
		}
		out[u] = json.RawMessage(rec.Body.Bytes())
	}
	return out, nil
}
