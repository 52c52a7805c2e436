"""More presets' text rectangles (pure): flowchart symbols, block arrows and their callouts,
stars, scrolls, 3-D boxes, clouds … each the ``a:rect`` of ECMA-376 ``presetShapeDefinitions``
evaluated with its guides, as insets (top, right, bottom, left) px. ``textrect`` merges
``MORE_PRESETS`` into its one table; the primitives they share live here."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

Sides = tuple[float, float, float, float]
"""(top, right, bottom, left) px, as ``Insets``."""

Adjust = Mapping[str, float]
Preset = Callable[[Adjust, float, float], Sides]
"""A preset's text rectangle as insets: (its adjust values, box width, box height) → sides."""

INSCRIBED = 1 - math.cos(math.radians(45))  # 0.2929: the square inside a circle
_IDX = 29289 / 100000  # the definitions' own constant for a rounded corner's inset


def pin(lo: float, v: float, hi: float) -> float:
    """DrawingML's ``pin lo v hi``."""
    return max(lo, min(v, hi))


def _deg(angle: float) -> float:
    return math.radians(angle)


def ss_pin(adj: Adjust, name: str, default: float, scale: float, side: float,
            ss: float) -> float:
    """``pin 0 adj (scale × side / ss)``: an adjust whose maximum grows with the long side."""
    return pin(0, adj.get(name, default), scale * side / ss if ss else 0.0)


def _fractions(top: float, right: float, bottom: float, left: float) -> Preset:
    """A rectangle fixed in shares of the box (the 21600-unit flowchart symbols …)."""
    return lambda adj, w, h: (h * top, w * right, h * bottom, w * left)


def ellipse(adj: Adjust, w: float, h: float) -> Sides:
    """The square inscribed in the ellipse (ellipse, its callout, connector, teardrop)."""
    return h / 2 * INSCRIBED, w / 2 * INSCRIBED, h / 2 * INSCRIBED, w / 2 * INSCRIBED


def shaft(adj: Adjust, length: float, across: float, scale: float) -> tuple[float, float]:
    """A block arrow along ``length``: (its head's inset, the shaft's inset on each side).
    The rectangle runs to where the head's sides cross the shaft (``dx1 − y1·dx1/hd``)."""
    ss = min(length, across)
    dx1 = ss * ss_pin(adj, "adj2", 50000, scale, length, ss) / 100000
    y1 = across / 2 - across * pin(0, adj.get("adj1", 50000), 100000) / 200000
    return dx1 - (y1 * dx1 / (across / 2) if across else 0.0), y1


_MATH_ARM = 73490 / 200000
"""Half of the plus and minus signs' reach across the box."""


def _math_plus(adj: Adjust, w: float, h: float) -> Sides:
    """The bar across: the arms' reach wide, the bar's thickness high."""
    half = min(w, h) * pin(0, adj.get("adj1", 23520), 73490) / 200000
    side = w / 2 - w * _MATH_ARM
    return h / 2 - half, side, h / 2 - half, side


def _math_minus(adj: Adjust, w: float, h: float) -> Sides:
    half = h * pin(0, adj.get("adj1", 23520), 100000) / 200000
    side = w / 2 - w * _MATH_ARM
    return h / 2 - half, side, h / 2 - half, side


def _math_multiply(adj: Adjust, w: float, h: float) -> Sides:
    """The square where the cross's arms meet, grown to its arms' ends along the diagonal."""
    thick = min(w, h) * pin(0, adj.get("adj1", 23520), 51965) / 100000
    diag = math.hypot(w, h) or 1.0
    side = w * (1 - 51965 / 100000) / 2 - h / diag * thick / 2
    top = h * (1 - 51965 / 100000) / 2 - w / diag * thick / 2
    return top, side, top, side


def _up_arrow(adj: Adjust, w: float, h: float) -> Sides:
    head, side = shaft(adj, h, w, 100000)
    return head, side, 0.0, side


def _down_arrow(adj: Adjust, w: float, h: float) -> Sides:
    head, side = shaft(adj, h, w, 100000)
    return 0.0, side, head, side


def _left_right_arrow(adj: Adjust, w: float, h: float) -> Sides:
    head, side = shaft(adj, w, h, 50000)
    return side, head, side, head


def _up_down_arrow(adj: Adjust, w: float, h: float) -> Sides:
    head, side = shaft(adj, h, w, 50000)
    return head, side, head, side


