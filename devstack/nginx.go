package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"linguaport/internal/config"
	"linguaport/internal/httpx"
)

// writeNginx writes nginx's configuration for c into <dataDir>/nginx (nginx.conf, and
// real_ip.conf, which the server block includes) and returns nginx.conf's path.
func writeNginx(c stackConfig) (string, error) {
	conf, err := renderNginx(c)
	if err != nil {
		return "", err
	}
	realIP, err := renderRealIP(c.envOrNone().String("NGINX_TRUSTED_PROXIES", ""))
	if err != nil {
		return "", err
	}
	dir := filepath.Join(c.dataDir, "nginx")
	if err := os.WriteFile(filepath.Join(dir, "real_ip.conf"), []byte(realIP), 0o644); err != nil {
		return "", fmt.Errorf("nginx: %w", err)
	}
	path := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		return "", fmt.Errorf("nginx: %w", err)
	}
	return path, nil
}

// renderRealIP is real_ip.conf: a set_real_ip_from for each proxy of NGINX_TRUSTED_PROXIES
// (addresses or CIDRs, comma- or space-separated), whose X-Forwarded-For names the client.
// None by default: in make up browsers connect to nginx directly.
func renderRealIP(list string) (string, error) {
	proxies := strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' })
	if _, err := httpx.ParseTrustedProxies(proxies); err != nil {
		return "", fmt.Errorf("NGINX_TRUSTED_PROXIES: %w", err)
	}
	var b strings.Builder
	for _, p := range proxies {
		fmt.Fprintf(&b, "set_real_ip_from %s;\n", p)
	}
	return b.String(), nil
}

// renderNginx wraps the web UI's server block (the same template its container uses) in a main
// configuration whose paths all live in the data directory, so nginx runs without touching /etc.
func renderNginx(c stackConfig) (string, error) {
	tmpl, err := os.ReadFile(filepath.Join(c.root, "webui", "nginx", "default.conf.template"))
	if err != nil {
		return "", fmt.Errorf("nginx template: %w", err)
	}
	server, err := expandTemplate(string(tmpl), map[string]string{
		"LISTEN_PORT":      strconv.Itoa(c.port("WEB")),
		"WEB_ROOT":         filepath.Join(c.root, "webui", "dist"),
		"GATEWAY_UPSTREAM": loopback(c.port("GATEWAY")),
		"NGINX_LUA_DIR":    filepath.Join(c.root, "webui", "nginx"),
		"OTLP_TRACES_ADDR": loopback(c.port("JAEGER_OTLP")),
	}, c.envOrNone())
	if err != nil {
		return "", fmt.Errorf("nginx template: %w", err)
	}

	var b strings.Builder
	for _, mod := range []string{"ngx_http_brotli_filter_module.so", "ngx_http_brotli_static_module.so"} {
		path := filepath.Join("/usr/lib/nginx/modules", mod)
		if _, err := os.Stat(path); err == nil {
			fmt.Fprintf(&b, "load_module %s;\n", path)
		}
	}
	// nginx's span of each request (webui/nginx/lp_trace.lua) needs Lua: libnginx-mod-http-lua.
	for _, mod := range []string{"ndk_http_module.so", "ngx_http_lua_module.so"} {
		path := filepath.Join("/usr/lib/nginx/modules", mod)
		if _, err := os.Stat(path); err != nil {
			return "", fmt.Errorf("nginx module %s missing (make deps installs libnginx-mod-http-lua): %w", mod, err)
		}
		fmt.Fprintf(&b, "load_module %s;\n", path)
	}
	if os.Geteuid() == 0 {
		// Workers would otherwise drop to nobody, who cannot read a checkout under /root or /work.
		b.WriteString("user root;\n")
	}
	data := filepath.Join(c.dataDir, "nginx")
	fmt.Fprintf(&b, `worker_processes auto;
pid %[1]s/nginx.pid;
error_log %[2]s/nginx-error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log %[2]s/nginx-access.log;
    client_body_temp_path %[1]s/client_body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    server_tokens off;
%[3]s
}
`, data, c.logDir(), server)
	return b.String(), nil
}

// templateRef is a value the template takes: ${NAME}, set by the renderer, or ${NAME:-default},
// the environment's NAME or default (webui/nginx/start.sh renders the same two forms).
var templateRef = regexp.MustCompile(`\$\{([A-Z_][A-Z0-9_]*)(:-[^}]*)?\}`)

// expandTemplate fills the template's references: set from vars, the rest from env with their
// defaults. nginx's own variables ($uri, $host) are not references and stay as they are.
func expandTemplate(tmpl string, vars map[string]string, env *config.Env) (string, error) {
	defaults := map[string]string{}
	var problems []string
	out := templateRef.ReplaceAllStringFunc(tmpl, func(ref string) string {
		m := templateRef.FindStringSubmatch(ref)
		name, def, hasDefault := m[1], strings.TrimPrefix(m[2], ":-"), m[2] != ""
		if v, ok := vars[name]; ok {
			return v
		}
		if !hasDefault {
			problems = append(problems, name+" is not set")
			return ref
		}
		if d, ok := defaults[name]; ok && d != def {
			problems = append(problems, fmt.Sprintf("%s has two defaults, %q and %q", name, d, def))
		}
		defaults[name] = def
		return env.String(name, def)
	})
	if len(problems) > 0 {
		return "", fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	return out, nil
}
