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
    r"input\.json|trace\.jsonl|result\.json|qa\.json"
    r"|(?:ir|dom|diag|patch)_\d+\.json|out_\d+\.html|render_\d+\.png"
)
ROLLOUT_FILE = re.compile(rf"^(?:{_NAME})$")
_LEFTOVER_TMP = re.compile(rf"^\.(?:{_NAME})\.(?:.*\.tmp|tmp\.png)$")
SLIDE_DIR = re.compile(r"^slide-\d+(-libreoffice|-qa)?$")
"""``pptxagent fill --rollout-dir`` keeps one rollout per output slide in ``slide-NN`` (and
the LibreOffice pass's, when the cross-check asked for one, in ``slide-NN-libreoffice``)."""


def is_rollout_file(name: str) -> bool:
    """``ir_3.json``, ``render_0.png``, ``trace.jsonl`` …, or a temp file writing one of them."""
    return bool(ROLLOUT_FILE.match(name) or _LEFTOVER_TMP.match(name))


def _foreign(path: Path) -> list[str]:
    return [p.name for p in sorted(path.iterdir(), key=lambda p: p.name)
            if p.is_symlink() or not p.is_file() or not is_rollout_file(p.name)]


def _refuse(option: str, path: Path, foreign: list[str], what: str) -> None:
    if foreign:
        more = f" and {len(foreign) - 5} more" if len(foreign) > 5 else ""
        raise InputError(
            f"{option} {path}: directory is not empty and holds more than {what} "
            f"({', '.join(foreign[:5])}{more}); give a new or empty directory, or one "
            "holding only a previous run's rollouts"
        )


def _check_dir(path: Path, option: str) -> bool:
    """False when ``path`` does not exist yet; raises when it is something else than a dir."""
    if path.exists() and not path.is_dir():
        raise InputError(f"{option} {path}: exists and is not a directory")
    return path.is_dir()


def _remove(path: Path, names: Iterable[str], option: str) -> None:
    for name in names:
        try:
            (path / name).unlink()
        except OSError as exc:
            raise InputError(f"{option} {path}: cannot remove the stale {name}: "
                             f"{exc.strerror or exc}") from exc


def prepare_rollout_dir(path: Path, keep: Iterable[Path] = (), option: str = "--rollout-dir"
                        ) -> list[str]:
    """Make ``path`` ready for a new rollout; return the names of the stale files removed.

    A missing directory is fine (the rollout creates it). ``keep`` lists files that must
    survive (the input IR itself may live in the directory). Raises ``InputError`` naming the
    directory and the foreign entries when it holds anything that is not a rollout file.
    """
    if not _check_dir(path, option):
        return []
    _refuse(option, path, _foreign(path), "rollout files")
    kept = {p.resolve() for p in keep}
    stale = sorted(p.name for p in path.iterdir() if p.resolve() not in kept)
    _remove(path, stale, option)
    return stale


def check_deck_rollout_dir(path: Path, option: str = "--rollout-dir") -> None:
    """``pptxagent fill``'s rollout root: only ``slide-NN`` folders of rollout files allowed."""
    if not _check_dir(path, option):
        return
    foreign: list[str] = []
    for p in sorted(path.iterdir(), key=lambda p: p.name):
        if p.is_dir() and not p.is_symlink() and SLIDE_DIR.match(p.name):
            foreign += [f"{p.name}/{n}" for n in _foreign(p)]
        else:
            foreign.append(p.name)
    _refuse(option, path, foreign, "slide-NN rollout folders")


def clear_deck_rollout_dir(path: Path, option: str = "--rollout-dir") -> list[str]:
    """Check ``path`` as above, then remove every previous slide rollout in it."""
    check_deck_rollout_dir(path, option)
    if not path.is_dir():
        return []
    removed = []
    for sub in sorted(path.iterdir(), key=lambda p: p.name):
        names = sorted(p.name for p in sub.iterdir())
        _remove(sub, names, option)
        sub.rmdir()
        removed.append(sub.name)
    return removed
