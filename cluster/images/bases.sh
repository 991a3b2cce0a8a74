#!/usr/bin/env bash
# Makes the base images the repository's Dockerfiles start FROM, locally, under the very names
# they use, since no registry is reachable to pull them from (issue 30): the Dockerfiles stay
# those a registry build would use, and `buildah bud --pull=never` finds these instead.
#
#   debian:bookworm-slim                     debootstrap minbase from deb.debian.org, slimmed
#   golang:1.26-bookworm                     that + this machine's Go toolchain (same version)
#   node:24.22.3-bookworm-slim               that + the Node the Makefile pins (.bin/nodejs)
#   gcr.io/distroless/static-debian12:nonroot  passwd/group, CA bundle, tzdata: no shell
#
# Usage: cluster/images/bases.sh [--force] [debian|golang|node|distroless ...]
# A base already in the store is kept unless --force (which also remakes, after debian, the
# bases made from it). State: .data/buildah (env.sh). Needs root (debootstrap, overlay mounts).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
# debootstrap's downloaded .debs, kept so that a forced remake does not fetch them again.
DEB_CACHE=$REPO_ROOT/.data/debootstrap-cache
NODE_VERSION=24.22.3 # the Makefile's NODE_VERSION, which node's FROM line spells too

force=false
wanted=()
for arg in "$@"; do
	case $arg in
	--force) force=true ;;
	debian | golang | node | distroless) wanted+=("$arg") ;;
	*) echo "usage: $0 [--force] [debian|golang|node|distroless ...]" >&2 && exit 2 ;;
	esac
