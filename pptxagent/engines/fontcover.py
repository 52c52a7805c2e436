"""Which characters of a text no installed font draws.

Both renderers fall back, character by character, to whatever installed font fontconfig
says covers it; a character no font covers is drawn as a box ("tofu") by both. Text made of
such boxes is measured on the boxes, not on the glyphs PowerPoint will draw with the fonts of
the reader's machine, so its fit here says nothing: the fill says so instead of calling the
slide clean.
"""

from __future__ import annotations

import bisect
import functools
import shutil
import subprocess
import unicodedata

_IGNORED = ("Cc", "Cf", "Co", "Cs", "Zs", "Zl", "Zp")
"""Controls, format marks (joiners), private use (symbol fonts' bullets), whitespace."""
_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
"""Variation selectors: they pick a glyph's form and are never drawn themselves."""


@functools.lru_cache(maxsize=1)
def _coverage() -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """fontconfig's charsets of every installed font, merged: (starts, ends) sorted; None
    when fontconfig cannot be asked (then nothing counts as missing)."""
    exe = shutil.which("fc-list")
    if exe is None:
        return None
    try:
        out = subprocess.run([exe, "--format", "%{charset}\n"], capture_output=True, text=True,
                             timeout=30, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    spans: list[tuple[int, int]] = []
    for token in out.split():
        first, _, last = token.partition("-")
        try:
            lo = int(first, 16)
            hi = int(last, 16) if last else lo
        except ValueError:
            continue
        spans.append((lo, hi))
    if not spans:
        return None
    spans.sort()
    merged = [spans[0]]
    for lo, hi in spans[1:]:
        if lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return tuple(s for s, _ in merged), tuple(e for _, e in merged)


def _drawn(cp: int, starts: tuple[int, ...], ends: tuple[int, ...]) -> bool:
    i = bisect.bisect_right(starts, cp) - 1
    return i >= 0 and cp <= ends[i]


def missing_glyphs(text: str) -> str:
    """The distinct characters of ``text`` no installed font draws, in order of first use."""
    cover = _coverage()
    if cover is None:
        return ""
    starts, ends = cover
    out = []
    for ch in dict.fromkeys(text):
        cp = ord(ch)
        if unicodedata.category(ch) in _IGNORED or any(a <= cp <= b for a, b in _SELECTORS):
            continue
        if not _drawn(cp, starts, ends):
            out.append(ch)
    return "".join(out)
