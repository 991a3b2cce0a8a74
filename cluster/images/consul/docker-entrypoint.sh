#!/bin/sh
# hashicorp/consul's entrypoint (.release/docker/docker-entrypoint.sh of the module), less what
# a container that is not root and has a read-only root file system cannot do: no chown of the
# data directory and no drop to the consul user (it already is; CONSUL_DISABLE_PERM_MGMT is
# moot), no CONSUL_LOCAL_CONFIG (it writes into the configuration directory), no
# CONSUL_*_INTERFACE (no `ip` here). `agent ...` gets the image's data and configuration
# directories, as the overlay's `agent -server ...` with no -data-dir expects.
set -e
CONSUL_DATA_DIR=${CONSUL_DATA_DIR:-/consul/data}
CONSUL_CONFIG_DIR=${CONSUL_CONFIG_DIR:-/consul/config}
if [ "${1#-}" != "$1" ]; then
	set -- consul "$@"
fi
if [ "$1" = agent ]; then
	shift
	set -- consul agent -data-dir="$CONSUL_DATA_DIR" -config-dir="$CONSUL_CONFIG_DIR" "$@"
elif [ "$1" = version ]; then
	set -- consul "$@"
elif consul --help "$1" 2>&1 | grep -q "consul $1"; then
	set -- consul "$@"
fi
exec "$@"
