"""OOXML paint → IR ``Visual``: fills, outlines, geometry, pictures, with colours resolved.

Style references (``p:style/a:fillRef``, ``a:lnRef``, ``p:bgRef``) go through the theme's
``a:fmtScheme`` lists with the reference's colour standing for ``phClr``.
"""

from __future__ import annotations

import math

from pptxagent.inventory.charts import chart_of
from pptxagent.inventory.colors import (
    ColorContext,
    apply_mods,
    resolve_alpha,
    resolve_color,
    with_placeholder,
)
from pptxagent.ir import (
    Crop,
    DropShadow,
    GradientStop,
    Outline,
    Paint,
    Path,
    Visual,
)
from pptxagent.ir.visual import LINE_GEOMETRIES
from pptxagent.ooxml.fills import FillData, LineData, StyleRef, ThemeStyles
from pptxagent.ooxml.shapes import ShapeData, SlideDoc
from pptxagent.ooxml.theme import ColorSpec
from pptxagent.ooxml.xfrm import Xfrm
from pptxagent.units import emu_to_px

DEFAULT_LINE_EMU = 9525
CHART_FILL = "#F2F2F2"
_PATTERN_SHARE = {f"pct{n}": n / 100 for n in (5, 10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90)}


def _color(spec: ColorSpec | None, ctx: ColorContext) -> tuple[str, float] | None:
    hexed = resolve_color(spec, ctx)
    return None if hexed is None else (hexed, resolve_alpha(spec, ctx))


def mix_colors(a: str, b: str, share_a: float) -> str:
    """``#RRGGBB`` of ``a`` laid with opacity ``share_a`` over ``b``."""
    return _mix(a, b, share_a)


