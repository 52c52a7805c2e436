"""A chart as SVG: bars, lines, areas, pie and doughnut slices from the cached values, with
the furniture LibreOffice draws around them (gridlines, axis lines, tick and category labels,
legend, data labels, title) where ``chart_layout`` puts it.

An approximation for the picture of the slide (what lies behind text, how dark the frame
is), not a chart engine. Its text is art: SVG ``<text>`` inside the paint layer, never a
measured element.
"""

from __future__ import annotations

import math
from html import escape

from pptxagent.ir import Chart, ChartSeries, ChartText
from pptxagent.render.chart_layout import Layout, layout
from pptxagent.render.chart_radar import radar_svg
from pptxagent.render.chart_scale import (
    LINE,
    PT,
    Box,
    Label,
    Scale,
    format_category,
    format_value,
)
from pptxagent.render.css import color, font_family, num


def _bars(chart: Chart, box: Box, scale: Scale, where: str, out: list[str],
          marks: list[tuple[float, float, float, str]]) -> None:
    """Bars into ``out``; each value's label anchor (x, y, value, placement) into ``marks``."""
    x0, y0, pw, ph = box
    n = max(len(s.values) for s in chart.series)
    lo, hi = scale.lo, scale.hi
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
    reverse = chart.catAxis is not None and chart.catAxis.reverse
    up = [0.0] * n
    down = [0.0] * n
    for k, s in enumerate(chart.series):
        fills = [color(c, where) for c in s.points or [s.color]]
        for i, v in enumerate(s.values):
            fill = fills[i] if i < len(fills) else fills[0]
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
            a, b = min(max(a, lo), hi), min(max(b, lo), hi)
            p0 = (min(a, b) - lo) / span * length
            p1 = (max(a, b) - lo) / span * length
            across = (n - 1 - i if reverse else i) * band + lead + lane * step
            if chart.horizontal:  # the first category at the bottom, as Office draws it
                rx, ry, rw, rh = x0 + p0, y0 + ph - across - thick, p1 - p0, thick
                end = (rx + rw if b >= a else rx, ry + rh / 2)
                mid = (rx + rw / 2, ry + rh / 2)
            else:
                rx, ry, rw, rh = x0 + across, y0 + ph - p1, thick, p1 - p0
                end = (rx + rw / 2, ry if b >= a else ry + rh)
                mid = (rx + rw / 2, ry + rh / 2)
            out.append(f'<rect x="{num(rx)}" y="{num(ry)}" width="{num(rw)}" '
                       f'height="{num(rh)}" fill="{fill}"/>')
            place = chart.labelPos or ("ctr" if chart.stacked else "outEnd")
            at = mid if place in ("ctr", "inBase", "inEnd") else end
            sign = "-" if b < a else "+"
            marks.append((at[0], at[1], v, (place if place in ("ctr", "inBase", "inEnd")
                                            else ("r" if chart.horizontal else "t")) + sign))


