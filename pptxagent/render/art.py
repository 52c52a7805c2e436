"""Visuals → HTML "paint" nodes: one absolutely positioned box per shape, never measured.

A paint node is a ``div.paint`` at the shape's current box holding, back to front, a picture
(a CSS background from the document's ``ImageTable``, cropped by size and position, clipped to
the geometry) and an inline ``<svg>`` with the geometry's fill (solid or gradient) and
outline. No text and no ``currentColor`` in here: ``body.notext`` hides every glyph and keeps
every paint.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from pptxagent.ir import Paint, Visual
from pptxagent.render import css
from pptxagent.render.chart import chart_svg
from pptxagent.render.geometry import shape_svg
from pptxagent.render.images import ImageTable
from pptxagent.render.media import MediaStore

NEUTRAL = "#F2F2F2"
"""What an undrawable picture (EMF/WMF, missing part) is drawn as."""
_DASHES = {
    "dash": (4, 3), "sysDash": (3, 1), "dot": (1, 1), "sysDot": (1, 1), "lgDash": (8, 3),
    "dashDot": (4, 3, 1, 3), "sysDashDot": (3, 1, 1, 1), "lgDashDot": (8, 3, 1, 3),
    "lgDashDotDot": (8, 3, 1, 3, 1, 3), "sysDashDotDot": (3, 1, 1, 1, 1, 1),
}  # fmt: skip


@dataclass
class ArtContext:
    """Per document: the shared image table, the media store, a counter for SVG ids."""

    images: ImageTable
    media: MediaStore | None = None
    ids: list[int] = field(default_factory=lambda: [0])

    def new_id(self) -> str:
        self.ids[0] += 1
        return f"g{self.ids[0]}"


def _color(value: str, where: str) -> str:
    return css.color(value, where)


def _rgba(hexed: str, alpha: float) -> str:
    h = hexed.lstrip("#")
    if len(h) != 6:
        return hexed
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{css.num(alpha)})"


def _gradient(paint: Paint, gid: str, where: str, w: float, h: float) -> str:
    stops = "".join(
        f'<stop offset="{css.num(s.pos)}" stop-color="{_color(s.color, where)}"'
        + (f' stop-opacity="{css.num(s.alpha)}"' if s.alpha < 1 else "") + "/>"
        for s in paint.stops or []
    )
    if paint.radial:
        # As LibreOffice draws a path gradient: a circle, not an ellipse stretched to the box,
        # of half the box's diagonal wherever its centre sits; from a corner, the whole one.
        # (In the box's own units, so custom paths drawn to scale get the same circle.)
        cx, cy = paint.center or (0.5, 0.5)
        w, h = max(w, 1e-3), max(h, 1e-3)
        r = math.hypot(w, h) / (1 if cx in (0, 1) and cy in (0, 1) else 2) / w
        squash = (f' gradientTransform="translate({css.num(cx)} {css.num(cy)}) '
                  f'scale(1 {w / h:.6g}) translate({css.num(-cx)} {css.num(-cy)})"'
                  if abs(w - h) > 1e-6 else "")
        return (f'<radialGradient id="{gid}" cx="{css.num(cx)}" cy="{css.num(cy)}" '
                f'r="{r:.6g}"{squash}>{stops}</radialGradient>')
    a = math.radians(paint.angle or 0)
    c, s = math.cos(a), math.sin(a)
    k = (abs(c) + abs(s)) / 2
    x1, y1, x2, y2 = 0.5 - c * k, 0.5 - s * k, 0.5 + c * k, 0.5 + s * k
    return (f'<linearGradient id="{gid}" x1="{css.num(x1)}" y1="{css.num(y1)}" '
            f'x2="{css.num(x2)}" y2="{css.num(y2)}">{stops}</linearGradient>')


def _picture_div(
    paint: Paint, w: float, h: float, clip: str | None, ctx: ArtContext, where: str
) -> str:
    pic = ctx.media.picture(paint.image) if ctx.media is not None and paint.image else None
    decl: list[tuple[str, str]] = []
    if clip:
        decl.append(("clip-path", clip))
    if paint.alpha < 1:
        decl.append(("opacity", css.num(paint.alpha)))
    if pic is None:
        decl.append(("background-color", NEUTRAL))
        return f'<div class="pic" style="{escape(css.declarations(decl))}"></div>'
    cls = ctx.images.css_class(pic.uri)
    recolour = ""
    steps = _recolour_steps(paint, where)
    if steps:
        fid = ctx.new_id()
        recolour = (f'<svg class="fx" width="0" height="0"><filter id="{fid}" '
                    f'color-interpolation-filters="sRGB">{steps}</filter></svg>')
        decl.append(("filter", f"url(#{fid})"))
    if paint.tile and pic.width and pic.height:
        scale = paint.tileScale or 1.0
        decl += [("background-repeat", "repeat"),
                 ("background-size", f"{css.px(pic.width * scale)} {css.px(pic.height * scale)}")]
    else:
        crop = paint.crop
        l, t, r, b = (crop.l, crop.t, crop.r, crop.b) if crop else (0.0, 0.0, 0.0, 0.0)  # noqa: E741
        iw = w / max(1 - l - r, 1e-3)
        ih = h / max(1 - t - b, 1e-3)
        decl += [("background-size", f"{css.px(iw)} {css.px(ih)}"),
                 ("background-position", f"{css.px(-l * iw)} {css.px(-t * ih)}")]
    return f'{recolour}<div class="pic {cls}" style="{escape(css.declarations(decl))}"></div>'


def _recolour_steps(paint: Paint, where: str) -> str:
    """The SVG filter primitives of a picture's recolouring, in the order Office applies
    them: brightness/contrast, then grey or duotone; empty when it has none."""
    out = ""
    if paint.lum:
        slope, intercept = lum_transfer(*paint.lum)
        func = f'type="linear" slope="{css.num(slope)}" intercept="{css.num(intercept)}"'
        out += ("<feComponentTransfer>" + "".join(f"<feFunc{ch} {func}/>" for ch in "RGB")
                + "</feComponentTransfer>")
    if paint.duotone:
        out += _duotone(paint.duotone, where)
    elif paint.grayscale:
        out += '<feColorMatrix type="saturate" values="0"/>'
    return out


def lum_transfer(bright: float, contrast: float) -> tuple[float, float]:
    """``a:lum`` as a linear map of each channel (0…1): slope and intercept. Office applies
    half the brightness before the contrast and half after, about mid-grey (as LibreOffice
    re-implements it for OOXML pictures): Washout (bright 70 %, contrast −70 %) maps black to
    80 % grey and white to white."""
    c = max(-100.0, min(100.0, contrast))
    m = 128 / (128 - 1.27 * c) if c >= 0 else (128 + 1.27 * c) / 128
    off = max(-100.0, min(100.0, bright)) * 2.55
    return m, ((off / 2 - 128) * m + 128 + off / 2) / 255


def _duotone(colours: list[str], where: str) -> str:
    """Luminance, then each channel from the dark colour to the light one."""
    dark, light = (_color(c, where) for c in colours)
    funcs = ""
    for ch, i in (("R", 1), ("G", 3), ("B", 5)):
        a, b = int(dark[i:i + 2], 16) / 255, int(light[i:i + 2], 16) / 255
        funcs += f'<feFunc{ch} type="linear" slope="{css.num(b - a)}" intercept="{css.num(a)}"/>'
    lum = "0.2126 0.7152 0.0722 0 0 "
    return (f'<feColorMatrix type="matrix" values="{lum * 3}0 0 0 1 0"/>'
            f"<feComponentTransfer>{funcs}</feComponentTransfer>")


def _stroke(visual: Visual, where: str) -> str:
    ln = visual.line
    if ln is None:
        return ' stroke="none"'
    out = (f' stroke="{_color(ln.color, where)}" stroke-width="{css.num(max(ln.width, 0.5))}"')
    if ln.alpha < 1:
        out += f' stroke-opacity="{css.num(ln.alpha)}"'
    pattern = _DASHES.get(ln.dash or "")
    if pattern:
        out += f' stroke-dasharray="{" ".join(css.num(p * max(ln.width, 1)) for p in pattern)}"'
    return out


_END_SHAPES = {
    "oval": '<circle cx="5" cy="5" r="5"',
    "diamond": '<path d="M0 5 L5 0 L10 5 L5 10 Z"',
}
_NO_END = frozenset({"none", ""})


END_BASE_PX = 0.7 / 25.4 * 96
"""A line end is sized on the line's width, but never on less than 0.7 mm (about 2 pt): a
hairline's arrow is as big as a 2 pt line's, as PowerPoint and LibreOffice draw it."""
END_SCALE = 3.0
"""A medium line end (the default ``w``/``len``) is this many base widths wide and long."""


def _ends(visual: Visual, ctx: ArtContext, where: str) -> tuple[str, str]:
    """SVG markers for the line's ``headEnd`` (its start) and ``tailEnd`` (its end): pointed
    ends with their tip on the line's end, round and diamond ones centred on it."""
    ln = visual.line
    assert ln is not None
    colour = _color(ln.color, where)
    width = max(ln.width, 0.01)
    size = css.num(END_SCALE * max(width, END_BASE_PX) / width)  # in stroke widths
    defs, attrs = "", ""
    for which, kind in (("start", ln.head), ("end", ln.tail)):
        if kind is None or kind in _NO_END:
            continue
        mid = ctx.new_id()
        head = _END_SHAPES.get(kind, '<path d="M0 0 L10 5 L0 10 Z"')
        ref = 5 if kind in _END_SHAPES else 10
        defs += (f'<marker id="{mid}" viewBox="0 0 10 10" refX="{ref}" refY="5" '
                 f'markerWidth="{size}" markerHeight="{size}" orient="auto-start-reverse">'
                 f'{head} fill="{colour}"/></marker>')
        attrs += f' marker-{which}="url(#{mid})"'
    return (f"<defs>{defs}</defs>" if defs else ""), attrs


