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

from pptxagent.ooxml.fills import FILL_TAGS
from pptxagent.ooxml.levels import inherited_from, points, spelled_size
from pptxagent.ooxml.placeholders import TITLE_TYPES
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn, run_props

_FILLS = frozenset(qn(f"a:{t}") for t in FILL_TAGS)


FAR = 99
"""How far up the chain a look that no list style gives is: farther than any style."""


@dataclass(frozen=True)
class Look:
    """What a level's list styles give it (run size in 1/100 pt, alignment, text fill) and,
    for each, how far up the chain it was found (0: the shape's own list style, then the
    layout's, the master's placeholder's, the master's text style; ``FAR``: none says it)."""

    size: int | None = None
    align: str | None = None
    fill: etree._Element | None = None
    size_from: int = FAR
    align_from: int = FAR
    fill_from: int = FAR


def _styles(parts: list[etree._Element], shape: etree._Element) -> list[etree._Element]:
    chain = inherited_from(parts, shape)
    if chain is None:
        return []
    sources, ph_type = chain
    found = [sp.find(f"{qn('p:txBody')}/{qn('a:lstStyle')}") for sp in (shape, *sources)]
    if len(parts) > 1:
        kind = "p:titleStyle" if ph_type in TITLE_TYPES else "p:bodyStyle"
        found.append(parts[1].find(f"{qn('p:txStyles')}/{qn(kind)}"))
    return [s for s in found if s is not None]


def _fill(rpr: etree._Element | None) -> etree._Element | None:
    return next((c for c in rpr if c.tag in _FILLS), None) if rpr is not None else None


def inherited_looks(parts: list[etree._Element], shape: etree._Element) -> dict[int, Look]:
    """Level → its look from the placeholder ``shape``'s own list style, its layout's, its
    master's placeholder's, then the master's text style for its kind (``parts``: layout,
    master): the first that says each, and where it was found."""
    styles = _styles(parts, shape)
    out: dict[int, Look] = {}
    for level in range(9):
        got: dict[str, tuple[object, int]] = {}
        for depth, style in enumerate(styles):
            ppr = style.find(qn(f"a:lvl{level + 1}pPr"))
            if ppr is None:
                continue
            rpr = ppr.find(qn("a:defRPr"))
            for key, value in (("size", points(rpr.get("sz")) if rpr is not None else None),
                               ("align", ppr.get("algn")), ("fill", _fill(rpr))):
                if value is not None and key not in got:
                    got[key] = (value, depth)
        size, size_from = got.get("size", (None, FAR))
        align, align_from = got.get("align", (None, FAR))
        fill, fill_from = got.get("fill", (None, FAR))
        out[level] = Look(size if isinstance(size, int) else None,
                          align if isinstance(align, str) else None,
                          fill if isinstance(fill, etree._Element) else None,
                          size_from, align_from, fill_from)
    return out


def _own_fill(p: etree._Element) -> etree._Element | None:
    for rpr in p.iter(qn("a:rPr")):
        if (got := _fill(rpr)) is not None:
            return got
    ppr = p.find(qn("a:pPr"))
    return _fill(ppr.find(qn("a:defRPr"))) if ppr is not None else None


def _same(a: etree._Element, b: etree._Element) -> bool:
    def canon(e: etree._Element) -> bytes:
        return etree.tostring(e, method="c14n", exclusive=True, with_tail=False)
    return canon(a) == canon(b)


def _run_props(p: etree._Element) -> list[etree._Element]:
    """Every run's ``a:rPr`` (made where a run has none) and the paragraph's end's."""
    out = [run_props(run) for run in p.findall(qn("a:r"))]
    end = p.find(qn("a:endParaRPr"))
    return out + ([end] if end is not None else [])


def match_parent(p: etree._Element, level: int, parent: etree._Element, parent_level: int,
                 looks: Mapping[int, Look]) -> None:
    """``p``, made at ``level`` from ``parent`` (at ``parent_level``), takes the parent's
    alignment and colour, and never a larger size, where the parent's look is designed
    nearer the shape than its own (the layout styled level 1 and left level 2 to the
    master). A level the same style designs on purpose keeps its look; what the slide's
    text spells out was copied with the paragraph and stays."""
    if level <= parent_level:
        return
    mine, theirs = looks.get(level, Look()), looks.get(parent_level, Look())
    ppr = p.find(qn("a:pPr"))
    if (ppr is not None and ppr.get("algn") is None and theirs.align_from < mine.align_from
            and (theirs.align or "l") != (mine.align or "l")):
        ppr.set("algn", theirs.align or "l")
    have = points(spelled_size(parent)) or theirs.size
    if (points(spelled_size(p)) is None and theirs.size_from < mine.size_from
            and mine.size is not None and have is not None and mine.size > have):
        for rpr in _run_props(p):
            rpr.set("sz", str(have))
    if (_own_fill(p) is None and theirs.fill is not None and theirs.fill_from < mine.fill_from
            and (mine.fill is None or not _same(theirs.fill, mine.fill))):
        for rpr in _run_props(p):
            insert_in_order(rpr, copy.deepcopy(theirs.fill), SCHEMA_ORDER["a:rPr"])


__all__ = ["FAR", "Look", "inherited_looks", "match_parent"]
