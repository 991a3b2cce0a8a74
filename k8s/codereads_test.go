package k8s

import (
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

// What a program reads from its environment, found in its code rather than kept as a list, so
// the manifests cannot drift from it. From the program's main function, every call is followed
// into the module's own packages (a function of the same package, or pkg.Func of an imported
// one); a read is a call such as env.String("NAME", default) (also Int, Bool, Duration, List and
// Required) or os.Getenv("NAME"). Variables of the shared service configuration that
// internal/platform uses only for a need (`if needs.Mongo { … cfg.MongoURI … }`) count only for
// a main that asks for that need (platform.Needs{Mongo: true}) or uses the field itself.

// envRead is one variable a program reads.
type envRead struct {
	required bool
	defaults []string // the string literals of its default, if any
}

var envMethods = map[string]bool{"String": true, "Int": true, "Bool": true, "Duration": true, "List": true, "Required": true}

var envName = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)

type codeScanner struct {
	root, module string
	fset         *token.FileSet
	pkgs         map[string]*scannedPkg // by import path
	visited      map[string]bool        // functions already followed, "path.Func"
	reads        map[string]*envRead
	fieldVars    map[string]string              // a struct field set from a variable: MongoURI → MONGO_URI
	gated        map[string]map[string]bool     // need → fields used only under `if needs.<need>`
	used         map[string]bool                // fields selected in the main package (x.MongoURI)
	needs        map[string]bool                // needs the main package asks for
	files        map[*ast.FuncDecl]*scannedFile // where each function is declared
	// calls are the services the program calls: the names it follows in Consul, each a
	// Watch("svc-x") (platform.Process.Watch, or the gateway's own watch) with a literal name.
	calls map[string]bool
}

type scannedPkg struct {
	funcs   map[string]*ast.FuncDecl // plain functions by name
	methods map[string]*ast.FuncDecl // methods by name, whatever their receiver
}

type scannedFile struct {
	path    string
	imports map[string]string // local name → import path
}

func newCodeScanner(t *testing.T, root string) *codeScanner {
	t.Helper()
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod names no module")
	}
	return &codeScanner{root: root, module: string(m[1]), fset: token.NewFileSet(), pkgs: map[string]*scannedPkg{},
		visited: map[string]bool{}, reads: map[string]*envRead{}, fieldVars: map[string]string{},
		gated: map[string]map[string]bool{}, used: map[string]bool{}, needs: map[string]bool{}, files: map[*ast.FuncDecl]*scannedFile{},
		calls: map[string]bool{}}
}

// programReads returns what the program in dir (relative to the module root) reads.
func programReads(t *testing.T, root, dir string) map[string]*envRead {
	t.Helper()
	return scanProgram(t, root, dir).reads
}

// scanProgram follows the program in dir from its main function: what it reads, and the
// services it calls.
func scanProgram(t *testing.T, root, dir string) *codeScanner {
	t.Helper()
	s := newCodeScanner(t, root)
	main := s.module + "/" + dir
	pkg := s.load(t, main)
	fn, ok := pkg.funcs["main"]
	if !ok {
		t.Fatalf("%s has no func main", dir)
	}
	// The main package's own choices: its needs and the shared fields it uses itself.
	for decl, f := range s.files {
		if filepath.Dir(f.path) != filepath.Join(root, dir) {
			continue
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if sel, ok := n.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Needs" {
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							if v, ok := kv.Value.(*ast.Ident); ok && v.Name == "true" {
								s.needs[kv.Key.(*ast.Ident).Name] = true
							}
						}
					}
				}
			case *ast.SelectorExpr:
				s.used[n.Sel.Name] = true
			}
			return true
		})
	}
	s.follow(t, main, fn)
	for need, fields := range s.gated {
		if s.needs[need] {
			continue
		}
		for field := range fields {
			if v, ok := s.fieldVars[field]; ok && !s.used[field] {
				delete(s.reads, v)
			}
		}
	}
	return s
}

// load parses the package at an import path of the module (test files left out).
func (s *codeScanner) load(t *testing.T, path string) *scannedPkg {
	t.Helper()
	if p, ok := s.pkgs[path]; ok {
		return p
	}
	p := &scannedPkg{funcs: map[string]*ast.FuncDecl{}, methods: map[string]*ast.FuncDecl{}}
	s.pkgs[path] = p
	dir := filepath.Join(s.root, strings.TrimPrefix(strings.TrimPrefix(path, s.module), "/"))
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("package %s: %v", path, err)
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(s.fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		sf := &scannedFile{path: filepath.Join(dir, name), imports: map[string]string{}}
		for _, imp := range file.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			local := ip[strings.LastIndex(ip, "/")+1:]
			if imp.Name != nil {
				local = imp.Name.Name
			}
			sf.imports[local] = ip
		}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				s.files[fd] = sf
				if fd.Recv == nil {
					p.funcs[fd.Name.Name] = fd
				} else {
					p.methods[fd.Name.Name] = fd
				}
			}
		}
	}
	return p
}

