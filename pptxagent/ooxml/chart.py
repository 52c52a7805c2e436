"""What of a chart part the faithful render draws: title, first plot's type and series, its
axes, legend and data labels.

Values come from the chart's cached numbers (``c:numCache`` / ``c:numLit``); colours from each
series' (and pie point's) ``c:spPr`` fill, unresolved. Axes, legend, labels and text styles are
read by ``chart_parts``. 3-D is drawn flat; further plots of a combined chart are not read.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from pptxagent.errors import PptxAgentError
from pptxagent.ooxml.chart_parts import (
    AxisData,
    LegendData,
    TextStyle,
    categories,
    category_format,
    format_code,
    label_format,
    manual_layout,
    read_axis,
    read_legend,
    series_name,
    shows_values,
    text_style,
    title_of,
    x_values,
)
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.theme import ColorSpec, read_color
from pptxagent.ooxml.xml import local_name, qn

_KINDS = {"barChart": "bar", "bar3DChart": "bar", "lineChart": "line", "line3DChart": "line",
          "pieChart": "pie", "pie3DChart": "pie", "doughnutChart": "doughnut",
          "areaChart": "area", "area3DChart": "area", "scatterChart": "line",
          "radarChart": "line", "ofPieChart": "pie"}
MAX_POINTS = 500


@dataclass(frozen=True)
class SeriesData:
    values: tuple[float, ...]
    color: ColorSpec | None = None
    points: dict[int, ColorSpec] = field(default_factory=dict)
    """Per-point fills (``c:dPt``), by point index."""
    name: str = ""
    marker: bool = False
    """A line series drawn with markers (the plot's ``c:marker``, the series' symbol not
    ``none``)."""
    line_width: int | None = None
    """A line series' ``a:ln w`` in EMU (0: ``a:noFill``, no line)."""
    smooth: bool = False
    """``c:smooth``: the line is a curve through the points."""


@dataclass(frozen=True)
class ChartData:
    kind: str
    """bar, line, pie, doughnut, area (or ``other``: only the title is drawn)."""
    title: str | None = None
    horizontal: bool = False
    stacked: bool = False
    percent: bool = False
    """``percentStacked``: every category sums to 100 %."""
    series: tuple[SeriesData, ...] = ()
    gap_width: int | None = None
    """``c:gapWidth``: the gap between categories, % of a bar's width (Office: 150)."""
    overlap: int | None = None
    """``c:overlap``: -100..100 % of a bar's width that neighbouring series share."""
    style: int = 2
    """``c:style`` (1-48): its colour scheme is ``(style - 1) % 8``: 0 greys, 1 the accents in
    turn, 2-7 shades of accent 1-6."""
    categories: tuple[str, ...] = ()
    cat_axis: AxisData | None = None
    val_axis: AxisData | None = None
    legend: LegendData | None = None
    label_shows: tuple[str, ...] = ()
    """What data labels show: ``category``, ``value``, ``percent`` (none: no labels)."""
    label_pos: str | None = None
    label_text: TextStyle = field(default_factory=TextStyle)
    value_format: str | None = None
    label_format: str | None = None
    plot_layout: tuple[float, float, float, float] | None = None
    plot_inner: bool = False
    """``plot_layout`` is the plot without its axis labels (``layoutTarget`` inner)."""
    text: TextStyle = field(default_factory=TextStyle)
    """The chart's own text style (``c:chartSpace/c:txPr``)."""
    title_text: TextStyle = field(default_factory=TextStyle)
    title_overlay: bool = False
    category_format: str | None = None
    x_values: tuple[float, ...] = ()
    """A scatter chart's X values (first series' ``c:xVal``)."""
    hole: int | None = None
    """A doughnut's ``c:holeSize`` (% of the diameter)."""
    first_angle: int = 0
    """A pie's ``c:firstSliceAng`` (degrees clockwise from 12 o'clock)."""
    radar: str | None = None
    """A radar chart's ``c:radarStyle`` (standard, marker, filled)."""
    scheme: dict[str, str] = field(default_factory=dict)
    """The chart's own colour scheme (a ``themeOverride`` part): ``accent1`` → hex."""
    paint: tuple[ColorSpec | None, ColorSpec | None] = (None, None)
    """The chart area's own fill and outline."""
    plot_paint: tuple[ColorSpec | None, ColorSpec | None] = (None, None)


