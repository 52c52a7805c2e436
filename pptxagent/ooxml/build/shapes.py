"""Preset shapes of scratch mode: ``p:sp`` with ``a:prstGeom``, theme fills, lines, shadows."""

from __future__ import annotations

from lxml import etree

from pptxagent import icons
from pptxagent.ir.compose import IconSpec, ShapeSpec
from pptxagent.ir.theme import ColorRole, ThemePack
from pptxagent.ooxml.build.xmlkit import line, make, shadow, solid_fill, sub, xfrm

MAX_ROUND_ADJ = 50_000
_CARD_PRESETS = ("rect", "roundRect")


def round_adj(pack: ThemePack) -> int:
    """``roundRect``'s ``adj``: the pack's corner radius (a fraction of the shorter side)."""
    return max(0, min(MAX_ROUND_ADJ, round(pack.shapes.corner_radius * 100_000)))


def _preset(spec: ShapeSpec) -> str:
    return "roundRect" if spec.rounded else spec.preset


def _outline(spec: ShapeSpec, pack: ThemePack) -> tuple[ColorRole | None, float]:
    """The line role and width: the spec's own, else the pack's card outline."""
    style = pack.shapes
    if spec.preset == "line":
        return spec.line or "line", spec.line_pt or style.outline_pt or 1.0
    if spec.line is not None:
        return spec.line, spec.line_pt or style.outline_pt
    card = spec.rounded or spec.preset == "roundRect"
    if style.outline and card and spec.fill is not None:
        return "line", style.outline_pt
    return None, 0


def wants_shadow(spec: ShapeSpec, pack: ThemePack) -> bool:
    """A shape casts the theme shadow when it asks for one and the pack has shadows on."""
    return spec.shadow and pack.shapes.shadow and spec.preset != "line"


def preset_shape(spec: ShapeSpec, pack: ThemePack, shape_id: int) -> etree._Element:
    """A ``p:sp`` of the spec's preset geometry (no text body, no ``p:style``)."""
    sp = make("p:sp")
    nv = sub(sp, "p:nvSpPr")
    sub(nv, "p:cNvPr", id=str(shape_id), name=spec.name)
    sub(nv, "p:cNvSpPr")
    sub(nv, "p:nvPr")
    sp_pr = sub(sp, "p:spPr")
    box = spec.box
    sp_pr.append(xfrm(box.x, box.y, box.w, box.h))
    preset = _preset(spec)
    geom = sub(sp_pr, "a:prstGeom", prst=preset)
    av = sub(geom, "a:avLst")
    if preset == "roundRect":
        sub(av, "a:gd", name="adj", fmla=f"val {round_adj(pack)}")
    if spec.fill is None or spec.preset == "line":
        sub(sp_pr, "a:noFill")
    else:
        sp_pr.append(solid_fill(pack, spec.fill))
    role, width = _outline(spec, pack)
    sp_pr.append(line(pack, role, width))
    if wants_shadow(spec, pack):
        sp_pr.append(shadow())
    return sp


ICON_BOX = 24.0
"""The icon set's drawing box (24 × 24 units; strokes 2 units wide, round caps)."""
ICON_STROKE = 2.0
PATH_SCALE = 1000
"""Path coordinates are written in thousandths of the icon box's unit."""


def _pt(x: float) -> str:
    return str(round(x * PATH_SCALE))


def icon_shape(spec: IconSpec, pack: ThemePack, shape_id: int) -> etree._Element:
    """A ``p:sp`` whose custom geometry is the icon's outline, stroked in the spec's colour
    role (``a:schemeClr``: Design → Variants recolours it), round caps and joins."""
    shape = icons.outline(spec.icon)
    sp = make("p:sp")
    nv = sub(sp, "p:nvSpPr")
    sub(nv, "p:cNvPr", id=str(shape_id), name=spec.name, descr=f"icon: {spec.icon}")
    sub(nv, "p:cNvSpPr")
    sub(nv, "p:nvPr")
    sp_pr = sub(sp, "p:spPr")
    box = spec.box
    sp_pr.append(xfrm(box.x, box.y, box.w, box.h))
    geom = sub(sp_pr, "a:custGeom")
    for tag in ("a:avLst", "a:gdLst", "a:ahLst", "a:cxnLst"):
        sub(geom, tag)
    sub(geom, "a:rect", l="l", t="t", r="r", b="b")
    paths = sub(geom, "a:pathLst")
    size = _pt(ICON_BOX)
    for segments in shape.paths:
        path = sub(paths, "a:path", w=size, h=size, fill="none")
        for seg in segments:
            op = seg[0]
            if op == "Z":
                sub(path, "a:close")
                continue
            tag = {"M": "a:moveTo", "L": "a:lnTo", "C": "a:cubicBezTo"}[str(op)]
            el = sub(path, tag)
            vals = [float(v) for v in seg[1:]]
            for x, y in zip(vals[0::2], vals[1::2], strict=True):
                sub(el, "a:pt", x=_pt(x), y=_pt(y))
    sub(sp_pr, "a:noFill")
    width = ICON_STROKE / ICON_BOX * box.w / 12700
    ln = line(pack, spec.color, width)
    ln.set("cap", "rnd")
    sub(ln, "a:round")
    sp_pr.append(ln)
    return sp
