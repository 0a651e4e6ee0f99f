#!/usr/bin/env bash
# make hub: JupyterHub for a class on this machine, every student a Unix
# user of their own (made on first login, a private home) with a JupyterLab
# server and the culab kernel (the GPU if there is one, else the virtual
# GPU), bounded in memory and CPU. The config, shared with
# tests/test_hub.py, is docs/deploy/jupyterhub_config.py; its environment
# variables (login, users, limits, terminal, address, TLS, culling) are
# listed there. The default login is first-use: each student chooses their
# password on their first login (CULAB_HUB_USERS should list the class, so
# that nobody claims a name that is not theirs); the teacher's
# (CULAB_HUB_ADMIN) password is CULAB_HUB_ADMIN_PASSWORD, or one made once,
# kept in the state directory and printed. With CULAB_HUB_AUTH=shared (one
# password for the class, which lets anyone who knows it in as any student)
# and no CULAB_HUB_PASSWORD, the shared password is made and kept the same
# way. Extra arguments go to jupyterhub. Stop it with Ctrl-C: it stops the
# students' servers too.
#
# It runs as root (sudo env "PATH=$PATH" make hub, so that root finds Go): the hub makes users and starts their
# servers as them; it is the only root process (the proxy and the culler
# run as the account culab-hub). The repository must be readable by every user, since
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
(umask 077 && mkdir -p "$state")
chmod 0700 "$state"
export CULAB_HUB_STATE=$state
# made_password FILE: a password made once and kept (root's alone) in FILE.
made_password() {
  if [[ ! -s "$1" ]]; then
    (umask 077 && .venv/bin/python -c 'import secrets; print(secrets.token_urlsafe(12))' >"$1")
  fi
  cat "$1"
}
auth=${CULAB_HUB_AUTH:-firstuse}
url=${CULAB_HUB_BIND:-http://$(hostname -f 2>/dev/null || hostname):8000}
if [[ -n "${CULAB_HUB_ADMIN:-}" && "$auth" == firstuse && -z "${CULAB_HUB_ADMIN_PASSWORD:-}" ]]; then
  CULAB_HUB_ADMIN_PASSWORD=$(made_password "$state/admin-password")
  export CULAB_HUB_ADMIN_PASSWORD
  echo "the teacher logs in as $CULAB_HUB_ADMIN with $CULAB_HUB_ADMIN_PASSWORD (kept in $state/admin-password)"
fi
case "$auth" in
  firstuse)
    echo "students open $url and log in with their user name${CULAB_HUB_USERS:+ (one of $CULAB_HUB_USERS)}: the password they type the first time becomes theirs (8+ characters; /hub/auth/change-password changes it; the teacher resets one by deleting the user in /hub/admin)"
    [[ -n "${CULAB_HUB_USERS:-}" ]] || echo "note: CULAB_HUB_USERS is unset: any new name can be claimed by whoever logs in with it first"
    ;;
  shared)
    if [[ -z "${CULAB_HUB_PASSWORD:-}" ]]; then
      CULAB_HUB_PASSWORD=$(made_password "$state/password")
      export CULAB_HUB_PASSWORD
    fi
    echo "students open $url and log in with a user name${CULAB_HUB_USERS:+ of $CULAB_HUB_USERS} and the shared password $CULAB_HUB_PASSWORD"
    echo "warning: with one shared password, anyone who knows it can log in as any student and reach their files and kernels"
    ;;
  *) echo "students open $url and log in through $auth" ;;
esac
root=$PWD
cd "$state"
exec "$root/.venv/bin/python" -m jupyterhub -f "$root/docs/deploy/jupyterhub_config.py" "$@"
