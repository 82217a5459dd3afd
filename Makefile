# Folio. `make run` starts the server on an embedded database; `make test`
# runs every test against real PostgreSQL (and the playground test in
# headless Chromium). Both install what they need through the system package
# manager when it is missing.

GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT  ?= $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
BUILD   := $(shell date -u +%Y-%m-%dT%H:%M:%SZ)
LDFLAGS := -X folio/internal/buildinfo.Version=$(VERSION) -X folio/internal/buildinfo.Build=$(BUILD) -X folio/internal/buildinfo.Commit=$(COMMIT)
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: build release run test test-pgbouncer fuzz postgres pgbouncer chromium node generate generate-patch generate-refresh check bench soak image app lighthouse

# The binary is rebuilt only when a source file changed since the last
# build (the build time stamped into it would otherwise relink it every time).
SOURCES := $(shell find cmd graph rest service store domain internal migrations -type f -not -name '*_test.go' 2>/dev/null) go.mod go.sum

build: bin/folio

bin/folio: $(SOURCES)
	$(GO) build -ldflags "$(LDFLAGS)" -o bin/folio ./cmd/folio

# A release binary: always rebuilt, with the version (git describe, or
# VERSION=...), the commit and the build time stamped in, and -trimpath so
# no path of this machine ends up in it. `folio version` prints all three
# (GET /v1/ answers the version and the build time).
release:
	$(GO) build -trimpath -ldflags "$(LDFLAGS)" -o bin/folio ./cmd/folio
	./bin/folio version

run: postgres build
	./bin/folio serve

# -timeout 30m: rest's tests (hundreds of servers, Chromium) take a few
# minutes on an idle two-core machine, past go test's default 10 on a busy one.
test: postgres pgbouncer chromium node build
	./bin/folio db run -- $(GO) test -count=1 -timeout 30m ./...
	@$(MAKE) --no-print-directory test-pgbouncer
	@$(MAKE) --no-print-directory fuzz FUZZTIME=$(TEST_FUZZTIME) FUZZ_SKIP='$(TEST_FUZZ_SKIP)'

# The named part of the suite that runs again behind PgBouncer in
# transaction pooling mode (Debian's pgbouncer, started by each test
# process in front of the database like the embedded cluster itself:
# store/pgtest), with Folio in its pooler mode and no direct URL: the store,
# the GraphQL layer and the services, and the REST tests of webhooks, jobs,
# outages and idempotency (the job workers polling). TestPgBouncer
# (store) runs in the plain run as well, with a PgBouncer of its own.
POOLER_PACKAGES ?= ./store/... ./graph ./service/...
POOLER_REST_TESTS ?= Webhook|Job|OpenAPI|Outage|Idempot
test-pgbouncer: postgres pgbouncer build
	FOLIO_TEST_POOLER=pgbouncer ./bin/folio db run -- $(GO) test -count=1 -timeout 30m $(POOLER_PACKAGES)
	FOLIO_TEST_POOLER=pgbouncer ./bin/folio db run -- $(GO) test -count=1 -timeout 30m -run '$(POOLER_REST_TESTS)' ./rest

# After the tests (which run every fuzz target's seeds), make test fuzzes
# each target for TEST_FUZZTIME: a few hundred new inputs each (a minute and
# a half to a few minutes in all, mostly building); make fuzz runs them for
# longer. A count rather than a duration: Go 1.26's fuzz coordinator can
# report its own deadline as a failure when a duration ends while a worker
# is mid-input (go.dev/issue/75804, fixed in Go 1.27), and a count sets no
# deadline. TEST_FUZZ_SKIP leaves out the targets that still find known
# failures, so that make test fails only on news (none now).
TEST_FUZZTIME ?= 500x
TEST_FUZZ_SKIP ?=

