#!/usr/bin/env bash
# Runs each image with podman the way the cluster's pods run it, and asks it what their probes
# ask, so an image that cannot start as non-root on a read-only root file system is found
# without a cluster (issue 30):
#
#   cluster/images/check.sh [redis consul jaeger mail payments signin mongodb svc-geo webui]
#
# Every container gets what the manifests' securityContext gives: a read-only root file system
# (and no tmpfs podman would add on its own), no capabilities, no privilege escalation, the
# image's own user; a writable directory (an emptyDir: mode 0777, empty) only where a volume is
# mounted. They share podman's bridge network at fixed addresses, so svc-geo finds the Redis and
# Consul checked before it. The product's images are taken as images.sh app tags them
# (APP_TAG, "local"). Containers and their directories are removed at the end (KEEP=1 leaves
# them running, to look at; the next run replaces them).
set -Eeuo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

APP_TAG=${APP_TAG:-local}
NET=10.88.0 # podman's default network
declare -A ip=([redis]=$NET.11 [consul]=$NET.12 [jaeger]=$NET.13 [mail]=$NET.14 [payments]=$NET.15
	[signin]=$NET.16 [mongodb]=$NET.17 [svc-geo]=$NET.18 [webui]=$NET.19)
all=(redis consul jaeger mail payments signin mongodb svc-geo webui)
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=("${all[@]}")
image_of() { "$IMAGES_DIR/images.sh" list | awk -v n="$1" '!found && $0 ~ "^(localhost/linguaport/)?" n ":" { print; found = 1 }'; }

work=$STORE/tmp/check
started=()
cleanup() {
	for c in "${started[@]}"; do podman rm -f -t 2 "lp-check-$c" >/dev/null 2>&1 || true; done
	rm -rf "$work"
}
trap cleanup EXIT
[ -z "${KEEP:-}" ] || trap - EXIT # KEEP=1 leaves the containers running, to look at them
rm -rf "$work" && mkdir -p "$work"

# emptydir NAME PATH [FSGROUP]: a volume as the kubelet makes an emptyDir: an empty directory,
# 0777; with the pod's fsGroup, owned by that group and setgid, so what is made in it is too.
emptydir() {
	local d=$work/$1$(echo "$2" | tr / _)
	mkdir -p "$d" && chmod 0777 "$d"
	[ -z "${3:-}" ] || { chgrp "$3" "$d" && chmod 2777 "$d"; }
	echo "--volume=$d:$2"
}

