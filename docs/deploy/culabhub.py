"""What the class hub adds to JupyterHub's own local users (jupyterhub_config.py).

JupyterHub creates a Unix user for each student on first login
(LocalAuthenticator.create_system_users) and spawns their server as that
user (LocalProcessSpawner, the hub running as root). This module adds:

- SharedPasswordLocalAuthenticator and NativeLocalAuthenticator: the
  shared-password and nativeauthenticator logins as LocalAuthenticators, so
  that they create the users (oauthenticator ships its own Local* classes);
- ClassSpawner: a LocalProcessSpawner whose servers run with a umask of
  077, in a home of mode 0700, inside a cgroup of their own with the
  spawner's mem_limit, cpu_limit and a task limit where the machine lets
  the hub make cgroups (v2 at the hierarchy's root, or v1 below the hub's
  own cgroup), else with per-process rlimits (RLIMIT_DATA for memory; no
  CPU limit then): limits() says which;
- shared_queue_dir: the GPU timing queue's directory, made by root with
  the sticky bit, so that no student can remove another's place in it.
"""

from __future__ import annotations

import os
import pwd
import resource
import stat
from pathlib import Path

from jupyterhub.auth import LocalAuthenticator
from jupyterhub.authenticators.shared import SharedPasswordAuthenticator
from jupyterhub.spawner import LocalProcessSpawner
from traitlets import Integer, Unicode

CGROUP = Path("/sys/fs/cgroup")


class SharedPasswordLocalAuthenticator(LocalAuthenticator, SharedPasswordAuthenticator):
    """One password for the class; each student's Unix user made on first login."""


def native_local_authenticator() -> type:
    """nativeauthenticator (sign-up, the admin approves) creating Unix users."""
    from nativeauthenticator import NativeAuthenticator

    return type("NativeLocalAuthenticator", (LocalAuthenticator, NativeAuthenticator), {})


def add_user_cmd(home_base: str) -> list[str]:
    """useradd for a student: a home of mode 0700 under home_base, a group of
    their own, no password (nobody logs in to the machine with it)."""
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
        "culab student",
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

    def limits(self) -> str:
        """What bounds this student's server, as the hub's log says it."""
        if self._cgroups:
            return f"cgroup {cgroup_kind()}: memory {self.mem_limit or 'unlimited'}, CPUs {self.cpu_limit or 'unlimited'}, tasks {self.tasks_limit}"
        return f"no cgroups: memory {self.mem_limit or 'unlimited'} per process (RLIMIT_DATA), no CPU limit, tasks {self.tasks_limit} (RLIMIT_NPROC)"

    def _home(self) -> None:
        """The student's home exists, is theirs and is private (0700)."""
        pw = pwd.getpwnam(self.user.name)
        home = Path(pw.pw_dir)
        if not home.is_dir():
            home.mkdir(mode=0o700, parents=True)
            os.chown(home, pw.pw_uid, pw.pw_gid)
        os.chmod(home, 0o700)

    async def start(self):
        self._home()
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
            parent.mkdir(exist_ok=True)
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
            d = base / name
            d.mkdir(parents=True, exist_ok=True)
            for f, v in files:
                _write(d / f, str(v), must=f not in ("memory.memsw.limit_in_bytes",))
            dirs.append(d)
        return dirs
    return []


def _write(path: Path, value: str, must: bool = True) -> None:
    try:
        path.write_text(value)
    except OSError:
        if must:
            raise

