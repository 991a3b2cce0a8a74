# Images for the one-node cluster of issue 30, built with buildah on locally made bases and
# loaded into the cluster's containerd (cluster/images/README.md). Included by the Makefile.
# All need root; the store is .data/buildah.
#
#   make images-bases   the bases the Dockerfiles start FROM, made once (FORCE=1 remakes them)
#   make images-deps    + Consul, Jaeger, Redis, the database (FerretDB on PostgreSQL) and the
#                       stand-ins, loaded as localhost/linguaport/<name>:<version>
#   make images-app     + gateway, svc-*, webui from their Dockerfiles, loaded as <name>:$(APP_TAG)
#   make images-check   runs each image with podman as its pod would (after the two above)
#
# CONTAINERD_ADDRESS is where they are loaded (default: the cluster's socket under
# .data/cluster/run); CONTAINERD_ADDRESS=none only builds.

IMAGES_BIN := $(or $(BIN),.bin)
APP_TAG ?= local
export APP_TAG

.PHONY: images-bases images-deps images-app images-check

images-bases:
	cluster/images/bases.sh $(if $(FORCE),--force)

# Consul and Jaeger are the binaries `make tools` builds (many minutes from their modules),
# copied into their images rather than built again there.
images-deps: images-bases $(IMAGES_BIN)/consul $(IMAGES_BIN)/jaeger
	cluster/images/images.sh deps

images-app: images-bases
	cluster/images/images.sh app

images-check:
	cluster/images/check.sh
