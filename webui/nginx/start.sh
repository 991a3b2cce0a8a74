#!/bin/sh
# The web UI image's command: renders the server block from its template with the container's
# values into nginx's prefix, the only place it writes, and runs nginx in the foreground.
# NGINX_CONF_DIR holds nginx.conf, default.conf.template and lp_trace.lua (the image's
# /etc/nginx/linguaport).
set -eu
conf="${NGINX_CONF_DIR:-/etc/nginx/linguaport}"
prefix="${NGINX_PREFIX:-/tmp/nginx}"
mkdir -p "$prefix"
cp "$conf/nginx.conf" "$prefix/nginx.conf"
# nginx sends its spans to OTLP_TRACES_ADDR (host:port of an OTLP/HTTP receiver; empty: none),
# resolving a name with the pod's own resolver.
OTLP_TRACES_ADDR="${OTLP_TRACES_ADDR:-}"
NGINX_LUA_DIR="$conf"
export OTLP_TRACES_ADDR NGINX_LUA_DIR
awk '$1 == "nameserver" { print "resolver " $2 " valid=30s;"; exit }' /etc/resolv.conf > "$prefix/resolver.conf"
# The proxies whose X-Forwarded-For names the client (the ingress), comma- or space-separated
# addresses or CIDRs; none by default. Only those characters pass, so a value cannot add
# directives; nginx refuses a malformed address when it starts.
: > "$prefix/real_ip.conf"
set -f # split the list into words, but do not expand them as file names
for proxy in $(printf '%s' "${NGINX_TRUSTED_PROXIES:-}" | tr ',' ' '); do
	case "$proxy" in
	*[!0-9A-Fa-f.:/]*)
		echo "webui-start: NGINX_TRUSTED_PROXIES: \"$proxy\" is not an address or CIDR" >&2
		exit 1
		;;
	esac
	echo "set_real_ip_from $proxy;" >> "$prefix/real_ip.conf"
done
set +f
# ${NAME} in the template is the variable NAME, which must be set; ${NAME:-default} is NAME, or
# default when NAME is unset or empty (devstack renders it the same way).
awk '
{
	line = $0
	out = ""
	while (match(line, /\$[{][A-Z_][A-Z0-9_]*(:-[^}]*)?[}]/)) {
		ref = substr(line, RSTART + 2, RLENGTH - 3)
		name = ref
		def = ""
		hasdef = 0
		if ((i = index(ref, ":-")) > 0) {
			name = substr(ref, 1, i - 1)
			def = substr(ref, i + 2)
			hasdef = 1
		}
		if ((name in defaults) && defaults[name] != def) {
			printf "webui-start: the template gives %s two defaults, %s and %s\n", name, defaults[name], def > "/dev/stderr"
			exit 1
		}
		if (hasdef) {
			defaults[name] = def
		}
		# "in" first: reading ENVIRON[name] would add name to it.
		if (!(name in ENVIRON) && !hasdef) {
			printf "webui-start: %s is not set\n", name > "/dev/stderr"
			exit 1
		}
		value = ENVIRON[name]
		if (value == "") {
			value = def
		}
		out = out substr(line, 1, RSTART - 1) value
		line = substr(line, RSTART + RLENGTH)
	}
	print out line
}' "$conf/default.conf.template" > "$prefix/default.conf"
exec nginx -p "$prefix/" -c "$prefix/nginx.conf" -e stderr -g 'daemon off;'
