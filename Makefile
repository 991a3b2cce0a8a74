# LinguaPort: `make up` runs everything locally, `make test` runs the whole suite.
SHELL := /bin/bash
export GOTOOLCHAIN := local
GO ?= go
BIN := .bin
WEBUI_SOURCES := $(shell find webui/src webui/scripts webui/index.html webui/vite.config.* webui/public -type f 2>/dev/null)
CATALOG_SOURCES := $(shell find svc-catalog internal -name '*.go' -o -path '*/seed/*' -type f 2>/dev/null)

.PHONY: up test deps test-deps bench-deps tools build webui vet bench-gateway bench-lighthouse clean

up: deps tools build webui
	$(BIN)/devstack

test: test-deps tools build webui vet
	cd webui && npm test --silent
	$(GO) test -count=1 -timeout 20m ./...

# System packages: installed with apt when running as root, otherwise the exact command is printed.
# The stack needs redis-server and nginx; the tests also drive Chromium; the benchmarks load with wrk and hey.
STACK_PACKAGES := redis-server:redis-server nginx:nginx /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so:libnginx-mod-http-brotli-filter /usr/lib/nginx/modules/ngx_http_brotli_static_module.so:libnginx-mod-http-brotli-static
TEST_PACKAGES := $(STACK_PACKAGES) chromium:chromium
BENCH_PACKAGES := $(STACK_PACKAGES) wrk:wrk hey:hey

deps:
	@$(call install,$(STACK_PACKAGES))

test-deps:
	@$(call install,$(TEST_PACKAGES))

bench-deps:
	@$(call install,$(BENCH_PACKAGES))

# Each item is "command-or-path:package"; missing ones are installed together.
define install
	missing=""; \
	for item in $(1); do \
		what=$${item%%:*}; pkg=$${item#*:}; \
		if [ "$${what#/}" != "$$what" ]; then [ -e "$$what" ] || missing="$$missing $$pkg"; \
		else command -v "$$what" >/dev/null || missing="$$missing $$pkg"; fi; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "installing:$$missing"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
		else \
			echo "missing system packages; run:"; echo "  sudo apt-get install -y$$missing"; exit 1; \
		fi; \
	fi
endef

# Consul is built once from its Go module (pinned in tools/go.mod) and reused.
tools: $(BIN)/consul

$(BIN)/consul: tools/go.mod tools/go.sum
	@mkdir -p $(BIN)
	cd tools && $(GO) build -ldflags="-s -w" -o ../$(BIN)/consul github.com/hashicorp/consul

build:
	@mkdir -p $(BIN)
	$(GO) build -o $(BIN)/ ./gateway ./svc-auth ./svc-catalog ./svc-orders ./svc-geo ./devstack

webui: webui/dist/index.html

webui/node_modules/.package-lock.json: webui/package-lock.json
	cd webui && npm ci --no-audit --no-fund --loglevel=error

# The pages are prerendered from the catalogue's seed content, answered by svc-catalog's own handler.
webui/build/catalog-snapshot.json: $(CATALOG_SOURCES)
	$(GO) run ./svc-catalog snapshot $@

webui/dist/index.html: webui/node_modules/.package-lock.json $(WEBUI_SOURCES) webui/build/catalog-snapshot.json
	cd webui && npm run build

vet:
	$(GO) vet ./...

bench-gateway: bench-deps tools build
	$(GO) run ./bench/gateway

# Lighthouse (mobile) on ten pages served by nginx, and the home page's initial JavaScript.
bench-lighthouse: test-deps tools build webui
	cd bench/lighthouse && npm ci --no-audit --no-fund --loglevel=error && node run.mjs

clean:
	rm -rf $(BIN)/gateway $(BIN)/svc-auth $(BIN)/svc-catalog $(BIN)/svc-orders $(BIN)/svc-geo $(BIN)/devstack webui/dist webui/build
