#!/usr/bin/env bash
# Builds the static culab binary (CGO_ENABLED=0) into bin/.
set -euo pipefail
cd "$(dirname "$0")/.."
go mod download
# CULAB_COMMIT: where there is no .git (the Dockerfile's build).
commit=${CULAB_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
mkdir -p bin
CGO_ENABLED=0 go build -trimpath -ldflags "-X main.version=0.1.0+$commit" -o bin/culab ./cmd/culab
echo "built bin/culab"
