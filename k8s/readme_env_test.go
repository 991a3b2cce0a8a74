package k8s

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeDocumentsEveryVariable: the README's configuration table names every variable a Go
// program reads (found in the code, codereads_test.go), so an operator setting up a deployment
// from the README is not left to read main.go.
func TestReadmeDocumentsEveryVariable(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	cell := regexp.MustCompile("`([A-Z][A-Z0-9_]*)`")
	for line := range strings.SplitSeq(string(readme), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.SplitN(line, "|", 3)[1] // a row's first cell names its variables
		for _, m := range cell.FindAllStringSubmatch(first, -1) {
			documented[m[1]] = true
		}
	}
	for _, name := range goServices(t) {
		for v := range programReads(t, "..", name) {
			if !documented[v] {
				t.Errorf("%s reads %s, which the README's configuration table does not name", name, v)
			}
		}
	}
}
