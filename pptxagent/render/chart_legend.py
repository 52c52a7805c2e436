"""A chart's legend laid out as LibreOffice lays it out (``VLegend``): keys 0.6 em square,
entries in a row (legend above or below) or a column (at a side), paddings from the font
size, at least 1 mm.

Pure geometry in px of the chart frame, for ``chart_layout``.
"""

from __future__ import annotations

from pptxagent.ir import Chart
from pptxagent.render.chart_scale import HMM, LINE, PT, Box, Label, format_category, text_width


def _legend_entries(chart: Chart) -> list[tuple[str, str]]:
    if chart.kind in ("pie", "doughnut") and chart.series:
        s = chart.series[0]
        cols = s.points or [s.color]
        names = [format_category(c, chart.categoryFormat) for c in chart.categories] or [
            str(i + 1) for i in range(len(s.values))]
        return [(names[i] if i < len(names) else "", cols[i % len(cols)])
                for i in range(len(s.values))]
    return [(s.name or f"Series {i + 1}", s.color) for i, s in enumerate(chart.series)]


def legend_parts(chart: Chart, w: float, h: float, rem: list[float]
                 ) -> tuple[list[Label], list[tuple[Box, str]]]:
    """The legend's names and keys (box, colour) where LibreOffice puts them: centred
    below or above the rest, or at the side, 2.1 mm (1.85 mm) from the frame; ``rem``
    (x, y, w, h) loses its room unless it overlays the chart."""
    labels: list[Label] = []
    swatches: list[tuple[Box, str]] = []
    legend = chart.legend
    if legend is None:
        return labels, swatches
    entries = _legend_entries(chart)
    if not entries:
        return labels, swatches
    st = legend.text
    font = st.size * PT
    sym = font * 0.6
    gap = max(100 * HMM, 0.22 * font)
    xpad, xoff = max(100 * HMM, 0.33 * font), max(100 * HMM, 0.66 * font)
    ypad = yoff = max(100 * HMM, 0.2 * font)
    line_h = font * LINE
    widths = [sym + gap + text_width(name, font, st.font) for name, _ in entries]
    pos = legend.position
    rows: list[list[int]] = []
    if pos in ("t", "b"):
        room = rem[2] - 2 * xpad
        for i, wd in enumerate(widths):
            if rows and sum(widths[j] + xoff for j in rows[-1]) + wd <= room:
                rows[-1].append(i)
            else:
                rows.append([i])
        lw = 2 * xpad + max(sum(widths[j] for j in r) + xoff * (len(r) - 1) for r in rows)
    else:
        rows = [[i] for i in range(len(entries))]
        lw = 2 * xpad + max(widths)
    lh = 2 * ypad + len(rows) * line_h + (len(rows) - 1) * yoff
    lw, lh = min(lw, w), min(lh, h)
    mx, my = 210 * HMM, 185 * HMM
    if legend.box is not None:
        bx, by, bw, bh = legend.box
        x, y = bx * w, by * h
        if bw > 0 and bh > 0:
            lw, lh = bw * w, bh * h
    elif pos == "b":
        x, y = (w - lw) / 2, h - my - lh
    elif pos == "t":
        x, y = (w - lw) / 2, rem[1] + my
    elif pos == "l":
        x, y = mx, (h - lh) / 2
    elif pos == "tr":
        x, y = w - mx - lw, rem[1] + my
    else:
        x, y = w - mx - lw, (h - lh) / 2
    if not legend.overlay:
        if pos == "b":
            rem[3] -= lh + my
        elif pos == "t":
            rem[1] += lh + my
            rem[3] -= lh + my
        elif pos == "l":
            rem[0] += lw + mx
            rem[2] -= lw + mx
        else:
            rem[2] -= lw + mx
    top = y + max((lh - (len(rows) * line_h + (len(rows) - 1) * yoff)) / 2, 0)
    for r, row in enumerate(rows):
        row_w = sum(widths[j] for j in row) + xoff * (len(row) - 1)
        cx = x + (lw - row_w) / 2 if pos in ("t", "b") else x + xpad
        cy = top + r * (line_h + yoff)
        for j in row:
            name, col = entries[j]
            swatches.append(((cx, cy + (line_h - sym) / 2, sym, sym), col))
            labels.append(Label(cx + sym + gap, cy + font * 0.93, name, "start", st))
            cx += widths[j] + xoff
    return labels, swatches
