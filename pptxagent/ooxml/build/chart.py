"""Native charts of scratch mode: a ``c:chart`` part with an embedded workbook holding exactly
the input values (python-pptx's ``add_chart``), styled with theme colours only.

Series take the pack's ``chart1..6`` roles (a pie colours each point), text (axes, legend, data
labels) the ``text`` role at the spec's size in the minor theme font; grid and axis lines the
``line`` role; chart and plot area have no fill, so the slide or card shows through. No chart
title: the slide title is the title.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from lxml import etree
from pptx.chart.data import CategoryChartData, ChartData
from pptx.enum.chart import XL_CHART_TYPE
from pptx.parts.chart import ChartPart
from pptx.shapes.graphfrm import GraphicFrame
from pptx.shapes.shapetree import SlideShapes
from pptx.util import Emu

from pptxagent.errors import InputError
from pptxagent.ir.compose import ChartSpec
from pptxagent.ir.theme import ColorRole, ThemePack
from pptxagent.ooxml.build.workbook import exact_values
from pptxagent.ooxml.build.xmlkit import clean_text, line, make, solid_fill, sub
from pptxagent.ooxml.xml import qn

_TYPES = {
    "bar": XL_CHART_TYPE.BAR_CLUSTERED,
    "column": XL_CHART_TYPE.COLUMN_CLUSTERED,
    "line": XL_CHART_TYPE.LINE_MARKERS,
    "pie": XL_CHART_TYPE.PIE,
}
CHART_ROLES: tuple[ColorRole, ...] = ("chart1", "chart2", "chart3", "chart4", "chart5", "chart6")
SERIES_LINE_PT = 2.25
GRID_LINE_PT = 0.75
MARKER_SIZE = 7
AXIS_ID_BASE = 100_000_001

_SPACE = ("c:date1904", "c:lang", "c:roundedCorners", "c:style", "c:clrMapOvr",
          "c:pivotSource", "c:protection", "c:chart", "c:spPr", "c:txPr", "c:externalData",
          "c:printSettings", "c:userShapes", "c:extLst")
_CHART = ("c:title", "c:autoTitleDeleted", "c:pivotFmts", "c:view3D", "c:floor", "c:sideWall",
          "c:backWall", "c:plotArea", "c:legend", "c:plotVisOnly", "c:dispBlanksAs",
          "c:showDLblsOverMax", "c:extLst")
_PLOT_AREA = ("c:layout", "c:barChart", "c:lineChart", "c:pieChart", "c:catAx", "c:valAx",
              "c:dTable", "c:spPr", "c:extLst")
_AXIS = ("c:axId", "c:scaling", "c:delete", "c:axPos", "c:majorGridlines", "c:minorGridlines",
         "c:title", "c:numFmt", "c:majorTickMark", "c:minorTickMark", "c:tickLblPos", "c:spPr",
         "c:txPr", "c:crossAx", "c:crosses", "c:crossesAt", "c:crossBetween", "c:auto",
         "c:lblAlgn", "c:lblOffset", "c:tickLblSkip", "c:tickMarkSkip", "c:noMultiLvlLbl",
         "c:majorUnit", "c:minorUnit", "c:dispUnits", "c:extLst")
_SER = {
    "bar": ("c:idx", "c:order", "c:tx", "c:spPr", "c:invertIfNegative", "c:pictureOptions",
            "c:dPt", "c:dLbls", "c:trendline", "c:errBars", "c:cat", "c:val", "c:shape",
            "c:extLst"),
    "line": ("c:idx", "c:order", "c:tx", "c:spPr", "c:marker", "c:dPt", "c:dLbls",
             "c:trendline", "c:errBars", "c:cat", "c:val", "c:smooth", "c:extLst"),
    "pie": ("c:idx", "c:order", "c:tx", "c:spPr", "c:explosion", "c:dPt", "c:dLbls", "c:cat",
            "c:val", "c:extLst"),
}
_SER["column"] = _SER["bar"]
_DPT = ("c:idx", "c:invertIfNegative", "c:marker", "c:bubble3D", "c:explosion", "c:spPr",
        "c:pictureOptions", "c:extLst")


def place(parent: etree._Element, child: etree._Element, order: Sequence[str],
          keep_same: bool = False) -> etree._Element:
    """Insert ``child`` at its schema position (an existing child of its tag is replaced
    unless ``keep_same``; tags the order does not know are stepped over)."""
    ranks = {qn(tag): pos for pos, tag in enumerate(order)}
    rank = ranks[str(child.tag)]
    if not keep_same:
        for old in parent.findall(str(child.tag)):
            parent.remove(old)
    for existing in parent:
        if isinstance(existing.tag, str) and ranks.get(existing.tag, -1) > rank:
            existing.addprevious(child)
            return child
    parent.append(child)
    return child


def _sp_pr(pack: ThemePack, fill: ColorRole | None, ln: ColorRole | None = None,
           ln_pt: float = 0) -> etree._Element:
    sp_pr = make("c:spPr")
    sp_pr.append(solid_fill(pack, fill) if fill is not None else make("a:noFill"))
    sp_pr.append(line(pack, ln, ln_pt))
    return sp_pr


def tx_pr(pack: ThemePack, size_pt: float, role: ColorRole = "text") -> etree._Element:
    """``c:txPr``: the text of a chart element in ``role`` at ``size_pt``, minor theme font."""
    tx = make("c:txPr")
    sub(tx, "a:bodyPr")
    sub(tx, "a:lstStyle")
    p = sub(tx, "a:p")
    ppr = sub(p, "a:pPr")
    rpr = sub(ppr, "a:defRPr", sz=str(round(size_pt * 100)), b="0", i="0")
    rpr.append(solid_fill(pack, role))
    sub(rpr, "a:latin", typeface="+mn-lt")
    sub(rpr, "a:ea", typeface="+mn-ea")
    sub(rpr, "a:cs", typeface="+mn-cs")
    sub(p, "a:endParaRPr", lang="en-US")
    return tx


def _chart_data(spec: ChartSpec, where: str) -> CategoryChartData:
    what = f"{where} chart {spec.name!r}"
    if not spec.categories or not spec.series:
        raise InputError(f"{what}: a chart needs categories and at least one series")
    data = CategoryChartData(number_format="General")  # type: ignore[no-untyped-call]
    data.categories = [clean_text(c) for c in spec.categories]
    for k, series in enumerate(spec.series):
        if len(series.values) != len(spec.categories):
            raise InputError(f"{what}: series {k + 1} ({series.name!r}) has "
                             f"{len(series.values)} values for {len(spec.categories)} categories")
        if not all(math.isfinite(v) for v in series.values):
            raise InputError(f"{what}: series {k + 1} ({series.name!r}) has a value that is "
                             "not a finite number")
        data.add_series(clean_text(series.name), series.values)  # type: ignore[no-untyped-call]
    return data


def _style_series(plot: etree._Element, spec: ChartSpec, pack: ThemePack) -> None:
    order = _SER[spec.chart_type]
    for k, ser in enumerate(plot.findall(qn("c:ser"))):
        role = CHART_ROLES[k % len(CHART_ROLES)]
        if spec.chart_type == "line":
            place(ser, _sp_pr(pack, None, role, SERIES_LINE_PT), order)
            marker = make("c:marker")
            sub(marker, "c:symbol", val="circle")
            sub(marker, "c:size", val=str(MARKER_SIZE))
            marker.append(_sp_pr(pack, role, role, 0.75))
            place(ser, marker, order)
        elif spec.chart_type == "pie":
            place(ser, _sp_pr(pack, role, "background", 1.0), order)
            for old in ser.findall(qn("c:dPt")):
                ser.remove(old)
            for point in range(len(spec.categories)):
                dpt = make("c:dPt")
                sub(dpt, "c:idx", val=str(point))
                sub(dpt, "c:bubble3D", val="0")
                slice_role = CHART_ROLES[point % len(CHART_ROLES)]
                place(dpt, _sp_pr(pack, slice_role, "background", 1.0), _DPT)
                place(ser, dpt, order, keep_same=True)
            place(ser, _pie_labels(pack, spec.font_pt), order)
        else:
            place(ser, _sp_pr(pack, role), order)
        if spec.data_labels and spec.chart_type != "pie":
            place(ser, _pie_labels(pack, spec.font_pt,
                                   "t" if spec.chart_type == "line" else "outEnd"), order)


def _pie_labels(pack: ThemePack, size_pt: float, pos: str = "outEnd") -> etree._Element:
    labels = make("c:dLbls")
    labels.append(_sp_pr(pack, None))
    labels.append(tx_pr(pack, size_pt))
    sub(labels, "c:dLblPos", val=pos)
    for tag, val in (("c:showLegendKey", "0"), ("c:showVal", "1"), ("c:showCatName", "0"),
                     ("c:showSerName", "0"), ("c:showPercent", "0"),
                     ("c:showBubbleSize", "0"), ("c:showLeaderLines", "1")):
        sub(labels, tag, val=val)
    return labels


def _style_axes(plot_area: etree._Element, spec: ChartSpec, pack: ThemePack) -> None:
    for axis in plot_area.findall(qn("c:catAx")):
        # labels at the low end of the value axis, not at zero among negative bars
        place(axis, make("c:tickLblPos", val="low"), _AXIS)
        place(axis, _sp_pr(pack, None, "line", GRID_LINE_PT), _AXIS)
        place(axis, tx_pr(pack, spec.font_pt), _AXIS)
        if spec.chart_type == "bar":  # first category on top, as read
            scaling = axis.find(qn("c:scaling"))
            if scaling is not None:
                for old in scaling.findall(qn("c:orientation")):
                    scaling.remove(old)
                scaling.insert(0, make("c:orientation", val="maxMin"))
    for axis in plot_area.findall(qn("c:valAx")):
        if spec.chart_type == "bar":  # the value axis stays at the bottom
            for old in axis.findall(qn("c:crossesAt")):
                axis.remove(old)
            place(axis, make("c:crosses", val="max"), _AXIS)
        if spec.data_labels:  # labelled values need no gridlines, nor a value scale
            for old in axis.findall(qn("c:majorGridlines")):
                axis.remove(old)
            place(axis, make("c:delete", val="1"), _AXIS)
        else:
            grid = make("c:majorGridlines")
            grid_pr = sub(grid, "c:spPr")
            grid_pr.append(line(pack, "line", GRID_LINE_PT))
            place(axis, grid, _AXIS)
        place(axis, make("c:majorTickMark", val="none"), _AXIS)
        place(axis, make("c:minorTickMark", val="none"), _AXIS)
        place(axis, _sp_pr(pack, None), _AXIS)
        place(axis, tx_pr(pack, spec.font_pt), _AXIS)


def _legend(pack: ThemePack, size_pt: float) -> etree._Element:
    legend = make("c:legend")
    sub(legend, "c:legendPos", val="b")
    sub(legend, "c:overlay", val="0")
    legend.append(_sp_pr(pack, None))
    legend.append(tx_pr(pack, size_pt))
    return legend


def _positive_axis_ids(chart: etree._Element) -> None:
    """python-pptx's bar template numbers its axes below 0, which the schema forbids
    (``ST_UnsignedInt``): renumber them 1, 2, … in order of appearance."""
    elements = [e for e in chart.iter(qn("c:axId"), qn("c:crossAx"))]
    new_ids: dict[str, str] = {}
    for element in elements:
        old = element.get("val", "")
        new_ids.setdefault(old, str(AXIS_ID_BASE + len(new_ids)))
        element.set("val", new_ids[old])


def style_chart(space: etree._Element, spec: ChartSpec, pack: ThemePack) -> None:
    """Theme colours and sizes on a python-pptx chart part's ``c:chartSpace``."""
    chart = space.find(qn("c:chart"))
    assert chart is not None
    _positive_axis_ids(chart)
    place(space, make("c:roundedCorners", val="0"), _SPACE)
    for old in chart.findall(qn("c:title")):
        chart.remove(old)
    place(chart, make("c:autoTitleDeleted", val="1"), _CHART)
    if spec.legend:
        place(chart, _legend(pack, spec.font_pt), _CHART)
    else:
        for old in chart.findall(qn("c:legend")):
            chart.remove(old)
    plot_area = chart.find(qn("c:plotArea"))
    assert plot_area is not None
    for plot in plot_area:
        if str(plot.tag).endswith("Chart"):
            if spec.chart_type == "pie":
                place(plot, make("c:varyColors", val="1"),
                      ("c:barDir", "c:grouping", "c:varyColors", "c:ser"))
            _style_series(plot, spec, pack)
    _style_axes(plot_area, spec, pack)
    place(plot_area, _sp_pr(pack, None), _PLOT_AREA)
    place(space, _sp_pr(pack, None), _SPACE)
    place(space, tx_pr(pack, spec.font_pt), _SPACE)


def add_chart(shapes: SlideShapes, spec: ChartSpec, pack: ThemePack,
              where: str) -> etree._Element:
    """Add the chart's graphic frame (and chart part) to ``shapes``; return its element."""
    box = spec.box
    # python-pptx annotates add_chart as returning the Chart; it returns the graphic frame
    frame = cast(GraphicFrame, shapes.add_chart(
        _TYPES[spec.chart_type], Emu(box.x), Emu(box.y), Emu(box.w), Emu(box.h),
        cast(ChartData, _chart_data(spec, where))))
    frame.name = spec.name
    chart = frame.chart
    style_chart(chart._chartSpace, spec, pack)
    book = cast(ChartPart, chart.part).chart_workbook.xlsx_part
    book.blob = exact_values(book.blob, spec)
    element: etree._Element = frame._element
    return element