# pod NAME IMAGE [podman run options] -- [args]: starts the container as a pod would.
pod() {
	local name=$1 image=$2
	shift 2
	local opts=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1") && shift; done
	[ $# -gt 0 ] && shift
	podman rm -f -t 1 "lp-check-$name" >/dev/null 2>&1 || true
	started+=("$name")
	podman run -d --name "lp-check-$name" --network podman --ip "${ip[$name]}" \
		--read-only --read-only-tmpfs=false --cap-drop=ALL --security-opt=no-new-privileges \
		"${opts[@]}" "$image" "$@" >/dev/null
}

# ready NAME SECONDS CMD...: polls CMD (a probe) until it succeeds; shows the logs if it never does.
ready() {
	local name=$1 limit=$2 start=$SECONDS
	shift 2
	until "$@" >/dev/null 2>&1; do
		if [ $((SECONDS - start)) -ge "$limit" ] || [ "$(podman inspect -f '{{.State.Running}}' "lp-check-$name")" != true ]; then
			echo "FAIL $name: not ready after $((SECONDS - start)) s ($*); its log:" >&2
			podman logs --tail 30 "lp-check-$name" >&2 || true
			return 1
		fi
		sleep 0.5
	done
	echo "$((SECONDS - start))"
}

# report NAME SECONDS WHAT: one line with the user the container's process really runs as.
report() {
	local name=$1 pid uid user
	pid=$(podman inspect -f '{{.State.Pid}}' "lp-check-$name")
	uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")
	user=$(podman inspect -f '{{.Config.User}}' "lp-check-$name")
	[ "$uid" != 0 ] || { echo "FAIL $name runs as root" >&2 && return 1; }
	local note=""
	# The kubelet can only check runAsNonRoot against a numeric USER (or the pod's runAsUser).
	[[ $user =~ ^[0-9]+(:[0-9]+)?$ ]] || note=" (USER \"$user\" is not numeric: runAsNonRoot needs runAsUser in the pod)"
	printf 'ok   %-9s uid %-6s ready in %2s s: %s%s\n' "$name" "$uid" "$2" "$3" "$note"
}

tcp_ping_redis() { exec 3<>"/dev/tcp/$1/6379" && printf 'PING\r\n' >&3 && timeout 2 head -c 5 <&3 | grep -q '+PONG'; }
http() { curl -fsS --max-time 5 "$@"; }
# has PATTERN CURL-ARGS...: the answer matches PATTERN (read whole first: grep -q would cut curl
# short, and pipefail would count that).
has() {
	local body
	body=$(http "${@:2}") && grep -Eq -- "$1" <<<"$body"
}

# mongo HOST: hello, an insert and a find over the MongoDB wire protocol (OP_MSG), with just
# enough BSON for them; no mongosh here.
mongo() {
	python3 - "$1" "$2" <<'EOF'
import socket, struct, sys
def enc(v):
    if isinstance(v, bool): return b'\x08', b'\x01' if v else b'\x00'
    if isinstance(v, int): return b'\x10', struct.pack('<i', v)
    if isinstance(v, str): b = v.encode() + b'\x00'; return b'\x02', struct.pack('<i', len(b)) + b
    if isinstance(v, list): return b'\x04', doc({str(i): x for i, x in enumerate(v)})
    return b'\x03', doc(v)
def doc(d):
    body = b''.join(t + k.encode() + b'\x00' + b for k, (t, b) in ((k, enc(v)) for k, v in d.items()))
    return struct.pack('<i', len(body) + 5) + body + b'\x00'
def dec(b):
    out, i = {}, 4
    while b[i] != 0:
        t = b[i]; j = b.index(b'\x00', i + 1); k = b[i+1:j].decode(); i = j + 1
        if t == 1: out[k] = struct.unpack('<d', b[i:i+8])[0]; i += 8
        elif t == 2: n = struct.unpack('<i', b[i:i+4])[0]; out[k] = b[i+4:i+3+n].decode(); i += 4 + n
        elif t in (3, 4): n = struct.unpack('<i', b[i:i+4])[0]; out[k] = dec(b[i:i+n]); i += n
        elif t == 8: out[k] = b[i] == 1; i += 1
        elif t == 16: out[k] = struct.unpack('<i', b[i:i+4])[0]; i += 4
        elif t in (9, 18, 17): out[k] = struct.unpack('<q', b[i:i+8])[0]; i += 8
        elif t == 7: out[k] = b[i:i+12].hex(); i += 12
        elif t == 10: out[k] = None
        else: raise ValueError('bson type %d' % t)
    return out
s = socket.create_connection((sys.argv[1], 27017), timeout=5)
def cmd(c, rid=[0]):
    rid[0] += 1
    body = struct.pack('<I', 0) + b'\x00' + doc(c)
    s.sendall(struct.pack('<iiii', 16 + len(body), rid[0], 0, 2013) + body)
    hdr = b''
    while len(hdr) < 16: hdr += s.recv(16 - len(hdr))
    n = struct.unpack('<i', hdr[:4])[0] - 16; msg = b''
    while len(msg) < n: msg += s.recv(n - len(msg))
    r = dec(msg[5:])
    if r.get('ok') != 1.0: raise SystemExit('%s: %s' % (list(c)[0], r))
    return r
cmd({'hello': 1, '$db': 'admin'})
if sys.argv[2] == 'write':
    cmd({'delete': 'probe', 'deletes': [{'q': {}, 'limit': 0}], '$db': 'lpcheck'})
    cmd({'insert': 'probe', 'documents': [{'_id': 'check', 'n': 42}], '$db': 'lpcheck'})
r = cmd({'find': 'probe', 'filter': {'_id': 'check'}, '$db': 'lpcheck'})
docs = r['cursor']['firstBatch']
if list(docs.values()) != [{'_id': 'check', 'n': 42}]: raise SystemExit('found %s' % docs)
EOF
}

check_redis() {
	pod redis "$(image_of redis)" "$(emptydir redis /data 999)" -- redis-server --save "" --appendonly no
	local t
	t=$(ready redis 30 podman exec lp-check-redis redis-cli ping)
	tcp_ping_redis "${ip[redis]}"
	report redis "$t" "redis-cli ping (the probe) and PING from another address: PONG"
}

check_consul() {
	pod consul "$(image_of consul)" "$(emptydir consul /consul/data 1000)" --env CONSUL_DISABLE_PERM_MGMT=true -- \
		agent -server -bootstrap-expect=1 -ui -client=0.0.0.0 "-advertise=${ip[consul]}"
	local t
	t=$(ready consul 60 podman exec lp-check-consul sh -c "consul info | grep -q 'leader = true'")
	has "${ip[consul]}:8300" "http://${ip[consul]}:8500/v1/status/leader"
	report consul "$t" "consul info says leader (the probe); /v1/status/leader names itself"
}

check_jaeger() {
	pod jaeger "$(image_of jaeger)" "$(emptydir jaeger /tmp)" --
	local t now
	t=$(ready jaeger 30 http "http://${ip[jaeger]}:13133/status")
	now=$(date +%s%N)
	http -X POST -H 'Content-Type: application/json' "http://${ip[jaeger]}:4318/v1/traces" -d '{"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"lp-check"}}]},"scopeSpans":[{"spans":[{"traceId":"5b8efff798038103d269b633813fc60c","spanId":"eee19b7ec3c1b174","name":"check","kind":1,"startTimeUnixNano":"'"$now"'","endTimeUnixNano":"'"$((now + 1000000))"'"}]}]}]}' >/dev/null
	ready jaeger 15 sh -c "curl -fsS http://${ip[jaeger]}:16686/api/services | grep -q lp-check" >/dev/null
	has '<title>Jaeger UI</title>' "http://${ip[jaeger]}:16686/"
	report jaeger "$t" "/status (the probe); a span sent over OTLP/HTTP is queried back; the built UI is served"
}

check_mail() {
	pod mail "$(image_of standins)" -- mail
	local t
	t=$(ready mail 30 http "http://${ip[mail]}:8025/messages")
	python3 - "${ip[mail]}" <<'EOF'
import smtplib, sys
with smtplib.SMTP(sys.argv[1], 1025, timeout=5) as s:
    s.sendmail('no-reply@linguaport.local', ['musteri@linguaport.local'],
               'From: LinguaPort <no-reply@linguaport.local>\r\nTo: musteri@linguaport.local\r\nSubject: lp-check\r\n\r\nhello\r\n')
EOF
	has '"subject":"lp-check"' "http://${ip[mail]}:8025/messages"
	report mail "$t" "a message sent over SMTP is listed at /messages"
}

check_payments() {
	# Without the webhook URL it stops at once, naming the variable.
	local out
	out=$(podman run --rm --read-only --cap-drop=ALL "$(image_of standins)" payments 2>&1 || true)
	[[ $out == *"missing required environment variable(s): STRIPE_WEBHOOK_URL"* ]] ||
		{ echo "FAIL payments: no clear error without STRIPE_WEBHOOK_URL: $out" >&2 && return 1; }
	pod payments "$(image_of standins)" --env STRIPE_WEBHOOK_URL=http://gateway:8080/api/v1/billing/webhooks/stripe \
		--env PUBLIC_URL=http://payments:8091 -- payments
	local t
	t=$(ready payments 30 http "http://${ip[payments]}:8091/")
	has '"url": *"http://payments:8091/pay/cs_test_' -u sk_test_linguaport_local: \
		"http://${ip[payments]}:8091/v1/checkout/sessions" -d mode=payment \
		-d success_url=http://localhost:8000/ok -d 'line_items[0][price_data][currency]=try' \
		-d 'line_items[0][price_data][unit_amount]=1500' -d 'line_items[0][price_data][product_data][name]=lp-check' \
		-d 'line_items[0][quantity]=1'
	report payments "$t" "GET / (a probe); a Checkout Session with its page below PUBLIC_URL"
}

check_signin() {
	pod signin "$(image_of standins)" --env SITE_URL=http://localhost:8000 --env OAUTH_CLIENT_SECRET=lp-check \
		--env PUBLIC_URL=http://signin:8090 -- signin
	local t
	t=$(ready signin 30 http "http://${ip[signin]}:8090/")
	has '"issuer": *"http://signin:8090/google"' "http://${ip[signin]}:8090/google/.well-known/openid-configuration"
	report signin "$t" "GET / (a probe); Google's discovery names the issuer below PUBLIC_URL"
}

check_mongodb() {
	pod mongodb "$(image_of mongodb)" "$(emptydir mongodb /var/lib/postgresql 999)" "$(emptydir mongodb /tmp 999)" --
	local t
	t=$(ready mongodb 90 mongo "${ip[mongodb]}" write)
	# Restarted on the same volume: initdb is not run again and the document is still there.
	podman restart -t 10 lp-check-mongodb >/dev/null
	ready mongodb 60 mongo "${ip[mongodb]}" read >/dev/null
	report mongodb "$t" "hello, insert and find over the wire protocol; the document survives a restart"
}

check_svc-geo() {
	[ -n "$(podman ps -q -f name=lp-check-redis)" ] && [ -n "$(podman ps -q -f name=lp-check-consul)" ] ||
		{ echo "FAIL svc-geo: check it with redis and consul (it registers in Consul, caches in Redis)" >&2 && return 1; }
	# platform-config's variables, pointed at the checked Redis, Consul and Jaeger; svc-geo's own.
	pod svc-geo "docker.io/library/svc-geo:$APP_TAG" --env "CONSUL_HTTP_ADDR=${ip[consul]}:8500" \
		--env "REDIS_URL=redis://${ip[redis]}:6379/0" --env LOG_LEVEL=info --env TRUSTED_PROXIES=10.0.0.0/8,127.0.0.1 \
		--env "OTEL_EXPORTER_OTLP_ENDPOINT=http://${ip[jaeger]}:4318" --env HTTP_ADDR=:8086 --env "ADVERTISE_HOST=${ip[svc-geo]}" --
	local t
	t=$(ready svc-geo 30 http "http://${ip[svc-geo]}:8086/readyz")
	http "http://${ip[svc-geo]}:8086/healthz" >/dev/null
	has TRY "http://${ip[svc-geo]}:8086/api/v1/geo/currencies"
	ready svc-geo 15 sh -c "curl -fsS http://${ip[consul]}:8500/v1/health/service/svc-geo?passing=1 | grep -q '${ip[svc-geo]}'" >/dev/null
	report svc-geo "$t" "/readyz and /healthz (the probes), /api/v1/geo/currencies; registered and passing in Consul"
}

check_webui() {
	# nginx resolves the gateway's name when it starts; here it names nothing that answers.
	pod webui "docker.io/library/webui:$APP_TAG" "$(emptydir webui /tmp)" --add-host "gateway:$NET.99" \
		--env LISTEN_PORT=8080 --env GATEWAY_UPSTREAM=gateway:8080 --env "OTLP_TRACES_ADDR=${ip[jaeger]}:4318" \
		--env NGINX_TRUSTED_PROXIES=10.0.0.0/8 --
	local t
	t=$(ready webui 30 http "http://${ip[webui]}:8080/readyz")
	http "http://${ip[webui]}:8080/healthz" >/dev/null
	has LinguaPort "http://${ip[webui]}:8080/tr"
	report webui "$t" "/readyz and /healthz (the probes); the prerendered home page (/tr)"
}

for c in "${wanted[@]}"; do
	[ -n "${ip[$c]:-}" ] || { echo "check.sh: no check $c (${all[*]})" >&2 && exit 2; }
done
# The first probe that fails ends the run, naming itself (set -e, the ERR trap).
trap 'echo "FAIL: line $LINENO: $BASH_COMMAND" >&2' ERR
for c in "${wanted[@]}"; do
	"check_$c"
done
