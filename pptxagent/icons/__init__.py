"""The bundled icon set: Lucide (ISC licence, ``LICENSE-lucide``), every icon's SVG nodes and
tags from the ``lucide-static`` npm package (``bin/update-icons`` rebuilds
``lucide.json.gz``).

``pick(text, taken)`` chooses an icon deterministically from an item's words: the same words
give the same icon. ``outline(name)`` gives its outline as path segments in the icon's 24 × 24
box, for ``ooxml.build`` to write as native custom geometry (a stroked freeform coloured by a
theme slot, so PowerPoint's Design → Variants recolours it).
"""

from __future__ import annotations

import difflib
import gzip
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pptxagent.icons.lexicon import LEXICON
from pptxagent.icons.svgpath import Segment, node_segments

__all__ = ["ICON_SET", "Icon", "exists", "names", "outline", "pick", "suggest"]

DATA = Path(__file__).resolve().parent / "lucide.json.gz"
ICON_SET = "lucide"
LEXICON_WEIGHT = 5
"""A word of the business lexicon (``icons.lexicon``) counts this much ..."""
NAME_WEIGHT = 3
"""A word that is part of the icon's name counts this much; one of its tags counts 1."""
MIN_SCORE = 2
"""An icon is picked only when the item's words score at least this much on it."""
_STOP_WORDS = """
a an and are as at be been but by can could do does for from had has have how in into is it
its more most no not of on or our out over per so than that the their them then there these
they this those through to too under up us was we were what when where which while who why
will with within without you your new next one two three four five first second third all
any each every few many much other some such own same via vs year years day days time make
makes made get gets use uses used using way ways less least lot lots"""
STOP = frozenset(_STOP_WORDS.split())
"""Words that say nothing about a subject (never matched against icon names or tags)."""


@dataclass(frozen=True)
class Icon:
    name: str
    paths: tuple[tuple[Segment, ...], ...]
    """Each subpath's segments in the 24 × 24 box: ``("M", x, y)``, ``("L", x, y)``,
    ``("C", x1, y1, x2, y2, x, y)``, ``("Z",)``."""


@cache
def _data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(gzip.decompress(DATA.read_bytes()))
    return loaded


def names() -> list[str]:
    """Every icon's name, sorted."""
    return sorted(_data()["icons"])


def exists(name: str) -> bool:
    return name in _data()["icons"]


def suggest(name: str) -> list[str]:
    """Up to three icon names close to ``name`` (for an error message)."""
    return difflib.get_close_matches(name, names(), n=3, cutoff=0.6)


def _stem(word: str) -> str:
    w = word.lower()
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("s", "")):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and not w.endswith("ss"):
            return w[: len(w) - len(suffix)] + keep
    return w


def words(text: str, keep_stop: bool = False) -> list[str]:
    """The stems of ``text``'s subject words, in order, each once (a hyphenated word counts
    whole and by its parts)."""
    out: list[str] = []
    for raw in re.findall(r"[A-Za-z][A-Za-z'-]+", text):
        parts = raw.split("-")
        for part in ([raw.replace("'", "")] if len(parts) > 1 else []) + parts:
            w = part.lower().strip("'")
            if len(w) < 3 or (w in STOP and not keep_stop):
                continue
            s = _stem(w)
            if s not in out:
                out.append(s)
    return out


@cache
def _index() -> dict[str, dict[str, int]]:
    """stem → {icon: weight}: a lexicon word weighs ``LEXICON_WEIGHT``, a name part
    ``NAME_WEIGHT``, a tag word 1."""
    out: dict[str, dict[str, int]] = {}
    for name, said in LEXICON.items():
        for w in words(said, keep_stop=True):
            out.setdefault(w, {})[name] = LEXICON_WEIGHT
    for name, entry in _data()["icons"].items():
        for part in name.split("-"):
            if len(part) >= 3:
                slot = out.setdefault(_stem(part), {})
                slot[name] = max(slot.get(name, 0), NAME_WEIGHT)
        for tag in entry.get("t", []):
            for w in words(tag):
                slot = out.setdefault(w, {})
                slot[name] = max(slot.get(name, 0), 1)
    return out


def _heads(text: str) -> dict[str, int]:
    """Each subject word's rank for breaking ties: the words of the first phrase (up to
    the first word that says nothing) first, from its last word (its head) back, then
    the rest in order."""
    first: list[str] = []
    for raw in re.findall(r"[A-Za-z][A-Za-z'-]+", text):
        w = raw.lower()
        if w in STOP and first:
            break
        if w not in STOP:
            first += words(raw)
    rank = {w: i for i, w in enumerate(reversed(first))}
    for w in words(text):
        rank.setdefault(w, len(rank))
    return rank


def pick(text: str, taken: frozenset[str] = frozenset()) -> str | None:
    """The icon whose lexicon words, name and tags best match ``text``'s words, not one of
    ``taken`` (``None`` when nothing scores ``MIN_SCORE``). Ties go to the icon of the
    phrase's head word (``_heads``), then the shorter name, then the alphabetically first:
    the same words always give the same icon."""
    scores: dict[str, int] = {}
    best: dict[str, int] = {}
    for w, r in _heads(text).items():
        for name, weight in _index().get(w, {}).items():
            scores[name] = scores.get(name, 0) + weight
            best[name] = min(best.get(name, r), r)
    ranked = sorted((n for n in scores if n not in taken and scores[n] >= MIN_SCORE),
                    key=lambda n: (-scores[n], best[n], n.count("-"), len(n), n))
    return ranked[0] if ranked else None


@cache
def outline(name: str) -> Icon:
    """The icon ``name`` as path segments (``KeyError`` when there is none)."""
    nodes = _data()["icons"][name]["n"]
    paths = tuple(tuple(sub) for tag, attrs in nodes
                  for sub in node_segments(tag, attrs) if sub)
    return Icon(name=name, paths=paths)
