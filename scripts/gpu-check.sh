#!/usr/bin/env bash
# The GPU lane in one command. GPU machines here have no Go, so it has two
# halves:
#
#   make gpu-build [BIN=DIR]    on a machine with Go: builds culab, the GPU
#                               test binaries and the benchmark programs
#                               into DIR (default .cudabin/gpu-check), all
#                               with CGO_ENABLED=0
#   make gpu-check [BIN=DIR]    on the GPU machine, from the repository
#                               root (DIR copied there): runs the GPU tests
#                               of every package that has them, every
#                               notebook through `culab run` (what `make
#                               report` runs), NVIDIA's tools on culab, and
#                               the benchmarks against native nvcc builds
#                               and CuPy; writes one dated folder under
#                               docs/results/ and its line in
#                               docs/results/README.md (a row of its table)
#
# RESULTS=DIR writes the folder elsewhere (the index line then goes to
# DIR/index-line.md only); STEPS (default "tests notebooks tools bench")
# picks steps, GPU_TESTS (default: all of gpu_tests below) the packages
# whose GPU tests run, for a BIN that holds only theirs (the device
# machine's transfer limit). Each step's output is in its log; the folder's README.md
# has the machine, every command with its exit status and time, and the
# figures. The run fails when a step fails.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bin=${BIN:-.cudabin/gpu-check}
case $bin in /*) ;; *) bin=$root/$bin ;; esac

# Packages with tests that use a GPU, and which of their tests do.
gpu_tests=(
  "cudalib=GPU|HardwareProfile|Worker"
  "cudalib/driver=GPU"
  "cudalib/labs=GPU"
  "cudalib/nvrtc=."
  "kernel/nb=."
  "kernel/goengine=CUDA|GPU|Device"
)

build() {
  set -e
  mkdir -p "$bin/tests"
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  export CGO_ENABLED=0
  go build -trimpath -ldflags "-s -w -X main.version=0.1.0+$commit" -o "$bin/culab" ./cmd/culab
  for b in gpubench labbench; do go build -trimpath -ldflags "-s -w" -o "$bin/$b" "./bench/$b"; done
  go build -trimpath -ldflags "-s -w" -o "$bin/kernelrun" ./tools/kernelrun
  for t in "${gpu_tests[@]}"; do
    pkg=${t%%=*}
    go test -c -trimpath -ldflags "-s -w" -o "$bin/tests/${pkg//\//__}.test" "./$pkg"
  done
  echo "built $bin: $(ls "$bin" "$bin/tests" | tr '\n' ' ')"
}

gpu_name() { nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1; }

check() {
  [ -x "$bin/culab" ] || { echo "$bin/culab is missing: run make gpu-build BIN=$bin on a machine with Go first" >&2; exit 2; }
  gpu=$(gpu_name)
  short=$(echo "$gpu" | grep -oE '[A-Z]+[0-9]+' | head -1 | tr 'A-Z' 'a-z')
  day=$(date -u +%F)
  dir=${RESULTS:-docs/results/$day-${short:-gpu}-gpu-check}
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  steps=" ${STEPS:-tests notebooks tools bench} "
  : > "$dir/steps.tsv"
  failed=0
  # Scratch (the probe's report, the benchmarks' builds and outputs) in a
  # new private directory: a fixed /tmp path could be another user's, or
  # hold an earlier run's files that this run's summary would then show.
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/gpu-check.XXXXXX") || exit 2
  mkdir "$scratch/bench"
  # step NAME LOG COMMAND...: runs COMMAND, its output to LOG, and notes
  # its exit status and seconds.
  step() {
    local name=$1 log=$2
    shift 2
    local t0 rc
    t0=$(date +%s.%N)
    echo "== $name: $*" | tee -a "$dir/$log"
    "$@" >> "$dir/$log" 2>&1
    rc=$?
    printf '%s\t%s\t%.1f\t%s\n' "$name" "$rc" "$(echo "$(date +%s.%N) - $t0" | awk '{print $1 - $3}')" "$*" >> "$dir/steps.tsv"
    echo "   rc $rc" | tee -a "$dir/$log"
    [ "$rc" = 0 ] || failed=$((failed + 1))
  }
  {
    date -u
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
    echo "host: $(nproc) cores, $(uname -r)"
    "$bin/culab" version
    "$bin/culab" info
    (ncu --version | tail -1; compute-sanitizer --version | tail -1; command -v nsys || echo "nsys: not installed") 2>&1
  } > "$dir/machine.txt" 2>&1

  if [[ $steps == *" tests "* ]]; then
    for t in "${gpu_tests[@]}"; do
      pkg=${t%%=*} pat=${t#*=}
      if [[ -n "${GPU_TESTS:-}" && " $GPU_TESTS " != *" $pkg "* ]]; then continue; fi
      step "test $pkg" tests.log bash -c "cd '$root/$pkg' && '$bin/tests/${pkg//\//__}.test' -test.run '$pat' -test.count 1 -test.timeout 600s -test.v"
    done
  fi
  if [[ $steps == *" notebooks "* ]]; then
    # What `make report` runs after its build, the lab phases logged.
    step "notebooks (make report)" notebooks.log env CULAB_LAB_PHASES=1 "$bin/culab" run -o "$dir/report" notebooks/*.ipynb
  fi
  if [[ $steps == *" tools "* ]]; then
    probe=cmd/culab/testdata/toolprobe.ipynb
    # The GPU in the worker (culab run) and the engine and worker in
    # children of the kernel (culab kernel, driven through the Jupyter
    # protocol by kernelrun): each tool must see every kernel launched.
    step "ncu on culab run" tools.log ncu --target-processes all -k regex:culab_ --section SourceCounters -f -o "$dir/probe" "$bin/culab" run -o "$scratch/probe" "$probe"
    step "ncu: the kernels profiled" tools.log ncu --import "$dir/probe.ncu-rep" --print-summary per-kernel
    step "ncu: their source lines" tools.log bash -c "ncu --import '$dir/probe.ncu-rep' --page source --csv --print-source cuda | head -40"
    step "ncu on culab kernel" tools.log "$bin/kernelrun" "$probe" ncu --target-processes all -k regex:culab_ -f -o "$dir/probe-kernel" "$bin/culab" kernel -f {conn}
    step "ncu: the kernel's kernels profiled" tools.log ncu --import "$dir/probe-kernel.ncu-rep" --print-summary per-kernel
    step "compute-sanitizer on culab run" tools.log env TINY_OOB=1 compute-sanitizer --target-processes all --error-exitcode 0 "$bin/culab" run -o "$scratch/probe" "$probe"
    step "compute-sanitizer on culab kernel" tools.log env TINY_OOB=1 "$bin/kernelrun" "$probe" compute-sanitizer --target-processes all --error-exitcode 0 "$bin/culab" kernel -f {conn}
    step "ncu on culab run, CULAB_GPU_WORKER=off" tools.log env CULAB_GPU_WORKER=off ncu --target-processes all -k regex:culab_ "$bin/culab" run -o "$scratch/probe" "$probe"
    rm -f "$dir/probe.ncu-rep" "$dir/probe-kernel.ncu-rep"
    rm -f "$dir/probe.ncu-rep"
  fi
  if [[ $steps == *" bench "* ]]; then
    step "gpubench: culab vs native and CuPy" bench.log env BIN="$bin" OUT="$scratch/bench" bash bench/gpubench/run.sh
    step "labbench: labs.Run vs native" bench.log env BIN="$bin" OUT="$scratch/bench" bash bench/labbench/run.sh
    step "launchpace: launch sequences vs native" bench.log env BIN="$bin/labbench" OUT="$scratch/bench" ROUNDS="${ROUNDS:-9}" bash bench/launchpace/run.sh
  fi
  summarize
  rm -rf "$scratch"
  [ "$failed" = 0 ]
}

summarize() {
  local total ok report_s
  total=$(wc -l < "$dir/steps.tsv")
  ok=$(awk -F'\t' '$2 == 0' "$dir/steps.tsv" | wc -l)
  report_s=$(awk -F'\t' '$1 ~ /^notebooks/ {print $3}' "$dir/steps.tsv")
  {
    echo "# make gpu-check — $day, $gpu"
    echo
    echo "Command: \`make gpu-check BIN=$(basename "$bin")\` (binaries from \`make gpu-build\`, CGO_ENABLED=0). $ok of $total steps passed."
    echo
    echo '```'
    cat "$dir/machine.txt"
    echo '```'
    echo
    echo "| step | exit | seconds | command |"
    echo "|---|---|---|---|"
    awk -F'\t' '{gsub(/\|/, "\\|", $4); printf "| %s | %s | %s | `%s` |\n", $1, $2, $3, $4}' "$dir/steps.tsv"
    if [ -f "$dir/tests.log" ]; then
      echo
      echo "GPU tests (\`tests.log\`): $(grep -c -- '--- PASS' "$dir/tests.log") passed, $(grep -c -- '--- SKIP' "$dir/tests.log") skipped, $(grep -c -- '--- FAIL' "$dir/tests.log") failed."
    fi
    if [ -f "$dir/notebooks.log" ]; then
      echo
      echo "Cells over 5 s, and the lab phases (\`notebooks.log\`):"
      echo
      echo '```'
      awk '/^culab run: /{nb=$3} /^  cell /{s=$4; sub("s","",s); if (s+0 > 5) print nb, $0} /^culab phases:/' "$dir/notebooks.log"
      echo '```'
    fi
    for f in "$scratch/bench/launchpace.md"; do
      [ -f "$f" ] && { echo; cat "$f"; }
    done
    if [ -f "$dir/bench.log" ]; then
      echo
      sed -n '/^### /,/^== /p' "$dir/bench.log" | grep -v '^== '
    fi
  } > "$dir/README.md"
  # A row of docs/results/README.md's table, which lists folders newest first.
  line="| [$(basename "$dir")]($(basename "$dir")/) | make gpu-check on $gpu: $ok/$total steps passed, notebooks in ${report_s:-?} s | **current** for make gpu-check |"
  echo "$line" > "$dir/index-line.md"
  if [ -z "${RESULTS:-}" ]; then
    sed -i "/^|---|---|---|\$/a $line" docs/results/README.md
  fi
  cat "$dir/README.md"
}

case ${1:-check} in
build) build ;;
check) check ;;
*) echo "usage: scripts/gpu-check.sh [build|check]" >&2; exit 2 ;;
esac
