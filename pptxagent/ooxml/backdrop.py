"""Is a slide drawn on more than a plain light page? (read only)

The slide's background (``p:bg`` of the slide, else its layout's, else its master's) and the
layout's and master's own art (non-placeholder pictures and filled shapes, drawn unless
``showMasterSp="0"``). The visual QA asks this to know when a renderer that does not draw
backgrounds would make it judge text against a white page that is not there.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from lxml import etree

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import read_slide_doc
from pptxagent.ooxml.xml import qn

LIGHT_SCHEME = frozenset({"bg1", "lt1"})
ART_MIN_SHARE = 0.15
"""Master/layout art covering at least this share of the slide counts as a backdrop."""


def _light_srgb(value: str) -> bool:
    try:
        r, g, b = (int(value[i:i + 2], 16) for i in (0, 2, 4))
    except ValueError:
        return False
    return min(r, g, b) >= 200


def _light_color(holder: etree._Element) -> bool:
    for child in holder:
        tag = child.tag
        if tag == qn("a:srgbClr"):
            return _light_srgb(child.get("val") or "")
        if tag == qn("a:schemeClr"):
            return (child.get("val") or "") in LIGHT_SCHEME
        if tag == qn("a:sysClr"):
            return _light_srgb(child.get("lastClr") or "") or child.get("val") == "window"
        if tag == qn("a:prstClr"):
            return child.get("val") == "white"
    return False


def _background(root: etree._Element) -> str | bool | None:
    """``False`` when the part sets no background; ``None`` for a plain light one; else why
    it is not plain."""
    bg = root.find(f"{qn('p:cSld')}/{qn('p:bg')}")
    if bg is None:
        return False
    pr = bg.find(qn("p:bgPr"))
    if pr is not None:
        if pr.find(qn("a:noFill")) is not None:
            return None
        solid = pr.find(qn("a:solidFill"))
        if solid is not None:
            return None if _light_color(solid) else "coloured background"
        if pr.find(qn("a:blipFill")) is not None:
            return "picture background"
        return "gradient or pattern background"
    ref = bg.find(qn("p:bgRef"))
    if ref is not None:
        if _light_color(ref) and (ref.get("idx") or "0") in ("0", "1001"):
            return None
        return "theme background"
    return False


def _shows_parent_art(root: etree._Element) -> bool:
    return root.get("showMasterSp") not in ("0", "false")


@dataclass(frozen=True)
class _Part:
    """What a slide, layout or master part adds to the backdrop."""

    background: str | bool | None
    art: bool
    """Painted non-placeholder art large enough to count (read for layouts and masters)."""
    shows_parent_art: bool
    parent: str | None


_PARENTS = {"sld": "/slideLayout", "sldLayout": "/slideMaster"}
_LAYOUTS: weakref.WeakKeyDictionary[Package, dict[str, _Part]] = weakref.WeakKeyDictionary()
"""Layouts and masters read once per package (a fill never writes them)."""


def _read_part(pkg: Package, part: str, with_art: bool) -> _Part:
    root = pkg.xml(part)
    art = False
    if with_art:
        cx, cy = pkg.slide_size_emu()
        area = max(1.0, float(cx) * float(cy))
        for sp in read_slide_doc(pkg, part).shapes:
            if sp.ph is not None or sp.xfrm is None or sp.hidden:
                continue
            painted = sp.kind == "pic" or (sp.fill_set and sp.fill is not None) or (
                not sp.fill_set and sp.style_fill is not None)
            if painted and abs(sp.xfrm.w * sp.xfrm.h) / area >= ART_MIN_SHARE:
                art = True
                break
    local = etree.QName(root).localname
    suffix = _PARENTS.get(local)
    parent = next((r.target for r in pkg.rels(part)
                   if suffix is not None and r.type.endswith(suffix) and not r.external), None)
    return _Part(_background(root), art, _shows_parent_art(root), parent)


def _parent_part(pkg: Package, part: str) -> _Part:
    cache = _LAYOUTS.setdefault(pkg, {})
    found = cache.get(part)
    if found is None:
        found = cache[part] = _read_part(pkg, part, with_art=True)
    return found


def slide_backdrop(pkg: Package, slide_part: str) -> str | None:
    """Why the slide is not drawn on a plain light page (``"picture background"``,
    ``"master art"`` …), or ``None`` when it is."""
    part: str | None = slide_part
    background: str | bool | None = False
    show_art = True
    depth = 0
    while part is not None and depth < 3:
        if not pkg.has_part(part):
            break
        info = _read_part(pkg, part, with_art=False) if depth == 0 else _parent_part(pkg, part)
        if background is False:
            background = info.background
        if depth > 0 and show_art and info.art:
            return "master art"
        show_art = show_art and info.shows_parent_art
        part = info.parent
        depth += 1
    return background if isinstance(background, str) else None


_UNDRAWN = ("a:blipFill", "a:pattFill", "a:grpFill")


def undrawn_fills(pkg: Package, slide_part: str) -> frozenset[int]:
    """Ids of the slide's shapes filled with a picture, pattern or their group's fill: the
    browser renderer paints only solid fills, so what lies behind their text is unknown."""
    root = pkg.xml(slide_part)
    out: set[int] = set()
    for sp_pr in root.iter(qn("p:spPr")):
        if not any(sp_pr.find(qn(tag)) is not None for tag in _UNDRAWN):
            continue
        shape = sp_pr.getparent()
        if shape is None or shape.tag != qn("p:sp"):
            continue
        c_nv_pr = shape.find(f"{qn('p:nvSpPr')}/{qn('p:cNvPr')}")
        try:
            out.add(int(c_nv_pr.get("id") or 0) if c_nv_pr is not None else 0)
        except ValueError:
            continue
    return frozenset(out)


def animated_shapes(pkg: Package, slide_part: str) -> frozenset[int]:
    """Ids of the slide's shapes its animations act on (``p:timing``'s ``p:spTgt``): a shape
    that appears or leaves on a click covers what lies under it only for part of the show."""
    root = pkg.xml(slide_part)
    out: set[int] = set()
    for timing in root.iter(qn("p:timing")):
        for target in timing.iter(qn("p:spTgt")):
            try:
                out.add(int(target.get("spid") or ""))
            except ValueError:
                continue
    return frozenset(out)