def _callout_box(adj: Adjust, length: float, across: float) -> float:
    """An arrow callout's inset on its arrow's side: the box is ``adj4`` of ``length``, at
    most what the arrow's head (``adj3`` of ss) leaves."""
    ss = min(length, across)
    a3 = ss_pin(adj, "adj3", 25000, 100000, length, ss)
    a4 = pin(0, adj.get("adj4", 64977), 100000 - (a3 * ss / length if length else 0.0))
    return length - length * a4 / 100000


def _can(adj: Adjust, w: float, h: float) -> Sides:
    ss = min(w, h)
    y1 = ss * ss_pin(adj, "adj", 25000, 50000, h, ss) / 200000
    return 2 * y1, 0.0, y1, 0.0


def _cube(adj: Adjust, w: float, h: float) -> Sides:
    y1 = min(w, h) * pin(0, adj.get("adj", 25000), 100000) / 100000
    return y1, y1, 0.0, 0.0


def _inset(name: str, default: float) -> Preset:
    """bevel, frame: ``ss × pin 0 adj 50000`` in on every side."""
    def sides(adj: Adjust, w: float, h: float) -> Sides:
        x = min(w, h) * pin(0, adj.get(name, default), 50000) / 100000
        return x, x, x, x
    return sides


def _folded_corner(adj: Adjust, w: float, h: float) -> Sides:
    return 0.0, 0.0, min(w, h) * pin(0, adj.get("adj", 16667), 50000) / 100000, 0.0


def _pentagon(adj: Adjust, w: float, h: float) -> Sides:
    swd2 = w / 2 * adj.get("hf", 105146) / 100000
    shd2 = h / 2 * adj.get("vf", 110557) / 100000
    svc = h / 2 * adj.get("vf", 110557) / 100000
    dx1, dx2 = swd2 * math.cos(_deg(18)), swd2 * math.cos(_deg(306))
    y1 = svc - shd2 * math.sin(_deg(18))
    y2 = svc - shd2 * math.sin(_deg(306))
    return (y1 * dx2 / dx1 if dx1 else 0.0), w / 2 - dx2, h - y2, w / 2 - dx2


def _trapezoid(adj: Adjust, w: float, h: float) -> Sides:
    ss = min(w, h)
    max_adj = 50000 * w / ss if ss else 0.0
    share = ss_pin(adj, "adj", 25000, 50000, w, ss) / max_adj if max_adj else 0.0
    return h / 3 * share, w / 3 * share, 0.0, w / 3 * share


def _round1(adj: Adjust, w: float, h: float) -> Sides:
    return 0.0, min(w, h) * pin(0, adj.get("adj", 16667), 50000) / 100000 * _IDX, 0.0, 0.0


def _two_corners(adj: Adjust, w: float, h: float) -> tuple[float, float]:
    ss = min(w, h)
    return (ss * pin(0, adj.get("adj1", 16667), 50000) / 100000,
            ss * pin(0, adj.get("adj2", 0), 50000) / 100000)


def _round2_same(adj: Adjust, w: float, h: float) -> Sides:
    top, bottom = _two_corners(adj, w, h)
    side = (top if top > bottom else bottom) * _IDX
    return top * _IDX, side, bottom * _IDX, side


def _snip2_same(adj: Adjust, w: float, h: float) -> Sides:
    top, bottom = _two_corners(adj, w, h)
    side = (top if top > bottom else bottom) / 2
    return top / 2, side, bottom / 2, side


def _star4(adj: Adjust, w: float, h: float) -> Sides:
    a = pin(0, adj.get("adj", 12500), 50000) / 50000 * math.cos(_deg(45))
    return h / 2 * (1 - a), w / 2 * (1 - a), h / 2 * (1 - a), w / 2 * (1 - a)


def _star5(adj: Adjust, w: float, h: float) -> Sides:
    a = pin(0, adj.get("adj", 19098), 50000) / 50000
    vf = adj.get("vf", 110557) / 100000
    iwd2, ihd2, svc = w / 2 * adj.get("hf", 105146) / 100000 * a, h / 2 * vf * a, h / 2 * vf
    x = w / 2 - iwd2 * math.cos(_deg(342))
    return svc - ihd2 * math.sin(_deg(54)), x, h - svc - ihd2, x


def _star6(adj: Adjust, w: float, h: float) -> Sides:
    a = pin(0, adj.get("adj", 28868), 50000) / 50000
    iwd2 = w / 2 * adj.get("hf", 115470) / 100000 * a
    y = h / 2 - h / 2 * a * math.sin(_deg(60))
    return y, w / 2 - iwd2, y, w / 2 - iwd2