def _mix(a: str, b: str, share_a: float) -> str:
    ra = [int(a[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    rb = [int(b[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    mixed = tuple(x * share_a + y * (1 - share_a) for x, y in zip(ra, rb, strict=True))
    return apply_mods((mixed[0], mixed[1], mixed[2]), ())


def paint_of(fill: FillData | None, ctx: ColorContext) -> Paint | None:
    """The IR paint of one fill; ``None`` when it says nothing drawable (group fill)."""
    if fill is None or fill.kind == "grp":
        return None
    if fill.kind == "none":
        return Paint(kind="none")
    if fill.kind == "solid":
        c = _color(fill.color, ctx)
        return Paint(kind="solid", color=c[0], alpha=c[1]) if c else None
    if fill.kind == "patt":
        fg = _color(fill.color, ctx) or ("#000000", 1.0)
        bg = _color(fill.color2, ctx) or ("#FFFFFF", 1.0)
        share = _PATTERN_SHARE.get(fill.pattern or "", 0.5)
        return Paint(kind="solid", color=_mix(fg[0], bg[0], share), alpha=bg[1])
    if fill.kind == "grad":
        stops = []
        for s in fill.stops:
            c = _color(s.color, ctx)
            if c is not None:
                stops.append(GradientStop(pos=min(max(s.pos / 100000, 0), 1), color=c[0],
                                          alpha=c[1]))
        if not stops:
            return None
        if len(stops) == 1:
            return Paint(kind="solid", color=stops[0].color, alpha=stops[0].alpha)
        radial = fill.path is not None
        angle = None if radial else (fill.angle or 0) / 60000
        center = None
        if radial and fill.focus is not None:
            l, t, r, b = (v / 100000 for v in fill.focus)  # noqa: E741
            center = [round((l + 1 - r) / 2, 4), round((t + 1 - b) / 2, 4)]
        return Paint(kind="gradient", stops=stops, angle=angle, radial=radial, center=center)
    if fill.kind == "blip":
        if fill.target is None:
            return None
        l, t, r, b = (v / 100000 for v in fill.crop)  # noqa: E741
        crop = Crop(l=l, t=t, r=r, b=b) if any(fill.crop) else None
        alpha = 1.0 if fill.alpha is None else min(max(fill.alpha / 100000, 0), 1)
        extra: dict[str, object] = {}
        if fill.tile is not None:
            extra = {"tile": True, "tileScale": fill.tile[0] / 100000 or 1.0}
        duo = [resolve_color(c, ctx) for c in fill.duotone]
        if len(duo) == 2 and None not in duo:
            extra["duotone"] = duo
        if fill.grayscale:
            extra["grayscale"] = True
        if fill.lum is not None:
            extra["lum"] = [fill.lum[0] / 1000, fill.lum[1] / 1000]
        return Paint(kind="picture", image=f"pkg:{fill.target}", crop=crop, alpha=alpha, **extra)
    return None


def _styled(ref: StyleRef | None, styles: ThemeStyles) -> FillData | None:
    """1-999 → ``a:fillStyleLst``, 1001+ → ``a:bgFillStyleLst`` (0 = no fill)."""
    if ref is None or ref.idx <= 0:
        return None
    if ref.idx >= 1001:
        lst, n = styles.bg_fills, ref.idx - 1001
    else:
        lst, n = styles.fills, ref.idx - 1
    return lst[n] if 0 <= n < len(lst) else None


def ref_paint(ref: StyleRef | None, styles: ThemeStyles, ctx: ColorContext) -> Paint | None:
    """A ``fillRef``/``bgRef``: the theme style with the reference's colour as ``phClr``."""
    fill = _styled(ref, styles)
    if fill is None or ref is None:
        return None
    return paint_of(fill, with_placeholder(ctx, ref.color))


def _line(shape_ln: LineData | None, ref: StyleRef | None, styles: ThemeStyles,
          ctx: ColorContext) -> Outline | None:
    theme_ln: LineData | None = None
    if ref is not None and 0 < ref.idx <= len(styles.lines):
        theme_ln = styles.lines[ref.idx - 1]
    own_fill = shape_ln.fill if shape_ln is not None else None
    fill, fctx = own_fill, ctx
    if fill is None and theme_ln is not None and ref is not None:
        fill, fctx = theme_ln.fill, with_placeholder(ctx, ref.color)
    if fill is None or fill.kind in ("none", "blip", "grp"):
        return None
    spec = (fill.stops[0].color if fill.stops else None) if fill.kind == "grad" else fill.color
    c = _color(spec, fctx)
    if c is None:
        return None
    both = (shape_ln, theme_ln)
    width = next((ln.width for ln in both if ln is not None and ln.width is not None),
                 DEFAULT_LINE_EMU)
    dash = next((ln.dash for ln in both if ln is not None and ln.dash), None)
    head = next((ln.head for ln in both if ln is not None and ln.head), None)
    tail = next((ln.tail for ln in both if ln is not None and ln.tail), None)
    return Outline(color=c[0], alpha=c[1], width=round(emu_to_px(width), 2),
                   dash=None if dash in (None, "solid") else dash,
                   head=None if head == "none" else head, tail=None if tail == "none" else tail)


def background_paint(docs: tuple[SlideDoc | None, ...], styles: ThemeStyles,
                     ctx: ColorContext) -> Paint | None:
    """The first ``p:bg`` of ``docs`` (slide, layout, master)."""
    for doc in docs:
        if doc is None or doc.background is None:
            continue
        bg = doc.background
        if bg.fill is not None:
            return paint_of(bg.fill, ctx)
        return ref_paint(bg.ref, styles, ctx)
    return None


def _shadow(chain: tuple[ShapeData, ...], styles: ThemeStyles, ctx: ColorContext
            ) -> DropShadow | None:
    shape = chain[0]
    shadow, sctx = shape.shadow, ctx
    if shadow is None and not shape.effect_list:
        ref = next((s.effect_ref for s in chain if s.effect_ref is not None), None)
        if ref is not None and 0 < ref.idx <= len(styles.shadows):
            shadow, sctx = styles.shadows[ref.idx - 1], with_placeholder(ctx, ref.color)
    if shadow is None:
        return None
    c = _color(shadow.color, sctx) or ("#000000", 1.0)
    a = math.radians(shadow.dir / 60000)
    dist = emu_to_px(shadow.dist)
    return DropShadow(dx=round(dist * math.cos(a), 2), dy=round(dist * math.sin(a), 2),
                      blur=round(emu_to_px(shadow.blur), 2), color=c[0], alpha=c[1])


def visual_for(
    chain: tuple[ShapeData, ...], xfrm: Xfrm, styles: ThemeStyles, ctx: ColorContext,
    chart_title: str | None = None, background: Paint | None = None,
    fonts: tuple[str | None, str | None] = (None, None),
) -> Visual | None:
    """The visual of ``chain[0]`` (its placeholder parents follow): ``None`` when nothing is
    drawn besides text."""
    shape = chain[0]
    # The adjust values come with the geometry they shape: a slide's own ellipse does not
    # take the corner radius of its layout's roundRect.
    shaped = next((s for s in chain if s.geometry), None)
    geometry = shaped.geometry if shaped is not None and shaped.geometry else "rect"
    adjust = shaped.adjust if shaped is not None else ()
    fill: Paint | None = None
    # Level by level (slide shape, layout placeholder, master placeholder): a level's own
    # spPr fill, else its style's fillRef, wins over everything further up.
    level = next((s for s in chain if s.paint is not None or s.fill_ref is not None), None)
    if shape.use_bg_fill:
        fill = background
    elif level is not None and level.paint is not None:
        fill = paint_of(level.paint, ctx)
    elif level is not None:
        fill = ref_paint(level.fill_ref, styles, ctx)
    if shape.kind == "graphicFrame":
        if shape.graphic == "diagram":  # its drawn shapes are backdrop art: nothing here
            return Visual(rotation=0)
        if shape.graphic not in ("chart", "ole"):
            return None
        chart = chart_of(shape.chart, ctx, fonts)
        if chart is not None:
            return Visual(chart=chart, label=shape.chart.title if shape.chart else None)
        if fill is None or fill.kind != "picture":
            fill = Paint(kind="solid", color=CHART_FILL)
    if fill is not None and fill.kind == "none":
        fill = None
    if geometry in LINE_GEOMETRIES:
        fill = None
    ln_level = next((s for s in chain if (s.line is not None and s.line.fill is not None)
                     or s.ln_ref is not None), None)
    line = None
    if ln_level is not None:
        width_from = next((s.line for s in chain if s.line is not None), None)
        line = _line(ln_level.line or width_from, ln_level.ln_ref, styles, ctx)
    if fill is None and line is None:
        return None
    custom = next((s.custom for s in chain if s.custom), ())
    paths = [Path(w=p.w, h=p.h, d=p.d, fill=p.fill, stroke=p.stroke) for p in custom]
    return Visual(
        fill=fill, line=line, geometry=geometry, paths=paths or None,
        shadow=_shadow(chain, styles, ctx),
        adjust={k: float(v) for k, v in adjust} or None,
        rotation=round(xfrm.rot / 60000, 3) % 360, flipH=xfrm.flip_h, flipV=xfrm.flip_v,
        label=chart_title or (shape.chart.title if shape.chart else None),
    )
