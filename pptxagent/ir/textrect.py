"""Where a shape's geometry lets its text go: the preset's text rectangle (pure).

PowerPoint and LibreOffice lay a shape's text out in the text rectangle its preset geometry
defines (ECMA-376 ``presetShapeDefinitions``, the ``a:rect`` of each preset), inside the
body's own insets: the square inscribed in an ellipse, the middle half of a diamond, the
lower half of a triangle, a rounded rectangle less its corners. Laid out in the whole box, a
line in an ellipse is 29 % wider than either draws it. ``geometry_insets`` gives the extra
inset on each side for the presets a text box takes most (``PRESETS``, more of them in
``textrect_more``); others (and custom geometry) keep the whole box, as does a shape that
paints nothing (the inventory keeps no geometry for it).
"""

from __future__ import annotations

from pptxagent.ir.slide import Element
from pptxagent.ir.text import Insets
from pptxagent.ir.textrect_more import INSCRIBED as _INSCRIBED
from pptxagent.ir.textrect_more import MORE_PRESETS, Adjust, Preset, Sides, shaft, ss_pin
from pptxagent.ir.textrect_more import ellipse as _ellipse
from pptxagent.ir.textrect_more import pin as _pin


def _all(v: float) -> Sides:
    return v, v, v, v


def _rounded(adj: float, w: float, h: float, *, pinned: bool = True) -> Sides:
    """A rounded rectangle's: its corner radius ``adj`` of the shorter side, pinned to a half
    except in the callout, whose ``adj3`` the definitions leave unpinned."""
    return _all(min(w, h) * (_pin(0, adj, 50000) if pinned else adj) / 100000 * _INSCRIBED)


def _triangle(adj: Adjust, w: float, h: float) -> Sides:
    x1 = w * _pin(0, adj.get("adj", 50000), 100000) / 200000
    return h / 2, w / 2 - x1, 0.0, x1


def _home_plate(adj: Adjust, w: float, h: float) -> Sides:
    ss = min(w, h)
    dx1 = ss * ss_pin(adj, "adj", 50000, 100000, w, ss) / 100000
    return 0.0, dx1 / 2, 0.0, 0.0


def _chevron(adj: Adjust, w: float, h: float) -> Sides:
    ss = min(w, h)
    x1 = ss * ss_pin(adj, "adj", 50000, 100000, w, ss) / 100000
    return (0.0, x1, 0.0, x1) if w - x1 > x1 else (0.0, 0.0, 0.0, 0.0)


def _snip1(adj: Adjust, w: float, h: float) -> Sides:
    dx1 = min(w, h) * _pin(0, adj.get("adj", 16667), 50000) / 100000
    return dx1 / 2, dx1 / 2, 0.0, 0.0


def _right_arrow(adj: Adjust, w: float, h: float) -> Sides:
    """The shaft's height, up to where the head's sides cross it."""
    head, side = shaft(adj, w, h, 100000)
    return side, head, side, 0.0


def _left_arrow(adj: Adjust, w: float, h: float) -> Sides:
    head, side = shaft(adj, w, h, 100000)
    return side, 0.0, side, head


def _parallelogram(adj: Adjust, w: float, h: float) -> Sides:
    ss = min(w, h)
    max_adj = 100000 * w / ss if ss else 0.0
    a = _pin(0, adj.get("adj", 25000), max_adj)
    q2 = (1 + (5 * a / max_adj if max_adj else 0.0)) / 12
    return q2 * h, q2 * w, q2 * h, q2 * w


def _hexagon(adj: Adjust, w: float, h: float) -> Sides:
    ss = min(w, h)
    max_adj = 50000 * w / ss if ss else 0.0
    a = _pin(0, adj.get("adj", 25000), max_adj)
    q1 = -max_adj / 2
    wide = a + q1 > 0
    q6 = (a + (q1 if wide else 0.0)) / q1 if q1 else 0.0
    q8 = (4 if wide else 2) - q6 * (3 if wide else 2)
    return h * q8 / 24, w * q8 / 24, h * q8 / 24, w * q8 / 24


