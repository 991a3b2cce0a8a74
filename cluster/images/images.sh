#!/usr/bin/env bash
# Builds, with build.sh, the images of a cluster's local overlay (issue 30) and loads them into
# its containerd:
#
#   images.sh deps [name ...]   what the dev overlay takes from public registries, and the
#                               stand-ins, from cluster/images/<name>/Dockerfile:
#                               consul jaeger redis mongodb standins (all by default)
#   images.sh app [name ...]    the product's own, from their Dockerfiles: gateway, svc-*, webui
#                               (all by default), tagged $APP_TAG ("local"); skaffold's custom
#                               builder does the same one at a time
#   images.sh list              every reference the two build, one a line
#
# The bases are made first when missing (bases.sh). consul and jaeger copy the binaries `make
# tools` and `make observability` build into .bin (their builds take many minutes), so those must
# be there. CONTAINERD_ADDRESS as for build.sh (none: build only). Each image's time and size is
# printed at the end.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

# The dependencies' tags follow what they run: the module versions tools/ pins for Consul and
# Jaeger (jaeger v1.76.0 is the Go module of Jaeger v2.13.0), bookworm's Redis, the FerretDB
# go.mod pins on bookworm's PostgreSQL. The stand-ins are this checkout's code: "local".
mod_version() { awk -v m="$2" '$1 == m { sub(/^v/, "", $2); print $2; exit }' "$REPO_ROOT/$1"; }
declare -A deps=(
	[consul]=localhost/linguaport/consul:$(mod_version tools/go.mod github.com/hashicorp/consul)
	[jaeger]=localhost/linguaport/jaeger:$(mod_version tools/jaeger/go.mod github.com/jaegertracing/jaeger)
	[redis]=localhost/linguaport/redis:7.0
	[mongodb]=localhost/linguaport/mongodb:ferretdb-$(mod_version go.mod github.com/FerretDB/FerretDB)-pg15
	[standins]=localhost/linguaport/standins:local
)
dep_order=(redis consul jaeger standins mongodb)
# Prebuilt binaries a Dockerfile copies from .bin (its second build context, "bin").
declare -A needs_bin=([consul]="consul" [jaeger]="jaeger jaeger-ui/index.html")

APP_TAG=${APP_TAG:-local}
app_names() {
	local d
	echo gateway
	for d in "$REPO_ROOT"/svc-*/Dockerfile; do basename "$(dirname "$d")"; done
	echo webui
}

results=()
build_one() { # build_one REF DOCKERFILE [build.sh options]
	local ref=$1 dockerfile=$2 start
	shift 2
	start=$(date +%s)
	IMAGE=$ref "$IMAGES_DIR/build.sh" "$dockerfile" "$@"
	results+=("$(printf '%-55s %4d s  %s' "$ref" $(($(date +%s) - start)) "$(image_size "$ref")")")
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
list)
	for n in "${dep_order[@]}"; do echo "${deps[$n]}"; done
	for n in $(app_names); do echo "$n:$APP_TAG"; done
	exit 0
	;;
deps)
	names=("$@")
	[ ${#names[@]} -gt 0 ] || names=("${dep_order[@]}")
	for n in "${names[@]}"; do
		[ -n "${deps[$n]:-}" ] || { echo "images.sh: no dependency image $n (${dep_order[*]})" >&2 && exit 2; }
		for f in ${needs_bin[$n]:-}; do
			[ -e "$REPO_ROOT/.bin/$f" ] || { echo "images.sh: $n copies .bin/$f, which is not built (make tools observability)" >&2 && exit 1; }
		done
	done
	"$IMAGES_DIR/bases.sh"
	for n in "${names[@]}"; do
		extra=()
		[ -z "${needs_bin[$n]:-}" ] || extra=(--build-context "bin=$REPO_ROOT/.bin")
		build_one "${deps[$n]}" "cluster/images/$n/Dockerfile" "${extra[@]}"
	done
	;;
app)
	names=("$@")
	[ ${#names[@]} -gt 0 ] || mapfile -t names < <(app_names)
	"$IMAGES_DIR/bases.sh"
	for n in "${names[@]}"; do
		[ -f "$REPO_ROOT/$n/Dockerfile" ] || { echo "images.sh: no $n/Dockerfile" >&2 && exit 2; }
		build_one "$n:$APP_TAG" "$n/Dockerfile"
	done
	;;
*)
	echo "usage: $0 deps [consul|jaeger|redis|mongodb|standins ...] | app [gateway|svc-*|webui ...] | list" >&2
	exit 2
	;;
esac
printf '%s\n' "${results[@]}"
