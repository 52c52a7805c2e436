"""Where a chart's parts go, the way LibreOffice lays a chart out: the title at the top, the
legend at its side of what is left, the diagram in the rest inset by 2 % of the frame, and
the plot inside the diagram shrunk by its axis labels. A manual layout of the plot area
(``c:manualLayout``, fractions of the frame) replaces the automatic diagram.

Pure geometry in px of the chart frame; ``chart`` draws it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pptxagent.ir import Chart, ChartText
from pptxagent.render.chart_legend import legend_parts
from pptxagent.render.chart_scale import (
    HMM,
    LINE,
    PT,
    Box,
    Label,
    Scale,
    auto_scale,
    format_category,
    format_value,
    text_width,
    wrap,
)


@dataclass
class Layout:
    plot: Box
    scale: Scale = field(default_factory=lambda: Scale(0.0, 1.0, 1.0))
    labels: list[Label] = field(default_factory=list)
    swatches: list[tuple[Box, str]] = field(default_factory=list)
    """Legend keys: box and colour."""
    xscale: Scale | None = None
    """Scatter: the X axis."""


def _inset(box: Box, left: float, top: float, right: float, bottom: float) -> Box:
    x, y, w, h = box
    return x + left, y + top, max(w - left - right, 1.0), max(h - top - bottom, 1.0)


def data_range(chart: Chart) -> tuple[float, float]:
    """The values the value axis must hold (stacked: the sums either side of 0)."""
    if chart.percent:
        return 0.0, 100.0
    n = max((len(s.values) for s in chart.series), default=0)
    if chart.stacked and n:
        pos = [sum(max(s.values[i], 0) for s in chart.series if i < len(s.values))
               for i in range(n)]
        neg = [sum(min(s.values[i], 0) for s in chart.series if i < len(s.values))
               for i in range(n)]
        return min(neg), max(pos)
    values = [v for s in chart.series for v in s.values] or [0.0]
    return min(values), max(values)


def scale_for(chart: Chart, max_count: int = 10) -> Scale:
    lo, hi = data_range(chart)
    ax = chart.valAxis
    return auto_scale(lo, hi, max_count, ax.minimum if ax else None,
                      ax.maximum if ax else None, ax.unit if ax else None,
                      close=not chart.percent)


def tick_text(chart: Chart, v: float) -> str:
    ax = chart.valAxis
    code = (ax.format if ax else None) or chart.valueFormat
    return format_value(v, code, percent_axis=chart.percent)


def _title(chart: Chart, w: float, h: float, rem: list[float], out: Layout) -> None:
    """The title centred at the top (lines broken at 80 % of the frame's width, as
    LibreOffice breaks them); the rest of the chart goes below it."""
    if not chart.title or chart.titleText is None:
        return
    st = chart.titleText
    font = st.size * PT
    lines = [ln for para in chart.title.split("\n") for ln in wrap(para, font, 0.8 * w, 4,
                                                                          st.font)]
    dist = 0.02 * h + 135 * HMM
    for i, line in enumerate(lines):
        out.labels.append(Label(w / 2, dist + font * (0.93 + i * LINE), line, "middle", st))
    if not chart.titleOverlay:
        used = len(lines) * font * LINE + dist
        rem[1] += used
        rem[3] -= used


def layout(chart: Chart, w: float, h: float) -> Layout:
    """Where ``chart``'s plot, labels and legend keys go in a ``w × h`` frame."""
    rem = [0.0, 0.0, w, h]
    out = Layout(plot=(0.0, 0.0, w, h))
    _title(chart, w, h, rem, out)
    labels, out.swatches = legend_parts(chart, w, h, rem)
    out.labels += labels
    titles = _axis_titles(chart, w, rem)
    inner = False
    if chart.plot is not None and chart.plot[2] > 0 and chart.plot[3] > 0:
        px, py, pw, ph = chart.plot
        outer: Box = (px * w, py * h, pw * w, ph * h)
        inner = chart.plotInner
    else:
        outer = _inset((rem[0], rem[1], max(rem[2], 1.0), max(rem[3], 1.0)),
                       0.02 * w, 0.02 * h, 0.02 * w, 0.02 * h)
    out.plot = outer
    if chart.kind in ("pie", "doughnut") or chart.radar is not None:
        return out
    _axes(chart, outer, inner, out)
    ox, oy, ow, oh = outer
    for lines, st, side, room in titles:
        font = st.size * PT
        if side == "b":
            for i, line in enumerate(lines):
                out.labels.append(Label(ox + ow / 2, oy + oh + 0.02 * h + font * (
                    0.93 + i * LINE), line, "middle", st))
        elif st.rotation == 0:  # set upright: a column left of the plot
            cx = ox - room / 2 - 0.02 * w
            top = oy + oh / 2 - len(lines) * font * LINE / 2
            for i, line in enumerate(lines):
                out.labels.append(Label(cx, top + font * (0.93 + i * LINE), line, "middle", st))
        else:
            cx = ox - font * LINE / 2 - 0.02 * w
            out.labels.append(Label(cx + font * 0.35, oy + oh / 2, " ".join(lines), "middle",
                                    st, -90.0))
    return out