PRESETS: dict[str, Preset] = {
    "roundRect": lambda adj, w, h: _rounded(adj.get("adj", 16667), w, h),
    "wedgeRoundRectCallout": lambda adj, w, h: _rounded(adj.get("adj3", 16667), w, h,
                                                        pinned=False),
    "ellipse": _ellipse,
    "wedgeEllipseCallout": _ellipse,
    "diamond": lambda adj, w, h: (h / 4, w / 4, h / 4, w / 4),
    "triangle": _triangle,
    "homePlate": _home_plate,
    "chevron": _chevron,
    "octagon": lambda adj, w, h: _all(
        min(w, h) * _pin(0, adj.get("adj", 29289), 50000) / 100000 / 2),
    "plaque": lambda adj, w, h: _all(
        min(w, h) * _pin(0, adj.get("adj", 16667), 50000) / 100000 * 0.70711),
    "flowChartAlternateProcess": lambda adj, w, h: _all(min(w, h) / 6 * _INSCRIBED),
    "snip1Rect": _snip1,
    "rightArrow": _right_arrow,
    "leftArrow": _left_arrow,
    "parallelogram": _parallelogram,
    "rtTriangle": lambda adj, w, h: (h * 7 / 12, w * 5 / 12, h / 12, w / 12),
    "hexagon": _hexagon,
    **MORE_PRESETS,
}
"""Every modelled preset (each checked against LibreOffice's text, default and own adjust
values); a preset not here keeps the whole box."""


def _preset(el: Element) -> Preset | None:
    v = el.visual
    return None if v is None or not el.is_text else PRESETS.get(v.geometry)


def geometry_insets(el: Element, w: float | None = None, h: float | None = None) -> Insets | None:
    """The extra insets ``el``'s preset geometry puts around its text at box size ``w`` ×
    ``h`` (its layout's by default), flips applied; None for a plain box."""
    v, preset = el.visual, _preset(el)
    if v is None or preset is None:
        return None
    width = el.layout.w if w is None else w
    height = el.layout.h if h is None else h
    sides = preset(v.adjust or {}, max(width, 0.0), max(height, 0.0))
    if not any(sides):
        return None
    top, right, bottom, left = sides
    # In the text's own frame: a vertical flip turns the text half a turn (``text_turn``),
    # which mirrors the rectangle both ways; with the flip's own mirror, only left/right stay.
    if v.flipH != v.flipV:
        left, right = right, left
    return Insets(top=top, right=right, bottom=bottom, left=left)


def text_insets(el: Element, w: float | None = None, h: float | None = None) -> Insets | None:
    """The body's insets plus its geometry's (``geometry_insets``): where the text goes."""
    own, geo = el.style.insets, geometry_insets(el, w, h)
    if geo is None:
        return own
    if own is None:
        return geo
    return Insets(top=own.top + geo.top, right=own.right + geo.right,
                  bottom=own.bottom + geo.bottom, left=own.left + geo.left)


def height_for_text(el: Element, w: float, text_h: float, body_v: float) -> float | None:
    """The least box height whose text rectangle (at width ``w``) holds ``text_h`` px of text
    between ``body_v`` px of body insets; None when no height does (a shaft of zero height).
    A shape whose preset is not modelled needs the text and its insets, nothing to solve."""
    if _preset(el) is None:
        return text_h + body_v

    def room(h: float) -> float:
        geo = geometry_insets(el, w, h)
        return h - body_v - ((geo.top + geo.bottom) if geo else 0.0)
    lo, hi = 0.0, max(text_h + body_v, 1.0)
    for _ in range(60):
        if room(hi) >= text_h:
            break
        lo, hi = hi, hi * 2
    else:
        return None
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if room(mid) >= text_h else (mid, hi)
    return hi


__all__ = ["PRESETS", "geometry_insets", "height_for_text", "text_insets"]
