"""What the leftover tests look for: engine processes still running for a folder."""

from __future__ import annotations

import os
from pathlib import Path

from pptxagent.engines import procs


def pids_naming(folder: Path, comm: str | None = None) -> set[int]:
    """Live processes (named ``comm`` when given) whose command line names ``folder``."""
    out = set()
    for name in os.listdir("/proc"):
        if not name.isdigit() or (comm is not None and procs.comm(int(name)) != comm):
            continue
        try:
            cmdline = Path(f"/proc/{name}/cmdline").read_bytes()
        except OSError:
            continue
        if str(folder).encode() in cmdline and procs.alive(int(name)):
            out.add(int(name))
    return out
