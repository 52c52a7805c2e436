"""The engines' temporary folders, and what killed runs left of them.

A process ended by SIGKILL (a timeout, the OOM killer, a container stop) runs no clean-up:
its LibreOffice profile and temporary files, the packed copy being drawn and LibreOffice's
sockets in /tmp stay for good. A service that runs thousands of fills a day would fill /tmp.
So every folder is named after the process that made it (``pptxagent-<what>-<pid>-…``), the
engines' own temporary files go inside it (``TMPDIR`` of soffice and Chromium), and the first
engine a process starts removes the folders and sockets of processes that are gone.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
import threading
import time
from pathlib import Path

from pptxagent.engines.lo_server import PIPE_DIR, office_pipes, remove_stale_pipes

ORPHAN_AGE_S = 60.0
"""A folder untouched for less than this is left alone even when its process seems gone:
/tmp may be shared with another PID namespace, whose live processes we cannot see."""

_FOLDER = re.compile(r"^pptxagent-(?:lo|early|chromium)-(\d+)-")
_swept = threading.Event()


def make_dir(what: str) -> Path:
    """A new private folder ``pptxagent-<what>-<pid>-…`` in the temporary directory."""
    return Path(tempfile.mkdtemp(prefix=f"pptxagent-{what}-{os.getpid()}-"))


def engine_env(folder: Path) -> dict[str, str]:
    """This process's environment with ``TMPDIR`` inside ``folder`` (created): an engine's
    own temporary files (LibreOffice's ``lu*.tmp``, Chromium's) then go where we remove them."""
    tmp = folder / "tmp"
    tmp.mkdir(exist_ok=True)
    return {**os.environ, "TMPDIR": str(tmp)}


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def sweep_orphans(root: Path | None = None, pipe_dir: Path = PIPE_DIR,
                  min_age_s: float = ORPHAN_AGE_S) -> int:
    """Remove the folders (and their LibreOffice sockets) of processes that are gone; the
    count of folders removed."""
    root = Path(tempfile.gettempdir()) if root is None else root
    now, uid, removed = time.time(), os.getuid(), 0
    try:
        entries = list(os.scandir(root))
    except OSError:
        return 0
    for entry in entries:
        found = _FOLDER.match(entry.name)
        if found is None or not _gone(int(found.group(1))):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != uid or now - st.st_mtime < min_age_s:
            continue
        profile = Path(entry.path) / "profile"
        if profile.is_dir():
            remove_stale_pipes(office_pipes(profile.resolve().as_uri()))
        shutil.rmtree(entry.path, ignore_errors=True)
        removed += 1
    _sweep_uno_pipes(pipe_dir, uid)
    return removed


def _sweep_uno_pipes(pipe_dir: Path, uid: int) -> None:
    """Our UNO pipes (``OSL_PIPE_<uid>_pptxagent-<pid>-…``) whose process is gone."""
    name = re.compile(rf"^OSL_PIPE_{uid}_pptxagent-(\d+)-")
    try:
        entries = list(os.scandir(pipe_dir))
    except OSError:
        return
    stale = [Path(e.path) for e in entries
             if (m := name.match(e.name)) is not None and _gone(int(m.group(1)))]
    remove_stale_pipes(stale)


def sweep_once() -> None:
    """``sweep_orphans`` in the background, once per process (a few ms for a /tmp of
    thousands of entries; never in a caller's way)."""
    if _swept.is_set():
        return
    _swept.set()
    threading.Thread(target=sweep_orphans, name="pptxagent-sweep", daemon=True).start()


__all__ = ["engine_env", "make_dir", "sweep_once", "sweep_orphans"]
