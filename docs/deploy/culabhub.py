"""What the class hub adds to JupyterHub's own local users (jupyterhub_config.py).

JupyterHub creates a Unix user for each student on first login
(LocalAuthenticator.create_system_users) and spawns their server as that
user (LocalProcessSpawner, the hub running as root). This module adds:

- ClassUsers: the rule every login of the class follows, whatever checks
  the password: a name is lower case (BOB is bob), a valid Unix name, and
  either names no account yet (the hub makes it) or an account this hub
  made (useradd's comment HUB_MARKER, a uid of a regular user); never
  root, nobody, the hub's service account or any other account of the
  machine;
- the logins with it: FirstUseLocalAuthenticator (the default: each
  student's password is the one they choose on their first login, the
  teacher's is configured), the shared password (one password for the
  class: whoever knows it can log in as any student, so only on request),
  nativeauthenticator's sign-up and oauthenticator's classes
  (class_users);
- ClassSpawner: a LocalProcessSpawner whose servers run with a umask of
  077, in a home of mode 0700 (only under its home_base), with a private
  runtime directory for the kernels' IPC sockets, inside a cgroup of
  their own with the
  spawner's mem_limit, cpu_limit and a task limit where the machine lets
  the hub make cgroups (v2 at the hierarchy's root, or v1 below the hub's
  own cgroup), else with per-process rlimits (RLIMIT_DATA for memory; no
  CPU limit then): limits() says which;
- service_user: the account the proxy and the idle culler run as, of the
  hub's own, which no student can log in as;
- shared_queue_dir: the GPU timing queue's directory, made by root with
  the sticky bit, so that no student can remove another's place in it.
"""

from __future__ import annotations

import os
import pwd
import re
import resource
import stat
import subprocess
from pathlib import Path

from firstuseauthenticator import FirstUseAuthenticator
from jupyterhub.auth import LocalAuthenticator
from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
from jupyterhub.spawner import LocalProcessSpawner
from jupyterhub.utils import maybe_future
from traitlets import Integer, Unicode

CGROUP = Path("/sys/fs/cgroup")

# useradd's comment on every account the hub makes: the mark of an account
# that may log in (HUB_MARKER's accounts were made by add_user_cmd).
HUB_MARKER = "culab student"
# A Unix name useradd takes without quirks, lower case: one spelling per student.
NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


def uid_min(login_defs: Path = Path("/etc/login.defs")) -> int:
    """The first uid of a regular user (login.defs' UID_MIN, else 1000)."""
    try:
        for line in login_defs.read_text().splitlines():
            f = line.split()
            if len(f) == 2 and f[0] == "UID_MIN" and f[1].isdigit():
                return int(f[1])
    except OSError:
        pass
    return 1000


def foreign_account(name: str) -> str | None:
    """Why name cannot log in because of its Unix account: it exists and this
    hub did not make it. None when there is no such account, or it is one of
    the hub's."""
    try:
        pw = pwd.getpwnam(name)
    except KeyError:
        return None
    if pw.pw_gecos.split(",")[0] != HUB_MARKER or pw.pw_uid < uid_min():
        return f"{name!r} is an account of this machine (uid {pw.pw_uid}) that this hub did not make"
    return None


class ClassUsers(LocalAuthenticator):
    """A login of the class: its own student, never another account.

    Checked before the password is (so that a first-use login stores no
    password for a refused name) and again after it (for logins whose name
    comes from elsewhere, such as OAuth), and when the hub adds a user (the
    allowed and admin users, at start)."""

    def validate_username(self, username: str) -> bool:
        return bool(NAME.fullmatch(username)) and super().validate_username(username)

    def _refused(self, name: str) -> bool:
        why = "not a lower-case Unix name" if not NAME.fullmatch(name) else foreign_account(name)
        if why:
            self.log.warning("login of %r refused: %s", name, why)
        return bool(why)

    async def authenticate(self, handler, data=None):
        if isinstance(data, dict) and "username" in data and self._refused(self.normalize_username(data["username"])):
            return None
        return await maybe_future(super().authenticate(handler, data))

    def check_blocked_users(self, username, authentication=None):
        return not self._refused(username) and super().check_blocked_users(username, authentication)

    async def add_user(self, user):
        if why := foreign_account(user.name):
            raise ValueError(f"user {why}: the class hub only runs servers as users it made (HUB_MARKER)")
        await super().add_user(user)


