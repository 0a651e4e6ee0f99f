#!/usr/bin/env bash
# Builds the repository's Dockerfile as tests/test_image.py checks it:
# podman (scripts/setup-podman.sh) on the local stand-ins of its two public
# bases (scripts/image-standins.sh), tagged localhost/culab:test, its Go
# stage localhost/culab:test-build. The build's log goes to stdout.
#
#   tests/image/build.sh [STATUS]
#
# With STATUS, the exit code is written there when the build ends: make
# test (scripts/test.sh) starts this in the background before the Go tests,
# so that the downloads of a first build (mmdebstrap, apt, pip) overlap
# them, and the test waits for STATUS.
#
# The stand-in Go base takes its build and module caches from this
# machine's Go (mounted; tests/image/standins.Containerfile): the Go
# stage compiles what make test has already compiled, so it finds it there.
set -uo pipefail
cd "$(dirname "$0")/../.."
status=${1:-}
finish() {
	local rc=$?
	[[ -z $status ]] || echo "$rc" >"$status"
	exit "$rc"
}
trap finish EXIT
set -e

export CONTAINERS_CONF=$PWD/tests/image/containers.conf
image=localhost/culab:test
stage=$image-build

scripts/setup-podman.sh
podman info --format '{{.Store.GraphDriverName}}' >/dev/null
bases=$(scripts/image-standins.sh)
build_base=$(sed -n 's/^BUILD_BASE=//p' <<<"$bases")
runtime_base=$(sed -n 's/^RUNTIME_BASE=//p' <<<"$bases")
[[ -n $build_base && -n $runtime_base ]] || { echo "image-standins.sh named no bases: $bases" >&2; exit 1; }

id() { podman image inspect --format '{{.Id}}' "$1" 2>/dev/null || true; }
old_image=$(id "$image")
old_stage=$(id "$stage")
gocache=$(go env GOCACHE)
gomodcache=$(go env GOMODCACHE)
mkdir -p "$gocache" "$gomodcache"
args=(
	--isolation chroot --network host
	--volume "$gocache:/host/go-build" --volume "$gomodcache:/host/gomod"
	--build-arg "BUILD_BASE=$build_base" --build-arg "RUNTIME_BASE=$runtime_base"
	--build-arg "CULAB_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
)
# Two jobs: the Go stage runs beside the runtime stage's apt and pip.
podman build "${args[@]}" --jobs 2 -t "$image" .
# The Go stage tagged too (from the cache: seconds), so that it can be told
# from stale layers below.
podman build "${args[@]}" --target build -t "$stage" . >/dev/null
# What this build's images replace: their own layers go, the shared ones
# (the next build's cache) stay.
for pair in "$image $old_image" "$stage $old_stage"; do
	read -r tag was <<<"$pair"
	if [[ -n ${was:-} && $was != "$(id "$tag")" ]]; then podman rmi "$was" >/dev/null || true; fi
done
echo "built $image"