def _lines(chart: Chart, box: Box, scale: Scale, where: str, out: list[str],
           marks: list[tuple[float, float, float, str]], xscale: Scale | None = None) -> None:
    x0, y0, pw, ph = box
    lo, hi = scale.lo, scale.hi
    span = (hi - lo) or 1.0
    n = max(len(s.values) for s in chart.series)
    area = chart.kind == "area"
    step = pw / max(n - 1, 1) if area else pw / max(n, 1)
    off = 0.0 if area else step / 2

    def y_of(v: float) -> float:
        return y0 + ph - (min(max(v, lo), hi) - lo) / span * ph

    # Stacked: each series lies on the sum of those before it.
    below = [0.0] * n
    shapes: list[str] = []
    for s in chart.series:
        tops = [(below[i] if chart.stacked else 0.0) + v for i, v in enumerate(s.values)]
        pts = [(x0 + off + i * step, y_of(t)) for i, t in enumerate(tops)]
        if xscale is not None and chart.xValues:
            xspan = (xscale.hi - xscale.lo) or 1.0
            pts = [(x0 + (xv - xscale.lo) / xspan * pw, y)
                   for xv, (_, y) in zip(chart.xValues, pts, strict=False)]
            shapes += [f'<circle cx="{num(x)}" cy="{num(y)}" r="3" fill="{color(s.color, where)}"/>'
                       for x, y in pts]
        if not pts:
            continue
        d = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts)
        if s.smooth and not area and len(pts) > 2:
            d = _curve(pts)
        fill = color(s.color, where)
        if area:
            if chart.stacked:
                back = [(x0 + i * step, y_of(below[i])) for i in range(len(pts))][::-1]
                d += " L" + " L".join(f"{num(x)} {num(y)}" for x, y in back) + " Z"
            else:
                base = y_of(min(max(0.0, lo), hi))
                d += f" L{num(pts[-1][0])} {num(base)} L{num(pts[0][0])} {num(base)} Z"
            shapes.append(f'<path d="{d}" fill="{fill}"/>')
        else:
            if s.width > 0:
                shapes.append(f'<path d="{d}" fill="none" stroke="{fill}" '
                              f'stroke-width="{num(s.width)}"/>')
            if s.marker and not chart.xValues:
                shapes += [f'<rect x="{num(x - 3)}" y="{num(y - 3)}" width="6" height="6" '
                           f'fill="{fill}"/>' for x, y in pts]
        if chart.stacked:
            below = list(tops) + below[len(tops):]
        place = chart.labelPos or ("ctr" if area else "r")
        marks += [(x, y, v, place + "+") for (x, y), v in zip(pts, s.values, strict=False)]
    # Unstacked areas overlap: the first series is drawn last, in front (as Office does).
    out += shapes[::-1] if area and not chart.stacked else shapes


