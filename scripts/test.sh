#!/usr/bin/env bash
# Every test of culab, as CI runs it: installs what the tests need (Go
# modules, Debian's NVRTC, NVRTC 13 and nvdisasm, the Python test tooling, Chromium), then checks
# formatting, vet, staticcheck, generated code, the Go tests with -race, and the tests
# through real Jupyter clients, the Dockerfile's image among them (tests/test_image.py
# builds it with podman on local stand-in bases). GPU tests skip (saying why) without a GPU.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup-nvrtc.sh
# NVRTC 13 and nvdisasm from PyPI: cudalib/sass's SASS counts (its live tests).
scripts/setup-cudatools.sh
go mod download
scripts/build.sh

# The Docker image of tests/test_image.py, built in the background (podman
# as root): a first build on a new machine spends minutes downloading
# (mmdebstrap, apt, pip), which overlap the Go tests below; its Go stage
# uses this machine's build cache, which scripts/build.sh just filled.
mkdir -p out/test-artifacts
background=()
# Each background job is a process group of its own: a run that stops
# before it was waited for stops it too.
trap 'for pid in "${background[@]}"; do kill -- "-$pid" 2>/dev/null || true; done' EXIT
if [[ $EUID -eq 0 ]]; then
  scripts/setup-podman.sh
  image_status=$PWD/out/test-artifacts/image-build.status
  rm -f "$image_status"
  export CULAB_TEST_IMAGE_STATUS=$image_status CULAB_TEST_IMAGE_LOG=$PWD/out/test-artifacts/image-build.log
  setsid tests/image/build.sh "$image_status" >"$CULAB_TEST_IMAGE_LOG" 2>&1 &
  background+=($!)
  echo "test.sh: building the test image in the background (log: $CULAB_TEST_IMAGE_LOG)"
fi
# The Python test tooling (pip, npm: downloads too), in the background as well.
setsid scripts/setup-python.sh --test >out/test-artifacts/setup-python.log 2>&1 &
python_pid=$!
background+=($python_pid)

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go'))
if [ -n "$unformatted" ]; then echo "gofmt would change:"; echo "$unformatted"; exit 1; fi

echo "== go vet"
go vet ./...

echo "== staticcheck"
# Pinned (the module proxy refuses @latest for some modules); installed once
# into .cache/bin, again only when the pin changes.
staticcheck_version=v0.8.2
sc=.cache/bin/staticcheck
if ! "$sc" -version 2>/dev/null | grep -q "(${staticcheck_version#v})"; then
  GOBIN="$PWD/.cache/bin" go install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version"
fi
"$sc" ./...

echo "== go test -race"
# End-to-end packages that run every notebook, lab and zoo kernel through
# the interpreters are 8–90× slower under the race detector (notebooks: 15 s
# against 200 s; the labs' sampled-against-whole launches 3 s against 280 s):
# with -race they run a subset (-short), and then whole without -race. The
# concurrency they use is under -race in full in the packages that own it
# (vgpu, goengine, kernel, cudalib).
end_to_end="./notebooks ./cudalib/labs ./tools/ncucompare ./tools/zoocompare"
go test -race -count=1 -timeout 20m $(go list ./... | grep -vxF "$(for p in $end_to_end; do echo "github.com/culab/culab/${p#./}"; done)")
go test -race -short -count=1 -timeout 20m $end_to_end
echo "== go test (the end-to-end packages whole, without -race)"
go test -count=1 -timeout 20m $end_to_end

echo "== the patched yaegi's own tests of culab's patches (a module of its own: ./... above does not reach it)"
tests=$(sed -n 's/^func \(Test[A-Za-z0-9_]*\)(t \*testing\.T).*/\1/p' third_party/yaegi/interp/culab*_test.go | paste -sd'|')
(cd third_party/yaegi && go test -race -count=1 -run "^($tests)\$" ./interp/)

echo "== Python tests through real Jupyter clients"
# jupyter_client, nbclient, jupyter_kernel_test, JupyterLab in Debian's
# headless Chromium (Playwright drives it; no browser download): tests/.
export PYTHONUNBUFFERED=1
if ! wait "$python_pid"; then
  echo "test.sh: scripts/setup-python.sh --test failed:" >&2; cat out/test-artifacts/setup-python.log >&2; exit 1
fi
cat out/test-artifacts/setup-python.log
if ! command -v chromium >/dev/null 2>&1; then
  if [[ $EUID -ne 0 ]]; then echo "test.sh: chromium is missing; install it as root (apt-get install chromium)" >&2; exit 1; fi
  candidate=$(apt-cache policy chromium 2>/dev/null | awk '/Candidate:/ { print $2 }')
  if [[ -z "$candidate" || "$candidate" == "(none)" ]]; then apt-get update -qq; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
  echo "installed $(chromium --version 2>/dev/null | head -1)"
fi
bin/culab install --prefix .venv
# The venv's kernelspec first, whatever else the environment names.
export JUPYTER_PATH="$PWD/.venv/share/jupyter${JUPYTER_PATH:+:$JUPYTER_PATH}"
# tests/test_hub.py spawns each student's server as its own Unix user: they
# run the venv's Python and bin/culab, so every directory above those must be
# searchable by others (o+x: enter, not list). A Python under a 0700 /root
# (pyenv) is not; open just that bit, and say so.
if [[ $EUID -eq 0 ]]; then
  for exe in "$(readlink -f .venv/bin/python)" "$PWD/bin/culab"; do
    d=$(dirname "$exe")
    while [[ "$d" != / ]]; do
      if [[ $(( $(stat -c '0%a' "$d") & 1 )) -eq 0 ]]; then chmod o+x "$d"; echo "test.sh: chmod o+x $d (the hub test's students run $exe)"; fi
      d=$(dirname "$d")
    done
  done
fi
rc=0
.venv/bin/python -m pytest tests -v --durations=10 || rc=$?
# The background build has ended when its test ran; not when pytest stopped
# early: it goes on and ends by itself (its status says so).
if [[ $rc -eq 5 ]]; then echo "test.sh: pytest collected no tests" >&2; exit 1; fi
exit $rc