done
[ ${#wanted[@]} -gt 0 ] || wanted=(debian golang node distroless)
[ "$(id -u)" = 0 ] || { echo "bases.sh: needs root (debootstrap, overlay mounts)" >&2 && exit 1; }

# Working containers and scratch trees of this run, removed however it ends.
cleanup_ctrs=()
cleanup_dirs=()
cleanup() {
	for c in "${cleanup_ctrs[@]}"; do buildah rm "$c" >/dev/null 2>&1 || true; done
	for d in "${cleanup_dirs[@]}"; do rm -rf "$d"; done
}
trap cleanup EXIT

# new_ctr IMAGE|scratch: a working container, removed on exit, named in $new_id (not printed for
# $(...): the subshell would keep the cleanup list to itself).
new_ctr() {
	new_id=$(buildah from --pull=never --quiet "$1")
	cleanup_ctrs+=("$new_id")
}

# slim ROOT: what debian:bookworm-slim leaves out (debuerreotype's slimify): manuals, info,
# translations and docs other than the licences, both now and for every package installed later
# (the dpkg path excludes are in the image). Then what must not be baked into an image: apt's
# lists and caches, logs, the machine's identity.
slim() {
	local r=$1
	mkdir -p "$r/etc/dpkg/dpkg.cfg.d"
	cat >"$r/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
# As debian:*-slim: no documentation, manuals or translations in this image.
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
EOF
	find "$r/usr/share/doc" -mindepth 1 ! -type d ! -name copyright -delete
	find "$r/usr/share/doc" -mindepth 1 -type d -empty -delete
	rm -rf "$r"/usr/share/{groff,info,linda,locale,man}/* "$r"/usr/share/lintian/overrides/*
	rm -rf "$r"/var/lib/apt/lists/* "$r"/var/cache/apt/*.bin "$r"/var/cache/apt/archives/*.deb \
		"$r"/var/cache/debconf/*-old "$r"/var/lib/dpkg/*-old "$r"/var/cache/ldconfig/aux-cache
	find "$r/var/log" -type f -delete
	rm -rf "$r"/tmp/* "$r"/var/tmp/* "$r"/run/* "$r"/dev/* "$r"/proc/* "$r"/sys/*
	: >"$r/etc/machine-id"
	rm -f "$r/etc/hostname" "$r/etc/resolv.conf" "$r/etc/hosts" # the runtime provides these
}

# apt as in the official images: all three suites (updates and security reachable here), no
# translations, caches cleaned after each install, no daemons started by packages' scripts.
apt_config() {
	local r=$1
	rm -f "$r/etc/apt/sources.list"
	cat >"$r/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $MIRROR
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $SECURITY_MIRROR
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
	cat >"$r/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
	echo 'Acquire::Languages "none";' >"$r/etc/apt/apt.conf.d/docker-no-languages"
	echo 'Acquire::GzipIndexes "true";' >"$r/etc/apt/apt.conf.d/docker-gzip-indexes"
	echo 'Apt::AutoRemove::SuggestsImportant "false";' >"$r/etc/apt/apt.conf.d/docker-autoremove-suggests"
	printf '#!/bin/sh\n# no service is started inside an image build\nexit 101\n' >"$r/usr/sbin/policy-rc.d"
	chmod 755 "$r/usr/sbin/policy-rc.d"
}

make_debian() {
	local rootfs=$STORE/tmp/debian-rootfs
	rm -rf "$rootfs" && mkdir -p "$DEB_CACHE" && cleanup_dirs+=("$rootfs")
	log "debian: debootstrap --variant=minbase bookworm from $MIRROR"
	"${NICE[@]}" debootstrap --variant=minbase --cache-dir="$DEB_CACHE" bookworm "$rootfs" "$MIRROR" \
		>"$STORE/tmp/debootstrap.log" 2>&1 || { tail -20 "$STORE/tmp/debootstrap.log" >&2 && exit 1; }
	apt_config "$rootfs"
	slim "$rootfs"
	local c m
	new_ctr scratch && c=$new_id
	m=$(buildah mount "$c")
	tar -C "$rootfs" --numeric-owner --xattrs -cf - . | tar -C "$m" --numeric-owner --xattrs -xpf -
	buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		--cmd bash --os linux --arch amd64 "$c"
	# bookworm-updates and bookworm-security, as a registry's debian:bookworm-slim has them.
	log "debian: apt-get upgrade from bookworm-updates and bookworm-security"
	"${NICE[@]}" buildah run --network host "$c" -- sh -ec \
		'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -y -qq upgrade >/dev/null'
	slim "$m"
	buildah commit --quiet --squash "$c" "$DEBIAN_IMAGE" >/dev/null
}

# local_cas CONTAINER: the certificate authorities this machine adds to Debian's (its
# /usr/local/share/ca-certificates), trusted in the builder bases too. Here the egress to the
# Go module proxy and the npm registry passes a TLS-intercepting proxy whose CA is one of them:
# without it `go mod download` and `npm ci` fail with "certificate signed by unknown authority".
# Only the builders get them (golang, node), not the bases images run on.
local_cas() {
	local c=$1 cas f
	mapfile -t cas < <(find /usr/local/share/ca-certificates -name '*.crt' -type f 2>/dev/null | sort)
	[ ${#cas[@]} -gt 0 ] || return 0
	log "adding this machine's local CAs: ${cas[*]##*/}"
	# One certificate a file where update-ca-certificates looks (it adds them to Debian's bundle,
	# which Go, git and curl read); all of them in one file for Node, which reads only its own
	# list and NODE_EXTRA_CA_CERTS.
	for f in "${cas[@]}"; do
		buildah copy --quiet "$c" "$f" "/usr/local/share/ca-certificates/$(basename "$f")" >/dev/null
	done
	cat "${cas[@]}" >"$STORE/tmp/local-cas.pem"
	buildah copy --quiet "$c" "$STORE/tmp/local-cas.pem" /usr/local/share/linguaport-local-cas.pem >/dev/null
	buildah run "$c" -- sh -ec 'if command -v update-ca-certificates >/dev/null; then update-ca-certificates >/dev/null 2>&1; fi'
	buildah config --env NODE_EXTRA_CA_CERTS=/usr/local/share/linguaport-local-cas.pem "$c"
}

make_golang() {
	local c go_version
	go_version=$(go env GOVERSION)
	case $go_version in go1.26.*) ;; *) echo "golang:1.26-bookworm needs Go 1.26 here, found $go_version" >&2 && exit 1 ;; esac
	new_ctr "$DEBIAN_IMAGE" && c=$new_id
	# What golang:bookworm (buildpack-deps:bookworm-scm) has that builds use: CA certificates,
	# git and ssh for modules fetched directly from their repositories. No C compiler: our
	# Dockerfiles build with CGO_ENABLED=0, and without one Go turns cgo off by itself.
	log "golang: ca-certificates git openssh-client + $go_version"
	"${NICE[@]}" buildah run --network host "$c" -- sh -ec \
		'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates git openssh-client curl >/dev/null && rm -rf /var/lib/apt/lists/*'
	local_cas "$c"
	# The toolchain this machine builds with, so images and `make build` compile alike.
	buildah copy --quiet "$c" "$(go env GOROOT)" /usr/local/go >/dev/null
	buildah run "$c" -- sh -ec 'mkdir -p /go/src /go/bin && chmod -R 1777 /go && /usr/local/go/bin/go version'
	buildah config --env GOLANG_VERSION="${go_version#go}" --env GOTOOLCHAIN=local --env GOPATH=/go \
		--env PATH=/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		--workingdir /go --cmd bash "$c"
	buildah commit --quiet "$c" "$GOLANG_IMAGE" >/dev/null
}