def _solid(sp_pr: etree._Element | None, line: bool = False) -> ColorSpec | None:
    """A series' colour: its fill, or its line's (first, for a ``line`` series)."""
    if sp_pr is None:
        return None
    fills = [sp_pr.find(qn("a:solidFill")), sp_pr.find(f"{qn('a:ln')}/{qn('a:solidFill')}")]
    fill = next((f for f in (fills[::-1] if line else fills) if f is not None), None)
    return read_color(fill) if fill is not None else None


def _override(pkg: Package, part: str) -> dict[str, str]:
    """The colour scheme of the chart's ``themeOverride`` part, if it has one."""
    for rel in pkg.rels(part):
        if rel.external or not rel.type.endswith("/themeOverride") or not pkg.has_part(
                rel.target):
            continue
        try:
            clr = pkg.xml(rel.target).find(qn("a:clrScheme"))
        except PptxAgentError:
            return {}
        colors = {}
        for child in clr if clr is not None else ():
            spec = read_color(child) if isinstance(child.tag, str) else None
            if spec is not None and spec.kind in ("srgb", "sys"):
                colors[local_name(child.tag)] = spec.value.upper()
        return colors
    return {}


def _line_width(ser: etree._Element) -> int | None:
    ln = ser.find(f"{qn('c:spPr')}/{qn('a:ln')}")
    if ln is None:
        return None
    if ln.find(qn("a:noFill")) is not None:
        return 0
    return _int_val(ln, "w")


def _box_paint(el: etree._Element | None) -> tuple[ColorSpec | None, ColorSpec | None]:
    """``el``'s own ``c:spPr`` solid fill and solid outline (``None`` where not said)."""
    sp_pr = el.find(qn("c:spPr")) if el is not None else None
    if sp_pr is None:
        return None, None
    fill = sp_pr.find(qn("a:solidFill"))
    line = sp_pr.find(f"{qn('a:ln')}/{qn('a:solidFill')}")
    return (read_color(fill) if fill is not None else None,
            read_color(line) if line is not None else None)


def _values(ser: etree._Element) -> tuple[float, ...]:
    val = ser.find(qn("c:val"))
    if val is None:
        val = ser.find(qn("c:yVal"))
    if val is None:
        return ()
    found: dict[int, float] = {}
    for pt in val.iter(qn("c:pt")):
        v = pt.find(qn("c:v"))
        try:
            idx = int(pt.get("idx") or 0)
            num = float(v.text or "") if v is not None else None
        except ValueError:
            continue
        if num is not None and 0 <= idx < MAX_POINTS and abs(num) < 1e300:  # no NaN, inf
            found[idx] = num
    return tuple(found.get(i, 0.0) for i in range(max(found) + 1)) if found else ()


def _title(chart: etree._Element, auto: str | None = None) -> str | None:
    """The title's rich text; a title without text is the only series' name (``auto``)."""
    return title_of(chart, auto)


def _axes(plot: etree._Element, first: etree._Element, base: TextStyle
          ) -> tuple[AxisData | None, AxisData | None]:
    """The first plot's category (or scatter X) axis and value axis."""
    ids = {a.get("val") for a in first.iterfind(qn("c:axId"))}
    axes = [ax for ax in plot if isinstance(ax.tag, str)
            and local_name(ax.tag) in ("catAx", "valAx", "dateAx", "serAx")
            and _val(ax, "c:axId") in ids]
    read = [read_axis(ax, base) for ax in axes]
    cat = next((a for a in read if a.kind in ("cat", "date")), None)
    vals = [a for a in read if a.kind == "val"]
    if cat is None and len(vals) > 1:  # scatter: X is the axis across
        cat = next((a for a in vals if a.position in ("b", "t")), vals[0])
    val = next((a for a in vals if a is not cat), None)
    return cat, val


def _val(el: etree._Element, tag: str) -> str | None:
    child = el.find(qn(tag))
    return child.get("val") if child is not None else None


