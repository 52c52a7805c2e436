"""Preset geometries as SVG outlines in the shape's own px box (pure).

Adjust values follow DrawingML's ``presetShapeDefinitions``: lengths are shares of the short
side (``ss``) in 1/100000. Unknown presets and custom geometry draw as their box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from pptxagent.render.css import num

Points = list[tuple[float, float]]
LINES = frozenset({"line", "straightConnector1", "bentConnector2", "bentConnector3",
                   "bentConnector4", "bentConnector5", "curvedConnector2", "curvedConnector3",
                   "curvedConnector4", "curvedConnector5"})


def _adj(adjust: Mapping[str, float], name: str, default: float) -> float:
    v = adjust.get(name)
    if v is None and name == "adj1":
        v = adjust.get("adj")
    return (default if v is None else v) / 100000


def _right_arrow(w: float, h: float, a: Mapping[str, float]) -> Points:
    ss = min(w, h)
    a1, a2 = _adj(a, "adj1", 50000), _adj(a, "adj2", 50000)
    y1, y2 = h / 2 - h * a1 / 2, h / 2 + h * a1 / 2
    x1 = max(w - ss * a2, 0)
    return [(0, y1), (x1, y1), (x1, 0), (w, h / 2), (x1, h), (x1, y2), (0, y2)]


def _left_right(w: float, h: float, a: Mapping[str, float]) -> Points:
    ss = min(w, h)
    a1, a2 = _adj(a, "adj1", 50000), _adj(a, "adj2", 50000)
    y1, y2 = h / 2 - h * a1 / 2, h / 2 + h * a1 / 2
    d = min(ss * a2, w / 2)
    return [(0, h / 2), (d, 0), (d, y1), (w - d, y1), (w - d, 0), (w, h / 2), (w - d, h),
            (w - d, y2), (d, y2), (d, h)]


def _turn(fn: Callable[[float, float, Mapping[str, float]], Points], mirror: bool,
          transpose: bool) -> Callable[[float, float, Mapping[str, float]], Points]:
    """A right-pointing outline made to point left (mirror), down (transpose) or up."""

    def made(w: float, h: float, a: Mapping[str, float]) -> Points:
        pts = fn(h, w, a) if transpose else fn(w, h, a)
        if transpose:
            pts = [(py, px) for px, py in pts]
        if mirror:
            pts = [(w - px, py) if not transpose else (px, h - py) for px, py in pts]
        return pts

    return made


_STARS = {"star4": (4, 12500), "star5": (5, 19098), "star6": (6, 28868), "star7": (7, 34601),
          "star8": (8, 38250), "star10": (10, 42533), "star12": (12, 37500),
          "star16": (16, 37500), "star24": (24, 37500), "star32": (32, 37500)}


def _star(points: int, inner: float, w: float, h: float) -> Points:
    """``inner`` = inner radius as a share of the outer (DrawingML ``adj`` / 50000)."""
    out: Points = []
    for k in range(points * 2):
        r = 1.0 if k % 2 == 0 else inner
        t = -math.pi / 2 + k * math.pi / points
        out.append((w / 2 + r * w / 2 * math.cos(t), h / 2 + r * h / 2 * math.sin(t)))
    return out


def _more(name: str, w: float, h: float, a: Mapping[str, float]) -> Points | None:
    ss = min(w, h)
    if name in _STARS:
        n, default = _STARS[name]
        return _star(n, _adj(a, "adj", default) * 2, w, h)
    if name == "pentagon":
        return [(w / 2, 0), (w, h * 0.382), (w * 0.809, h), (w * 0.191, h), (0, h * 0.382)]
    if name == "hexagon":
        x = min(ss * _adj(a, "adj", 25000), w / 2)
        return [(x, 0), (w - x, 0), (w, h / 2), (w - x, h), (x, h), (0, h / 2)]
    if name == "octagon":
        x = min(ss * _adj(a, "adj", 29289), w / 2, h / 2)
        return [(x, 0), (w - x, 0), (w, x), (w, h - x), (w - x, h), (x, h), (0, h - x), (0, x)]
    if name == "plus":
        x = min(ss * _adj(a, "adj", 25000), w / 2, h / 2)
        return [(x, 0), (w - x, 0), (w - x, x), (w, x), (w, h - x), (w - x, h - x), (w - x, h),
                (x, h), (x, h - x), (0, h - x), (0, x), (x, x)]
    return None


def _poly(name: str, w: float, h: float, a: Mapping[str, float]) -> Points | None:
    ss = min(w, h)
    if name == "triangle":
        ax = w * _adj(a, "adj", 50000)
        return [(ax, 0), (w, h), (0, h)]
    if name == "rtTriangle":
        return [(0, 0), (w, h), (0, h)]
    if name == "diamond":
        return [(w / 2, 0), (w, h / 2), (w / 2, h), (0, h / 2)]
    if name == "parallelogram":
        x = min(ss * _adj(a, "adj", 25000), w)
        return [(x, 0), (w, 0), (w - x, h), (0, h)]
    if name == "trapezoid":
        x = min(ss * _adj(a, "adj", 25000), w / 2)
        return [(0, h), (x, 0), (w - x, 0), (w, h)]
    if name in ("chevron", "homePlate"):
        x = min(ss * _adj(a, "adj", 50000), w)
        pts = [(0, 0), (w - x, 0), (w, h / 2), (w - x, h), (0, h)]
        return [*pts, (x, h / 2)] if name == "chevron" else pts
    if name == "rightArrow":
        return _right_arrow(w, h, a)
    if name == "notchedRightArrow":  # a right arrow with a notch as deep as its head is long
        pts = _right_arrow(w, h, a)
        notch = (h / 2 - pts[0][1]) * (w - pts[1][0]) / (h / 2) if h else 0
        return [*pts, (min(notch, w), h / 2)]
    if name == "leftArrow":
        return _turn(_right_arrow, True, False)(w, h, a)
    if name == "downArrow":
        return _turn(_right_arrow, False, True)(w, h, a)
    if name == "upArrow":
        return _turn(_right_arrow, True, True)(w, h, a)
    if name == "leftRightArrow":
        return _left_right(w, h, a)
    return _more(name, w, h, a)


def _path(pts: Points) -> str:
    return "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts) + " Z"


def shape_svg(
    name: str, w: float, h: float, adjust: Mapping[str, float]
) -> tuple[str, str | None, bool]:
    """``(svg element with an {attrs} slot, clip path for a picture fill, is a line)``."""
    if name == "bentConnector2":
        return (f'<path d="M0 0 L{num(w)} 0 L{num(w)} {num(h)}" fill="none"{{attrs}}/>', None,
                True)
    if name == "bentConnector3":
        x = w * _adj(adjust, "adj1", 50000)
        return (f'<path d="M0 0 L{num(x)} 0 L{num(x)} {num(h)} L{num(w)} {num(h)}" '
                f'fill="none"{{attrs}}/>', None, True)
    if name.startswith("curvedConnector"):
        return (f'<path d="M0 0 C{num(w / 2)} 0 {num(w / 2)} {num(h)} {num(w)} {num(h)}" '
                f'fill="none"{{attrs}}/>', None, True)
    if name in LINES:
        return (f'<path d="M0 0 L{num(w)} {num(h)}"{{attrs}}/>', None, True)
    if name == "lineInv":
        return (f'<path d="M0 {num(h)} L{num(w)} 0"{{attrs}}/>', None, True)
    if name == "ellipse" or name == "flowChartConnector":
        rx, ry = w / 2, h / 2
        clip = (f"M0 {num(ry)} A{num(rx)} {num(ry)} 0 1 0 {num(w)} {num(ry)} "
                f"A{num(rx)} {num(ry)} 0 1 0 0 {num(ry)} Z")
        return (f'<ellipse cx="{num(rx)}" cy="{num(ry)}" rx="{num(rx)}" ry="{num(ry)}"{{attrs}}/>',
                clip, False)
    if name == "roundRect":
        r = min(w, h) * min(_adj(adjust, "adj", 16667), 0.5)
        return (f'<rect width="{num(w)}" height="{num(h)}" rx="{num(r)}"{{attrs}}/>', None, False)
    pts = _poly(name, w, h, adjust)
    if pts is not None:
        d = _path(pts)
        return (f'<path d="{d}"{{attrs}}/>', d, False)
    return (f'<rect width="{num(w)}" height="{num(h)}"{{attrs}}/>', None, False)
