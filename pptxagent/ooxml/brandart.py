"""Read a slide master's simple art for a brand pack (read only): filled rectangles along an
edge (a band or bar), thin rules (a line or a hairline rectangle), picture strips along an
edge, and the logo's box. Anything else (gradients, text, custom shapes, groups, rotated or
hidden shapes, backdrops) is not simple: it is named in ``left_out`` with the reason.

``pptxagent theme extract`` (``pptxagent.pipeline.theme``) maps each colour onto a theme slot.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field

from pptxagent.ir.brand import Box, too_deep
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import ShapeData, SlideDoc
from pptxagent.ooxml.theme import ColorSpec

EDGE_TOUCH = 0.03
"""A shape within this share of the slide from an edge touches it."""
BAND_SPAN = 0.6
"""A band or picture strip spans at least this share of the edge it lies along."""
RULE_SPAN = 0.3
"""A rule spans at least this share of the slide."""
RULE_THIN = 0.02
"""A filled rectangle at most this share of the slide thick is a rule-like band."""
DEFAULT_LINE_PT = 0.75
EMU_PER_PT = 12700
RASTER = frozenset({"png", "jpeg", "jpg", "gif", "bmp"})
"""Pictures a composed deck embeds as they are (a metafile or SVG is left out)."""


@dataclass(frozen=True)
class ArtFact:
    """One piece of simple master art, colour unresolved."""

    kind: str
    """``band``, ``rule`` or ``picture``."""
    box: Box
    name: str
    color: ColorSpec | None = None
    line_pt: float = 0.0
    image: bytes = b""
    ext: str = ""


@dataclass
class MasterArt:
    art: list[ArtFact] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    """``"<shape name>: <why>"`` for each shape on the master that is not kept."""


def _frac(sp: ShapeData, size: tuple[int, int]) -> Box:
    cx, cy = max(1, size[0]), max(1, size[1])
    assert sp.xfrm is not None
    left, top = max(0.0, sp.xfrm.x / cx), max(0.0, sp.xfrm.y / cy)
    right = min(1.0, (sp.xfrm.x + sp.xfrm.w) / cx)
    bottom = min(1.0, (sp.xfrm.y + sp.xfrm.h) / cy)  # art bleeding off the slide: clipped
    return (round(left, 4), round(top, 4), round(max(0.0, right - left), 4),
            round(max(0.0, bottom - top), 4))


def _along_edge(box: Box) -> bool:
    """Touching an edge and spanning most of it."""
    x, y, w, h = box
    top, bottom = y <= EDGE_TOUCH, y + h >= 1 - EDGE_TOUCH
    left, right = x <= EDGE_TOUCH, x + w >= 1 - EDGE_TOUCH
    return ((top or bottom) and w >= BAND_SPAN) or ((left or right) and h >= BAND_SPAN)


def _rule_like(box: Box) -> bool:
    _x, _y, w, h = box
    return (h <= RULE_THIN and w >= RULE_SPAN) or (w <= RULE_THIN and h >= RULE_SPAN)


def _solid(sp: ShapeData) -> ColorSpec | None:
    if sp.paint is not None:
        return sp.paint.color if sp.paint.kind == "solid" else None
    return sp.style_fill


def _line_color(sp: ShapeData) -> ColorSpec | None:
    ln = sp.line
    if ln is None or ln.fill is None or ln.fill.kind != "solid":
        return None
    return ln.fill.color


def _why_not(sp: ShapeData) -> str | None:
    if sp.hidden:
        return "hidden"
    if sp.group_depth:
        return "inside a group"
    if sp.xfrm is None:
        return "no position"
    if sp.xfrm.rot % 21_600_000:
        return "rotated"
    if sp.text is not None and sp.text.text.strip():
        return "carries text"
    return None


def _shape_art(sp: ShapeData, box: Box) -> ArtFact | str:
    if sp.kind == "cxnSp" or sp.geometry == "line":
        color = _line_color(sp)
        if color is None:
            return "a line without a solid colour"
        if not _rule_like(box):
            return "a line that is neither horizontal nor vertical across the slide"
        width = sp.line.width if sp.line is not None and sp.line.width else None
        pt = round(width / EMU_PER_PT, 2) if width else DEFAULT_LINE_PT
        return ArtFact("rule", box, sp.name, color=color, line_pt=min(12.0, pt))
    if sp.geometry != "rect":
        return f"a {sp.geometry or 'custom'} shape (only rectangles and lines are kept)"
    color = _solid(sp)
    if color is None:
        return "not a solid fill"
    if not (_along_edge(box) or _rule_like(box)):
        return "neither along an edge nor a rule"
    return ArtFact("band", box, sp.name, color=color)


def _picture_art(pkg: Package, sp: ShapeData, box: Box) -> ArtFact | str:
    if sp.target is None or not pkg.has_part(sp.target):
        return "a picture whose image is missing"
    if not _along_edge(box):
        return "a picture that is not a strip along an edge"
    if sp.paint is not None and any(sp.paint.crop):
        return "a cropped picture"
    if sp.xfrm is not None and (sp.xfrm.flip_h or sp.xfrm.flip_v):
        return "a flipped picture"
    ext = posixpath.splitext(sp.target)[1].lstrip(".").lower() or "png"
    if ext not in RASTER:
        return f"a {ext} picture"
    return ArtFact("picture", box, sp.name, image=pkg.read_bytes(sp.target), ext=ext)


def read_master_art(pkg: Package, doc: SlideDoc, size: tuple[int, int],
                    logo_part: str | None) -> MasterArt:
    """The simple art among ``doc``'s shapes (not its placeholders, not the logo)."""
    out = MasterArt()
    for sp in doc.shapes:
        if sp.ph is not None or (sp.kind == "pic" and sp.target == logo_part
                                 and logo_part is not None):
            continue
        label = sp.name or f"shape {sp.shape_id}"
        why = _why_not(sp)
        if why is None:
            box = _frac(sp, size)
            if sp.kind == "pic":
                found = _picture_art(pkg, sp, box)
            elif sp.kind in ("sp", "cxnSp"):
                found = _shape_art(sp, box)
            else:
                found = f"a {sp.kind}"
            if isinstance(found, ArtFact) and too_deep(box, 960.0, 540.0):
                found = "takes over 30 % of the slide from the content"
            if isinstance(found, ArtFact):
                out.art.append(found)
                continue
            why = found
        out.left_out.append(f"{label}: {why}")
    return out
