#!/usr/bin/env bash
# Builds one image with buildah from a Dockerfile of the repository, on the local bases
# (bases.sh), and loads it into a containerd, for skaffold's custom builder (issue 30):
#
#   build:
#     artifacts:
#       - image: svc-geo
#         custom: {buildCommand: cluster/images/build.sh svc-geo/Dockerfile}
#
# skaffold sets IMAGE (the reference with its tag), BUILD_CONTEXT and PUSH_IMAGE; by hand:
#
#   IMAGE=svc-geo:dev cluster/images/build.sh svc-geo/Dockerfile
#
# The image is stored under its fully qualified name (svc-geo:dev is docker.io/library/svc-geo:dev,
# which is what containerd makes of a pod's `image: svc-geo:dev`) and imported into the
# containerd at CONTAINERD_ADDRESS (default: the cluster's, .data/cluster/run/containerd.sock),
# namespace k8s.io, where the kubelet looks. It is also tagged <name>:<image id> there, the tag
# skaffold's local builder deploys when it asks a Docker API (podman's, see cluster/images/README.md)
# for the built image. CONTAINERD_ADDRESS=none builds without loading.
#
# Builds stay fast without touching the Dockerfiles: the RUN steps get this machine's Go build
# and module caches (a Dockerfile with a golang stage) and npm's cache (one with a node stage)
# as volumes, so `go mod download`, `go build` and `npm ci` reuse what any earlier build
# compiled or fetched; LINGUAPORT_BUILD_CACHES=0 builds without them. Layers are cached too
# (--layers), as docker's builder does.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

[ $# -ge 1 ] || { echo "usage: IMAGE=name:tag $0 <Dockerfile> [buildah bud options]" >&2 && exit 2; }
dockerfile=$1
shift
: "${IMAGE:?IMAGE is not set: the image reference to build, e.g. IMAGE=svc-geo:dev}"
context=$(cd "${BUILD_CONTEXT:-$REPO_ROOT}" && pwd) # skaffold's is absolute; one typed may not be
cd "$REPO_ROOT" # a relative Dockerfile is the repository's, wherever skaffold runs us from
[ -f "$dockerfile" ] || { echo "build.sh: no Dockerfile $dockerfile" >&2 && exit 2; }
address=${CONTAINERD_ADDRESS:-$REPO_ROOT/.data/cluster/run/containerd.sock}

# qualify NAME: the reference containerd and the kubelet make of NAME (docker's normalisation:
# a first component without a dot or a colon, other than localhost, is not a registry).
qualify() {
	local ref=$1 first=${1%%/*}
	if [[ $ref != */* ]]; then
		ref=docker.io/library/$ref
	elif [[ $first != *.* && $first != *:* && $first != localhost ]]; then
		ref=docker.io/$ref
	fi
	[[ ${ref##*/} == *:* || $ref == *@* ]] || ref=$ref:latest
	echo "$ref"
}
ref=$(qualify "$IMAGE")

# Fail before building when there is nowhere to load the image.
if [ "$address" != none ]; then
	if ! timeout 10 ctr --address "$address" version >/dev/null 2>&1; then
		echo "build.sh: no containerd answers at $address (start the cluster with \`make cluster\`, or set CONTAINERD_ADDRESS; CONTAINERD_ADDRESS=none only builds)" >&2
		exit 1
	fi
fi
if [ "${PUSH_IMAGE:-false}" = true ]; then
	log "PUSH_IMAGE=true, but there is no registry here: $ref is loaded into containerd instead"
fi
for base in "$DEBIAN_IMAGE" "$GOLANG_IMAGE" "$NODE_IMAGE" "$DISTROLESS_IMAGE"; do
	image_exists "$base" || { echo "build.sh: base $base is missing; run cluster/images/bases.sh" >&2 && exit 1; }
done

# A volume is mounted into every RUN step of every stage, and its mount point stays in the
# image as an empty directory, so each cache is given only to Dockerfiles with a stage FROM the
# builder that uses it (an image whose last stage has RUN steps keeps those empty directories:
# webui's has /go, /root/.cache/go-build and /root/.npm, mongodb's the first two).
caches=()
if [ "${LINGUAPORT_BUILD_CACHES:-1}" != 0 ]; then
	# The bases' builds run as root: Go's caches are /root/.cache/go-build (GOCACHE) and
	# /go/pkg/mod (GOMODCACHE, GOPATH=/go); npm's is /root/.npm. Go and npm both lock their
	# caches, so parallel builds and the machine's own `make` share them safely.
	if grep -Eqi '^FROM +golang:' "$dockerfile"; then
		gocache=$(go env GOCACHE) gomodcache=$(go env GOMODCACHE)
		mkdir -p "$gocache" "$gomodcache"
		caches+=(--volume "$gocache:/root/.cache/go-build" --volume "$gomodcache:/go/pkg/mod")
	fi
	if grep -Eqi '^FROM +node:' "$dockerfile"; then
		npmcache=${NPM_CONFIG_CACHE:-$HOME/.npm}
		mkdir -p "$npmcache"
		caches+=(--volume "$npmcache:/root/.npm")
	fi
fi

start=$(date +%s)
log "building $ref from $dockerfile (context $context)"
# LINGUAPORT_BUILD_OPTS: more options for every build of a run (--no-cache to time a cold one).
# shellcheck disable=SC2086 # split into options on purpose
"${NICE[@]}" buildah bud --pull=never --network host --layers --quiet=false \
	"${caches[@]}" ${LINGUAPORT_BUILD_OPTS:-} -f "$dockerfile" -t "$ref" "$@" "$context"
id=$(buildah inspect --type image --format '{{.FromImageID}}' "$ref")
log "built $ref (${id:0:12}, $(image_size "$ref")) in $(($(date +%s) - start)) s"

[ "$address" != none ] || exit 0
# A docker archive carries the name; ctr unpacks it for the default (overlayfs) snapshotter, the
# kubelet's, unless CONTAINERD_SNAPSHOTTER names another.
archive=$(mktemp "$TMPDIR/image-XXXXXX.tar")
trap 'rm -f "$archive"' EXIT
buildah push --quiet "$ref" "docker-archive:$archive:$ref"
ctr --address "$address" -n k8s.io images import ${CONTAINERD_SNAPSHOTTER:+--snapshotter "$CONTAINERD_SNAPSHOTTER"} "$archive" >/dev/null
unique=${ref%:*}:$id
ctr --address "$address" -n k8s.io images tag --force "$ref" "$unique" >/dev/null
log "loaded into containerd ($address, k8s.io) as $ref and $unique"
