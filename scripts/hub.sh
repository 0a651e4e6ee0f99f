#!/usr/bin/env bash
# make hub: JupyterHub for a small class on this machine, every student with
# a JupyterLab server of their own and the culab kernel (the GPU if there is
# one, else the virtual GPU). The config, shared with tests/test_hub.py, is
# docs/deploy/jupyterhub_config.py; its CULAB_HUB_* variables (users, admin,
# address, TLS, culling) are listed there. Without CULAB_HUB_PASSWORD a
# password is made once, kept in the state directory and printed.
# Extra arguments go to jupyterhub. Stop it with Ctrl-C: it stops the
# students' servers too.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $EUID -eq 0 && "${CULAB_HUB_ALLOW_ROOT:-}" != 1 ]]; then
  echo "hub.sh: the students' kernels would run as root; start it as an ordinary user (CULAB_HUB_ALLOW_ROOT=1 to insist)" >&2
  exit 1
fi
scripts/setup-nvrtc.sh >/dev/null 2>&1 || echo "note: could not install Debian's NVRTC (not root?); %%cuda cells need an NVRTC"
scripts/setup-python.sh
scripts/setup-hub.sh
scripts/build.sh
bin/culab install --prefix .venv

state=$(realpath -m "${CULAB_HUB_STATE:-out/hub}")
mkdir -p "$state"
export CULAB_HUB_STATE=$state
if [[ -z "${CULAB_HUB_PASSWORD:-}" ]]; then
  if [[ ! -s "$state/password" ]]; then
    (umask 077 && .venv/bin/python -c 'import secrets; print(secrets.token_urlsafe(9))' >"$state/password")
  fi
  CULAB_HUB_PASSWORD=$(cat "$state/password")
  export CULAB_HUB_PASSWORD
  echo "the students' password: $CULAB_HUB_PASSWORD (kept in $state/password)"
fi
echo "students open ${CULAB_HUB_BIND:-http://$(hostname -f 2>/dev/null || hostname):8000} and log in with a user name${CULAB_HUB_USERS:+ of $CULAB_HUB_USERS} and that password"
root=$PWD
cd "$state"
exec "$root/.venv/bin/python" -m jupyterhub -f "$root/docs/deploy/jupyterhub_config.py" "$@"
