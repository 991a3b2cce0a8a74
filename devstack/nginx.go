package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// renderNginx wraps the web UI's server block (the same template its container uses) in a main
// configuration whose paths all live in the data directory, so nginx runs without touching /etc.
func renderNginx(c stackConfig) (string, error) {
	tmpl, err := os.ReadFile(filepath.Join(c.root, "webui", "nginx", "default.conf.template"))
	if err != nil {
		return "", fmt.Errorf("nginx template: %w", err)
	}
	vars := map[string]string{
		"LISTEN_PORT":      strconv.Itoa(c.port("WEB")),
		"WEB_ROOT":         filepath.Join(c.root, "webui", "dist"),
		"GATEWAY_UPSTREAM": loopback(c.port("GATEWAY")),
		"NGINX_LUA_DIR":    filepath.Join(c.root, "webui", "nginx"),
		"OTLP_TRACES_ADDR": loopback(c.port("JAEGER_OTLP")),
	}
	server := os.Expand(string(tmpl), func(name string) string {
		if v, ok := vars[name]; ok {
			return v
		}
		return "$" + name // nginx's own variables ($uri, $host) stay as they are
	})

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
