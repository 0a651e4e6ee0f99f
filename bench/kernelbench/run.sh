#!/usr/bin/env bash
# Benchmarks culab's Go kernel beside ipykernel on this machine, in one run,
# and prints a Markdown section for bench/RESULTS.md (progress on stderr).
# Needs no GPU. Extra arguments go to bench.py (see its --help).
#
#   VENV=DIR        the Python venv (default .venv; made by setup-python.sh --test)
#   CULAB_REV=REV   build that commit (git archive, same flags as scripts/build.sh)
#                   instead of the working tree, which others may be editing
#   CULAB_BIN=FILE  use this culab binary; nothing is built
#   JSON=FILE       also write the raw figures there
#   LOGDIR=DIR      keep the kernels' stderr there
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=${VENV:-.venv}
tmp=$(mktemp -d /tmp/kernelbench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

if [ -n "${CULAB_BIN:-}" ]; then
  culab=$(realpath "$CULAB_BIN")
elif [ -n "${CULAB_REV:-}" ]; then
  rev=$(git rev-parse --short "$CULAB_REV")
  mkdir "$tmp/src"
  git archive "$rev" | tar -x -C "$tmp/src"
  (cd "$tmp/src" && CGO_ENABLED=0 go build -trimpath -ldflags "-X main.version=0.1.0+$rev" -o "$tmp/culab" ./cmd/culab)
  culab=$tmp/culab
  echo "built culab $rev" >&2
else
  scripts/build.sh >&2
  culab=$PWD/bin/culab
fi
VENV=$venv scripts/setup-python.sh --test >&2
py=$venv/bin/python

# Both kernelspecs in a temporary prefix, nothing in the user's.
prefix=$tmp/prefix
"$py" -m ipykernel install --prefix "$prefix" >&2
"$culab" install --prefix "$prefix" >&2
# The stream benchmark prints 50 MiB: lift culab's per-cell output limit
# (1 MiB by default; negative means none).
"$py" - "$prefix/share/jupyter/kernels/culab/kernel.json" <<'PY'
import json, sys
p = sys.argv[1]
spec = json.load(open(p))
i = spec["argv"].index("-f")
spec["argv"][i:i] = ["--output-limit", "-1"]
json.dump(spec, open(p, "w"), indent=1)
PY

# Fresh per-run state for both: IPython profile and history, culab history.
export IPYTHONDIR=$tmp/ipython XDG_DATA_HOME=$tmp/data JUPYTER_RUNTIME_DIR=$tmp/runtime
cmd="bash bench/kernelbench/run.sh"
[ -n "${CULAB_REV:-}" ] && cmd="CULAB_REV=$CULAB_REV $cmd"
[ -n "${VENV:-}" ] && cmd="VENV=$VENV $cmd"
"$py" bench/kernelbench/bench.py --kernels-dir "$prefix/share/jupyter/kernels" \
  --json "${JSON:-$tmp/kernelbench.json}" --logdir "${LOGDIR:-$tmp/logs}" --command "$cmd" "$@"
