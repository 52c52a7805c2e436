"""A chart's furniture as the faithful render draws it: axes, legend, data labels, text styles,
the plot area's manual layout, category and series names.

Read unresolved (colours are ``ColorSpec``, fonts theme references); ``None`` or defaults
where the part says nothing, so the render can apply LibreOffice's own defaults.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from pptxagent.ooxml.theme import ColorSpec, read_color
from pptxagent.ooxml.xml import qn, typeface

MAX_LABEL = 200
"""Characters kept of one category or series name."""


@dataclass(frozen=True)
class TextStyle:
    """``c:txPr``'s first ``a:defRPr``: size in pt, bold, colour (``None``: not said)."""

    size: float | None = None
    bold: bool | None = None
    color: ColorSpec | None = None
    font: str | None = None
    rotation: float | None = None
    """``a:bodyPr rot`` in degrees (``None``: automatic)."""
    wrap: bool | None = None
    """``a:bodyPr wrap``: labels may break into lines (``square``) or not (``none``)."""


@dataclass(frozen=True)
class AxisData:
    kind: str
    """``cat``, ``val``, ``date`` or ``ser``."""
    position: str = "b"
    """``c:axPos``: b, l, t, r."""
    deleted: bool = False
    labels: bool = True
    """``c:tickLblPos`` is not ``none``."""
    gridlines: bool = False
    grid_color: ColorSpec | None = None
    line: bool | None = None
    """``c:spPr/a:ln``: drawn (True), ``a:noFill`` (False), not said (None)."""
    line_color: ColorSpec | None = None
    num_fmt: str | None = None
    source_linked: bool = False
    text: TextStyle = TextStyle()
    minimum: float | None = None
    maximum: float | None = None
    major_unit: float | None = None
    reverse: bool = False
    """``c:scaling/c:orientation`` is ``maxMin``."""
    title: str | None = None
    title_text: TextStyle = TextStyle()


@dataclass(frozen=True)
class LegendData:
    position: str = "r"
    """``c:legendPos``: r, l, t, b, tr."""
    overlay: bool = False
    text: TextStyle = TextStyle()
    layout: tuple[float, float, float, float] | None = None
    """Manual ``x, y, w, h`` as fractions of the chart (``w``/``h`` 0 when not said)."""


def _val(el: etree._Element | None, tag: str) -> str | None:
    child = el.find(qn(tag)) if el is not None else None
    return child.get("val") if child is not None else None


def _flag(el: etree._Element | None, tag: str, default: bool) -> bool:
    v = _val(el, tag)
    return default if v is None else v in ("1", "true")


def _float(v: str | None) -> float | None:
    try:
        f = float(v) if v is not None else None
    except ValueError:
        return None
    return f if f is not None and f == f and abs(f) < 1e300 else None


def text_style(el: etree._Element | None, base: TextStyle | None = None) -> TextStyle:
    """The text style of ``el``'s ``c:txPr`` (or ``c:tx/c:rich``), over ``base``."""
    base = base or TextStyle()
    if el is None:
        return base
    body = el.find(qn("c:txPr"))
    if body is None:
        body = el.find(f"{qn('c:tx')}/{qn('c:rich')}")
    # The paragraph default, then the first run (a title's runs often carry the size).
    rprs = [r for r in (next(body.iter(qn(t)), None) for t in ("a:defRPr", "a:rPr"))
            if r is not None] if body is not None else []
    bpr = body.find(qn("a:bodyPr")) if body is not None else None
    rot = _float(bpr.get("rot")) if bpr is not None else None
    rotation = rot / 60000 if rot is not None and abs(rot) <= 5400000 else base.rotation
    said = bpr.get("wrap") if bpr is not None else None
    wrap = (said == "square") if said in ("square", "none") else base.wrap

    def first(attr: str) -> str | None:
        return next((r.get(attr) for r in rprs if r.get(attr) is not None), None)

    size = _float(first("sz"))
    bold = first("b")
    fill = next((f for f in (r.find(qn("a:solidFill")) for r in rprs) if f is not None), None)
    latin = next((f for f in (r.find(qn("a:latin")) for r in rprs) if f is not None), None)
    return TextStyle(
        size=size / 100 if size and 100 <= size <= 400000 else base.size,
        bold=(bold in ("1", "true")) if bold is not None else base.bold,
        color=read_color(fill) if fill is not None else base.color,
        font=typeface(latin) or base.font,
        rotation=rotation, wrap=wrap,
    )


