"""A new deeper list level looks like the level it was made from where its own look is only
inherited, not designed.

A layout often styles its placeholder's first level alone (a centred, white, 16 pt line on a
dark band) and leaves deeper levels to the master (left, black, 24 pt). PowerPoint would draw
a sub-bullet filled there left-aligned, black on the dark band and larger than its parent.
When the slide's new paragraph says nothing itself, it takes its parent's alignment and
colour, and never a larger size. What the template's own text spells out stays.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from pptxagent.ooxml.levels import placeholder_of, placeholders_in, points, spelled_size
from pptxagent.ooxml.placeholders import TITLE_TYPES, match_layout, match_master
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn

_FILLS = tuple(qn(f"a:{t}") for t in ("noFill", "solidFill", "gradFill", "blipFill",
                                      "pattFill", "grpFill"))


@dataclass(frozen=True)
class Look:
    """What a level's list styles give it: run size (1/100 pt), alignment, text fill."""

    size: int | None = None
    align: str | None = None
    fill: etree._Element | None = None


def _styles(parts: list[etree._Element], shape: etree._Element) -> list[etree._Element]:
    ph = placeholder_of(shape)
    if ph is None or not parts:
        return []
    idx = ph.get("idx")
    hit = match_layout(placeholders_in(parts[0]), ph.get("type"),
                       int(idx) if idx and idx.isdigit() else None)
    ph_type = hit[1] if hit is not None else ph.get("type")
    master = match_master(placeholders_in(parts[1]), ph_type) if len(parts) > 1 else None
    found = [sp.find(f"{qn('p:txBody')}/{qn('a:lstStyle')}")
             for sp in (shape, *(c[0] for c in (hit, master) if c is not None))]
    if len(parts) > 1:
        kind = "p:titleStyle" if ph_type in TITLE_TYPES else "p:bodyStyle"
        found.append(parts[1].find(f"{qn('p:txStyles')}/{qn(kind)}"))
    return [s for s in found if s is not None]


def _fill(rpr: etree._Element | None) -> etree._Element | None:
    return next((c for c in rpr if c.tag in _FILLS), None) if rpr is not None else None


def inherited_looks(parts: list[etree._Element], shape: etree._Element) -> dict[int, Look]:
    """Level → its look from the placeholder ``shape``'s own list style, its layout's, its
    master's placeholder's, then the master's text style for its kind (``parts``: layout,
    master): the first that says each."""
    styles = _styles(parts, shape)
    out: dict[int, Look] = {}
    for level in range(9):
        size: int | None = None
        align: str | None = None
        fill: etree._Element | None = None
        for style in styles:
            ppr = style.find(qn(f"a:lvl{level + 1}pPr"))
            if ppr is None:
                continue
            rpr = ppr.find(qn("a:defRPr"))
            size = size if size is not None else points(rpr.get("sz")) if rpr is not None \
                else None
            align = align or ppr.get("algn")
            fill = fill if fill is not None else _fill(rpr)
        out[level] = Look(size, align, fill)
    return out


def _own_fill(p: etree._Element) -> etree._Element | None:
    for rpr in p.iter(qn("a:rPr")):
        if (got := _fill(rpr)) is not None:
            return got
    ppr = p.find(qn("a:pPr"))
    return _fill(ppr.find(qn("a:defRPr"))) if ppr is not None else None


def _same(a: etree._Element, b: etree._Element) -> bool:
    return bool(etree.tostring(a) == etree.tostring(b))


def match_parent(p: etree._Element, level: int, parent: etree._Element, parent_level: int,
                 looks: Mapping[int, Look]) -> None:
    """``p``, made at ``level`` from ``parent`` (at ``parent_level``), takes the parent's
    alignment and colour where its own are only inherited and differ, and its size where
    the inherited one is larger."""
    if level <= parent_level:
        return
    mine, theirs = looks.get(level, Look()), looks.get(parent_level, Look())
    ppr = p.find(qn("a:pPr"))
    parent_ppr = parent.find(qn("a:pPr"))
    if ppr is not None and ppr.get("algn") is None:
        want = (parent_ppr.get("algn") if parent_ppr is not None else None) or theirs.align
        if (want or "l") != (mine.align or "l"):
            ppr.set("algn", want or "l")
    have = points(spelled_size(parent)) or theirs.size
    if points(spelled_size(p)) is None and mine.size is not None and have is not None \
            and mine.size > have:
        for rpr in p.iter(qn("a:rPr"), qn("a:endParaRPr")):
            rpr.set("sz", str(have))
    colour = _own_fill(parent) if _own_fill(parent) is not None else theirs.fill
    if _own_fill(p) is None and colour is not None and mine.fill is not None \
            and not _same(colour, mine.fill):
        for rpr in p.iter(qn("a:rPr"), qn("a:endParaRPr")):
            insert_in_order(rpr, copy.deepcopy(colour), SCHEMA_ORDER["a:rPr"])


__all__ = ["Look", "inherited_looks", "match_parent"]
