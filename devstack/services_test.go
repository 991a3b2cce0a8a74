package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"linguaport/internal/config"
	"linguaport/internal/proc"
)

// serviceFolders are the repository's svc-*/ folders: each is a service (DESIGN §2), whether or
// not it has code yet.
func serviceFolders(t *testing.T) []string {
	t.Helper()
	dirs, err := filepath.Glob("../svc-*")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			names = append(names, filepath.Base(d))
		}
	}
	if len(names) == 0 {
		t.Fatal("no svc-* folders found")
	}
	return names
}

func TestEveryServiceFolderIsInTheTable(t *testing.T) {
	folders := serviceFolders(t)
	table := serviceNames()
	for _, f := range folders {
		if !slices.Contains(table, f) {
			t.Errorf("%s/ is not in devstack's services table (devstack/stack.go): `make up` would not run it", f)
		}
	}
	for _, v := range services {
		if !slices.Contains(folders, v.name) {
			t.Errorf("devstack's table runs %s, which has no folder", v.name)
		}
		if v.probe != "" && !strings.HasPrefix(v.probe, "/api/v1/") {
			t.Errorf("%s: probe %q is not a public API path", v.name, v.probe)
		}
	}
	// Every port variable is distinct, and so is every default port.
	vars, ports := map[string]bool{}, map[int]string{}
	for _, p := range portVars() {
		if vars[p.name] {
			t.Errorf("port variable %s twice", p.name)
		}
		vars[p.name] = true
		if other, ok := ports[p.port]; ok {
			t.Errorf("%s and %s both default to port %d", other, p.name, p.port)
		}
		ports[p.port] = p.name
	}
}

func TestMakeBuildsEveryService(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	for _, rule := range []string{"build", "clean"} {
		cmd := exec.Command("make", "-n", rule)
		cmd.Dir = ".."
		// As typed at a shell, not as a sub-make of `make test` with its flags and variables.
		cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
			return strings.HasPrefix(kv, "MAKEFLAGS=") || strings.HasPrefix(kv, "MFLAGS=") || strings.HasPrefix(kv, "MAKELEVEL=")
		})
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make -n %s: %v\n%s", rule, err, out)
		}
		for _, f := range append(serviceFolders(t), "gateway", "devstack") {
			want := "./" + f
			if rule == "clean" {
				want = ".bin/" + f
			}
			if !regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(want) + `(\s|$)`).Match(out) {
				t.Errorf("make %s does not name %s:\n%s", rule, want, out)
			}
		}
	}
}

