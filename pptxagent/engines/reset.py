"""Kill the engines of this process at once: what a tool call that ran out of time needs.

``kill_engines()`` SIGKILLs every Chromium process and every LibreOffice process (soffice,
soffice.bin, the UNO worker) this process started — found as its descendants in ``/proc``,
so nothing another process started is ever touched — and forgets the process-wide
instances, so the next call starts fresh engines. A call blocked on a killed engine fails
at once with an ``EngineError`` (the browser or the UNO pipe is gone).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import threading
import time
from pathlib import Path

from pptxagent.engines import cdp, chromium, libreoffice
from pptxagent.engines.procs import alive

CHROMIUM_NAMES = frozenset({"chromium", "chrome", "headless_shell", "chrome_crashpad_handler",
                            "chromium-browser"})
LIBREOFFICE_NAMES = frozenset({"soffice", "soffice.bin", "oosplash"})
LO_WORKER = "lo_worker.py"


def _ppids() -> dict[int, int]:
    out: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces or parentheses
        rest = stat[stat.rfind(")") + 2:].split()
        if len(rest) > 1 and rest[0] not in ("Z", "X"):  # a dead zombie is no engine
            out[int(entry.name)] = int(rest[1])
    return out


def descendants(root: int | None = None) -> list[int]:
    """Every live process below ``root`` (default: this process)."""
    root = os.getpid() if root is None else root
    children: dict[int, list[int]] = {}
    for pid, ppid in _ppids().items():
        children.setdefault(ppid, []).append(pid)
    out: list[int] = []
    todo = list(children.get(root, []))
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


def _argv(pid: int) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [a.decode("utf-8", "replace") for a in raw.split(b"\0") if a]


def engine_kind(pid: int) -> str | None:
    """``chromium``, ``libreoffice`` or None for a process of another kind."""
    argv = _argv(pid)
    if not argv:
        return None
    # Chromium's helpers rewrite their title into argv[0] ("…/chromium --type=zygote …")
    name = Path(argv[0].split(" ")[0]).name
    if name in CHROMIUM_NAMES:
        return "chromium"
    if name in LIBREOFFICE_NAMES or any(Path(a).name == LO_WORKER for a in argv[1:3]):
        return "libreoffice"
    return None


def engine_pids() -> dict[str, list[int]]:
    """This process's engine processes by kind."""
    out: dict[str, list[int]] = {"chromium": [], "libreoffice": []}
    for pid in descendants():
        kind = engine_kind(pid)
        if kind is not None:
            out[kind].append(pid)
    return out


def vital_pids() -> set[int]:
    """The engine processes this process cannot lose: Chromium's browser process (its
    renderers and helpers come and go) and every LibreOffice process (soffice and its UNO
    worker)."""
    by_kind = engine_pids()
    return set(by_kind["libreoffice"]) | {
        p for p in by_kind["chromium"] if "--type=" not in " ".join(_argv(p))}


def _forget_libreoffice() -> None:
    with libreoffice._instance_lock:
        inst, libreoffice._instance = libreoffice._instance, None
    if inst is not None:
        # close() waits for the engine's lock, which a blocked call may still hold until it
        # notices its worker is gone: tidy up (temp profile) without holding anyone up.
        threading.Thread(target=inst.close, name="pptxagent-lo-close", daemon=True).start()


def kill_engines() -> list[int]:
    """SIGKILL this process's Chromium and LibreOffice processes; forget the instances.
    Returns the pids killed."""
    killed: list[int] = []
    by_kind = engine_pids()
    profiles = _browser_profiles(by_kind["chromium"])
    for pids in by_kind.values():
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
    chromium.forget_all()  # the next get_chromium() starts a new browser
    _forget_libreoffice()
    _wait_gone(killed)
    for folder in profiles:  # a browser's own close removes it, a killed one's stays
        shutil.rmtree(folder, ignore_errors=True)
    return killed


def _browser_profiles(pids: list[int]) -> set[str]:
    """The temporary folders of these browsers' profiles (``--user-data-dir``): ours
    (``pptxagent-chromium-…/profile``, see ``engines.cdp``) and Playwright's."""
    found: set[str] = set()
    for pid in pids:
        for arg in " ".join(_argv(pid)).split():
            if arg.startswith("--user-data-dir="):
                folder = Path(arg.split("=", 1)[1])
                if folder.parent.name.startswith(cdp.PROFILE_PREFIX):
                    found.add(str(folder.parent))
                elif folder.name.startswith("playwright_chromiumdev_profile-"):
                    found.add(str(folder))
    return found


KILL_WAIT_S = 3.0
"""How long ``kill_engines`` waits for the killed processes to end (SIGKILL is delivered at
once, but a process busy in the kernel ends a moment later)."""


def _wait_gone(pids: list[int]) -> None:
    deadline = time.monotonic() + KILL_WAIT_S
    left = list(pids)
    while left and time.monotonic() < deadline:
        left = [p for p in left if alive(p)]
        if left:
            time.sleep(0.02)


__all__ = ["descendants", "engine_kind", "engine_pids", "kill_engines"]
