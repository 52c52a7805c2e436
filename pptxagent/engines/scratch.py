"""The engines' temporary folders, and what killed runs left of them.

A process ended by SIGKILL (a timeout, the OOM killer, a container stop) runs no clean-up:
its LibreOffice profile and temporary files, the packed copy being drawn and LibreOffice's
sockets in /tmp stay for good. A service that runs thousands of fills a day would fill /tmp.
So every folder is named after the process that made it (``pptxagent-<what>-<pid>-…``) and
holds a lock (``.lock``, flock) while its owner lives; LibreOffice's own temporary files go
inside it (``TMPDIR`` of soffice); and the engines sweep, at start and at most every
``SWEEP_EVERY_S``, the folders whose owner is gone: pid not running *and* lock free (the lock
also covers a /tmp shared with another PID namespace, whose processes we cannot see).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import stat
import tempfile
import threading
import time
from pathlib import Path

from pptxagent.engines import procs
from pptxagent.engines.lo_server import PIPE_DIR, office_pipes, remove_stale_pipes
from pptxagent.errors import EngineError

ORPHAN_AGE_S = 60.0
"""A folder younger than this is left alone (its owner may not have locked it yet)."""
SWEEP_EVERY_S = 600.0
"""A long-lived process (a worker, the engine host) sweeps again after this long."""
LOCK = ".lock"
MAX_PID = 1 << 22
"""Linux's ceiling for pids (pid_max): a larger number in a folder name is not ours."""

_FOLDER = re.compile(r"^pptxagent-(?:lo|early|chromium)-(\d{1,7})-")
_locks: dict[str, int] = {}
_locks_guard = threading.Lock()
_last_sweep: float | None = None


SCRATCH_ENV = "PPTXAGENT_SCRATCH"
SHM = Path("/dev/shm")
SHM_MIN_FREE = 1 << 30
"""Free space /dev/shm must have to be used (a run's folders take 2-3 MB, PDFs aside)."""


def _is_tmpfs(path: Path) -> bool:
    try:
        mounts = Path("/proc/self/mounts").read_text()
    except OSError:
        return False
    return any(len(f) > 2 and f[1] == str(path) and f[2] == "tmpfs"
               for f in (line.split() for line in mounts.splitlines()))


def scratch_root() -> Path:
    """Where the engines' folders go: ``$PPTXAGENT_SCRATCH``; else ``$TMPDIR`` when set (the
    caller chose); else /dev/shm when it is a writable tmpfs with ``SHM_MIN_FREE`` free; else
    the temporary directory. Chromium and LibreOffice create hundreds of small files in a
    fresh profile at every start: in memory, a fill's two starts cost ~0.2 s less CPU than on
    ext4 (docs/benchmarks.md)."""
    chosen = os.environ.get(SCRATCH_ENV)
    if chosen:
        where = Path(chosen).absolute()
        if not (where.is_dir() and os.access(where, os.W_OK | os.X_OK)):
            raise EngineError(f"{SCRATCH_ENV}={chosen}: not a writable directory")
        return where
    if os.environ.get("TMPDIR"):
        return Path(tempfile.gettempdir())  # /tmp when TMPDIR is missing or not writable
    with contextlib.suppress(OSError):
        free = os.statvfs(SHM)
        if (free.f_bavail * free.f_frsize >= SHM_MIN_FREE and os.access(SHM, os.W_OK | os.X_OK)
                and _is_tmpfs(SHM)):
            return SHM
    return Path(tempfile.gettempdir())


def make_dir(what: str) -> Path:
    """A new private folder ``pptxagent-<what>-<pid>-…`` under ``scratch_root()``, locked
    until ``remove_dir`` (or the end of this process)."""
    where = scratch_root()
    folder = Path(tempfile.mkdtemp(prefix=f"pptxagent-{what}-{os.getpid()}-", dir=where))
    fd = os.open(folder / LOCK, os.O_CREAT | os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    with _locks_guard:
        _locks[str(folder)] = fd
    return folder


def remove_dir(folder: Path) -> None:
    """Remove a folder ``make_dir`` made, and release its lock."""
    shutil.rmtree(folder, ignore_errors=True)
    with _locks_guard:
        fd = _locks.pop(str(folder), None)
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)


