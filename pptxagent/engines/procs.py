"""Reading the process table under /proc: children of a process, liveness. No engine import
here, so the engines' own modules (``lo_server``) and ``reset`` share it."""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path


def children(pid: int) -> list[int]:
    """The direct children of ``pid`` (every thread's), zombies included."""
    out: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError, ValueError):
                out += [int(p) for p in (task / "children").read_text().split()]
    return out


def alive(pid: int) -> bool:
    """Running, not a zombie waiting for its parent."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2:][:1] not in ("Z", "X")


def comm(pid: int) -> str:
    """The process's name (``/proc/PID/comm``), ``""`` when it is gone."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def reap_children() -> None:
    """SIGKILL and wait for every child of this process (a Playwright driver ending, a
    helper), so an ``exec`` in place leaves no zombie behind."""
    kids = children(os.getpid())
    for pid in kids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    for pid in kids:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, 0)
