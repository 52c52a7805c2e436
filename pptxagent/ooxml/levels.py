"""Outline levels a slide's text does not have, as its layout and master draw them.

A fill that brings a level-2 bullet to a body whose template text is all level 1 makes the new
paragraph from the nearest lower level's. When that paragraph spells out its level's look
(``marL``/``indent``, its bullet, an explicit size, as LibreOffice and Google Slides write
every paragraph), the copy keeps level 1's indent, bullet and size under ``lvl="1"``: the
sub-bullet does not look like one. The layout's or master's placeholder text has a paragraph
per level (PowerPoint's "Second level" prompts, LibreOffice's outline styles): the new
paragraph takes that level's paragraph properties and size from there, and keeps the slide's
own run format (font, colour, weight).
"""

from __future__ import annotations

import copy

from lxml import etree

from pptxagent.ooxml.placeholders import Candidate, match_layout, match_master
from pptxagent.ooxml.theme import parse_int_in
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn

_BULLETS = tuple(qn(f"a:{t}") for t in ("buClrTx", "buClr", "buSzTx", "buSzPct", "buSzPts",
                                        "buFontTx", "buFont", "buNone", "buAutoNum", "buChar",
                                        "buBlip"))
_BLIP = qn("a:buBlip")


def placeholder_of(shape: etree._Element) -> etree._Element | None:
    return shape.find(f"*/{qn('p:nvPr')}/{qn('p:ph')}")


def placeholders_in(root: etree._Element) -> list[Candidate[etree._Element]]:
    out: list[Candidate[etree._Element]] = []
    for sp in root.iter(qn("p:sp")):
        ph = placeholder_of(sp)
        if ph is not None:
            idx = ph.get("idx")
            out.append((sp, ph.get("type"), int(idx) if idx and idx.isdigit() else None))
    return out


def inherited_from(parts: list[etree._Element], shape: etree._Element
                   ) -> tuple[list[etree._Element], str | None] | None:
    """The layout's and master's placeholders the placeholder ``shape`` inherits from (those
    found, in that order; ``parts``: layout, master; matched as the inventory matches them,
    ``placeholders``) and its type as matched; None when ``shape`` is no placeholder."""
    ph = placeholder_of(shape)
    if ph is None or not parts:
        return None
    idx = ph.get("idx")
    hit = match_layout(placeholders_in(parts[0]), ph.get("type"),
                       int(idx) if idx and idx.isdigit() else None)
    ph_type = hit[1] if hit is not None else ph.get("type")
    master = match_master(placeholders_in(parts[1]), ph_type) if len(parts) > 1 else None
    return [c[0] for c in (hit, master) if c is not None], ph_type


def inherited_levels(parts: list[etree._Element], shape: etree._Element
                     ) -> dict[int, etree._Element]:
    """Level → the first paragraph at that level in the placeholder ``shape`` inherits from,
    in its layout, then its master (``inherited_from``)."""
    out: dict[int, etree._Element] = {}
    chain = inherited_from(parts, shape)
    for source in chain[0] if chain is not None else []:
        body = source.find(qn("p:txBody"))
        for p in body.findall(qn("a:p")) if body is not None else []:
            ppr = p.find(qn("a:pPr"))
            try:
                lvl = int(ppr.get("lvl", "0")) if ppr is not None else 0
            except ValueError:
                continue
            out.setdefault(lvl, p)
    return out


def spells_out_level(p: etree._Element) -> bool:
    """Whether a paragraph fixes its level's look itself: its indent or its bullet."""
    ppr = p.find(qn("a:pPr"))
    return ppr is not None and ("marL" in ppr.attrib or "indent" in ppr.attrib
                                or any(c.tag in _BULLETS for c in ppr))


def points(sz: str | None) -> int | None:
    """An ``sz`` (1/100 pt) within ``ST_TextFontSize``, else None (absent, garbage, zero)."""
    return parse_int_in(sz, 100, 400000)


def spelled_size(p: etree._Element) -> str | None:
    """The size ``p`` spells out: its runs', else its ``a:pPr/a:defRPr``'s."""
    for rpr in p.iter(qn("a:rPr"), qn("a:endParaRPr")):
        if rpr.get("sz"):
            return rpr.get("sz")
    ppr = p.find(qn("a:pPr"))
    default = ppr.find(qn("a:defRPr")) if ppr is not None else None
    return default.get("sz") if default is not None and default.get("sz") else None


_SPACING = tuple(qn(f"a:{t}") for t in ("lnSpc", "spcBef", "spcAft"))


def _level_size(p: etree._Element, source: etree._Element,
                base: etree._Element | None) -> str | None:
    """The run size for ``p``'s new level: the master's, scaled as the slide scaled the level
    it was copied from (a body the designer set at 20 pt where the master says 32 gets its
    sub-bullets at 28 × 20 / 32, not 28), and never above that level's."""
    want = points(spelled_size(source))
    have = points(spelled_size(p))
    if want is None or have is None:
        return None if want is None else str(want)
    size = want
    base_size = points(spelled_size(base)) if base is not None else None
    if base_size is not None:
        size = round(size * have / base_size)
    return str(max(100, min(size, have)))


def restyle_to_level(p: etree._Element, source: etree._Element, level: int,
                     base: etree._Element | None = None) -> None:
    """``p`` (copied from another level) takes ``source``'s indent, bullet, spacing and size:
    the look its layout or master gives ``level``. Everything else (alignment, the runs' font
    and colour) stays the slide's. ``base``: the layout's or master's paragraph for the level
    ``p`` was copied from (to scale the size as the slide scaled that level)."""
    ppr = p.find(qn("a:pPr"))
    if ppr is None:
        ppr = insert_in_order(p, etree.Element(qn("a:pPr")), SCHEMA_ORDER["a:p"])
    src = source.find(qn("a:pPr"))
    for name in ("marL", "indent"):
        if name in ppr.attrib:
            del ppr.attrib[name]
        if src is not None and src.get(name) is not None:
            ppr.set(name, src.get(name) or "")
    # the slide's bullet goes (the level's comes from the source, or is inherited: a picture
    # bullet's r:embed belongs to the layout's or master's relationships, so it is never
    # copied), unless the slide's text has none; its spacing stays unless the source gives
    # that spacing
    unbulleted = ppr.find(qn("a:buNone")) is not None  # a text without bullets stays so
    moved = [c for c in src if (c.tag in _SPACING or (c.tag in _BULLETS and not unbulleted))
             and c.tag != _BLIP] if src is not None else []
    given = {c.tag for c in moved if c.tag in _SPACING}
    for child in list(ppr):
        if (child.tag in _BULLETS and not unbulleted) or child.tag in given:
            ppr.remove(child)
    for child in moved:
        insert_in_order(ppr, copy.deepcopy(child), SCHEMA_ORDER["a:pPr"])
    if level:
        ppr.set("lvl", str(level))
    elif "lvl" in ppr.attrib:
        del ppr.attrib["lvl"]
    size = _level_size(p, source, base)
    if size is not None:
        for rpr in p.iter(qn("a:rPr"), qn("a:endParaRPr")):
            rpr.set("sz", size)