def _curve(pts: list[tuple[float, float]]) -> str:
    """A smooth path through ``pts`` (Catmull-Rom as cubic Béziers, as smoothed chart lines
    are drawn)."""
    d = f"M{num(pts[0][0])} {num(pts[0][1])}"
    for i in range(len(pts) - 1):
        p0, p1, p2 = pts[max(i - 1, 0)], pts[i], pts[i + 1]
        p3 = pts[min(i + 2, len(pts) - 1)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        d += (f" C{num(c1[0])} {num(c1[1])} {num(c2[0])} {num(c2[1])} "
              f"{num(p2[0])} {num(p2[1])}")
    return d


def _pie(chart: Chart, box: Box, where: str, out: list[str],
         marks: list[tuple[float, float, float, str]]) -> None:
    x0, y0, pw, ph = box
    s = chart.series[0]
    total = sum(abs(v) for v in s.values) or 1.0
    # LibreOffice keeps a margin round the pie, wider where labels may stand outside it.
    r = min(pw, ph) / 2 * (0.94 if chart.dataLabels is None else 0.86)
    cx, cy = x0 + pw / 2, y0 + ph / 2
    a = -math.pi / 2 + math.radians(chart.firstAngle)
    outside = chart.labelPos == "outEnd"
    hole = r * chart.holeSize / 100 if chart.kind == "doughnut" else 0.0
    for i, v in enumerate(s.values):
        sweep = abs(v) / total * 2 * math.pi
        fill = color((s.points or [s.color])[i % len(s.points or [s.color])], where)
        if sweep > 0:
            out.append(f'<path d="{_slice(cx, cy, r, hole, a, sweep)}" fill="{fill}" '
                       f'fill-rule="evenodd" stroke="#FFFFFF"/>')
        mid = a + sweep / 2
        out_here = outside or (chart.labelPos in (None, "bestFit") and sweep < 0.5)
        ring = (1 + chart.holeSize / 100) / 2
        k = 1.2 if out_here else (ring if chart.kind == "doughnut" else 0.65)
        marks.append((cx + k * r * math.cos(mid), cy + k * r * math.sin(mid), v, "ctr+"))
        a += sweep


def _slice(cx: float, cy: float, r: float, hole: float, a: float, sweep: float) -> str:
    """The path of a pie slice (``hole`` 0) or doughnut segment from angle ``a``."""
    if sweep >= 2 * math.pi - 1e-9:  # the whole round: two half arcs (and the hole's)
        d = (f"M{num(cx + r)} {num(cy)} A{num(r)} {num(r)} 0 1 1 {num(cx - r)} {num(cy)} "
             f"A{num(r)} {num(r)} 0 1 1 {num(cx + r)} {num(cy)} Z")
        if hole > 0:
            d += (f" M{num(cx + hole)} {num(cy)} A{num(hole)} {num(hole)} 0 1 0 "
                  f"{num(cx - hole)} {num(cy)} A{num(hole)} {num(hole)} 0 1 0 "
                  f"{num(cx + hole)} {num(cy)} Z")
        return d
    large = 1 if sweep > math.pi else 0

    def at(rad: float, ang: float) -> str:
        return f"{num(cx + rad * math.cos(ang))} {num(cy + rad * math.sin(ang))}"

    outer = f"L{at(r, a)} A{num(r)} {num(r)} 0 {large} 1 {at(r, a + sweep)}"
    if hole <= 0:
        return f"M{num(cx)} {num(cy)} {outer} Z"
    return (f"M{at(hole, a)} {outer} L{at(hole, a + sweep)} "
            f"A{num(hole)} {num(hole)} 0 {large} 0 {at(hole, a)} Z")


def _grid_and_axes(chart: Chart, lay: Layout, where: str) -> tuple[list[str], list[str]]:
    """Gridlines (behind the plot) and axis lines (in front of it)."""
    x0, y0, pw, ph = lay.plot
    sc = lay.scale
    span = (sc.hi - sc.lo) or 1.0
    across = chart.kind == "bar" and chart.horizontal
    back: list[str] = []
    front: list[str] = []
    va, ca = chart.valAxis, chart.catAxis
    if va is not None and va.grid is not None:
        stroke = color(va.grid, where)
        for t in sc.ticks():
            p = (t - sc.lo) / span
            d = (f"M{num(x0 + p * pw)} {num(y0)} V{num(y0 + ph)}" if across
                 else f"M{num(x0)} {num(y0 + ph - p * ph)} H{num(x0 + pw)}")
            back.append(f'<path d="{d}" stroke="{stroke}" stroke-width="0.75"/>')
    zero = (min(max(0.0, sc.lo), sc.hi) - sc.lo) / span
    if ca is not None and ca.line is not None:
        stroke = color(ca.line, where)
        d = (f"M{num(x0 + zero * pw)} {num(y0)} V{num(y0 + ph)}" if across
             else f"M{num(x0)} {num(y0 + ph - zero * ph)} H{num(x0 + pw)}")
        front.append(f'<path d="{d}" stroke="{stroke}" stroke-width="0.75"/>')
    if va is not None and va.line is not None:
        stroke = color(va.line, where)
        d = (f"M{num(x0)} {num(y0 + ph)} H{num(x0 + pw)}" if across
             else f"M{num(x0)} {num(y0)} V{num(y0 + ph)}")
        front.append(f'<path d="{d}" stroke="{stroke}" stroke-width="0.75"/>')
    return back, front


def _box(fill: str | None, line: str | None, box: Box, where: str) -> str:
    """A filled and/or outlined rectangle (the chart area, the plot area); empty for
    neither."""
    if fill is None and line is None:
        return ""
    x, y, w, h = box
    stroke = f' stroke="{color(line, where)}" stroke-width="0.75"' if line else ""
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" '
            f'fill="{color(fill, where) if fill else "none"}"{stroke}/>')


def _text(label: Label, where: str) -> str:
    st = label.style
    weight = ' font-weight="bold"' if st.bold else ""
    if label.rotate:
        weight += f' transform="rotate({num(label.rotate)} {num(label.x)} {num(label.y)})"'
    return (f'<text x="{num(label.x)}" y="{num(label.y)}" text-anchor="{label.anchor}" '
            f'font-size="{num(st.size * PT)}" fill="{color(st.color, where)}"{weight} '
            f'font-family="{escape(font_family(st.font, where))}">{escape(label.text)}</text>')


