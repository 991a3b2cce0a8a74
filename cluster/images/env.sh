# Sourced by bases.sh, build.sh, deps.sh and check.sh: one image store for buildah and podman,
# kept under the repository's .data/ (not /var/lib/containers, which other tools on the machine
# may use), so that what build.sh builds podman can run and `rm -rf .data/buildah` forgets it all.
# shellcheck shell=bash

IMAGES_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$IMAGES_DIR/../.." && pwd)
STORE=${LINGUAPORT_IMAGE_STORE:-$REPO_ROOT/.data/buildah}
mkdir -p "$STORE/root" "$STORE/run" "$STORE/tmp" "$STORE/conf"

# The run root holds mount counts and locks that describe this boot only; it normally lives on
# a tmpfs, but /run is not one here, so a run root left from an earlier boot is cleared (stale
# mount counts would make containers/storage believe layers are still mounted).
boot_id=$(cat /proc/sys/kernel/random/boot_id)
if [ "$(cat "$STORE/run/boot_id" 2>/dev/null)" != "$boot_id" ]; then
	rm -rf "$STORE/run" && mkdir -p "$STORE/run" && echo "$boot_id" >"$STORE/run/boot_id"
fi

# overlay: the kernel's own overlayfs on ext4, as root, with native diffs. vfs would copy every
# layer in full (a Go builder image is ~1 GB a copy) and make each RUN step copy its parent.
# LINGUAPORT_STORAGE_DRIVER=vfs is the fallback for a kernel or file system without overlay.
cat >"$STORE/conf/storage.conf" <<EOF
[storage]
driver = "${LINGUAPORT_STORAGE_DRIVER:-overlay}"
graphroot = "$STORE/root"
runroot = "$STORE/run"
[storage.options.overlay]
mountopt = "nodev"
EOF
# Short names (FROM golang:1.26-bookworm) resolve to docker.io/library/..., where bases.sh
# stores the local bases; nothing is ever pulled (--pull=never), so no registry is contacted.
cat >"$STORE/conf/registries.conf" <<'EOF'
unqualified-search-registries = ["docker.io"]
short-name-mode = "permissive"
EOF
# podman's own state (its database, container run state) next to the images, and the cgroupfs
# manager: there is no systemd on this machine.
cat >"$STORE/conf/containers.conf" <<EOF
[engine]
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$STORE/run/events.log"
tmp_dir = "$STORE/run/libpod"
static_dir = "$STORE/root/libpod"
[containers]
log_driver = "k8s-file"
# podman raises a root container's open files and processes to 1048576 and 4194304; this
# sandbox lacks CAP_SYS_RESOURCE, so runc may not ("error setting rlimit type 7"). Limits it may
# set, which containerd's pods get too (they inherit containerd's own).
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
EOF
export CONTAINERS_STORAGE_CONF=$STORE/conf/storage.conf
export CONTAINERS_REGISTRIES_CONF=$STORE/conf/registries.conf
export CONTAINERS_CONF=$STORE/conf/containers.conf
# Large temporary files (layer tars, archives for containerd) on the same disk as the store.
export TMPDIR=$STORE/tmp

# Two cores shared with other builds: everything heavy runs at the lowest priority.
NICE=(nice -n 19 ionice -c 3)

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

# image_exists NAME: whether the store has NAME (exactly as written).
image_exists() { buildah images --quiet "$1" >/dev/null 2>&1; }
# image_size NAME: its size as buildah prints it ("34.9 MB"); one line for an image of many
# names, read whole (head would cut buildah short, which pipefail counts as a failure).
image_size() { buildah images --format '{{.Size}}' "$1" | awk 'NR == 1'; }

# The local bases' names, as the Dockerfiles' FROM lines spell them once fully qualified.
DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim
GOLANG_IMAGE=docker.io/library/golang:1.26-bookworm
NODE_IMAGE=docker.io/library/node:24.22.3-bookworm-slim
DISTROLESS_IMAGE=gcr.io/distroless/static-debian12:nonroot
