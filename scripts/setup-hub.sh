#!/usr/bin/env bash
# Installs what a JupyterHub needs beside the image's venv (make hub,
# tests/test_hub.py): the idle culler (docs/deploy/requirements-hub.txt)
# into the venv, and configurable-http-proxy from npm, pinned with its
# dependencies by docs/deploy/proxy/package-lock.json, into .cache/hub-proxy.
# Idempotent: each step is skipped while its pinned inputs are unchanged.
# VENV overrides the venv's location, as in scripts/setup-python.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${VENV:-.venv}
[ -x "$venv/bin/python" ] || VENV="$venv" scripts/setup-python.sh

req=docs/deploy/requirements-hub.txt
stamp="$venv/.culab-hub-$(sha256sum $req requirements.txt | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  "$venv/bin/pip" install -q --disable-pip-version-check -r requirements.txt -r "$req"
  touch "$stamp"
fi

if ! command -v npm >/dev/null 2>&1; then
  if [[ $EUID -ne 0 ]]; then echo "setup-hub.sh: npm is missing; install Node.js 20+ and npm (apt-get install nodejs npm)" >&2; exit 1; fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
proxy=.cache/hub-proxy
lock=docs/deploy/proxy
pstamp="$proxy/.culab-$(cat $lock/package.json $lock/package-lock.json | sha256sum | cut -c1-16)"
if [ ! -f "$pstamp" ]; then
  rm -rf "$proxy" && mkdir -p "$proxy"
  cp $lock/package.json $lock/package-lock.json "$proxy/"
  (cd "$proxy" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
  touch "$pstamp"
fi
echo "hub ready: $req in $venv, configurable-http-proxy in $proxy"