_SAFE_PATH = frozenset("MLCQAZ0123456789.- ")
_FLAT = 1e-3
"""px a flat box keeps on its flat axis: the same drawing, a transform that inverts."""


def _custom(visual: Visual, w: float, h: float) -> str:
    """The custom paths scaled onto the box, each with the shared ``{attrs}`` slot (a path
    that says ``fill="none"`` or ``stroke="0"`` overrides it: first attribute wins)."""
    out = []
    for p in visual.paths or []:
        if not set(p.d) <= _SAFE_PATH:
            continue
        own = ("" if p.fill else ' fill="none"') + ("" if p.stroke else ' stroke="none"')
        # EMU paths: scales of 1e-4 and less. A box flat on one axis (a custom line of zero
        # height) keeps a hair of scale there: the same drawing, a transform that inverts.
        sx, sy = f"{(w or _FLAT) / p.w:.8g}", f"{(h or _FLAT) / p.h:.8g}"
        out.append(f'<path d="{p.d}" transform="scale({sx} {sy})" '
                   f'vector-effect="non-scaling-stroke"{own}{{attrs}}/>')
    return "".join(out) or f'<rect width="{css.num(w)}" height="{css.num(h)}"{{attrs}}/>'


def paint_node(
    visual: Visual, box: tuple[float, float, float, float], z: int | None, ctx: ArtContext,
    where: str,
) -> str:
    """The HTML of one paint node at ``box`` (x, y, w, h in slide px)."""
    x, y, w, h = box
    decl = [("left", css.px(x)), ("top", css.px(y)), ("width", css.px(w)), ("height", css.px(h))]
    if z is not None:
        decl.append(("z-index", str(z)))
    tf = []
    if visual.rotation:
        tf.append(f"rotate({css.num(visual.rotation)}deg)")
    if visual.flipH or visual.flipV:
        tf.append(f"scale({-1 if visual.flipH else 1},{-1 if visual.flipV else 1})")
    if tf:
        decl.append(("transform", " ".join(tf)))
    sh = visual.shadow
    if sh is not None and (visual.fill is not None or visual.line is not None):
        rgba = _rgba(_color(sh.color, where), sh.alpha)
        decl.append(("filter", f"drop-shadow({css.px(sh.dx)} {css.px(sh.dy)} "
                               f"{css.px(sh.blur / 2)} {rgba})"))
    svg_shape, outline, is_line = shape_svg(visual.geometry, w, h, visual.adjust or {})
    clip = f"path('{outline}')" if outline else None
    parts: list[str] = []
    fill = visual.fill
    if visual.geometry == "custom" and visual.paths:
        svg_shape, clip = _custom(visual, w, h), None
        if fill is not None and fill.kind == "picture":  # the picture cut to the paths
            # that are filled: an outline-only path's area is no part of the picture
            filled = [p for p in visual.paths if p.fill] or visual.paths
            cut = _custom(visual.model_copy(update={"paths": filled}), w, h)
            cid = ctx.new_id()
            parts.append(f'<svg class="fx" width="0" height="0"><clipPath id="{cid}">'
                         f'{cut.format(attrs="")}</clipPath></svg>')
            clip = f"url(#{cid})"
    fill_attr = ' fill="none"'
    defs = ""
    if fill is not None and not is_line:
        if fill.kind == "picture":
            parts.append(_picture_div(fill, w, h, clip, ctx, where))
        elif fill.kind == "solid" and fill.color:
            fill_attr = f' fill="{_color(fill.color, where)}"'
            if fill.alpha < 1:
                fill_attr += f' fill-opacity="{css.num(fill.alpha)}"'
        elif fill.kind == "gradient" and fill.stops:
            gid = ctx.new_id()
            defs = f"<defs>{_gradient(fill, gid, where, w, h)}</defs>"
            fill_attr = f' fill="url(#{gid})"'
    stroke = _stroke(visual, where)
    if is_line and visual.line is not None and (visual.line.head or visual.line.tail):
        ends, marks = _ends(visual, ctx, where)
        defs += ends
        stroke += marks
    if fill_attr != ' fill="none"' or visual.line is not None:
        # Room for the outline around the box: Chromium does not paint an <svg> of no area
        # (a horizontal line's box is 0 px high), overflow or not.
        pad = math.ceil(visual.line.width) + 2 if visual.line is not None else 0
        body = svg_shape.format(attrs=fill_attr + stroke)
        if pad:
            body = f'<g transform="translate({pad} {pad})">{body}</g>'
        parts.append(
            f'<svg width="{css.num(w + 2 * pad)}" height="{css.num(h + 2 * pad)}" '
            f'style="left:-{pad}px;top:-{pad}px" overflow="visible">{defs}{body}</svg>'
        )
    plot = chart_svg(visual.chart, w, h, where) if visual.chart is not None else ""
    if plot:  # the chart draws its own title
        parts.append(f'<svg width="{css.num(max(w, 1))}" height="{css.num(max(h, 1))}">'
                     f"{plot}</svg>")
    elif visual.label:
        size = css.px(max(8.0, min(18.0, h / 12)))
        parts.append(f'<div class="label" style="font-size:{size}">{escape(visual.label)}</div>')
    return f'<div class="paint" style="{escape(css.declarations(decl))}">{"".join(parts)}</div>'