def _line(sp_pr: etree._Element | None) -> tuple[bool | None, ColorSpec | None]:
    ln = sp_pr.find(qn("a:ln")) if sp_pr is not None else None
    if ln is None:
        return None, None
    if ln.find(qn("a:noFill")) is not None:
        return False, None
    fill = ln.find(qn("a:solidFill"))
    return True, read_color(fill) if fill is not None else None


def read_axis(ax: etree._Element, base: TextStyle) -> AxisData:
    kind = {"catAx": "cat", "valAx": "val", "dateAx": "date", "serAx": "ser"}.get(
        str(ax.tag).rsplit("}", 1)[-1], "cat")
    scaling = ax.find(qn("c:scaling"))
    grid = ax.find(qn("c:majorGridlines"))
    grid_line = _line(grid.find(qn("c:spPr"))) if grid is not None else (None, None)
    line, line_color = _line(ax.find(qn("c:spPr")))
    fmt = ax.find(qn("c:numFmt"))
    title = ax.find(qn("c:title"))
    return AxisData(
        kind=kind, position=_val(ax, "c:axPos") or "b",
        deleted=_flag(ax, "c:delete", False),
        labels=(_val(ax, "c:tickLblPos") or "nextTo") != "none",
        gridlines=grid is not None and grid_line[0] is not False, grid_color=grid_line[1],
        line=line, line_color=line_color,
        num_fmt=fmt.get("formatCode") if fmt is not None else None,
        source_linked=fmt is not None and fmt.get("sourceLinked") in ("1", "true"),
        text=text_style(ax, base),
        minimum=_float(_val(scaling, "c:min")), maximum=_float(_val(scaling, "c:max")),
        major_unit=_float(_val(ax, "c:majorUnit")),
        reverse=_val(scaling, "c:orientation") == "maxMin",
        title=title_of(ax), title_text=text_style(title, TextStyle(10.0, True, base.color,
                                                                   base.font)),
    )


Box = tuple[float, float, float, float]


def manual_layout(el: etree._Element | None) -> tuple[Box, bool] | None:
    """``c:layout/c:manualLayout`` of ``el``: ``(x, y, w, h)`` fractions (edge mode only) and
    whether they are the inner plot (``layoutTarget`` inner)."""
    ml = el.find(f"{qn('c:layout')}/{qn('c:manualLayout')}") if el is not None else None
    if ml is None:
        return None
    if _val(ml, "c:xMode") == "factor" or _val(ml, "c:yMode") == "factor":
        return None
    x, y = _float(_val(ml, "c:x")), _float(_val(ml, "c:y"))
    w, h = _float(_val(ml, "c:w")), _float(_val(ml, "c:h"))
    if x is None or y is None:
        return None
    box = (x, y, w or 0.0, h or 0.0)
    if not all(-0.5 <= v <= 1.5 for v in box):
        return None
    return box, _val(ml, "c:layoutTarget") == "inner"


def read_legend(chart: etree._Element, base: TextStyle) -> LegendData | None:
    legend = chart.find(qn("c:legend"))
    if legend is None:
        return None
    layout = manual_layout(legend)
    return LegendData(
        position=_val(legend, "c:legendPos") or "r", overlay=_flag(legend, "c:overlay", False),
        text=text_style(legend, base), layout=layout[0] if layout else None)


