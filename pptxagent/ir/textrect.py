"""Where a shape's geometry lets its text go: the preset's text rectangle (pure).

PowerPoint and LibreOffice lay a shape's text out in the text rectangle its preset geometry
defines (ECMA-376 ``presetShapeDefinitions``, the ``a:rect`` of each preset), inside the
body's own insets: the square inscribed in an ellipse, the middle half of a diamond, the
lower half of a triangle, a rounded rectangle less its corners. Laid out in the whole box, a
line in an ellipse is 29 % wider than either draws it. ``geometry_insets`` gives the extra
inset on each side for the presets a text box takes most; others (and custom geometry) keep
the whole box, as does a shape that paints nothing (the inventory keeps no geometry for it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from pptxagent.ir.slide import Element
from pptxagent.ir.text import Insets

Sides = tuple[float, float, float, float]
"""(top, right, bottom, left) px, as ``Insets``."""

_INSCRIBED = 1 - math.cos(math.radians(45))  # 0.2929: the square inside a circle


def _pin(lo: float, v: float, hi: float) -> float:
    return max(lo, min(v, hi))


def _rounded(adj: float, *, pinned: bool = True) -> Callable[[float, float], Sides]:
    """A rounded rectangle's (its corner radius ``adj`` of the shorter side, pinned to a half
    except in the callout, whose ``adj3`` the definitions leave unpinned)."""
    def sides(w: float, h: float) -> Sides:
        il = min(w, h) * (_pin(0, adj, 50000) if pinned else adj) / 100000 * _INSCRIBED
        return il, il, il, il
    return sides


def _ellipse(w: float, h: float) -> Sides:
    return h / 2 * _INSCRIBED, w / 2 * _INSCRIBED, h / 2 * _INSCRIBED, w / 2 * _INSCRIBED


def _diamond(w: float, h: float) -> Sides:
    return h / 4, w / 4, h / 4, w / 4


def _triangle(adj: float, w: float, h: float) -> Sides:
    x1 = w * _pin(0, adj, 100000) / 200000
    return h / 2, w / 2 - x1, 0.0, x1


def _home_plate(adj: float, w: float, h: float) -> Sides:
    ss = min(w, h)
    dx1 = ss * _pin(0, adj, 100000 * w / ss if ss else 0) / 100000
    return 0.0, dx1 / 2, 0.0, 0.0


def _chevron(adj: float, w: float, h: float) -> Sides:
    ss = min(w, h)
    x1 = ss * _pin(0, adj, 100000 * w / ss if ss else 0) / 100000
    return (0.0, x1, 0.0, x1) if w - x1 > x1 else (0.0, 0.0, 0.0, 0.0)


def _all(v: float) -> Sides:
    return v, v, v, v


def _snip1(adj: float, w: float, h: float) -> Sides:
    dx1 = min(w, h) * _pin(0, adj, 50000) / 100000
    return dx1 / 2, dx1 / 2, 0.0, 0.0


def _arrow(adj1: float, adj2: float, w: float, h: float) -> Sides:
    """A right arrow's text rect: the shaft's height, up to where the head's sides cross it."""
    ss = min(w, h)
    dx1 = ss * _pin(0, adj2, 100000 * w / ss if ss else 0) / 100000
    y1 = h / 2 - h * _pin(0, adj1, 100000) / 200000
    dx2 = y1 * dx1 / (h / 2) if h else 0.0
    return y1, dx1 - dx2, y1, 0.0


def _parallelogram(adj: float, w: float, h: float) -> Sides:
    ss = min(w, h)
    max_adj = 100000 * w / ss if ss else 0.0
    a = _pin(0, adj, max_adj)
    q2 = (1 + (5 * a / max_adj if max_adj else 0.0)) / 12
    return q2 * h, q2 * w, q2 * h, q2 * w


def _hexagon(adj: float, w: float, h: float) -> Sides:
    ss = min(w, h)
    max_adj = 50000 * w / ss if ss else 0.0
    a = _pin(0, adj, max_adj)
    q1 = -max_adj / 2
    wide = a + q1 > 0
    q6 = (a + (q1 if wide else 0.0)) / q1 if q1 else 0.0
    q8 = (4 if wide else 2) - q6 * (3 if wide else 2)
    return h * q8 / 24, w * q8 / 24, h * q8 / 24, w * q8 / 24


def _more(geometry: str, adj: Mapping[str, float], w: float, h: float) -> Sides | None:
    """The presets after the eight most taken (each checked against LibreOffice's text)."""
    a, ss = adj.get("adj"), min(w, h)
    if geometry == "octagon":
        return _all(ss * _pin(0, 29289 if a is None else a, 50000) / 100000 / 2)
    if geometry == "plaque":
        return _all(ss * _pin(0, 16667 if a is None else a, 50000) / 100000 * 0.70711)
    if geometry == "flowChartAlternateProcess":
        return _all(ss / 6 * _INSCRIBED)
    if geometry == "snip1Rect":
        return _snip1(16667 if a is None else a, w, h)
    if geometry in ("rightArrow", "leftArrow"):
        top, right, bottom, left = _arrow(adj.get("adj1", 50000), adj.get("adj2", 50000), w, h)
        return (top, right, bottom, left) if geometry == "rightArrow" else (top, left, bottom,
                                                                            right)
    if geometry == "parallelogram":
        return _parallelogram(25000 if a is None else a, w, h)
    if geometry == "rtTriangle":
        return h * 7 / 12, w * 5 / 12, h / 12, w / 12
    if geometry == "hexagon":
        return _hexagon(25000 if a is None else a, w, h)
    return None


def _preset(geometry: str, adj: Mapping[str, float], w: float, h: float) -> Sides | None:
    a = adj.get("adj")
    if geometry == "roundRect":
        return _rounded(16667 if a is None else a)(w, h)
    if geometry == "wedgeRoundRectCallout":
        return _rounded(adj.get("adj3", 16667), pinned=False)(w, h)
    if geometry in ("ellipse", "wedgeEllipseCallout"):
        return _ellipse(w, h)
    if geometry == "diamond":
        return _diamond(w, h)
    if geometry == "triangle":
        return _triangle(50000 if a is None else a, w, h)
    if geometry == "homePlate":
        return _home_plate(50000 if a is None else a, w, h)
    if geometry == "chevron":
        return _chevron(50000 if a is None else a, w, h)
    return _more(geometry, adj, w, h)


def geometry_insets(el: Element, w: float | None = None, h: float | None = None) -> Insets | None:
    """The extra insets ``el``'s preset geometry puts around its text at box size ``w`` ×
    ``h`` (its layout's by default), flips applied; None for a plain box."""
    v = el.visual
    if v is None or not el.is_text or v.geometry in ("rect", "custom"):
        return None
    width = el.layout.w if w is None else w
    height = el.layout.h if h is None else h
    sides = _preset(v.geometry, v.adjust or {}, max(width, 0.0), max(height, 0.0))
    if sides is None or not any(sides):
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
    between ``body_v`` px of body insets; None when no height does (a shaft of zero height)."""
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


__all__ = ["geometry_insets", "height_for_text", "text_insets"]
