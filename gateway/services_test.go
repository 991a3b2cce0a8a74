package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestEveryServiceFolderIsRouted: each svc-*/ folder of the repository, with code yet or not,
// is the Service of a route in routeTable, so its area is reachable through the gateway.
func TestEveryServiceFolderIsRouted(t *testing.T) {
	dirs, err := filepath.Glob("../svc-*")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, d := range dirs {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			continue
		}
		found++
		name := filepath.Base(d)
		if !slices.ContainsFunc(routeTable, func(r Route) bool { return r.Service == name }) {
			t.Errorf("%s/ has no route in routeTable (gateway/routes.go): its API would answer 404 at the gateway", name)
		}
	}
	if found == 0 {
		t.Fatal("no svc-* folders found")
	}
}