def _label_text(chart: Chart, s: ChartSeries, i: int) -> str:
    """A data label's lines: category name, value, share of the series (as shown)."""
    v = (s.raw or s.values)[i]
    code = chart.labelFormat or chart.valueFormat
    lines = []
    for part in chart.labelShows:
        if part == "category":
            lines.append(format_category(chart.categories[i], chart.categoryFormat)
                         if i < len(chart.categories) else str(i + 1))
        elif part == "value":
            lines.append(format_value(v, code))
        else:
            share = abs(v) / (sum(abs(x) for x in s.values) or 1.0)
            lines.append(format_value(share, code if code and "%" in code else "0%"))
    return "\n".join(lines)


def _value_labels(chart: Chart, marks: list[tuple[float, float, float, str]],
                  st: ChartText) -> list[Label]:
    font = st.size * PT
    series = chart.series[:1] if chart.kind in ("pie", "doughnut") else chart.series
    points = [(s, i) for s in series for i in range(len(s.values))]
    out = []
    for (x, y, _, place), (s, i) in zip(marks, points, strict=False):
        lines = _label_text(chart, s, i).split("\n")
        kind, sign = place[:-1], place[-1]
        if kind in ("t", "outEnd") and sign == "+":
            y, anchor = y - 0.3 * font - (len(lines) - 1) * font * LINE, "middle"
        elif kind in ("t", "outEnd"):
            y, anchor = y + 0.95 * font, "middle"
        elif kind in ("r", "l"):
            x += 0.3 * font if kind == "r" else -0.3 * font
            y, anchor = y + 0.35 * font, "start" if kind == "r" else "end"
        elif kind == "b":
            y, anchor = y + 1.1 * font, "middle"
        else:
            y, anchor = y + 0.35 * font - (len(lines) - 1) * font * LINE / 2, "middle"
        out += [Label(x, y + j * font * LINE, line, anchor, st) for j, line in enumerate(lines)]
    return out


def chart_svg(chart: Chart, w: float, h: float, where: str) -> str:
    """SVG elements drawing ``chart`` in a ``w × h`` box (empty when it has no values)."""
    if not chart.series or not any(s.values for s in chart.series):
        return ""
    lay = layout(chart, w, h)
    paint = [_box(chart.fill, chart.border, (0.0, 0.0, w, h), where)]
    if chart.radar is not None:  # a web, not axes
        web, labels = radar_svg(chart, lay.plot, where)
        swatches = [f'<rect x="{num(x)}" y="{num(y)}" width="{num(sw)}" height="{num(sh)}" '
                    f'fill="{color(col, where)}"/>' for (x, y, sw, sh), col in lay.swatches]
        return "".join([p for p in paint if p] + web + swatches
                       + [_text(lb, where) for lb in [*lay.labels, *labels]])
    if chart.kind not in ("pie", "doughnut"):
        paint.append(_box(chart.plotFill, chart.plotBorder, lay.plot, where))
    back, front = ([], []) if chart.kind in ("pie", "doughnut") else _grid_and_axes(
        chart, lay, where)
    parts: list[str] = [p for p in paint if p] + back
    marks: list[tuple[float, float, float, str]] = []
    if chart.kind == "bar":
        _bars(chart, lay.plot, lay.scale, where, parts, marks)
    elif chart.kind in ("pie", "doughnut"):
        _pie(chart, lay.plot, where, parts, marks)
    else:
        _lines(chart, lay.plot, lay.scale, where, parts, marks, lay.xscale)
    parts += front
    labels = list(lay.labels)
    if chart.dataLabels is not None:
        labels += _value_labels(chart, marks, chart.dataLabels)
    for (x, y, sw, sh), col in lay.swatches:
        parts.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(sw)}" height="{num(sh)}" '
                     f'fill="{color(col, where)}"/>')
    parts += [_text(label, where) for label in labels]
    return "".join(parts)