def _axis_titles(chart: Chart, w: float, rem: list[float]
                 ) -> list[tuple[list[str], ChartText, str, float]]:
    """The axis titles (lines, style, side ``b`` or ``l``, room across); ``rem`` loses their
    room. Lines break at 20 % of the frame's width (a left title only when set upright)."""
    if chart.kind in ("pie", "doughnut") or chart.radar is not None:
        return []
    across = chart.kind == "bar" and chart.horizontal
    out = []
    for axis, side in ((chart.catAxis, "l" if across else "b"),
                       (chart.valAxis, "b" if across else "l")):
        if axis is None or not axis.title:
            continue
        st = axis.titleText
        font = st.size * PT
        upright = side == "b" or st.rotation == 0
        lines = wrap(axis.title.replace("\n", " "), font, 0.2 * w, 5, st.font) if upright else [
            axis.title.replace("\n", " ")]
        if side == "b":
            rem[3] -= len(lines) * font * LINE + 420 * HMM
            room = 0.0
        else:
            room = max(text_width(ln, font, st.font) for ln in lines) if st.rotation == 0 \
                else font * LINE
            rem[0] += room + 450 * HMM
            rem[2] -= room + 450 * HMM
        out.append((lines, st, side, room))
    return out


def _axes(chart: Chart, outer: Box, inner: bool, out: Layout) -> None:
    """The plot inside ``outer`` less its axis labels (unless ``inner``), the value scale
    and the tick and category labels."""
    va, ca = chart.valAxis, chart.catAxis
    vst = va.text if va is not None and va.labels else None
    cst = ca.text if ca is not None and ca.labels else None
    vfont = vst.size * PT if vst else 0.0
    cfont = cst.size * PT if cst else 0.0
    cats = [format_category(c, chart.categoryFormat) for c in chart.categories] or [
        str(i + 1) for i in range(max((len(s.values) for s in chart.series), default=0))]
    n = max(len(cats), max((len(s.values) for s in chart.series), default=0), 1)
    across = chart.kind == "bar" and chart.horizontal
    vgap, cgap = 0.3 * vfont + 2, 0.3 * cfont + 2
    scale = scale_for(chart)
    plot = outer
    rot = 0.0
    for _ in range(2):  # the scale's step count depends on the axis length, and back
        ticks = [tick_text(chart, t) for t in scale.ticks()] if vst else []
        vw = max((text_width(t, vfont, vst.font if vst else None) for t in ticks),
                 default=0.0)
        if across:
            cw = max((text_width(c, cfont, cst.font) for c in cats),
                     default=0.0) if cst else 0.0
            left = cw + cgap if cst else 0.0
            rot = 0.0
            bottom = vfont * LINE + vgap if vst else 0.0
            plot = outer if inner else _inset(outer, left, 0, vw / 2 if vst else 0, bottom)
            count = math.floor(plot[2] / vw) if vw else 10
        else:
            left = vw + vgap if vst else 0.0
            band = (outer[2] - left) / (n if chart.kind != "area" else max(n - 1, 1))
            rot = _rotation(cst, cats, cfont, band) if cst and not chart.xValues else 0.0
            if rot and cst is not None:
                a = math.radians(abs(rot))
                widths = [text_width(c, cfont, cst.font) for c in cats]
                bottom = max(widths, default=0.0) * math.sin(a) + cfont * math.cos(a) + cgap
                if rot < 0:  # turned labels reach left of their ticks: the plot moves right
                    left = max(left, *(wd * math.cos(a) - (k + 0.5) * band
                                       for k, wd in enumerate(widths)))
            else:
                lines = max((len(_breaks(c, cst, cfont, band)) for c in cats),
                            default=1) if cst else 0
                bottom = lines * cfont * LINE + cgap if cst else 0.0
            top = vfont * LINE / 2 if vst else 0.0
            plot = outer if inner else _inset(outer, left, top, 0, bottom)
            count = 10  # LibreOffice: up to 10 steps up a vertical axis
        new = scale_for(chart, count)
        if new == scale:
            break
        scale = new
    out.plot, out.scale = plot, scale
    x0, y0, pw, ph = plot
    span = (scale.hi - scale.lo) or 1.0
    if vst is not None:
        for t in scale.ticks():
            text = tick_text(chart, t)
            if across:
                out.labels.append(Label(x0 + (t - scale.lo) / span * pw,
                                        y0 + ph + vgap + vfont * 0.93, text, "middle", vst))
            else:
                out.labels.append(Label(x0 - vgap, y0 + ph - (t - scale.lo) / span * ph
                                        + vfont * 0.35, text, "end", vst))
    if chart.xValues:
        _x_axis(chart, out, cst, cfont, cgap)
        return
    if cst is None:
        return
    reverse = ca is not None and ca.reverse
    for i, c in enumerate(cats[:n]):
        k = n - 1 - i if reverse else i
        if across:
            band = ph / n
            cy = y0 + ph - (k + 0.5) * band
            out.labels.append(Label(x0 - cgap, cy + cfont * 0.35, c, "end", cst))
            continue
        if chart.kind == "area":
            cx = x0 + k * pw / max(n - 1, 1)
            band = pw / max(n - 1, 1)
        else:
            band = pw / n
            cx = x0 + (k + 0.5) * band
        if rot:
            out.labels.append(Label(cx + cfont * 0.3, y0 + ph + cgap + cfont * 0.5, c,
                                    "end" if rot < 0 else "start", cst, rot))
            continue
        for j, line in enumerate(_breaks(c, cst, cfont, band)):
            out.labels.append(Label(cx, y0 + ph + cgap + cfont * (0.93 + j * LINE), line,
                                    "middle", cst))


