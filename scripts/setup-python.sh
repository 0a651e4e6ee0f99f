#!/usr/bin/env bash
# Creates (or updates) the Python venv with pinned packages: JupyterLab for
# the image, plus the test tooling with --test. Idempotent: pip skips what is
# already installed at the pinned version. VENV overrides the location.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${VENV:-.venv}
req=requirements.txt
[ "${1:-}" = "--test" ] && req=tests/requirements.txt
if ! python3 -c 'import venv' 2>/dev/null || ! python3 -m ensurepip --version >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
fi
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
stamp="$venv/.culab-$(sha256sum $req requirements.txt | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$req"
  touch "$stamp"
fi
echo "python venv ready: $venv ($req)"
# tests/test_hub.py runs a JupyterHub: its culler and proxy.
if [ "${1:-}" = "--test" ]; then VENV="$venv" scripts/setup-hub.sh; fi
