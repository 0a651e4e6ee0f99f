#!/usr/bin/env bash
# Makes local stand-ins for the Dockerfile's two public bases, where no
# container registry can be pulled from, and prints the build arguments
# that select them (tests/test_image.py builds the Dockerfile with them):
#
#   BUILD_BASE=localhost/culab-standin/build:TAG      for golang:1.26-bookworm
#   RUNTIME_BASE=localhost/culab-standin/runtime:TAG  for nvidia/cuda:13.0.2-runtime-ubuntu24.04
#
# Both are Debian bookworm made by mmdebstrap (imported with podman import),
# with this machine's Go, or NVRTC 13 from PyPI (scripts/setup-cudatools.sh):
# tests/image/standins.Containerfile says what each adds. Each tag is a hash
# of what goes into the image; an image already in podman's store is kept,
# so a second run builds nothing. Needs podman and mmdebstrap
# (scripts/setup-podman.sh) and root.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
log() { echo "image-standins: $*" >&2; }
hash() { sha256sum | cut -c1-12; }

# The Debian rootfs, tagged by the mmdebstrap command that makes it.
debstrap=(mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm)
debian=localhost/culab-standin/debian:$(echo "${debstrap[*]}" | hash)
if ! podman image exists "$debian"; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	log "making $debian (${debstrap[*]})"
	"${debstrap[@]}" "$tmp/rootfs.tar" >&2
	podman import --quiet "$tmp/rootfs.tar" "$debian" >/dev/null
	rm -rf "$tmp"
	trap - EXIT
fi

# The context: what the stand-ins copy in. Its hash (with the
# Containerfile's and the rootfs's name) is their tag.
scripts/setup-cudatools.sh >&2
cudatools=${CULAB_CUDATOOLS:-$HOME/.cache/culab/cudatools}
goroot=$(go env GOROOT)
nvrtc=("$cudatools/nvidia/cu13/lib/libnvrtc.so.13" "$cudatools"/nvidia/cu13/lib/libnvrtc-builtins.so.13.*)
cas=()
for f in /usr/local/share/ca-certificates/*.crt; do [[ -f $f ]] && cas+=("$f"); done
tag=$({
	echo "$debian"
	cat tests/image/standins.Containerfile "$goroot/VERSION" "$cudatools/.installed"
	[[ ${#cas[@]} -eq 0 ]] || cat "${cas[@]}"
} | hash)
build=localhost/culab-standin/build:$tag
runtime=localhost/culab-standin/runtime:$tag
if ! podman image exists "$build" || ! podman image exists "$runtime"; then
	ctx=$(mktemp -d)
	trap 'rm -rf "$ctx"' EXIT
	mkdir "$ctx/ca" "$ctx/nvrtc"
	cp -a "$goroot" "$ctx/go"
	cp "${nvrtc[@]}" "$ctx/nvrtc/"
	[[ ${#cas[@]} -eq 0 ]] || cp "${cas[@]}" "$ctx/ca/"
	for target in build runtime; do
		image=localhost/culab-standin/$target:$tag
		log "making $image"
		podman build --quiet --isolation chroot --network host --build-arg "DEBIAN=$debian" \
			--target "$target" -t "$image" -f "$root/tests/image/standins.Containerfile" "$ctx" >/dev/null
	done
	rm -rf "$ctx"
	trap - EXIT
fi
# Stand-ins of earlier recipes go; one that an image still stands on stays
# until that image is replaced (tests/test_image.py removes it then).
podman images --format '{{.Repository}}:{{.Tag}}' --filter reference='localhost/culab-standin/*' |
	while read -r old; do
		case $old in
		"$debian" | "$build" | "$runtime") ;;
		*) if podman rmi "$old" >/dev/null 2>&1; then log "removed $old"; fi ;;
		esac
	done
echo "BUILD_BASE=$build"
echo "RUNTIME_BASE=$runtime"