def _x_axis(chart: Chart, out: Layout, st: ChartText | None, font: float, gap: float) -> None:
    """A scatter chart's X axis: a value scale across the plot, with its tick labels."""
    xs = chart.xValues or [0.0]
    ax = chart.catAxis
    x0, y0, pw, ph = out.plot
    scale = auto_scale(min(xs), max(xs), 10, ax.minimum if ax else None,
                       ax.maximum if ax else None, ax.unit if ax else None, zero=False)
    code = ax.format if ax else None
    face = st.font if st else None
    widest = max((text_width(format_value(t, code), font, face) for t in scale.ticks()),
                 default=0)
    if widest:
        scale = auto_scale(min(xs), max(xs), math.floor(pw / widest),
                           ax.minimum if ax else None, ax.maximum if ax else None,
                           ax.unit if ax else None, zero=False)
    out.xscale = scale
    if st is None:
        return
    span = (scale.hi - scale.lo) or 1.0
    for t in scale.ticks():
        out.labels.append(Label(x0 + (t - scale.lo) / span * pw, y0 + ph + gap + font * 0.93,
                                format_value(t, code), "middle", st))


def _rotation(st: ChartText, cats: list[str], size: float, band: float) -> float:
    """Category labels' rotation: the part's own; else 0 where every label fits its band
    (broken at spaces into at most 3 lines, unless breaking is off), else 45° up, as
    LibreOffice turns labels that would overlap."""
    if st.rotation is not None:
        return st.rotation
    if all(text_width(c, size, st.font) <= band for c in cats):
        return 0.0
    if st.wrap is not False and all(
            len(wrap(c, size, band, 99, st.font)) <= 3
            and all(text_width(word, size, st.font) <= band for word in c.split())
            for c in cats):
        return 0.0
    return -45.0


def _breaks(text: str, st: ChartText, size: float, band: float) -> list[str]:
    return [text] if st.wrap is False else wrap(text, size, band, font=st.font)
