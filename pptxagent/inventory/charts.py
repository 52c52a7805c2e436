"""OOXML chart data → IR ``Chart``: colours resolved, theme fonts named, the defaults
LibreOffice applies where the part says nothing (black 10 pt text, grey gridlines)."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, cast

from pptxagent.inventory.colors import ColorContext, apply_mods, resolve_color
from pptxagent.ir import Chart, ChartAxis, ChartLegend, ChartSeries, ChartText
from pptxagent.ooxml.chart import ChartData
from pptxagent.ooxml.chart_parts import AxisData, LegendData, TextStyle
from pptxagent.ooxml.theme import ColorSpec
from pptxagent.units import emu_to_px

GRID = "#B3B3B3"
"""LibreOffice's gridlines and axis lines where the part gives no colour."""
TEXT = "#000000"
Fonts = tuple[str | None, str | None]
"""The theme's minor and major latin typefaces."""


def _text(style: TextStyle, ctx: ColorContext, fonts: Fonts, size: float = 10.0,
          bold: bool = False) -> ChartText:
    font = style.font
    if font and font.startswith("+"):
        font = fonts[1] if font.startswith("+mj") else fonts[0]
    return ChartText(size=min(style.size or size, 400.0),
                     bold=style.bold if style.bold is not None else bold,
                     color=resolve_color(style.color, ctx) or TEXT, font=font or fonts[0],
                     rotation=style.rotation, wrap=style.wrap)


def _axis(axis: AxisData | None, ctx: ColorContext, fonts: Fonts) -> ChartAxis | None:
    if axis is None or axis.deleted:
        return None
    line = None
    if axis.line is not False:
        line = resolve_color(axis.line_color, ctx) or GRID
    return ChartAxis(
        labels=axis.labels, line=line,
        grid=(resolve_color(axis.grid_color, ctx) or GRID) if axis.gridlines else None,
        text=_text(axis.text, ctx, fonts),
        format=None if axis.source_linked else axis.num_fmt,
        minimum=axis.minimum, maximum=axis.maximum,
        unit=axis.major_unit if axis.major_unit and axis.major_unit > 0 else None,
        reverse=axis.reverse, title=axis.title,
        titleText=_text(axis.title_text, ctx, fonts, 10.0, True))


def _legend(legend: LegendData | None, ctx: ColorContext, fonts: Fonts) -> ChartLegend | None:
    if legend is None:
        return None
    pos = legend.position if legend.position in ("r", "l", "t", "b", "tr") else "r"
    return ChartLegend(position=cast(Literal["r", "l", "t", "b", "tr"], pos),
                       overlay=legend.overlay, text=_text(legend.text, ctx, fonts),
                       box=list(legend.layout) if legend.layout else None)


def _width(emu: int | None, style: int) -> float:
    """A line series' stroke in px: its own, else the chart style's (2.25 pt; 3.5 pt for
    styles 17-32, as LibreOffice draws them)."""
    if emu is not None:
        return min(round(emu_to_px(emu), 2), 50.0)
    return 4.67 if 17 <= style <= 32 else 3.0


def chart_of(data: ChartData | None, ctx: ColorContext, fonts: Fonts = (None, None)
             ) -> Chart | None:
    """The chart with its colours resolved (theme accents in turn where a series or pie
    point says none); ``None`` when there is nothing to plot."""
    if data is None or data.kind == "other" or not any(s.values for s in data.series):
        return None
    if data.scheme:  # the chart's own theme colours
        ctx = replace(ctx, scheme={**ctx.scheme, **data.scheme})

    scheme = (data.style - 1) % 8

    def auto(i: int, n: int) -> str:
        """The chart style's colour for series (or pie point) ``i`` of ``n``: the accents in
        turn (style 2, 10 …) or one colour (grey, or one accent); each further cycle through
        them is shaded (first cycles) or tinted (last ones) in even steps within ±70 %, as
        Office and LibreOffice shade a monochrome chart's series."""
        size = 6 if scheme == 1 else 1
        if scheme == 1:
            base = resolve_color(ColorSpec("scheme", f"accent{i % 6 + 1}"), ctx) or "#4472C4"
        else:
            base = "#808080" if scheme == 0 else (
                resolve_color(ColorSpec("scheme", f"accent{scheme - 1}"), ctx) or "#4472C4")
        cycles = (n - 1) // size + 1
        if cycles <= 1:
            return base
        step = round(((i // size + 1) / (cycles + 1) * 1.4 - 0.7) * 100000)
        if step == 0:
            return base
        mod = ("shade", step + 100000) if step < 0 else ("tint", 100000 - step)
        rgb = tuple(int(base[k:k + 2], 16) / 255 for k in (1, 3, 5))
        return apply_mods((rgb[0], rgb[1], rgb[2]), (mod,))

    series = []
    for i, s in enumerate(data.series):
        values = list(s.values)
        if data.percent:
            totals = [sum(abs(x.values[k]) for x in data.series if k < len(x.values))
                      for k in range(len(values))]
            values = [v / t * 100 if t else 0.0 for v, t in zip(values, totals, strict=True)]
        color = resolve_color(s.color, ctx) or auto(i, len(data.series))
        points = None
        if data.kind in ("pie", "doughnut"):
            points = [resolve_color(s.points.get(k), ctx) or auto(k, len(s.values))
                      for k in range(len(s.values))]
        elif data.kind == "bar" and s.points:  # bars a ``c:dPt`` fills on its own
            points = [resolve_color(s.points.get(k), ctx) or color
                      for k in range(len(s.values))]
        series.append(ChartSeries(values=values, color=color, points=points, name=s.name,
                                  marker=s.marker, width=_width(s.line_width, data.style),
                                  smooth=s.smooth,
                                  raw=list(s.values) if data.percent else None))
    kind = cast(Literal["bar", "line", "pie", "doughnut", "area"], data.kind)
    pie = kind in ("pie", "doughnut")
    return Chart(
        kind=kind, horizontal=data.horizontal, stacked=data.stacked, series=series,
        gapWidth=min(max(data.gap_width if data.gap_width is not None else 150, 0), 500),
        overlap=None if data.overlap is None else min(max(data.overlap, -100), 100),
        percent=data.percent, categories=list(data.categories),
        categoryFormat=data.category_format,
        catAxis=None if pie else _axis(data.cat_axis, ctx, fonts),
        valAxis=None if pie else _axis(data.val_axis, ctx, fonts),
        legend=_legend(data.legend, ctx, fonts),
        dataLabels=_text(data.label_text, ctx, fonts) if data.label_shows else None,
        labelShows=cast(list[Literal["category", "value", "percent"]],
                        list(data.label_shows) or ["value"]),
        labelPos=data.label_pos, valueFormat=data.value_format, labelFormat=data.label_format,
        plot=list(data.plot_layout) if data.plot_layout else None, plotInner=data.plot_inner,
        title=data.title,
        titleText=_text(data.title_text, ctx, fonts, 18.0, True) if data.title else None,
        titleOverlay=data.title_overlay,
        xValues=list(data.x_values) if data.x_values else None,
        radar=cast(Literal["standard", "marker", "filled"] | None,
                   data.radar if data.radar in ("standard", "marker", "filled") else
                   ("standard" if data.radar else None)),
        holeSize=min(max(data.hole if data.hole is not None else 50, 10), 90),
        firstAngle=data.first_angle % 360,
        fill=resolve_color(data.paint[0], ctx), border=resolve_color(data.paint[1], ctx),
        plotFill=resolve_color(data.plot_paint[0], ctx),
        plotBorder=resolve_color(data.plot_paint[1], ctx),
    )
