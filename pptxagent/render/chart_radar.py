"""A radar chart as LibreOffice draws one: spokes and web gridlines at the value steps (two
steps at most: LibreOffice's polar axis asks for 2), each series a closed polygon (filled
for ``filled``), category names round the outside, the values up the first spoke."""

from __future__ import annotations

import math
from html import escape

from pptxagent.ir import Chart, ChartText
from pptxagent.render.chart_layout import scale_for
from pptxagent.render.chart_scale import LINE, PT, Box, Label, format_category, format_value
from pptxagent.render.css import color, num


def radar_svg(chart: Chart, box: Box, where: str) -> tuple[list[str], list[Label]]:
    """The web and series polygons in ``box`` (the diagram), and the labels round it."""
    x0, y0, pw, ph = box
    n = max(max((len(s.values) for s in chart.series), default=0), 3)
    ca, va = chart.catAxis, chart.valAxis
    cst = ca.text if ca is not None and ca.labels else None
    vst: ChartText | None = va.text if va is not None and va.labels else None
    room = cst.size * PT * LINE if cst else 0.0
    r = max(min(pw, ph) / 2 - room, 4.0)
    cx, cy = x0 + pw / 2, y0 + ph / 2
    scale = scale_for(chart, 2)
    span = (scale.hi - scale.lo) or 1.0

    def at(k: float, rad: float) -> tuple[float, float]:
        a = -math.pi / 2 + 2 * math.pi * k / n
        return cx + rad * math.cos(a), cy + rad * math.sin(a)

    def poly(rads: list[float]) -> str:
        return " ".join(f"{num(x)},{num(y)}" for x, y in (at(k, rd) for k, rd in enumerate(rads)))

    out: list[str] = []
    labels: list[Label] = []
    grid = (va.grid if va is not None else None) or "#B3B3B3"
    for t in scale.ticks():
        rd = (t - scale.lo) / span * r
        out.append(f'<polygon points="{poly([rd] * n)}" fill="none" '
                   f'stroke="{color(grid, where)}" stroke-width="0.75"/>')
        if vst is not None:
            labels.append(Label(cx - 4, cy - rd + vst.size * PT * 0.35,
                                format_value(t, va.format if va else None), "end", vst))
    for k in range(n):
        x, y = at(k, r)
        out.append(f'<path d="M{num(cx)} {num(cy)} L{num(x)} {num(y)}" '
                   f'stroke="{color(grid, where)}" stroke-width="0.75"/>')
        if cst is not None and k < len(chart.categories):
            lx, ly = at(k, r + cst.size * PT * 0.6)
            anchor = "middle" if abs(lx - cx) < 2 else ("start" if lx > cx else "end")
            base = ly + (0 if ly < cy - 2 else cst.size * PT * (0.93 if ly > cy + 2 else 0.35))
            labels.append(Label(lx, base, format_category(chart.categories[k],
                                                          chart.categoryFormat), anchor, cst))
    for s in chart.series:
        rads = [(min(max(v, scale.lo), scale.hi) - scale.lo) / span * r for v in s.values]
        fill = color(s.color, where)
        paint = (f'fill="{fill}"' if chart.radar == "filled" else
                 f'fill="none" stroke="{fill}" stroke-width="{num(s.width or 3)}"')
        out.append(f'<polygon points="{escape(poly(rads))}" {paint}/>')
    return out, labels