class FirstUseLocalAuthenticator(ClassUsers, FirstUseAuthenticator):
    """Each student's password is the one typed on their first login (as The
    Littlest JupyterHub does); a name nobody has used yet is claimed by the
    first login with it, so CULAB_HUB_USERS should list the class. The
    teacher's password is admin_password, set at every start, so that no
    student can claim the teacher's name first."""

    admin_password = Unicode("", help="The password of the admin users; set (again) at every start.").tag(config=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        for name in self.admin_users:
            if self.admin_password:
                msg = self.reset_password(name, self.admin_password)
                if "success" not in msg:
                    raise ValueError(f"the admin password of {name}: {msg}")


class SharedPasswordLocalAuthenticator(ClassUsers, SharedPasswordAuthenticator):
    """One password for the class; each student's Unix user made on first login.
    Whoever knows it can log in under any student's name."""


def class_users(base: type) -> type:
    """base (nativeauthenticator's, an oauthenticator Local* class) with the class's rule."""
    return type(f"Class{base.__name__}", (ClassUsers, base), {})


def native_local_authenticator() -> type:
    """nativeauthenticator (sign-up, the admin approves) creating Unix users."""
    from nativeauthenticator import NativeAuthenticator

    return class_users(NativeAuthenticator)


def service_user(name: str = "culab-hub") -> pwd.struct_passwd:
    """The hub's service account (the proxy, the idle culler): a system
    account with no home and no shell, made once; no student can become it,
    since ClassUsers refuses every account it did not make."""
    try:
        return pwd.getpwnam(name)
    except KeyError:
        pass
    subprocess.run(
        ["useradd", "--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", "--comment", "culab hub services", name],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return pwd.getpwnam(name)


def private_dir(path: Path, uid: int, gid: int, mode: int = 0o700) -> None:
    """path is a directory of uid's, of mode, not a link: made, or its owner
    and mode set. Only for paths whose parent no user but root can write."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        path.mkdir(mode=mode)
        st = path.lstat()
    if not stat.S_ISDIR(st.st_mode):
        raise RuntimeError(f"{path} is not a directory")
    if (st.st_uid, st.st_gid) != (uid, gid):
        os.chown(path, uid, gid, follow_symlinks=False)
    os.chmod(path, mode)


def add_user_cmd(home_base: str) -> list[str]:
    """useradd for a student: a home of mode 0700 under home_base, a group of
    their own, no password (nobody logs in to the machine with it), and the
    comment that marks the accounts this hub made."""
    return [
        "useradd",
        "--create-home",
        "--base-dir",
        home_base,
        "--key",
        "HOME_MODE=0700",
        "--user-group",
        "--shell",
        "/bin/bash",
        "--comment",
        HUB_MARKER,
    ]


def shared_queue_dir(path: str) -> None:
    """The GPU timing queue's directory, owned by root, drwxrwxrwt.

    The owner of a sticky directory may remove anyone's files in it, so a
    student must not be its owner: whoever made it before, it becomes root's.
    """
    p = Path(path)
    p.mkdir(parents=True, exist_ok=True)
    st = p.lstat()
    if not stat.S_ISDIR(st.st_mode):
        raise RuntimeError(f"{p} is not a directory")
    if st.st_uid != 0:
        os.chown(p, 0, 0)
    os.chmod(p, 0o1777)


class ClassSpawner(LocalProcessSpawner):
    """A student's server as their own Unix user, private and limited."""

    tasks_limit = Integer(
        1024, help="Most processes and threads of one student's server (cgroup pids, or RLIMIT_NPROC of their user)."
    ).tag(config=True)
    cgroup_name = Unicode("culab-hub", help="The cgroup that holds one cgroup per student.").tag(config=True)

    _cgroups: list[Path] = []
    _run_dir: Path | None = None

    def limits(self) -> str:
        """What bounds this student's server, as the hub's log says it."""
        if self._cgroups:
            return f"cgroup {cgroup_kind()}: memory {self.mem_limit or 'unlimited'}, CPUs {self.cpu_limit or 'unlimited'}, tasks {self.tasks_limit}"
        return f"no cgroups: memory {self.mem_limit or 'unlimited'} per process (RLIMIT_DATA), no CPU limit, tasks {self.tasks_limit} (RLIMIT_NPROC)"

    home_base = Unicode("/home", help="Where the students' homes are: the spawner sets no mode outside it.").tag(config=True)
    runtime_base = Unicode(
        "/run/culab-hub",
        help="Root's directory of the students' runtime directories (JUPYTER_RUNTIME_DIR, XDG_RUNTIME_DIR): their kernels' connection files and IPC sockets, short paths under a directory only root can write.",
    ).tag(config=True)
    student_config = Unicode("", help="A Jupyter config directory put first on JUPYTER_CONFIG_PATH for users who are not admins (the student view).").tag(config=True)

    def _home(self, pw: pwd.struct_passwd) -> None:
        """The student's home exists, is theirs, is private (0700), and is
        under home_base: never a mode set on a directory outside it."""
        base = Path(self.home_base).resolve()
        home = Path(pw.pw_dir).resolve()
        if base not in home.parents:
            raise RuntimeError(f"{pw.pw_name}'s home {pw.pw_dir} is not under {base}: not started")
        if not home.exists():
            home.mkdir(mode=0o700, parents=True)
            os.chown(home, pw.pw_uid, pw.pw_gid)
        if home.lstat().st_uid != pw.pw_uid:
            raise RuntimeError(f"{pw.pw_name}'s home {home} belongs to uid {home.lstat().st_uid}: not started")
        os.chmod(home, 0o700)

    def _runtime_dir(self, pw: pwd.struct_passwd) -> Path:
        """The student's private runtime directory: kernels listen on IPC
        sockets there (KernelManager.transport=ipc), which no other user can
        open, where 127.0.0.1's ports are open to every local user."""
        base = Path(self.runtime_base)
        base.parent.mkdir(parents=True, exist_ok=True)
        private_dir(base, 0, 0, 0o755)
        d = base / pw.pw_name
        private_dir(d, pw.pw_uid, pw.pw_gid)
        return d

    def get_env(self):
        env = super().get_env()
        if self._run_dir:
            env["JUPYTER_RUNTIME_DIR"] = env["XDG_RUNTIME_DIR"] = str(self._run_dir)
        if self.student_config and not self.user.admin:
            env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(p for p in (self.student_config, env.get("JUPYTER_CONFIG_PATH", "")) if p)
        return env

    async def start(self):
        pw = pwd.getpwnam(self.user.name)
        if why := foreign_account(pw.pw_name):
            raise RuntimeError(f"not started: {why}")
        self._home(pw)
        self._run_dir = self._runtime_dir(pw)
        try:
            self._cgroups = make_cgroup(f"{self.cgroup_name}/{self.user.name}", self.mem_limit, self.cpu_limit, self.tasks_limit)
        except OSError as e:  # e.g. controllers that cannot be handed down here
            self.log.warning("no cgroup for %s's server (%s): rlimits instead", self.user.name, e)
            self._cgroups = []
        self.log.info("%s's server: %s", self.user.name, self.limits())
        return await super().start()

    def make_preexec_fn(self, name):
        become = super().make_preexec_fn(name)
        procs = [str(d / "cgroup.procs") for d in self._cgroups]
        mem = self.mem_limit if not procs else None
        tasks = self.tasks_limit

        def preexec() -> None:
            # In the child, before exec: into the student's cgroup as root,
            # then rlimits, a private umask, and the student's user.
            for p in procs:
                with open(p, "w") as f:
                    f.write(str(os.getpid()))
            if mem:
                resource.setrlimit(resource.RLIMIT_DATA, (mem, mem))
            if tasks and not procs:
                resource.setrlimit(resource.RLIMIT_NPROC, (tasks, tasks))
            os.umask(0o077)
            become()

        return preexec

    async def stop(self, now=False):
        await super().stop(now=now)
        for d in getattr(self, "_cgroups", []):
            try:
                d.rmdir()  # fails while a process is left in it: kept, reused next time
            except OSError:
                pass


def cgroup_kind() -> str:
    """"v2", "v1" or "" (none the hub can use)."""
    if (CGROUP / "cgroup.controllers").exists():
        have = set((CGROUP / "cgroup.controllers").read_text().split())
        return "v2" if {"memory", "cpu"} <= have and os.access(CGROUP, os.W_OK) else ""
    mem = _v1_dir("memory")
    return "v1" if mem and os.access(mem, os.W_OK) else ""


def _v1_dir(controller: str) -> Path | None:
    """This process's cgroup of a v1 controller, if mounted."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, ctrls, path = line.split(":", 2)
        if controller in ctrls.split(","):
            d = CGROUP / controller / path.lstrip("/")
            return d if d.is_dir() else None
    return None


def make_cgroup(name: str, mem: int | None, cpu: float | None, tasks: int | None) -> list[Path]:
    """Makes name's cgroup with the limits; returns the directories a
    process joins (one for v2, one per controller for v1), [] without
    cgroups."""
    kind = cgroup_kind()
    if kind == "v2":
        parent = CGROUP
        for part in name.split("/"):
            # Each level hands its controllers down to the next.
            _write(parent / "cgroup.subtree_control", "+memory +cpu +pids" if "pids" in (parent / "cgroup.controllers").read_text() else "+memory +cpu")
            parent = parent / part
            _mkdir_readable(parent)
        if mem:
            _write(parent / "memory.max", str(mem))
            _write(parent / "memory.swap.max", "0", must=False)
        _write(parent / "cpu.max", f"{int(cpu * 100000)} 100000" if cpu else "max 100000")
        if tasks:
            _write(parent / "pids.max", str(tasks), must=False)
        return [parent]
    if kind == "v1":
        dirs = []
        for ctrl, files in (
            ("memory", [("memory.limit_in_bytes", mem or -1), ("memory.memsw.limit_in_bytes", mem or -1)]),
            ("cpu", [("cpu.cfs_period_us", 100000), ("cpu.cfs_quota_us", int(cpu * 100000) if cpu else -1)]),
            ("pids", [("pids.max", tasks or "max")]),
        ):
            base = _v1_dir(ctrl)
            if base is None:
                continue
            d = base
            for part in name.split("/"):
                d = d / part
                _mkdir_readable(d)
            for f, v in files:
                _write(d / f, str(v), must=f not in ("memory.memsw.limit_in_bytes",))
            dirs.append(d)
        return dirs
    return []


def _mkdir_readable(d: Path) -> None:
    """A cgroup directory every user can read (mode 0755 whatever the hub's
    umask): the student's processes read their own limits (culab's CPU
    note reads the quota)."""
    d.mkdir(exist_ok=True)
    d.chmod(0o755)


def _write(path: Path, value: str, must: bool = True) -> None:
    try:
        path.write_text(value)
    except OSError:
        if must:
            raise