// follow records the reads of one function and follows its calls into the module.
func (s *codeScanner) follow(t *testing.T, pkgPath string, fn *ast.FuncDecl) {
	key := pkgPath + "." + fn.Name.Name
	if s.visited[key] || fn.Body == nil {
		return
	}
	s.visited[key] = true
	file := s.files[fn]
	s.gates(fn)
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			// Field: env.String("VAR", …) ties a configuration field to its variable.
			if key, ok := n.Key.(*ast.Ident); ok {
				if call, ok := n.Value.(*ast.CallExpr); ok {
					if name, ok := readName(call, file); ok {
						s.fieldVars[key.Name] = name
					}
				}
			}
		case *ast.CallExpr:
			if name, ok := readName(n, file); ok {
				r := s.reads[name]
				if r == nil {
					r = &envRead{}
					s.reads[name] = r
				}
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Required" {
					r.required = true
				}
				if len(n.Args) > 1 {
					ast.Inspect(n.Args[1], func(d ast.Node) bool {
						if lit, ok := d.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							v, _ := strconv.Unquote(lit.Value)
							r.defaults = append(r.defaults, v)
						}
						return true
					})
				}
				return true
			}
			if name, ok := watchName(n); ok {
				s.calls[name] = true
			}
			switch f := n.Fun.(type) {
			case *ast.Ident: // a function of the same package
				if callee, ok := s.pkgs[pkgPath].funcs[f.Name]; ok {
					s.follow(t, pkgPath, callee)
				}
			case *ast.SelectorExpr: // pkg.Func of the module
				if x, ok := f.X.(*ast.Ident); ok {
					if ip, ok := file.imports[x.Name]; ok && (ip == s.module || strings.HasPrefix(ip, s.module+"/")) {
						if callee, ok := s.load(t, ip).funcs[f.Sel.Name]; ok {
							s.follow(t, ip, callee)
						}
					} else if ip, ok := file.imports["platform"]; ok && ip == s.module+"/internal/platform" {
						// p.Method() on the started process: what platform does for the service
						// (p.Authenticator watches svc-auth) is the service's doing.
						if callee, ok := s.load(t, ip).methods[f.Sel.Name]; ok {
							s.follow(t, ip, callee)
						}
					}
				}
			}
		}
		return true
	})
}

// readName recognises env.String("VAR", …) and the like, and os.Getenv / os.LookupEnv.
func readName(call *ast.CallExpr, file *scannedFile) (string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	name, _ := strconv.Unquote(lit.Value)
	if !envName.MatchString(name) {
		return "", false
	}
	if x, ok := sel.X.(*ast.Ident); ok && file.imports[x.Name] == "os" {
		return name, sel.Sel.Name == "Getenv" || sel.Sel.Name == "LookupEnv"
	}
	return name, envMethods[sel.Sel.Name]
}

// watchName recognises p.Watch("svc-x") and watch("svc-x"): a service followed in Consul to be
// called. A name that is not a literal (the gateway's watch(rt.Service)) is the route table's.
func watchName(call *ast.CallExpr) (string, bool) {
	var fn string
	switch f := call.Fun.(type) {
	case *ast.Ident:
		fn = f.Name
	case *ast.SelectorExpr:
		fn = f.Sel.Name
	}
	if !strings.EqualFold(fn, "watch") || len(call.Args) != 1 {
		return "", false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	name, err := strconv.Unquote(lit.Value)
	return name, err == nil
}

// gates notes the fields a function uses only under `if needs.<Need> { … }`, where needs is its
// parameter of type Needs.
func (s *codeScanner) gates(fn *ast.FuncDecl) {
	var param string
	for _, f := range fn.Type.Params.List {
		if id, ok := f.Type.(*ast.Ident); ok && id.Name == "Needs" && len(f.Names) == 1 {
			param = f.Names[0].Name
		}
	}
	if param == "" {
		return
	}
	gateOf := func(n ast.Node) (string, *ast.BlockStmt) {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return "", nil
		}
		cond, ok := ifs.Cond.(*ast.SelectorExpr)
		if !ok {
			return "", nil
		}
		if x, ok := cond.X.(*ast.Ident); !ok || x.Name != param {
			return "", nil
		}
		return cond.Sel.Name, ifs.Body
	}
	inside, outside := map[string]map[string]bool{}, map[string]bool{}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if need, body := gateOf(n); body != nil {
			if inside[need] == nil {
				inside[need] = map[string]bool{}
			}
			ast.Inspect(body, func(b ast.Node) bool {
				if sel, ok := b.(*ast.SelectorExpr); ok {
					inside[need][sel.Sel.Name] = true
				}
				return true
			})
			return false
		}
		if sel, ok := n.(*ast.SelectorExpr); ok {
			outside[sel.Sel.Name] = true
		}
		return true
	})
	for need, fields := range inside {
		for field := range fields {
			if !outside[field] {
				if s.gated[need] == nil {
					s.gated[need] = map[string]bool{}
				}
				s.gated[need][field] = true
			}
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
