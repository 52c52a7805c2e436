"""Chart furniture laid out as LibreOffice lays it out: the automatic value axis, number
formats, the plot shrunk by its labels and legend, the chart part's own settings read."""

from __future__ import annotations

from pathlib import Path

import pytest

from pptxagent.inventory.charts import chart_of
from pptxagent.inventory.colors import ColorContext
from pptxagent.ir import Chart, ChartAxis, ChartLegend, ChartSeries
from pptxagent.ooxml.chart import read_chart
from pptxagent.ooxml.package import Package
from pptxagent.render.chart import chart_svg
from pptxagent.render.chart_layout import layout
from pptxagent.render.chart_scale import auto_scale, format_category, format_value

AASCU = Path("../shared/corpus/pptx/poi__aascu.org_hbcu_leadershipsummit_cooper.pptx")
CTX = ColorContext(scheme={"accent1": "4472C4", "accent2": "ED7D31", "tx1": "000000"},
                   clr_map={})


@pytest.mark.parametrize(("lo", "hi", "count", "expected"), [
    (5, 37, 10, (0, 40, 5)),  # from 0, steps of 5, the top step whole
    (0, 25, 10, (0, 30, 5)),  # 25 touches the top: one step more
    (80, 95, 10, (70, 100, 5)),  # all within the top sixth: not from 0
    (-50, -10, 10, (-60, 0, 10)),  # all negative: mirrored
    (5, 37, 4, (0, 40, 10)),  # fewer steps where the axis has less room
    (0, 1234567, 10, (0, 1400000, 200000)),
])
def test_automatic_value_axis_takes_nice_steps(lo: float, hi: float, count: int,
                                                expected: tuple[float, float, float]) -> None:
    s = auto_scale(lo, hi, count)
    assert (s.lo, s.hi, s.step) == pytest.approx(expected)
    assert len(s.ticks()) == round((s.hi - s.lo) / s.step) + 1


def test_fixed_axis_ends_and_unit_are_kept_and_percent_axes_end_at_100() -> None:
    assert auto_scale(5, 37, 10, minimum=10, maximum=50, unit=20) == auto_scale(
        0, 0, 10, 10, 50, 20)
    s = auto_scale(10, 30, 10, minimum=10, maximum=50, unit=20)
    assert (s.lo, s.hi, s.step) == (10, 50, 20)
    s = auto_scale(0, 100, 10, close=False)
    assert (s.lo, s.hi, s.step) == (0, 100, 10)


@pytest.mark.parametrize(("value", "code", "text"), [
    (0.25, "0%", "25%"), (1234.5, "#,##0", "1,234"), (12.345, "0.0", "12.3"),
    (3, "$#,##0.00", "$3.00"), (5, '0" km"', "5 km"), (0.1 + 0.2, "General", "0.3"),
    (-2, "0.0", "-2.0"), (40, None, "40"),
])
def test_number_formats(value: float, code: str | None, text: str) -> None:
    assert format_value(value, code) == text


def test_date_categories_show_as_dates() -> None:
    assert format_category("37261", "m/d/yy") == "1/5/02"
    assert format_category("North", "m/d/yy") == "North"


def _bars(legend: str | None = "b") -> Chart:
    return Chart(
        kind="bar", categories=["North", "South", "East"],
        series=[ChartSeries(values=[12, 30, 21], color="#4472C4", name="2024"),
                ChartSeries(values=[8, 25, 37], color="#ED7D31", name="2025")],
        valAxis=ChartAxis(grid="#D9D9D9"), catAxis=ChartAxis(line="#BFBFBF"),
        legend=ChartLegend(position=legend) if legend else None)


def test_legend_and_labels_take_their_room_from_the_plot() -> None:
    bare = layout(_bars(None), 600, 400)
    bottom = layout(_bars("b"), 600, 400)
    right = layout(_bars("r"), 600, 400)
    px, py, _, ph = bottom.plot
    assert bare.plot[3] > ph and right.plot[2] < bare.plot[2]
    keys = [box for box, _ in bottom.swatches]
    assert len(keys) == 2 and all(y > py + ph for _, y, _, _ in keys)  # below the plot
    assert all(x > right.plot[0] + right.plot[2] for x, _, _, _ in
               (box for box, _ in right.swatches))  # right of the plot
    ticks = [lb for lb in bottom.labels if lb.anchor == "end"]
    assert [lb.text for lb in ticks] == ["0", "5", "10", "15", "20", "25", "30", "35", "40"]
    assert all(lb.x < px for lb in ticks)  # left of the plot
    cats = [lb for lb in bottom.labels if lb.text in ("North", "South", "East")]
    assert len(cats) == 3 and all(py + ph < lb.y < keys[0][1] for lb in cats)


def test_manual_inner_plot_layout_is_the_plot() -> None:
    chart = _bars("r").model_copy(update={"plot": [0.1, 0.2, 0.5, 0.6], "plotInner": True})
    assert layout(chart, 600, 400).plot == pytest.approx((60, 80, 300, 240))


def test_chart_text_is_svg_art_not_measured_elements() -> None:
    svg = chart_svg(_bars("b"), 600, 400, "test")
    assert svg.count(">2024</text>") == 1 and ">North</text>" in svg
    assert "data-eid" not in svg


def test_chart_part_furniture_is_read() -> None:
    pkg = Package.open(AASCU)
    data = read_chart(pkg, "/ppt/charts/chart2.xml")
    assert data is not None and data.legend is not None
    assert data.legend.position == "b"
    assert data.val_axis is not None and data.val_axis.gridlines
    assert data.cat_axis is not None and not data.cat_axis.deleted
    assert data.label_shows == ("value",)
    assert data.categories == ("2000", "2008")
    chart = chart_of(data, CTX)
    assert chart is not None and chart.legend is not None and chart.dataLabels is not None
    assert [s.name for s in chart.series][:2] == ["Less than HS", "HS Diploma / GED"]


def test_a_chart_with_its_own_theme_takes_its_colours_from_it() -> None:
    pkg = Package.open(Path("../shared/corpus/pptx/poi__stress021.pptx"))
    data = read_chart(pkg, "/ppt/charts/chart6.xml")
    assert data is not None and data.scheme.get("accent1") == "4F81BD"
    assert data.x_values == (0.0, 2.0, 4.0, 6.0, 8.0)  # a scatter chart's X values
    chart = chart_of(data, CTX)
    assert chart is not None and chart.series[0].color == "#4F81BD"
    assert chart.xValues == [0.0, 2.0, 4.0, 6.0, 8.0]


def test_a_radar_chart_is_a_web_with_two_value_steps() -> None:
    chart = Chart(kind="line", radar="marker", categories=["a", "b", "c", "d", "e"],
                  series=[ChartSeries(values=[32, 35, 28, 12, 15], color="#4472C4")],
                  valAxis=ChartAxis(grid="#B3B3B3"), catAxis=ChartAxis())
    svg = chart_svg(chart, 400, 300, "test")
    assert svg.count("<polygon") == 3 + 1  # webs at 0, 20, 40 and the series
    assert ">40</text>" in svg and ">30</text>" not in svg
    assert all(f">{c}</text>" in svg for c in "abcde")