make_node() {
	local c node_dir=$REPO_ROOT/.bin/node-v$NODE_VERSION
	[ -x "$node_dir/bin/node" ] || { echo "node: $node_dir is missing; run \`make node\`" >&2 && exit 1; }
	new_ctr "$DEBIAN_IMAGE" && c=$new_id
	log "node: $node_dir into /usr/local, user node 1000:1000"
	# Node's own layout under /usr/local, as the official image has it (bin/npm and bin/npx are
	# relative links into lib/node_modules/npm, kept as links).
	for d in bin lib include share; do
		[ -d "$node_dir/$d" ] && buildah copy --quiet "$c" "$node_dir/$d" "/usr/local/$d" >/dev/null
	done
	local_cas "$c"
	buildah run "$c" -- sh -ec 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
		test "$(node --version)" = v'"$NODE_VERSION"' && npm --version >/dev/null'
	buildah config --env NODE_VERSION="$NODE_VERSION" --cmd node "$c"
	buildah commit --quiet "$c" "$NODE_IMAGE" >/dev/null
}

make_distroless() {
	local src sm c m
	# Debian's CA bundle (made by ca-certificates' update-ca-certificates), zone files and
	# protocol tables, installed in a throwaway Debian and copied out: the image itself gets no
	# dpkg, no shell, no libraries, as gcr.io/distroless/static has none.
	new_ctr "$DEBIAN_IMAGE" && src=$new_id
	log "distroless: ca-certificates tzdata netbase from Debian"
	"${NICE[@]}" buildah run --network host "$src" -- sh -ec \
		'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates tzdata netbase >/dev/null'
	sm=$(buildah mount "$src")
	new_ctr scratch && c=$new_id
	m=$(buildah mount "$c")
	install -d -m 755 "$m"/{etc/ssl/certs,usr/share/zoneinfo,usr/lib,usr/share/doc,var/lib,bin,sbin,usr/bin,usr/sbin,usr/local/bin}
	install -d -m 1777 "$m/tmp"
	install -d -m 700 "$m/root"
	install -d -m 700 -o 65532 -g 65532 "$m/home/nonroot"
	cp -a "$sm/etc/ssl/certs/ca-certificates.crt" "$m/etc/ssl/certs/"
	cp -a "$sm/usr/share/zoneinfo/." "$m/usr/share/zoneinfo/"
	cp -a "$sm/etc/services" "$sm/etc/protocols" "$sm/etc/ethertypes" "$sm/etc/debian_version" "$m/etc/"
	cp -a "$sm/usr/lib/os-release" "$m/usr/lib/" && ln -s ../usr/lib/os-release "$m/etc/os-release"
	for p in base-files ca-certificates tzdata netbase; do # their licences travel with them
		install -d "$m/usr/share/doc/$p" && cp -a "$sm/usr/share/doc/$p/copyright" "$m/usr/share/doc/$p/"
	done
	cat >"$m/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin
nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin
EOF
	cat >"$m/etc/group" <<'EOF'
root:x:0:
tty:x:5:
staff:x:50:
nobody:x:65534:
nonroot:x:65532:
EOF
	cat >"$m/etc/nsswitch.conf" <<'EOF'
passwd:         files
group:          files
shadow:         files
hosts:          files dns
networks:       files
protocols:      files
services:       files
ethers:         files
rpc:            files
EOF
	chmod 644 "$m/etc/passwd" "$m/etc/group" "$m/etc/nsswitch.conf"
	buildah config --user 65532 --workingdir /home/nonroot \
		--env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		--env SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt --os linux --arch amd64 "$c"
	buildah commit --quiet "$c" "$DISTROLESS_IMAGE" >/dev/null
}

declare -A image_of=([debian]=$DEBIAN_IMAGE [golang]=$GOLANG_IMAGE [node]=$NODE_IMAGE [distroless]=$DISTROLESS_IMAGE)
remade_debian=false
for b in debian golang node distroless; do
	[[ " ${wanted[*]} " == *" $b "* ]] || { [ $b != debian ] && $remade_debian; } || continue
	if image_exists "${image_of[$b]}" && ! $force && ! { [ $b != debian ] && $remade_debian; }; then
		log "$b: ${image_of[$b]} is there (--force remakes it)"
		continue
	fi
	[ $b = debian ] || image_exists "$DEBIAN_IMAGE" || make_debian
	start=$(date +%s)
	"make_$b"
	[ $b != debian ] || remade_debian=true
	log "$b: ${image_of[$b]} made in $(($(date +%s) - start)) s, $(image_size "${image_of[$b]}")"
	cleanup && cleanup_ctrs=() && cleanup_dirs=()
done
