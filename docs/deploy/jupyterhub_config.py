"""JupyterHub for a class on one machine, with the culab kernel.

`make hub` (scripts/hub.sh) runs it as root, and tests/test_hub.py loads it
with overrides (ports, state directory, homes), so the two cannot drift.

Each student is a Unix user of their own, made by JupyterHub on their
first login (LocalAuthenticator.create_system_users, with useradd: a home
of mode 0700 under CULAB_HUB_HOME_BASE and a group of their own). Their
server, kernels and engines run as that user (ClassSpawner, a
LocalProcessSpawner: docs/deploy/culabhub.py), with a umask of 077, in a
cgroup of their own bounding memory, CPU and tasks where the machine has
cgroups, else with per-process rlimits; their kernels listen on IPC sockets
in a runtime directory of their own, not on 127.0.0.1's ports. A login is
never an account the hub did not make (root, nobody, the services' account,
any other user of the machine: culabhub.ClassUsers). The hub is the only
root process: the proxy and the idle culler run as an account of their own
(culab-hub). Settings come from the environment:

  CULAB_HUB_AUTH            who logs in: "firstuse" (default: each student's
                            password is the one they choose on their first
                            login), "native" (nativeauthenticator: students
                            sign up, the admin approves), "github", "google"
                            or "generic" (oauthenticator: OAUTH_CLIENT_ID,
                            OAUTH_CLIENT_SECRET, OAUTH_CALLBACK_URL), or
                            "shared" (one password for the class: anyone who
                            knows it can log in as any student; a workshop's
                            choice); docs/deploy/README.md
  CULAB_HUB_PASSWORD        the shared password (8+ characters; for "shared")
  CULAB_HUB_USERS           allowed user names, comma-separated (unset: any
                            new name, claimed by its first login)
  CULAB_HUB_ADMIN           the teacher's user name (optional), who logs in with
  CULAB_HUB_ADMIN_PASSWORD  a separate password ("firstuse": 8+ characters,
                            set at every start; "shared": 32+)
  CULAB_HUB_HOME_BASE       where the students' homes are made (default /home)
  CULAB_HUB_MEM             memory of one student's server, kernels included
                            (default 4G; K, M, G, T suffixes)
  CULAB_HUB_CPUS            CPUs of one student's server (default 1)
  CULAB_HUB_TERMINAL        1 lets students open a terminal (default off)
  CULAB_HUB_STATE           the hub's database and cookie secret (default
                            out/hub in the repository)
  CULAB_HUB_BIND            where students connect (default http://:8000, every
                            interface); CULAB_HUB_SSL_CERT and _KEY serve it over TLS
  CULAB_HUB_CULL_TIMEOUT    seconds of inactivity before a server is stopped
  CULAB_HUB_CULL_EVERY      seconds between the culler's checks
  CULAB_GPU_TURN_MAX        the longest turn of one student on the GPU's
                            timing queue (default 60s: the
                            longest timed section of the shipped labs on an
                            H100 is 36 s)
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import culabhub  # noqa: E402 (beside this file)

c = get_config()  # noqa: F821 (defined by JupyterHub when it loads this file)

if os.geteuid() != 0:
    sys.exit("jupyterhub_config.py: the hub makes a Unix user for each student and runs their servers as them: start it as root (scripts/hub.sh says how)")

ROOT = Path(__file__).resolve().parent.parent.parent
STATE = Path(os.environ.get("CULAB_HUB_STATE") or ROOT / "out" / "hub").resolve()
# The hub's database, cookie secret and passwords are root's alone: files
# it makes are 0600, its state directory 0700 (also one made by an older hub).
os.umask(0o077)
STATE.mkdir(parents=True, exist_ok=True)
STATE.chmod(0o700)
for f in STATE.iterdir():
    if f.is_file() and not f.is_symlink():
        f.chmod(0o600)
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
# The proxy and the culler run as the hub's service account, the hub being
# the only root process; their tokens (in their environment) are readable by
# that account alone, which no student can log in as. With TLS the proxy
# reads the key, so it keeps the hub's user then.
SERVICE = culabhub.service_user()
proxy = [str(PROXY)] if PROXY.exists() else ["configurable-http-proxy"]
if not os.environ.get("CULAB_HUB_SSL_CERT"):
    proxy = ["setpriv", f"--reuid={SERVICE.pw_uid}", f"--regid={SERVICE.pw_gid}", "--clear-groups", "--", *proxy]
c.ConfigurableHTTPProxy.command = proxy

# --- who logs in: each a Unix user, made on first login -------------------

HOME_BASE = os.environ.get("CULAB_HUB_HOME_BASE") or "/home"
AUTH = os.environ.get("CULAB_HUB_AUTH") or "firstuse"
if AUTH == "firstuse":
    auth = culabhub.FirstUseLocalAuthenticator
    c.FirstUseAuthenticator.dbm_path = str(STATE / "passwords.dbm")
    c.FirstUseAuthenticator.min_password_length = 8
    c.FirstUseLocalAuthenticator.admin_password = os.environ.get("CULAB_HUB_ADMIN_PASSWORD", "")
    if os.environ.get("CULAB_HUB_ADMIN") and not os.environ.get("CULAB_HUB_ADMIN_PASSWORD"):
        sys.exit("jupyterhub_config.py: CULAB_HUB_ADMIN needs CULAB_HUB_ADMIN_PASSWORD (else a student could claim the teacher's name first); scripts/hub.sh makes one")
elif AUTH == "shared":
    auth = culabhub.SharedPasswordLocalAuthenticator
    c.SharedPasswordAuthenticator.user_password = os.environ.get("CULAB_HUB_PASSWORD") or None
    if os.environ.get("CULAB_HUB_ADMIN"):
        c.SharedPasswordAuthenticator.admin_password = os.environ.get("CULAB_HUB_ADMIN_PASSWORD") or None
elif AUTH in ("github", "google", "generic"):
    # oauthenticator (docs/deploy/requirements-auth.txt) reads
    # OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET and OAUTH_CALLBACK_URL; its
    # Local* classes make the Unix users.
    import importlib

    cls = {"github": "LocalGitHubOAuthenticator", "google": "LocalGoogleOAuthenticator", "generic": "LocalGenericOAuthenticator"}[AUTH]
    auth = culabhub.class_users(getattr(importlib.import_module(f"oauthenticator.{AUTH}"), cls))
elif AUTH == "native":
    auth = culabhub.native_local_authenticator()
else:
    sys.exit(f"jupyterhub_config.py: CULAB_HUB_AUTH={AUTH!r}: use firstuse, native, github, google, generic or shared")
c.JupyterHub.authenticator_class = auth
c.LocalAuthenticator.create_system_users = True
c.LocalAuthenticator.add_user_cmd = culabhub.add_user_cmd(HOME_BASE)
users = {u.strip() for u in os.environ.get("CULAB_HUB_USERS", "").split(",") if u.strip()}
if users:
    c.Authenticator.allowed_users = users
elif AUTH in ("firstuse", "shared", "native"):
    c.Authenticator.allow_all = True
if os.environ.get("CULAB_HUB_ADMIN"):
    c.Authenticator.admin_users = {os.environ["CULAB_HUB_ADMIN"]}

# --- each student's server: their user, their home, their limits ---------

c.JupyterHub.spawner_class = culabhub.ClassSpawner
MEM = os.environ.get("CULAB_HUB_MEM") or "4G"
c.Spawner.mem_limit = int(MEM) if MEM.isdigit() else MEM  # bytes, or with K, M, G, T
c.Spawner.cpu_limit = float(os.environ.get("CULAB_HUB_CPUS") or 1)
# The single-user server of this Python environment, whose share/jupyter
# holds the culab kernelspec (bin/culab install --prefix .venv). The hub's
# JUPYTER_PATH is not passed on (only env_keep is), so a server lists the
# venv's kernelspecs and any its student installs at home, each once
# (tests/test_hub.py asks a server's API). JupyterLab's launcher shows each
# kernel twice by design: under Notebook and under Console.
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = "~"
c.Spawner.default_url = "/lab"
c.ClassSpawner.home_base = HOME_BASE
# Kernels on IPC sockets in the student's runtime directory: a TCP port on
# 127.0.0.1 is open to every local user, and ZeroMQ's PUB socket (IOPub)
# authenticates nobody (the HMAC only signs).
c.Spawner.args = [f"--ServerApp.terminals_enabled={os.environ.get('CULAB_HUB_TERMINAL') == '1'}", "--KernelManager.transport=ipc"]
# What a student sees (docs/deploy/student/): no nbgrader teacher tools,
# no news prompt, no Notebook 7 pages (whose /terminals/ page would be
# blank); the admin keeps them.
c.ClassSpawner.student_config = str(Path(__file__).resolve().parent / "student")
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
# culab's knobs pass through: CULAB_DEVICE=virtual puts everyone on the
# virtual GPU, CULAB_VIRTUAL_MEMORY and CULAB_VIRTUAL_BUDGET bound it.
c.Spawner.env_keep.extend(["CULAB_DEVICE", "CULAB_VIRTUAL_MEMORY", "CULAB_VIRTUAL_BUDGET", "CUDA_VISIBLE_DEVICES", "CULAB_GPU_TURN_MAX", "CULAB_GPU_QUEUE_DIR"])
# The GPU timing queue's directory, root's, so no student owns it.
culabhub.shared_queue_dir(os.environ.get("CULAB_GPU_QUEUE_DIR") or "/tmp/culab-gpu-queue")

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
        "user": SERVICE.pw_name,  # it needs only its API token
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