// The README's ports section shows every service's address and every port variable.
func TestReadmeListsEveryPort(t *testing.T) {
	raw, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	start := strings.Index(readme, "## Ports of `make up`")
	if start < 0 {
		t.Fatal("README has no ports section")
	}
	section := readme[start:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	for _, v := range services {
		row := "| " + v.name + " | 127.0.0.1:" + strconv.Itoa(v.port) + " |"
		if !strings.Contains(section, row) {
			t.Errorf("README's ports table lacks the row %q", row)
		}
	}
	for _, p := range portVars() {
		name := strings.TrimSuffix(strings.TrimPrefix(p.name, "DEVSTACK_"), "_PORT")
		if !strings.Contains(section, "`"+name+"`") {
			t.Errorf("README's ports section does not name %s among the DEVSTACK_<NAME>_PORT variables", p.name)
		}
	}
	if !strings.Contains(section, "127.0.0.1:"+strconv.Itoa(defaultPort(t, "DEVSTACK_OAUTH_PORT"))) {
		t.Error("README's ports table lacks the sign-in stand-in")
	}
}

func defaultPort(t *testing.T, name string) int {
	for _, p := range portVars() {
		if p.name == name {
			return p.port
		}
	}
	t.Fatalf("no %s", name)
	return 0
}

func TestConfigMovesEveryPort(t *testing.T) {
	env := map[string]string{"DEVSTACK_DATA": "/tmp/x"}
	for i, p := range portVars() {
		env[p.name] = strconv.Itoa(20000 + i)
	}
	c := loadConfig(config.FromMap(env))
	for i, p := range portVars() {
		if c.ports[p.name] != 20000+i {
			t.Errorf("%s = %d", p.name, c.ports[p.name])
		}
	}
	if c.dataDir != "/tmp/x" || c.publicURL() != "http://localhost:"+env["DEVSTACK_WEB_PORT"] {
		t.Errorf("config %+v", c)
	}
	if v := services[0]; c.servicePort(v) != c.ports[v.portVar()] || v.portVar() != "DEVSTACK_AUTH_PORT" {
		t.Errorf("%s: %s", v.name, v.portVar())
	}
	if got := (service{name: "svc-translators"}).portVar(); got != "DEVSTACK_TRANSLATORS_PORT" {
		t.Errorf("svc-translators: %s", got)
	}
}

// COMPANY_FACTS_FILE reaches every service as an absolute path, whatever directory it was
// named from; unset, the services show the demo set.
func TestCompanyFactsPath(t *testing.T) {
	wd, _ := os.Getwd()
	if c := loadConfig(config.FromMap(map[string]string{"COMPANY_FACTS_FILE": "facts.json"})); c.companyFacts != filepath.Join(wd, "facts.json") {
		t.Errorf("relative: %q", c.companyFacts)
	}
	if c := loadConfig(config.FromMap(map[string]string{"COMPANY_FACTS_FILE": "/etc/lp/facts.json"})); c.companyFacts != "/etc/lp/facts.json" {
		t.Errorf("absolute: %q", c.companyFacts)
	}
	if c := loadConfig(config.FromMap(nil)); c.companyFacts != "" {
		t.Errorf("unset: %q", c.companyFacts)
	}
}

// svc-auth is pointed at the stand-in: a loopback issuer with discovery, Facebook's three
// endpoints, and the authorization step shows the labelled local page.
func TestSignInStandIn(t *testing.T) {
	ports, err := proc.FreePorts(1)
	if err != nil {
		t.Fatal(err)
	}
	s := &stack{cfg: stackConfig{ports: map[string]int{"DEVSTACK_OAUTH_PORT": ports[0], "DEVSTACK_WEB_PORT": 8000}}, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := s.startSignIn(); err != nil {
		t.Fatal(err)
	}
	defer s.signIn.Close()
	env := map[string]string{}
	for _, kv := range s.signInEnv() {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	base := "http://127.0.0.1:" + strconv.Itoa(ports[0])
	if env["GOOGLE_ISSUER"] != base+"/google" || env["FACEBOOK_AUTH_URL"] != base+"/facebook/dialog/oauth" || env["GOOGLE_CLIENT_SECRET"] == "" || env["GOOGLE_CLIENT_ID"] == "" {
		t.Fatalf("env %v", env)
	}
	resp, err := http.Get(env["GOOGLE_ISSUER"] + "/.well-known/openid-configuration")
	if err != nil {
		t.Fatal(err)
	}
	var disc struct {
		AuthorizationEndpoint string `json:"authorization_endpoint"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&disc)
	resp.Body.Close()
	q := url.Values{
		"client_id": {env["GOOGLE_CLIENT_ID"]}, "redirect_uri": {"http://localhost:8000/api/v1/auth/oauth/google/callback"},
		"response_type": {"code"}, "scope": {"openid email profile"}, "state": {"s"}, "nonce": {"n"},
		"code_challenge": {strings.Repeat("a", 43)}, "code_challenge_method": {"S256"},
	}
	resp, err = http.Get(disc.AuthorizationEndpoint + "?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "Local sign-in stand-in — not Google/Facebook") || !strings.Contains(string(page), "musteri@linguaport.local") {
		t.Errorf("authorize: %d\n%s", resp.StatusCode, page)
	}
}
