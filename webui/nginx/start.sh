#!/bin/sh
# The web UI image's command: renders the server block from its template with the container's
# three values into nginx's prefix, the only place it writes, and runs nginx in the foreground.
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
awk '$1 == "nameserver" { print "resolver " $2 " valid=30s;"; exit }' /etc/resolv.conf > "$prefix/resolver.conf"
sed -e "s|\${LISTEN_PORT}|$LISTEN_PORT|g; s|\${WEB_ROOT}|$WEB_ROOT|g; s|\${GATEWAY_UPSTREAM}|$GATEWAY_UPSTREAM|g" \
	-e "s|\${NGINX_LUA_DIR}|$conf|g; s|\${OTLP_TRACES_ADDR}|$OTLP_TRACES_ADDR|g" \
	"$conf/default.conf.template" > "$prefix/default.conf"
exec nginx -p "$prefix/" -c "$prefix/nginx.conf" -e stderr -g 'daemon off;'
