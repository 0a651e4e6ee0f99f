#!/usr/bin/env bash
# Installs what a JupyterHub needs beside the image's venv (make hub,
# tests/test_hub.py): the idle culler (docs/deploy/requirements-hub.txt)
# into the venv, the login packages (docs/deploy/requirements-auth.txt)
# when CULAB_HUB_AUTH asks for one other than the shared password, and configurable-http-proxy from npm, pinned with its
# dependencies by docs/deploy/proxy/package-lock.json, into .cache/hub-proxy.
# Idempotent: each step is skipped while its pinned inputs are unchanged.
# VENV overrides the venv's location, as in scripts/setup-python.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${VENV:-.venv}
[ -x "$venv/bin/python" ] || VENV="$venv" scripts/setup-python.sh

req=docs/deploy/requirements-hub.txt
reqs=(-r requirements.txt -r "$req")
if [[ "${CULAB_HUB_AUTH:-shared}" != shared ]]; then reqs+=(-r docs/deploy/requirements-auth.txt); fi
stamp="$venv/.culab-hub-$(echo "${reqs[@]}" | cat - $req requirements.txt docs/deploy/requirements-auth.txt | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  "$venv/bin/pip" install -q --disable-pip-version-check "${reqs[@]}"
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
