"""Output file names: ``--name "{client}-{period}.pptx"`` per record (default: the record's
number, zero-padded), made safe for every file system and unique within the batch.

Safe: no path separators, no ``..``, no control characters, none of ``<>:"|?*``, no
trailing dots or spaces, no Windows device name (``CON``, ``NUL``, ``COM1`` …), at most 150
characters, and always ``.pptx``. Unique: a second record with the same name gets ``-2``,
then ``-3``, in record order (so a rerun names every record the same way).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from typing import Any

from pptxagent.batch.mapping import RecordError, lookup
from pptxagent.errors import InputError

_UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]+')
_RESERVED = re.compile(r"^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$", re.IGNORECASE)
MAX_STEM = 150
SUFFIX = ".pptx"


def fields(pattern: str) -> list[str]:
    """The ``{field}`` names of a ``--name`` pattern (bad input when it is not one)."""
    try:
        parsed = list(string.Formatter().parse(pattern))
    except ValueError as exc:
        raise InputError(f"--name {pattern!r}: {exc} (fields are written {{column}})") from None
    names = [f for _, f, _, _ in parsed if f is not None]
    if any(not f.strip() for f in names):
        raise InputError(f"--name {pattern!r}: an empty {{}} names no column")
    return names


def safe(name: str) -> str:
    """``name`` as a plain, portable file name ending in ``.pptx``."""
    stem = name[: -len(SUFFIX)] if name.lower().endswith(SUFFIX) else name
    stem = _UNSAFE.sub("_", stem).replace("..", "_").strip().strip(".").strip()
    stem = re.sub(r"\s+", " ", stem)[:MAX_STEM].rstrip(". ")
    if not stem:
        stem = "deck"
    if _RESERVED.match(stem):
        stem = "_" + stem
    return stem + SUFFIX


def render(pattern: str, number: int, width: int, values: dict[str, Any]) -> str:
    """A record's file name from ``pattern`` (``None``-free: a field the record lacks is
    that record's error)."""
    out: list[str] = []
    for literal, field, spec, conv in string.Formatter().parse(pattern):
        out.append(literal)
        if field is None:
            continue
        name = field.strip()
        value: Any = number if name in ("#", "n", "number") else lookup(values, name)
        if value is None:
            raise RecordError(f"record {number}: --name field {{{name}}}: no such column or "
                              "value")
        if isinstance(value, dict | list):
            raise RecordError(f"record {number}: --name field {{{name}}} is not text")
        if name in ("#", "n", "number") and not spec:
            value = f"{number:0{width}d}"
        try:
            out.append(format(value, spec) if spec else str(value))
        except (ValueError, TypeError) as exc:
            raise RecordError(f"record {number}: --name field {{{name}:{spec}}}: {exc}"
                              ) from None
        del conv
    return safe("".join(out))


def unique(names: Iterable[str]) -> list[str]:
    """``names`` made unique, case-insensitively, in order: ``a.pptx``, ``a-2.pptx`` …"""
    seen: set[str] = set()
    out: list[str] = []
    for name in names:
        stem, n = name[: -len(SUFFIX)], 1
        candidate = name
        while candidate.lower() in seen:
            n += 1
            candidate = f"{stem}-{n}{SUFFIX}"
        seen.add(candidate.lower())
        out.append(candidate)
    return out


__all__ = ["fields", "render", "safe", "unique"]