# The fuzz targets (func FuzzX in the package of the parser they test), each
# for FUZZTIME, one after the other; their seeds (f.Add and testdata/fuzz)
# already run in every go test. A crasher is written to the package's
# testdata/fuzz/FuzzX/ and stops the run: fix it and commit the file as a
# regression seed. No database is needed.
# A duration ending mid-input is the Go 1.26 coordinator race named above:
# such a run passes when it printed nothing but the deadline (no failing
# input written, no panic, no test's own error line).
FUZZTIME ?= 1m
FUZZ_PACKAGES := ./internal/markdown ./internal/openapidoc ./service/siteimport ./store ./graph ./rest
fuzz:
	@set -e; for pkg in $(FUZZ_PACKAGES); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			case " $(FUZZ_SKIP) " in *" $$target "*) echo "fuzz $$pkg $$target: skipped"; continue;; esac; \
			echo "fuzz $$pkg $$target for $(FUZZTIME)"; \
			log=$$(mktemp); \
			{ $(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$pkg && echo 0 > $$log.rc || echo $$? > $$log.rc; } 2>&1 | tee $$log; \
			if [ "$$(cat $$log.rc)" != 0 ]; then \
				if grep -q 'context deadline exceeded' $$log && ! grep -q 'Failing input written\|panic:\|_test\.go:[0-9]' $$log; then \
					echo "fuzz $$pkg $$target: only the coordinator's own deadline (go.dev/issue/75804), no failing input"; \
				else rm -f $$log $$log.rc; exit 1; fi; \
			fi; \
			rm -f $$log $$log.rc; \
		done; \
	done

# Lighthouse 12.2.3 (installed into the test cache) on an API reference
# page of a customized site, desktop and mobile, light and dark: every
# category must score 100; the scores go to docs/lighthouse.md. Eight runs
# take a few minutes, so make test skips it (FOLIO_LIGHTHOUSE unset).
lighthouse: postgres chromium node
	FOLIO_LIGHTHOUSE=$(CURDIR)/docs/lighthouse.md $(GO) test -count=1 -run '^TestReaderLighthouse$$' -v ./rest

# The soak test: 30 minutes (SOAKFLAGS=-duration=10m for less) of mixed
# load (API reads and writes, published page views, searches, a webhook
# receiver) against one `folio serve` on a private database, sampling the
# server's memory, goroutines, connections and latency every minute into
# bench/SOAK.md; it fails when one of them grows more than 10% from the
# start to the end (after a 5-minute warm-up), on any failed request, and
# on a webhook delivery lost or received twice.
soak: postgres build
	$(GO) run ./bench/cmd/soak $(SOAKFLAGS)

# The benchmark suite: seeds a private database, starts Folio and the direct
# baseline as their own processes, loads them over loopback, and writes
# bench/RESULTS.md (BENCHFLAGS=-quick for a short trial). PostGraphile, the
# peer on the same database, needs Node.js and npm (installed here when
# possible, else that comparison is skipped); the suite installs PostGraphile
# itself into the test cache (FOLIO_TEST_CACHE, else ~/.cache/folio).
# bin/folio-noevents is Folio built with -tags folio_noevents (writes append
# no events): the suite runs it beside bin/folio to measure what the change
# feed costs a write. Never ship it.
bench: postgres build
	@$(MAKE) --no-print-directory node || echo "Node.js and npm unavailable: make bench skips the PostGraphile comparison" >&2
	$(GO) build -o bin/folio-baseline ./bench/cmd/baseline
	$(GO) build -tags folio_noevents -o bin/folio-noevents ./cmd/folio
	$(GO) run ./bench/cmd/bench $(BENCHFLAGS)

# The container image (Dockerfile; compose.yaml runs it with PostgreSQL).
image:
	docker build --build-arg VERSION=$(VERSION) --build-arg COMMIT=$(COMMIT) -t folio:$(VERSION) -t folio:latest .

# PostgreSQL's server binaries (initdb, postgres): on PATH, in Debian's
# /usr/lib/postgresql/*/bin, or installed now with apt-get.
postgres:
	@if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing PostgreSQL with apt-get"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql >/dev/null; \
	else \
		echo "PostgreSQL server binaries not found: install PostgreSQL 15 or later, or set DATABASE_URL" >&2; exit 1; \
	fi

# Debian's PgBouncer (1.18 on Debian 12), for the tests behind a pooler
# (make test-pgbouncer, TestPgBouncer): on PATH, in /usr/sbin, or
# installed now with apt-get.
pgbouncer:
	@if command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ]; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing PgBouncer with apt-get"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq pgbouncer >/dev/null; \
	else \
		echo "pgbouncer not found: install PgBouncer 1.18 or later (make test-pgbouncer needs it)" >&2; exit 1; \
	fi

# Debian's Chromium, for the browser tests (rest/playground_browser_test.go).
# As root it is installed when missing (and the tests fail without it); a
# normal user who cannot install packages is told what is missing, and the
# browser tests skip saying the same.
chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || command -v sudo >/dev/null 2>&1; } && \
		echo "Installing Chromium with apt-get" && $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo "chromium could not be installed: the browser tests need it" >&2; exit 1; \
	else \
		echo "chromium not found and not installable here: the browser tests will be skipped." >&2; \
		echo "Install it with: sudo apt-get install chromium (Debian), then run make test again." >&2; \
	fi

# Node.js and npm, for the tests that use GitBook's own packages from npm
# (@gitbook/api's OpenAPI document and client, openapi-typescript): the
# tests install those into a cache (FOLIO_TEST_CACHE, else ~/.cache/folio).
node:
	@if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Node.js and npm with apt-get"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nodejs npm >/dev/null; \
	else \
		echo "node and npm not found: install Node.js 18 or later with npm (the contract tests need them)" >&2; exit 1; \
	fi

# Rebuild the Folio web app after editing app/ (or the schema its
# operations use): types its .graphql operations (app/src/gen), checks it
# with tsc, bundles it with esbuild into rest/app/dist. Commit both: the
# server embeds rest/app/dist, so make build and make run need no Node.js,
# and rest/app's TestDistIsCurrent fails when they are stale. The npm
# packages (pinned in app/package.json) install into the test cache
# (FOLIO_TEST_CACHE, else ~/.cache/folio), never into app/.
app: node
	$(GO) run ./rest/app/build

# Regenerate GraphQL code after editing graph/schema/*.graphqls: the
# executor (graph/generated/generated.go), the models and the resolver
# files. One Go program, graph/generate, runs gqlgen's generation with
# templates Folio owns (graph/generate/templates): gqlgen's exec templates
# with graph/generate/upstream.patch applied, which points the generated code
# at graph/gqlruntime's faster copies of gqlgen's runtime functions. The
# change is made in the templates, in gqlgen's own terms, rather than by
# rewriting the output afterwards, which would recognise gqlgen's output by
# its shape; main.go says more. TestGeneratedIsCurrent (graph/generate) fails
# when the files in the tree are not what this writes.
generate:
	$(GO) run ./graph/generate

# After editing graph/generate/templates: record the edit in upstream.patch.
generate-patch:
	$(GO) run ./graph/generate -patch

# After upgrading gqlgen in go.mod: apply upstream.patch to the new
# version's templates (it stops, changing nothing, at a hunk that no longer
# applies), then make generate.
generate-refresh:
	$(GO) run ./graph/generate -refresh

check:
	test -z "$$(gofmt -l .)"
	$(GO) vet ./...