def read_chart(pkg: Package, part: str | None) -> ChartData | None:
    """The chart part ``part`` as far as the render draws it; ``None`` when unreadable."""
    if part is None or not pkg.has_part(part):
        return None
    try:
        root = pkg.xml(part)
    except PptxAgentError:
        return None
    chart = root.find(qn("c:chart"))
    if chart is None:
        return None
    plot = chart.find(qn("c:plotArea"))
    first = next((c for c in plot if isinstance(c.tag, str) and local_name(c.tag) in _KINDS),
                 None) if plot is not None else None
    if first is None:
        return ChartData("other", _title(chart))
    assert plot is not None
    grouping = first.find(qn("c:grouping"))
    bar_dir = first.find(qn("c:barDir"))
    series = []
    for ser in first.iterfind(qn("c:ser")):
        points: dict[int, ColorSpec] = {}
        for dpt in ser.iterfind(qn("c:dPt")):
            idx = dpt.find(qn("c:idx"))
            spec = _solid(dpt.find(qn("c:spPr")))
            if idx is not None and spec is not None and (idx.get("val") or "").isdigit():
                points[int(idx.get("val") or 0)] = spec
        lined = local_name(first.tag) in ("lineChart", "line3DChart", "scatterChart",
                                          "radarChart")
        symbol = ser.find(f"{qn('c:marker')}/{qn('c:symbol')}")
        marked = lined and _val(first, "c:marker") in ("1", "true") and (
            symbol is None or symbol.get("val") != "none")
        series.append(SeriesData(_values(ser), _solid(ser.find(qn("c:spPr")), lined), points,
                                 series_name(ser), marked, _line_width(ser) if lined else None,
                                 lined and _val(ser, "c:smooth") in ("1", "true")))
    style_el = next(root.iter(qn("c:style")), None)
    style = int(style_el.get("val") or 2) if style_el is not None and (
        style_el.get("val") or "").isdigit() else 2
    group = grouping.get("val") if grouping is not None else None
    base = text_style(root)
    cat_axis, val_axis = _axes(plot, first, base)
    shown, label_pos, dlbls = shows_values(first)
    layout = manual_layout(plot)
    title = chart.find(qn("c:title"))
    auto = series[0].name if len(series) == 1 and series[0].name else None
    if title is None:
        auto = None
    return ChartData(
        _KINDS[local_name(first.tag)], _title(chart, auto),
        horizontal=bar_dir is not None and bar_dir.get("val") == "bar",
        stacked=group in ("stacked", "percentStacked"), percent=group == "percentStacked",
        series=tuple(series), style=style if 1 <= style <= 48 else 2,
        gap_width=_int_val(first.find(qn("c:gapWidth"))),
        overlap=_int_val(first.find(qn("c:overlap"))),
        categories=categories(first.find(qn("c:ser"))), cat_axis=cat_axis, val_axis=val_axis,
        legend=read_legend(chart, base), label_shows=shown, label_pos=label_pos,
        label_text=text_style(dlbls, base), value_format=format_code(first.find(qn("c:ser"))),
        label_format=label_format(dlbls),
        plot_layout=layout[0] if layout else None, plot_inner=bool(layout and layout[1]),
        text=base, title_text=text_style(title, TextStyle(18.0, True, base.color, base.font)),
        title_overlay=title is not None and _val(title, "c:overlay") in ("1", "true"),
        category_format=category_format(first.find(qn("c:ser"))),
        paint=_box_paint(root), plot_paint=_box_paint(plot), scheme=_override(pkg, part),
        radar=(_val(first, "c:radarStyle") or "standard") if local_name(first.tag) == "radarChart"
        else None,
        hole=_int_val(first.find(qn("c:holeSize"))),
        first_angle=_int_val(first.find(qn("c:firstSliceAng"))) or 0,
        x_values=x_values(first.find(qn("c:ser"))) if local_name(first.tag) == "scatterChart"
        else (),
    )


def _int_val(el: etree._Element | None, attr: str = "val") -> int | None:
    try:
        return None if el is None else int(el.get(attr) or "")
    except ValueError:
        return None


def read_chart_title(pkg: Package, part: str | None) -> str | None:
    """The chart's own title (``c:chart/c:title`` rich text), ``None`` when it has none."""
    chart = read_chart(pkg, part)
    return chart.title if chart is not None else None
