# copycat's build. `make test` is the whole test suite; `.ci/run` calls it.
GO      ?= go
TOOLS   := $(CURDIR)/.tools/bin
export PATH := $(TOOLS):$(PATH)

.PHONY: all build bench-hostile test test-dist test-race test-unit test-goroot vet bench clean tools chromium neovim pre-commit golangci-lint golangci-custom

all: build

build:
	$(GO) build -o bin/copycat ./cmd/copycat

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }
	$(GO) vet ./...
	@# copycat on its own code: a listed copy fails the build (exit 1).
	$(GO) run ./cmd/copycat -cache=off ./...

test: tools vet chromium neovim pre-commit golangci-custom test-unit test-goroot

test-unit:
	$(GO) test -count=1 ./...

# The packages that run work on several goroutines (the engine's phases,
# loading, the index, the editor server, the command line's interrupts),
# under the race detector: not part of `make test` (it adds about two
# minutes); .ci/run calls it after. The detector needs cgo: a C compiler
# is installed when there is none.
RACE_PACKAGES := ./fingerprint ./load ./cache ./change ./ignore ./report ./lsp ./internal/cli ./internal/par ./internal/spill

test-race:
	@command -v "$$($(GO) env CC)" >/dev/null || { apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev; }
	CGO_ENABLED=1 $(GO) test -race -count=1 $(RACE_PACKAGES)

# The Beam pipeline (dist/, a module of its own: see dist/README.md):
# gofmt, vet, its build and its tests, the differential test over real
# modules included. Not part of `make test`; .ci/run calls it after.
test-dist:
	@test -z "$$(cd dist && gofmt -l $$(git ls-files '*.go'))" || { cd dist && gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }
	cd dist && $(GO) vet ./...
	cd dist && $(GO) build -o ../bin/copycat-dist ./cmd/copycat-dist
	cd dist && $(GO) test -count=1 -timeout 30m ./...

# Tools the tests drive, installed into ./.tools/bin: gopls for the
# language server's proxy test (lsp/).
GOPLS_VERSION := v0.23.0

tools: $(TOOLS)/gopls golangci-lint

$(TOOLS)/gopls:
	GOBIN=$(TOOLS) $(GO) install golang.org/x/tools/gopls@$(GOPLS_VERSION)

# golangci-lint for the plugin's test (golangci/): its `custom` builds the
# plugin into a golangci-lint of the same version (v2.15.0 has the x/tools
# of copycat's go.mod). Built with -trimpath, as the plugin build is, so
# that the two share the build cache.
GOLANGCI_LINT_VERSION := v2.15.0

golangci-lint: $(TOOLS)/.golangci-lint-$(GOLANGCI_LINT_VERSION)

$(TOOLS)/.golangci-lint-$(GOLANGCI_LINT_VERSION):
	GOBIN=$(TOOLS) GOFLAGS="$$($(GO) env GOFLAGS) -trimpath" $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION)
	touch $@

# golangci-lint with copycat's plugin, built by `golangci-lint custom` into
# .tools/custom-gcl without GitHub (see golangci/custom_test.go); the
# build is kept while the module's files stay the same.
golangci-custom: golangci-lint
	COPYCAT_GOLANGCI_BUILD=1 $(GO) test -count=1 -timeout 45m -run '^TestBuildCustom$$' ./golangci

# Every .go file under GOROOT/src, testdata (deliberately broken files)
# included: the run must finish without a panic; and docs/usage.md's
# standard-library examples print as they show.
test-goroot:
	COPYCAT_GOROOT_TEST=1 $(GO) test -count=1 -run 'TestGOROOTNoPanic|TestUsageExamples|TestPasteListedInTheStandardLibrary' ./internal/cli

# Speed and memory against the parse floor, jscpd and dupl, on the standard
# library and the corpus (BENCH_CORPUS=std for the standard library alone).
bench:
	@bench/run.sh

# The hostile inputs alone (also part of make bench): each through the
# command line, with its time and memory against its bound.
bench-hostile: build
	@bash bench/hostile.sh $(CURDIR)/bin/copycat $(CURDIR)/bench/out

# Headless Chromium for the HTML report's browser test (report/). Every
# apt install leaves out the packages Debian only recommends: a headless
# browser and a terminal editor need none of them (printing, sound,
# desktop services).
chromium:
	@test -x /usr/bin/chromium || { apt-get update && apt-get install -y --no-install-recommends chromium; }

# pre-commit, for the hook's test (internal/ci): Debian's package, as the
# Python registry is out of reach of these machines.
pre-commit:
	@command -v pre-commit >/dev/null || { apt-get update && apt-get install -y --no-install-recommends pre-commit; }

# Neovim, the real editor that drives the language server in lsp/'s
# TestNeovim.
neovim:
	@command -v nvim >/dev/null || { apt-get update && apt-get install -y --no-install-recommends neovim; }

clean:
	rm -rf bin .tools