def title_of(el: etree._Element, auto: str | None = None) -> str | None:
    """``el``'s ``c:title`` text (rich text, or a cell reference's cached text; ``auto``
    when it has neither); ``None`` without a title."""
    title = el.find(qn("c:title"))
    if title is None:
        return None
    rich = title.find(f"{qn('c:tx')}/{qn('c:rich')}")
    if rich is None:
        ref = next(title.iter(qn("c:v")), None)
        return ((ref.text or None) if ref is not None else auto)
    paras = ["".join(t.text or "" for t in p.iter(qn("a:t"))) for p in rich.iter(qn("a:p"))]
    return "\n".join(p for p in paras if p.strip())[:MAX_LABEL * 2] or None


def x_values(ser: etree._Element | None) -> tuple[float, ...]:
    """A scatter series' numeric X values (``c:xVal``), empty when they are not numbers."""
    xval = ser.find(qn("c:xVal")) if ser is not None else None
    if xval is None or (next(xval.iter(qn("c:numCache")), None) is None
                        and next(xval.iter(qn("c:numLit")), None) is None):
        return ()
    out = []
    for text in _strings(xval):
        f = _float(text)
        if f is None:
            return ()
        out.append(f)
    return tuple(out)


def _strings(ref: etree._Element | None) -> tuple[str, ...]:
    if ref is None:
        return ()
    found: dict[int, str] = {}
    for pt in ref.iter(qn("c:pt")):
        v = pt.find(qn("c:v"))
        idx = pt.get("idx") or "0"
        if v is not None and idx.isdigit() and int(idx) < 500:
            found.setdefault(int(idx), (v.text or "")[:MAX_LABEL])
    if not found:
        return ()
    return tuple(found.get(i, "") for i in range(max(found) + 1))


def categories(ser: etree._Element | None) -> tuple[str, ...]:
    """The category labels of ``ser`` (``c:cat``, else a scatter's ``c:xVal``); of a
    multi-level reference, the innermost level."""
    if ser is None:
        return ()
    cat = ser.find(qn("c:cat"))
    if cat is None:
        cat = ser.find(qn("c:xVal"))
    if cat is None:
        return ()
    lvl = next(cat.iter(qn("c:lvl")), None)
    return _strings(lvl if lvl is not None else cat)


def category_format(ser: etree._Element | None) -> str | None:
    """The number format of numeric categories (``c:cat/c:numRef``: dates, years …)."""
    cat = ser.find(qn("c:cat")) if ser is not None else None
    cache = next(cat.iter(qn("c:numCache")), None) if cat is not None else None
    code = cache.find(qn("c:formatCode")) if cache is not None else None
    return code.text if code is not None and code.text else None


def series_name(ser: etree._Element) -> str:
    tx = ser.find(qn("c:tx"))
    if tx is None:
        return ""
    v = next(tx.iter(qn("c:v")), None)
    return (v.text or "")[:MAX_LABEL] if v is not None else ""


def format_code(ser: etree._Element | None) -> str | None:
    """The cached values' ``c:formatCode`` (what a source-linked axis shows)."""
    code = next(ser.iter(qn("c:formatCode")), None) if ser is not None else None
    return code.text if code is not None and code.text else None


def label_format(dlbls: etree._Element | None) -> str | None:
    """The data labels' own number format (``c:dLbls/c:numFmt``, unless source-linked)."""
    fmt = dlbls.find(qn("c:numFmt")) if dlbls is not None else None
    if fmt is None or fmt.get("sourceLinked") in ("1", "true"):
        return None
    return fmt.get("formatCode")


def shows_values(plot: etree._Element) -> tuple[tuple[str, ...], str | None,
                                                etree._Element | None]:
    """What the first plot's data labels show (of ``category``, ``value``, ``percent``; from
    the plot's or first series' ``c:dLbls``), their ``c:dLblPos`` and the ``c:dLbls`` that
    says so."""
    for holder in (plot.find(qn("c:ser")), plot):
        dl = holder.find(qn("c:dLbls")) if holder is not None else None
        if dl is None or _flag(dl, "c:delete", False):
            continue
        shows = tuple(name for name, tag in (("category", "c:showCatName"),
                                              ("value", "c:showVal"),
                                              ("percent", "c:showPercent"))
                      if _flag(dl, tag, False))
        return (shows, _val(dl, "c:dLblPos"), dl) if shows else ((), None, None)
    return (), None, None
