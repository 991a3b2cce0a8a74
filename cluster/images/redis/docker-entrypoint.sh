#!/bin/sh
# As the official redis image's entrypoint: flags alone, or a configuration file, are
# redis-server's. And as that image's redis-server, which is built with protected mode off:
# Debian's refuses clients from other addresses when no password is set, which every pod is, so
# protected mode is turned off here (arguments after it may turn it on again). Only the
# namespace's pods reach it, as the NetworkPolicies have it.
set -e
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then
	set -- redis-server "$@"
fi
if [ "$1" = redis-server ]; then
	shift
	set -- redis-server --protected-mode no "$@"
fi
exec "$@"
