"""JupyterHub for a small class on one machine, with the culab kernel.

`make hub` (scripts/hub.sh) runs it, and tests/test_hub.py loads it with
overrides (ports, state directory, the culler's reach), so the two cannot
drift. Settings come from the environment:

  CULAB_HUB_PASSWORD        the students' shared password (8+ characters; required)
  CULAB_HUB_USERS           allowed user names, comma-separated (unset: anyone
                            who knows the password gets an account)
  CULAB_HUB_ADMIN           the teacher's user name (optional), who logs in with
  CULAB_HUB_ADMIN_PASSWORD  a separate password of 32+ characters
  CULAB_HUB_STATE           the hub's database, cookie secret and the students'
                            home directories (default: out/hub in the repository)
  CULAB_HUB_BIND            where students connect (default http://:8000, every
                            interface); CULAB_HUB_SSL_CERT and _KEY serve it over TLS
  CULAB_HUB_CULL_TIMEOUT    seconds of inactivity before a server is stopped
  CULAB_HUB_CULL_EVERY      seconds between the culler's checks

Every student's server runs as the Unix user who started the hub, with
their own home directory as its root (SimpleLocalProcessSpawner): the
Jupyter APIs keep students apart, but their kernels are processes of one
Unix user and can read each other's homes. That is fine for a workshop of
people who trust each other; docs/deploy/README.md says what isolates
students for real (one container per student on Kubernetes).
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (defined by JupyterHub when it loads this file)

ROOT = Path(__file__).resolve().parent.parent.parent
STATE = Path(os.environ.get("CULAB_HUB_STATE") or ROOT / "out" / "hub").resolve()
STATE.mkdir(parents=True, exist_ok=True)
# configurable-http-proxy as scripts/setup-hub.sh installs it (pinned, from
# npm); else whichever is on PATH.
PROXY = ROOT / ".cache" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"


def env_int(name, default):
    v = os.environ.get(name, "").strip()
    return int(v) if v else default


# --- where it listens, what it keeps ------------------------------------

c.JupyterHub.bind_url = os.environ.get("CULAB_HUB_BIND") or "http://:8000"
if os.environ.get("CULAB_HUB_SSL_CERT"):
    c.JupyterHub.ssl_cert = os.environ["CULAB_HUB_SSL_CERT"]
    c.JupyterHub.ssl_key = os.environ["CULAB_HUB_SSL_KEY"]
c.JupyterHub.hub_ip = "127.0.0.1"  # the hub's own API: only the proxy and the servers on this machine
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:8001"
if PROXY.exists():
    c.ConfigurableHTTPProxy.command = [str(PROXY)]

# --- who logs in ---------------------------------------------------------

c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("CULAB_HUB_PASSWORD") or None
users = {u.strip() for u in os.environ.get("CULAB_HUB_USERS", "").split(",") if u.strip()}
if users:
    c.Authenticator.allowed_users = users
else:
    c.Authenticator.allow_all = True
if os.environ.get("CULAB_HUB_ADMIN"):
    c.Authenticator.admin_users = {os.environ["CULAB_HUB_ADMIN"]}
    c.SharedPasswordAuthenticator.admin_password = os.environ.get("CULAB_HUB_ADMIN_PASSWORD") or None

# --- each student's server ----------------------------------------------

c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
# The single-user server of this Python environment, whose share/jupyter
# holds the culab kernelspec (bin/culab install --prefix .venv).
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = "~"
c.Spawner.default_url = "/lab"
if os.geteuid() == 0:
    # jupyter_server refuses root without it; scripts/hub.sh refuses root
    # unless asked (CI's containers run the tests as root).
    c.Spawner.args = ["--ServerApp.allow_root=True"]
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
# culab's knobs pass through: CULAB_DEVICE=virtual puts everyone on the
# virtual GPU, CULAB_VIRTUAL_MEMORY and CULAB_VIRTUAL_BUDGET bound it.
c.Spawner.env_keep.extend(["CULAB_DEVICE", "CULAB_VIRTUAL_MEMORY", "CULAB_VIRTUAL_BUDGET", "CUDA_VISIBLE_DEVICES"])

# --- idle servers are stopped -------------------------------------------

c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={env_int('CULAB_HUB_CULL_TIMEOUT', 3600)}",
            f"--cull-every={env_int('CULAB_HUB_CULL_EVERY', 300)}",
        ],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
