"""Charts drawn from their cached values (reader and SVG), pure."""

from __future__ import annotations

import re

import pytest

from pptxagent.inventory.colors import ColorContext
from pptxagent.inventory.visuals import chart_of
from pptxagent.ir import Chart, ChartSeries
from pptxagent.ooxml.chart import ChartData, SeriesData
from pptxagent.ooxml.theme import ColorSpec
from pptxagent.render.chart import chart_svg

CTX = ColorContext(scheme={"accent1": "4472C4", "accent2": "ED7D31", "accent3": "A5A5A5"},
                   clr_map={})


def test_series_take_their_own_colour_else_the_accents_in_turn() -> None:
    data = ChartData("bar", series=(SeriesData((1.0, 2.0), ColorSpec("srgb", "00FF00")),
                                    SeriesData((3.0, 4.0))))
    chart = chart_of(data, CTX)
    assert chart is not None
    assert [s.color for s in chart.series] == ["#00FF00", "#ED7D31"]


def test_percent_stacked_categories_sum_to_100() -> None:
    data = ChartData("bar", stacked=True, percent=True,
                     series=(SeriesData((1.0, 3.0)), SeriesData((3.0, 1.0))))
    chart = chart_of(data, CTX)
    assert chart is not None and [s.values for s in chart.series] == [[25, 75], [75, 25]]


def test_monochrome_chart_style_shades_one_accent() -> None:
    data = ChartData("bar", style=4, series=tuple(SeriesData((1.0,)) for _ in range(3)))
    chart = chart_of(data, CTX)  # style 4: shades of accent 2
    assert chart is not None
    colours = [s.color for s in chart.series]
    assert colours[1] == "#ED7D31" and len(set(colours)) == 3


def test_bars_pie_and_lines_are_drawn_without_text() -> None:
    bars = Chart(kind="bar", series=[ChartSeries(values=[1, 2, 4], color="#4472C4")])
    svg = chart_svg(bars, 400, 300, "test")
    assert svg.count("<rect") == 3 and "<text" not in svg
    heights = [float(h) for h in re.findall(r'height="([0-9.]+)"', svg)]
    assert heights[2] == 2 * heights[1] == 4 * heights[0]  # the axis starts at 0
    pie = Chart(kind="pie", series=[ChartSeries(values=[1, 1], color="#000000",
                                                points=["#FF0000", "#0000FF"])])
    svg = chart_svg(pie, 400, 300, "test")
    assert 'fill="#FF0000"' in svg and 'fill="#0000FF"' in svg
    line = Chart(kind="line", series=[ChartSeries(values=[1, 3, 2], color="#00AA00")])
    assert 'stroke="#00AA00"' in chart_svg(line, 400, 300, "test")
    assert chart_svg(Chart(kind="bar"), 400, 300, "test") == ""


def _bar_widths(chart: Chart) -> list[float]:
    svg = chart_svg(chart, 400, 300, "test")
    return [float(w) for w in re.findall(r'<rect x="[^"]+" y="[^"]+" width="([^"]+)"', svg)]


def test_bar_width_follows_gap_width_and_overlap() -> None:
    series = [ChartSeries(values=[1, 2], color="#4472C4"),
              ChartSeries(values=[2, 1], color="#ED7D31")]
    wide = _bar_widths(Chart(kind="bar", series=series, gapWidth=50))
    narrow = _bar_widths(Chart(kind="bar", series=series, gapWidth=300))
    assert wide[0] == pytest.approx(narrow[0] * 2, rel=0.01)  # a category: 2.5 vs 5 bars
    shared = _bar_widths(Chart(kind="bar", series=series, gapWidth=50, overlap=100))
    assert shared[0] == pytest.approx(wide[0] * 2.5 / 1.5, rel=0.01)  # overlapped: 1.5 bars


def test_chart_reader_keeps_gap_width_and_overlap() -> None:
    data = ChartData("bar", gap_width=75, overlap=100, series=(SeriesData((1.0,)),))
    chart = chart_of(data, CTX)
    assert chart is not None and chart.gapWidth == 75 and chart.overlap == 100


def test_monochrome_series_step_from_shade_to_tint_within_70_percent() -> None:
    data = ChartData("bar", style=12, series=tuple(SeriesData((1.0,)) for _ in range(4)))
    chart = chart_of(data, CTX)  # style 12: shades of accent 2 (#ED7D31)
    assert chart is not None
    lum = [sum(int(s.color[k:k + 2], 16) for k in (1, 3, 5)) for s in chart.series]
    assert lum == sorted(lum) and len(set(lum)) == 4  # dark → light
    assert "#ED7D31" not in [s.color for s in chart.series]  # 4 series: none is the pure accent
    assert lum[0] > 60  # a 58 % shade, not near-black


def test_accent_cycle_repeats_shaded_after_six_series() -> None:
    data = ChartData("bar", style=2, series=tuple(SeriesData((1.0,)) for _ in range(7)))
    chart = chart_of(data, CTX)
    assert chart is not None
    assert chart.series[0].color != "#4472C4"  # first cycle shaded
    assert chart.series[6].color != chart.series[0].color  # second cycle tinted


def test_values_that_are_not_finite_numbers_are_gaps() -> None:
    """A chart cache holding NaN, ±1e400 or text draws the numbers it has (it crashed)."""
    from lxml import etree

    from pptxagent.ooxml.chart import _values

    c = "http://schemas.openxmlformats.org/drawingml/2006/chart"
    pts = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>'
                  for i, v in enumerate(["1", "NaN", "1e400", "-inf", "abc", "3"]))
    ser = etree.fromstring(f'<c:ser xmlns:c="{c}"><c:val><c:numRef><c:numCache>{pts}'
                           "</c:numCache></c:numRef></c:val></c:ser>")
    assert _values(ser) == (1.0, 0.0, 0.0, 0.0, 0.0, 3.0)