def _star8(adj: Adjust, w: float, h: float) -> Sides:
    a = pin(0, adj.get("adj", 37500), 50000) / 50000 * 92388 / 100000
    return h / 2 * (1 - a), w / 2 * (1 - a), h / 2 * (1 - a), w / 2 * (1 - a)


def _scroll(adj: Adjust, w: float, h: float) -> float:
    return min(w, h) * pin(0, adj.get("adj", 12500), 25000) / 100000


_CLOUD = _fractions(3262 / 21600, 4513 / 21600, 4263 / 21600, 2977 / 21600)

MORE_PRESETS: dict[str, Preset] = {
    "flowChartDecision": _fractions(1 / 4, 1 / 4, 1 / 4, 1 / 4),
    "flowChartConnector": ellipse,
    "flowChartTerminator": _fractions(3163 / 21600, 1018 / 21600, 3163 / 21600, 1018 / 21600),
    "flowChartDocument": _fractions(0, 0, 4278 / 21600, 0),
    "flowChartMultidocument": _fractions(3675 / 21600, 3005 / 21600, 818 / 21600, 0),
    "flowChartPredefinedProcess": _fractions(0, 1 / 8, 0, 1 / 8),
    "flowChartInputOutput": _fractions(0, 1 / 5, 0, 1 / 5),
    "flowChartManualInput": _fractions(1 / 5, 0, 0, 0),
    "flowChartPreparation": _fractions(0, 1 / 5, 0, 1 / 5),
    "flowChartOffpageConnector": _fractions(0, 0, 1 / 5, 0),
    "flowChartPunchedCard": _fractions(1 / 5, 0, 0, 0),
    "flowChartMagneticDisk": _fractions(1 / 3, 0, 1 / 6, 0),
    "can": _can,
    "cube": _cube,
    "bevel": _inset("adj", 12500),
    "frame": _inset("adj1", 12500),
    "foldedCorner": _folded_corner,
    "pentagon": _pentagon,
    "upArrow": _up_arrow,
    "downArrow": _down_arrow,
    "leftRightArrow": _left_right_arrow,
    "upDownArrow": _up_down_arrow,
    "trapezoid": _trapezoid,
    "round1Rect": _round1,
    "round2SameRect": _round2_same,
    "snip2SameRect": _snip2_same,
    "star4": _star4,
    "star5": _star5,
    "star6": _star6,
    "star8": _star8,
    "upArrowCallout": lambda adj, w, h: (_callout_box(adj, h, w), 0.0, 0.0, 0.0),
    "downArrowCallout": lambda adj, w, h: (0.0, 0.0, _callout_box(adj, h, w), 0.0),
    "leftArrowCallout": lambda adj, w, h: (0.0, 0.0, 0.0, _callout_box(adj, w, h)),
    "rightArrowCallout": lambda adj, w, h: (0.0, _callout_box(adj, w, h), 0.0, 0.0),
    "verticalScroll": lambda adj, w, h: (_scroll(adj, w, h), _scroll(adj, w, h),
                                         _scroll(adj, w, h) / 2, _scroll(adj, w, h)),
    "horizontalScroll": lambda adj, w, h: (_scroll(adj, w, h), _scroll(adj, w, h) / 2,
                                           _scroll(adj, w, h), _scroll(adj, w, h)),
    "cloud": _CLOUD,
    "cloudCallout": _CLOUD,
    "irregularSeal1": _fractions(6320 / 21600, 4898 / 21600, 7663 / 21600, 4627 / 21600),
    "irregularSeal2": _fractions(6382 / 21600, 6960 / 21600, 5665 / 21600, 5372 / 21600),
    "mathPlus": _math_plus,
    "mathMinus": _math_minus,
    "mathMultiply": _math_multiply,
    "heart": _fractions(1 / 4, 1 / 6, 1 / 3, 1 / 6),
    "teardrop": ellipse,
}
"""Each its definition's ``a:rect`` with the definition's defaults for absent adjust values;
checked against LibreOffice's own evaluation of the definitions (any size, any adjust) and its
drawing of the text, wide and tall boxes, default and own adjust values."""


__all__ = ["INSCRIBED", "MORE_PRESETS", "Adjust", "Preset", "Sides", "ellipse", "pin"]
