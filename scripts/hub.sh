#!/usr/bin/env bash
# make hub: JupyterHub for a class on this machine, every student a Unix
# user of their own (made on first login, a private home) with a JupyterLab
# server and the culab kernel (the GPU if there is one, else the virtual
# GPU), bounded in memory and CPU. The config, shared with
# tests/test_hub.py, is docs/deploy/jupyterhub_config.py; its environment
# variables (login, users, limits, terminal, address, TLS, culling) are
# listed there. With the shared password (the default login) and no
# CULAB_HUB_PASSWORD, a password is made once, kept in the state directory
# and printed. Extra arguments go to jupyterhub. Stop it with Ctrl-C: it
# stops the students' servers too.
#
# It runs as root (sudo env "PATH=$PATH" make hub, so that root finds Go): the hub makes users and starts their
# servers as them; it is the only root process (the proxy and the culler
# run as nobody). The repository must be readable by every user, since
# the students' servers run its venv and bin/culab.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $EUID -ne 0 ]]; then
  echo "hub.sh: run it as root (sudo env "PATH=$PATH" make hub): the hub makes a Unix user for each student and runs their server as them" >&2
  exit 1
fi
scripts/setup-nvrtc.sh >/dev/null 2>&1 || echo "note: could not install Debian's NVRTC (not root?); %%cuda cells need an NVRTC"
scripts/setup-python.sh
scripts/setup-hub.sh
scripts/build.sh
bin/culab install --prefix .venv
for f in .venv/bin/python bin/culab; do
  if ! setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups -- test -x "$f"; then
    echo "hub.sh: $PWD/$f cannot be run by other users: the students' servers run it; make the repository readable (chmod o+rx on it and its parents) or clone it where it is" >&2
    exit 1
  fi
done

state=$(realpath -m "${CULAB_HUB_STATE:-out/hub}")
mkdir -p "$state"
export CULAB_HUB_STATE=$state
if [[ "${CULAB_HUB_AUTH:-shared}" == shared && -z "${CULAB_HUB_PASSWORD:-}" ]]; then
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
