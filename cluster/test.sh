#!/usr/bin/env bash
# make test-cluster (issue 30): on the cluster `make cluster` started, with the infrastructure's
# images loaded (make images-deps), deploy the local overlay with skaffold as a team would and
# run the cluster tests: e2e.TestCluster (pods, an order, the team's flow, pod loss, evictions,
# autoscaling) and k8s.TestClusterEnforcesTheArchitecture (the NetworkPolicies, probed).
#
# skaffold's custom builder (cluster/images/build.sh) builds with buildah; skaffold itself then
# asks a Docker API about the built image, which podman serves from the same store, started here
# for the run and stopped after it.
set -euo pipefail
cd "$(dirname "$0")/.."
source cluster/images/env.sh
root=$PWD
socket=$root/.data/cluster/run/podman.sock
rm -f "$socket"
podman system service --time=0 "unix://$socket" >"$root/.data/cluster/logs/podman.log" 2>&1 &
podman_pid=$!
trap 'kill "$podman_pid" 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -S "$socket" ] && break; sleep 0.2; done

export DOCKER_HOST=unix://$socket KUBECONFIG=$root/.data/cluster/kubeconfig/admin.conf
export PATH=$root/.bin/kube:$PATH GOTOOLCHAIN=local
start=$(date +%s)
# --cache-artifacts=false: skaffold would find an image in podman's store and skip the build,
# and a new cluster's containerd would never get it.
.bin/skaffold run -p local --kube-context linguaport-local --cache-artifacts=false >"$root/.data/cluster/logs/skaffold.log" 2>&1 || {
	tail -40 "$root/.data/cluster/logs/skaffold.log"
	exit 1
}
echo "skaffold run -p local: $(($(date +%s) - start)) s (log: .data/cluster/logs/skaffold.log)"
# One package at a time: e2e's deletes and evicts pods, which the probes would meet half-way.
CLUSTER_TEST=1 go test -p 1 -count=1 -timeout 30m -run '^TestCluster' ./e2e/ ./k8s/
