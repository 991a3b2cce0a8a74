package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"linguaport/internal/config"
	"linguaport/internal/proc"
)

// The web UI's container (webui/nginx/start.sh) and devstack render the server block alike from
// the same values and environment: the limits' defaults live in the template alone, and a
// variable set in the environment reaches both; so do the trusted proxies' real_ip.conf.
func TestNginxRenderersAgree(t *testing.T) {
	root, err := proc.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(root, "webui", "nginx")
	dir := t.TempDir()
	// start.sh ends by running nginx: here a stand-in that does nothing.
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "nginx"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	values := map[string]string{
		"LISTEN_PORT": "8080", "WEB_ROOT": "/usr/share/nginx/html", "GATEWAY_UPSTREAM": "gateway:8080",
		"OTLP_TRACES_ADDR": "otel-collector:4318", "NGINX_LUA_DIR": conf,
	}
	environment := map[string]string{"NGINX_SIGNIN_RATE": "3r/m", "NGINX_UPLOAD_BURST": "7", "NGINX_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.4"}
	prefix := filepath.Join(dir, "prefix")
	cmd := exec.Command("/bin/sh", filepath.Join(conf, "start.sh"))
	cmd.Env = []string{"PATH=" + bin + ":/usr/bin:/bin", "NGINX_CONF_DIR=" + conf, "NGINX_PREFIX=" + prefix}
	for k, v := range values {
		if k != "NGINX_LUA_DIR" { // start.sh's own: where the template and Lua are
			cmd.Env = append(cmd.Env, k+"="+v)
		}
	}
	for k, v := range environment {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("start.sh: %v\n%s", err, out)
	}
	container := func(name string) string {
		b, err := os.ReadFile(filepath.Join(prefix, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	tmpl, err := os.ReadFile(filepath.Join(conf, "default.conf.template"))
	if err != nil {
		t.Fatal(err)
	}
	server, err := expandTemplate(string(tmpl), values, config.FromMap(environment))
	if err != nil {
		t.Fatal(err)
	}
	if got := container("default.conf"); got != server {
		t.Errorf("start.sh and devstack render the server block differently:\n%s", lineDiff(got, server))
	}
	for _, want := range []string{"zone=lp_signin:2m   rate=3r/m;", "zone=lp_upload burst=7 nodelay;", "zone=lp_api:10m     rate=20r/s;", "zone=lp_api burst=100 nodelay;"} {
		if !strings.Contains(server, want) {
			t.Errorf("the server block lacks %q", want)
		}
	}
	realIP, err := renderRealIP(environment["NGINX_TRUSTED_PROXIES"])
	if err != nil {
		t.Fatal(err)
	}
	if got := container("real_ip.conf"); got != realIP || realIP != "set_real_ip_from 10.0.0.0/8;\nset_real_ip_from 127.0.0.4;\n" {
		t.Errorf("real_ip.conf: start.sh %q, devstack %q", got, realIP)
	}
	if none, err := renderRealIP(""); err != nil || none != "" {
		t.Errorf("no trusted proxies: %q %v", none, err)
	}
	if _, err := renderRealIP("10.0.0.0/8;include /etc/passwd"); err == nil {
		t.Error("a trusted proxy that is no address was taken")
	}
}

// A reference the renderer does not set and that has no default, or a name given two defaults,
// stops the rendering instead of leaving nginx a half-made configuration.
func TestNginxTemplateReferences(t *testing.T) {
	for tmpl, want := range map[string]string{
		"listen ${PORT};": "PORT is not set",
		"rate=${RATE:-1r/s}; map { ${RATE:-2r/s} }": `RATE has two defaults, "1r/s" and "2r/s"`,
	} {
		if _, err := expandTemplate(tmpl, nil, config.FromMap(nil)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", tmpl, err, want)
		}
	}
	got, err := expandTemplate("$uri ${A} ${B:-x} ${C:-}", map[string]string{"A": "a"}, config.FromMap(map[string]string{"C": "c"}))
	if err != nil || got != "$uri a x c" {
		t.Errorf("got %q %v", got, err)
	}
}

// lineDiff names the first line where a and b differ.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(al), len(bl)) {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  start.sh: %s\n  devstack: %s", i+1, x, y)
		}
	}
	return ""
}