def engine_env(folder: Path) -> dict[str, str]:
    """This process's environment with ``TMPDIR`` inside ``folder`` (created): an engine's
    own temporary files (LibreOffice's ``lu*.tmp``) then go where we remove them."""
    tmp = folder / "tmp"
    tmp.mkdir(exist_ok=True)
    return {**os.environ, "TMPDIR": str(tmp)}


def _gone(pid: int) -> bool:
    """No process ``pid`` runs (a pid past Linux's ceiling is not ours: never gone)."""
    return 0 < pid < MAX_PID and not procs.alive(pid)


def _remove_if_free(folder: Path) -> bool:
    """Remove ``folder`` unless a live owner holds its lock (a folder without a lock file is
    an owner's that died before locking it, or an older version's)."""
    fd = None
    try:
        fd = os.open(folder / LOCK, os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW)
    except FileNotFoundError:
        pass
    except OSError:
        return False
    try:
        if fd is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return False  # held: its owner lives, maybe in another PID namespace
        profile = folder / "profile"
        if profile.is_dir() and not profile.is_symlink():
            remove_stale_pipes(office_pipes(profile.resolve().as_uri()))
        shutil.rmtree(folder, ignore_errors=True)
        return True
    finally:
        if fd is not None:
            os.close(fd)


def sweep_orphans(root: Path | None = None, pipe_dir: Path = PIPE_DIR,
                  min_age_s: float = ORPHAN_AGE_S) -> int:
    """Remove the folders (and their LibreOffice sockets) of processes that are gone, under
    ``root`` (default: /dev/shm and the temporary directory, wherever this process puts its
    own); the count of folders removed. Never raises: a sweep must not break its run."""
    where = {root} if root is not None else {SHM, Path(tempfile.gettempdir())}
    now, uid, removed = time.time(), os.getuid(), 0
    entries: list[os.DirEntry[str]] = []
    for folder in where:
        with contextlib.suppress(OSError):
            entries += list(os.scandir(folder))
    for entry in entries:
        found = _FOLDER.match(entry.name)
        if found is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != uid or now - st.st_mtime < min_age_s:
            continue
        if _gone(int(found.group(1))) and _remove_if_free(Path(entry.path)):
            removed += 1
    _sweep_uno_pipes(pipe_dir, uid)
    return removed


def _sweep_uno_pipes(pipe_dir: Path, uid: int) -> None:
    """Our UNO pipes (``OSL_PIPE_<uid>_pptxagent-<pid>-…``) whose process is gone."""
    name = re.compile(rf"^OSL_PIPE_{uid}_pptxagent-(\d{{1,7}})-")
    try:
        entries = list(os.scandir(pipe_dir))
    except OSError:
        return
    stale = [Path(e.path) for e in entries
             if (m := name.match(e.name)) is not None and _gone(int(m.group(1)))]
    remove_stale_pipes(stale)


def sweep_soon() -> None:
    """``sweep_orphans`` in the background: at an engine's first start in this process, then
    at most every ``SWEEP_EVERY_S`` (a few ms for a /tmp of thousands of entries)."""
    global _last_sweep
    now = time.monotonic()
    with _locks_guard:
        if _last_sweep is not None and now - _last_sweep < SWEEP_EVERY_S:
            return
        _last_sweep = now
    threading.Thread(target=_sweep_quietly, name="pptxagent-sweep", daemon=True).start()


def _sweep_quietly() -> None:
    with contextlib.suppress(Exception):
        sweep_orphans()


__all__ = ["engine_env", "make_dir", "remove_dir", "scratch_root", "sweep_orphans", "sweep_soon"]
