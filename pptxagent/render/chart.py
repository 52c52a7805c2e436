"""A chart's plot as SVG shapes (no text): bars, lines, areas, pie and doughnut slices.

An approximation for the picture of the slide (what lies behind text, how dark the frame
is), not a chart engine: the plot takes the frame minus fixed margins, one value axis from
the smaller of 0 and the minimum to the larger of 0 and the maximum, no labels or legend.
"""

from __future__ import annotations

import math

from pptxagent.ir import Chart
from pptxagent.render.css import color, num

AXIS = "#BFBFBF"


def _plot_box(w: float, h: float, titled: bool, axes: bool) -> tuple[float, float, float, float]:
    """Room for the title above, and for axis labels left of and below a plot with axes."""
    top = h * (0.17 if titled else 0.07)
    left, bottom = (0.1, 0.8) if axes else (0.06, 0.93)
    return w * left, top, w * (0.95 - left), h * bottom - top


def _range(values: list[float]) -> tuple[float, float]:
    """The value axis: from 0, unless every value is on one side far from it (as Excel's
    automatic axis: the minimum above 5/6 of the maximum)."""
    lo, hi = min(values), max(values)
    if lo > 0 and lo > hi * 5 / 6:
        return lo - (hi - lo) / 2, hi + (hi - lo) / 10
    if hi < 0 and hi < lo * 5 / 6:
        return lo - (hi - lo) / 10, hi + (hi - lo) / 2
    return min(0.0, lo), max(0.0, hi)


def _bars(chart: Chart, box: tuple[float, float, float, float], where: str) -> list[str]:
    x0, y0, pw, ph = box
    n = max(len(s.values) for s in chart.series)
    if chart.stacked:
        pos = [sum(max(s.values[i], 0) for s in chart.series if i < len(s.values))
               for i in range(n)]
        neg = [sum(min(s.values[i], 0) for s in chart.series if i < len(s.values))
               for i in range(n)]
        lo, hi = min(0.0, *neg), max(0.0, *pos)
    else:
        lo, hi = _range([v for s in chart.series for v in s.values])
    span = (hi - lo) or 1.0
    base0 = min(max(0.0, lo), hi)  # where bars start: 0, or the axis end nearest to it
    length = pw if chart.horizontal else ph
    band = (ph if chart.horizontal else pw) / n
    # Office's bar widths: a category holds its bars (sharing ``overlap``) and one gap of
    # ``gapWidth`` % of a bar; stacked bars are one lane.
    lanes = 1 if chart.stacked else len(chart.series)
    overlap = (chart.overlap if chart.overlap is not None else 0) / 100
    if chart.stacked:
        overlap = 0.0
    thick = band / (lanes - (lanes - 1) * overlap + chart.gapWidth / 100)
    step = thick * (1 - overlap)
    lead = (band - thick - (lanes - 1) * step) / 2
    out: list[str] = []
    up = [0.0] * n
    down = [0.0] * n
    for k, s in enumerate(chart.series):
        fill = color(s.color, where)
        for i, v in enumerate(s.values):
            if chart.stacked:
                base = up[i] if v >= 0 else down[i]
                if v >= 0:
                    up[i] += v
                else:
                    down[i] += v
                a, b = base, base + v
                lane = 0
            else:
                a, b, lane = base0, v, k
            p0 = (min(a, b) - lo) / span * length
            p1 = (max(a, b) - lo) / span * length
            across = i * band + lead + lane * step
            if chart.horizontal:  # the first category at the bottom, as Office draws it
                rx, ry, rw, rh = x0 + p0, y0 + ph - across - thick, p1 - p0, thick
            else:
                rx, ry, rw, rh = x0 + across, y0 + ph - p1, thick, p1 - p0
            out.append(f'<rect x="{num(rx)}" y="{num(ry)}" width="{num(rw)}" '
                       f'height="{num(rh)}" fill="{fill}"/>')
    zero = (base0 - lo) / span * length
    if chart.horizontal:
        out.append(f'<path d="M{num(x0 + zero)} {num(y0)} V{num(y0 + ph)}" stroke="{AXIS}"/>')
    else:
        out.append(f'<path d="M{num(x0)} {num(y0 + ph - zero)} H{num(x0 + pw)}" '
                   f'stroke="{AXIS}"/>')
    return out


def _lines(chart: Chart, box: tuple[float, float, float, float], where: str) -> list[str]:
    x0, y0, pw, ph = box
    lo, hi = _range([v for s in chart.series for v in s.values])
    span = (hi - lo) or 1.0
    out = [f'<path d="M{num(x0)} {num(y0 + ph)} H{num(x0 + pw)}" stroke="{AXIS}"/>']
    # Areas overlap: the first series is drawn last, in front (as Office draws them).
    for s in (chart.series[::-1] if chart.kind == "area" else chart.series):
        n = len(s.values)
        step = pw / max(n - 1, 1) if chart.kind == "area" else pw / max(n, 1)
        off = 0.0 if chart.kind == "area" else step / 2
        pts = [(x0 + off + i * step, y0 + ph - (v - lo) / span * ph)
               for i, v in enumerate(s.values)]
        if not pts:
            continue
        d = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts)
        fill = color(s.color, where)
        if chart.kind == "area":
            base = y0 + ph - (min(max(0.0, lo), hi) - lo) / span * ph
            d += f" L{num(pts[-1][0])} {num(base)} L{num(pts[0][0])} {num(base)} Z"
            out.append(f'<path d="{d}" fill="{fill}"/>')
        else:
            out.append(f'<path d="{d}" fill="none" stroke="{fill}" stroke-width="2.25"/>')
    return out


def _pie(chart: Chart, box: tuple[float, float, float, float], where: str) -> list[str]:
    x0, y0, pw, ph = box
    s = chart.series[0]
    total = sum(abs(v) for v in s.values) or 1.0
    r = min(pw, ph) / 2
    cx, cy = x0 + pw / 2, y0 + ph / 2
    out: list[str] = []
    a = -math.pi / 2
    for i, v in enumerate(s.values):
        sweep = abs(v) / total * 2 * math.pi
        fill = color((s.points or [s.color])[i % len(s.points or [s.color])], where)
        if sweep >= 2 * math.pi - 1e-9:
            out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{fill}"/>')
        elif sweep > 0:
            x1, y1 = cx + r * math.cos(a), cy + r * math.sin(a)
            x2, y2 = cx + r * math.cos(a + sweep), cy + r * math.sin(a + sweep)
            large = 1 if sweep > math.pi else 0
            out.append(f'<path d="M{num(cx)} {num(cy)} L{num(x1)} {num(y1)} A{num(r)} {num(r)} '
                       f'0 {large} 1 {num(x2)} {num(y2)} Z" fill="{fill}" stroke="#FFFFFF"/>')
        a += sweep
    if chart.kind == "doughnut":
        out.append(f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r * 0.5)}" fill="#FFFFFF"/>')
    return out


def chart_svg(chart: Chart, w: float, h: float, titled: bool, where: str) -> str:
    """SVG elements drawing ``chart`` in a ``w × h`` box (empty when it has no values)."""
    if not chart.series or not any(s.values for s in chart.series):
        return ""
    box = _plot_box(w, h, titled, chart.kind not in ("pie", "doughnut"))
    if chart.kind == "bar":
        parts = _bars(chart, box, where)
    elif chart.kind in ("pie", "doughnut"):
        parts = _pie(chart, box, where)
    else:
        parts = _lines(chart, box, where)
    return "".join(parts)
