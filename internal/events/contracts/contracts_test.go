package contracts

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	ok := `{"quoteId":"q1","number":"Q-1","customerId":"u1","total":{"amount":100,"currency":"TRY","decimals":2,"formatted":"1,00 ₺"}}`
	if err := Check("quote.created", []byte(ok)); err != nil {
		t.Fatalf("a payload of the contract's shape: %v", err)
	}
	for name, tc := range map[string]struct{ typ, data, want string }{
		"missing field": {"quote.created", `{"quoteId":"q1","number":"Q-1","total":{"amount":1,"currency":"TRY","decimals":2,"formatted":""}}`, "payload.customerId is missing"},
		"renamed field": {"quote.created", `{"quoteID":"q1","number":"Q-1","customerId":"u1","total":{"amount":1,"currency":"TRY","decimals":2,"formatted":""}}`, "payload.quoteID is not in the contract"},
		"nested wrong":  {"quote.created", `{"quoteId":"q1","number":"Q-1","customerId":"u1","total":{"amount":1.5,"currency":"TRY","decimals":2,"formatted":""}}`, "payload.total.amount is a number, not integer"},
		"null required": {"quote.created", `{"quoteId":null,"number":"Q-1","customerId":"u1","total":{"amount":1,"currency":"TRY","decimals":2,"formatted":""}}`, "payload.quoteId is null"},
		"not a time":    {"order.escalated", `{"orderId":"o","number":"O-1","customerId":"u","at":"yesterday"}`, "payload.at is a string, not time"},
		"array element": {"pool.jobs_available", `{"translatorId":"t","jobs":[{"orderId":"o","number":"O","service":"s","sourceLanguage":"tr","targetLanguages":["en",3]}],"count":1,"at":"2026-11-24T10:00:00Z"}`, "payload.jobs[0].targetLanguages[1] is a number, not string"},
		"not json":      {"quote.created", `{`, "payload is not JSON"},
		"unknown type":  {"quote.teleported", `{}`, ErrNoContract.Error()},
		"extra field":   {"order.escalated", `{"orderId":"o","number":"O-1","customerId":"u","at":"2026-11-24T10:00:00Z","extra":1}`, "payload.extra is not in the contract"},
	} {
		t.Run(name, func(t *testing.T) {
			err := Check(tc.typ, []byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
	// Optional fields may be absent or null; a null array is an empty one.
	for _, data := range []string{
		`{"orderId":"o","number":"O-1","customerId":"u","status":"assigned","at":"2026-11-24T10:00:00Z"}`,
		`{"orderId":"o","number":"O-1","customerId":"u","status":"completed","at":"2026-11-24T10:00:00+03:00","translatorId":"t","pay":{"amountUsd":100,"amount":{"amount":2750,"currency":"TRY","decimals":2,"formatted":"27,50 ₺"}}}`,
		`{"orderId":"o","number":"O-1","customerId":"u","status":"assigned","at":"2026-11-24T10:00:00Z","pay":null}`,
	} {
		if err := Check("order.status_changed", []byte(data)); err != nil {
			t.Errorf("%s: %v", data, err)
		}
	}
	if err := Check("pool.jobs_available", []byte(`{"translatorId":"t","jobs":null,"count":0,"at":"2026-11-24T10:00:00Z"}`)); err != nil {
		t.Errorf("null array: %v", err)
	}
	if !errors.Is(Check("nope", []byte(`{}`)), ErrNoContract) {
		t.Error("an unknown type is ErrNoContract")
	}
}

// TestContractsNameTheirCode: each contract's producer and consumers are services whose code
// names the event type, and every event type a service declares (a dotted Event… constant) has a
// contract: a new event cannot go out without one, nor a contract outlive its event.
func TestContractsNameTheirCode(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	list, err := All()
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]map[string]bool{} // service → event types its code names in Event… constants
	declared := map[string]bool{}
	dirs, _ := filepath.Glob(filepath.Join(root, "svc-*"))
	for _, dir := range dirs {
		svc := filepath.Base(dir)
		named[svc] = map[string]bool{}
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			for name, value := range eventConstants(t, path) {
				named[svc][value] = true
				if strings.HasPrefix(name, "Event") {
					declared[value] = true
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	have := map[string]bool{}
	for _, c := range list {
		have[c.Type] = true
		if len(c.ProducedBy()) == 0 {
			t.Errorf("%s names no producer", c.Type)
		}
		for _, svc := range append(c.ProducedBy(), c.Consumers...) {
			if !named[svc][c.Type] {
				t.Errorf("%s names %s, whose code declares no constant %q", c.Type, svc, c.Type)
			}
		}
	}
	for typ := range declared {
		if !have[typ] {
			t.Errorf("event type %s is declared in code but has no contract (internal/events/contracts/%s.json)", typ, typ)
		}
	}
	if len(list) < 20 {
		t.Fatalf("only %d contracts", len(list))
	}
}

var eventType = regexp.MustCompile(`^[a-z]+\.[a-z_]+$`)

// eventConstants are the string constants of a file whose value looks like an event type.
func eventConstants(t *testing.T, path string) map[string]string {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, decl := range f.Decls {
		g, ok := decl.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, v := range vs.Values {
				lit, ok := v.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING || i >= len(vs.Names) {
					continue
				}
				s, _ := strconv.Unquote(lit.Value)
				if eventType.MatchString(s) && !slices.Contains([]string{"_"}, vs.Names[i].Name) {
					out[vs.Names[i].Name] = s
				}
			}
		}
	}
	return out
}
