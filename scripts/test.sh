#!/usr/bin/env bash
# Every test of culab, as CI runs it: installs what the tests need (Go
# modules, Debian's NVRTC, the Python test tooling, Chromium), then checks
# formatting, vet, generated code, the Go tests with -race, and the tests
# through real Jupyter clients. GPU tests skip (saying why) without a GPU.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup-nvrtc.sh
go mod download

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go'))
if [ -n "$unformatted" ]; then echo "gofmt would change:"; echo "$unformatted"; exit 1; fi

echo "== go vet"
go vet ./...

echo "== go test -race"
go test -race -count=1 ./...
