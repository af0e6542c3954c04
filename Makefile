# copycat's build. `make test` is the whole test suite; `.ci/run` calls it.
GO      ?= go
TOOLS   := $(CURDIR)/.tools/bin
export PATH := $(TOOLS):$(PATH)

.PHONY: all build test test-unit test-goroot vet bench clean tools chromium neovim

all: build

build:
	$(GO) build -o bin/copycat ./cmd/copycat

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt needed"; exit 1; }
	$(GO) vet ./...

test: tools vet chromium neovim test-unit test-goroot

test-unit:
	$(GO) test -count=1 ./...

# Tools the tests drive, installed into ./.tools/bin: gopls for the
# language server's proxy test (lsp/).
GOPLS_VERSION := v0.23.0

tools: $(TOOLS)/gopls

$(TOOLS)/gopls:
	GOBIN=$(TOOLS) $(GO) install golang.org/x/tools/gopls@$(GOPLS_VERSION)

# Every .go file under GOROOT/src, testdata (deliberately broken files)
# included: the run must finish without a panic.
test-goroot:
	COPYCAT_GOROOT_TEST=1 $(GO) test -count=1 -run TestGOROOTNoPanic ./internal/cli

# Speed and memory against the parse floor, jscpd and dupl, on the standard
# library and the corpus (BENCH_CORPUS=std for the standard library alone).
bench:
	@bench/run.sh

# Headless Chromium for the HTML report's browser test (report/).
chromium:
	@test -x /usr/bin/chromium || { apt-get update && apt-get install -y chromium; }

# Neovim, the real editor that drives the language server in lsp/'s
# TestNeovim.
neovim:
	@command -v nvim >/dev/null || { apt-get update && apt-get install -y neovim; }

clean:
	rm -rf bin .tools
