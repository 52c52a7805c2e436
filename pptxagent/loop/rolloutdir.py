"""Reusing a rollout directory: a harness may pre-create it, or point at a previous run.

A directory is accepted when it holds nothing but rollout files (spec §3 plus
``result.json``, and the temp files an interrupted run may leave); those are removed so the
new rollout is never mixed with a stale one. Anything else in it (a user's file, a
subdirectory) is refused before a single file is touched.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from pptxagent.errors import InputError

_NAME = (
    r"input\.json|trace\.jsonl|result\.json"
    r"|(?:ir|dom|diag|patch)_\d+\.json|out_\d+\.html|render_\d+\.png"
)
ROLLOUT_FILE = re.compile(rf"^(?:{_NAME})$")
_LEFTOVER_TMP = re.compile(rf"^\.(?:{_NAME})\.(?:.*\.tmp|tmp\.png)$")


def is_rollout_file(name: str) -> bool:
    """``ir_3.json``, ``render_0.png``, ``trace.jsonl`` …, or a temp file writing one of them."""
    return bool(ROLLOUT_FILE.match(name) or _LEFTOVER_TMP.match(name))


def prepare_rollout_dir(path: Path, keep: Iterable[Path] = (), option: str = "--rollout-dir"
                        ) -> list[str]:
    """Make ``path`` ready for a new rollout; return the names of the stale files removed.

    A missing directory is fine (the rollout creates it). ``keep`` lists files that must
    survive (the input IR itself may live in the directory). Raises ``InputError`` naming the
    directory and the foreign entries when it holds anything that is not a rollout file.
    """
    if path.exists() and not path.is_dir():
        raise InputError(f"{option} {path}: exists and is not a directory")
    if not path.is_dir():
        return []
    kept = {p.resolve() for p in keep}
    entries = sorted(path.iterdir(), key=lambda p: p.name)
    foreign = [p.name for p in entries
               if p.is_symlink() or not p.is_file() or not is_rollout_file(p.name)]
    if foreign:
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5
                                          else "")
        raise InputError(
            f"{option} {path}: directory is not empty and holds more than rollout files "
            f"({shown}); give a new or empty directory, or one holding only a previous rollout"
        )
    removed = []
    for p in entries:
        if p.resolve() in kept:
            continue
        try:
            p.unlink()
        except OSError as exc:
            raise InputError(f"{option} {path}: cannot remove the stale {p.name}: "
                             f"{exc.strerror or exc}") from exc
        removed.append(p.name)
    return removed
