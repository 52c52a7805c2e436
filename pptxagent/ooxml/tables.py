"""Read a table (``a:tbl``) and the deck's table styles (``ppt/tableStyles.xml``) into frozen
dataclasses, unresolved (EMU, ``ColorSpec``); the inventory resolves them per slide.

A line (``LineData``) is ``width`` EMU and a colour, or ``none`` (``a:noFill``): a cell's own
``a:lnL``/``a:lnR``/``a:lnT``/``a:lnB`` win over the table style's borders. A style part that
PowerPoint ships built in and the deck does not define (most writers name one without
defining it) is read from ``table_presets``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from lxml import etree

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.styles import TextBodyData, read_text_body
from pptxagent.ooxml.table_presets import preset_table_styles
from pptxagent.ooxml.theme import ColorSpec, parse_int, read_color
from pptxagent.ooxml.xml import qn, typeface

SIDES = ("left", "right", "top", "bottom")
_CELL_LINES = {"left": "a:lnL", "right": "a:lnR", "top": "a:lnT", "bottom": "a:lnB"}
STYLE_PARTS = ("wholeTbl", "band1H", "band2H", "band1V", "band2V", "lastCol", "firstCol",
               "lastRow", "firstRow")
DEFAULT_LINE_W = 12700


@dataclass(frozen=True)
class LineData:
    width: int = DEFAULT_LINE_W
    color: ColorSpec | None = None
    none: bool = False
    """``a:noFill``: no line on this edge (it still hides what the style would draw)."""
    ref: int | None = None
    """``a:lnRef/@idx``: the theme's line style whose width the line takes."""


@dataclass(frozen=True)
class FillData:
    color: ColorSpec | None = None
    none: bool = False


@dataclass(frozen=True)
class CellData:
    text: TextBodyData | None
    grid_span: int = 1
    row_span: int = 1
    h_merge: bool = False
    v_merge: bool = False
    margins: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)
    """``marL``, ``marR``, ``marT``, ``marB`` in EMU (None: the default)."""
    anchor: str | None = None
    fill: FillData | None = None
    lines: dict[str, LineData] = field(default_factory=dict)
    """Own lines by side (``left`` …), only those the cell sets."""
    vert: str | None = None
    """``a:tcPr/@vert``: ``vert``, ``vert270``, ``eaVert`` … (None: horizontal)."""


@dataclass(frozen=True)
class RowData:
    height: int
    cells: tuple[CellData, ...]


@dataclass(frozen=True)
class TableData:
    columns: tuple[int, ...]
    rows: tuple[RowData, ...]
    style_id: str | None = None
    flags: frozenset[str] = frozenset()
    """``a:tblPr`` switches that are on: firstRow, lastRow, firstCol, lastCol, bandRow, bandCol."""
    fill: FillData | None = None
    """``a:tblPr`` own fill (behind every cell)."""


@dataclass(frozen=True)
class StylePart:
    """One region of a table style (``a:wholeTbl``, ``a:firstRow`` …)."""

    fill: FillData | None = None
    lines: dict[str, LineData] = field(default_factory=dict)
    """By ``left``/``right``/``top``/``bottom``/``insideH``/``insideV``."""
    text_color: ColorSpec | None = None
    bold: bool | None = None
    italic: bool | None = None
    font: str | None = None
    """``+mj-lt`` / ``+mn-lt`` (from ``a:fontRef``) or a typeface."""


@dataclass(frozen=True)
class TableStyle:
    style_id: str
    parts: dict[str, StylePart]
    background: FillData | None = None
    """``a:tblBg/a:fill``: behind every cell (a see-through band shows it)."""
    background_ref: tuple[int, ColorSpec | None] | None = None
    """``a:tblBg/a:fillRef``: theme fill style index and its colour."""


def _line(ln: etree._Element | None) -> LineData | None:
    if ln is None:
        return None
    if ln.find(qn("a:noFill")) is not None:
        return LineData(none=True)
    w = parse_int(ln.get("w"))
    solid = ln.find(qn("a:solidFill"))
    color = read_color(solid) if solid is not None else None
    if color is None and solid is None:
        return LineData(width=w if w is not None else DEFAULT_LINE_W, none=w == 0)
    return LineData(width=w if w is not None else DEFAULT_LINE_W, color=color, none=w == 0)


def _fill(parent: etree._Element | None) -> FillData | None:
    if parent is None:
        return None
    solid = parent.find(qn("a:solidFill"))
    if solid is not None:
        return FillData(color=read_color(solid))
    if parent.find(qn("a:noFill")) is not None:
        return FillData(none=True)
    grad = parent.find(qn("a:gradFill"))
    if grad is not None:
        return FillData(color=read_color(grad.find(f"{qn('a:gsLst')}/{qn('a:gs')}")))
    return None


def _bool(v: str | None) -> bool | None:
    return None if v is None else v in ("1", "true", "on")


def read_cell(tc: etree._Element) -> CellData:
    pr = tc.find(qn("a:tcPr"))
    lines: dict[str, LineData] = {}
    margins: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)
    anchor = fill = vert = None
    if pr is not None:
        vert = pr.get("vert") if pr.get("vert") not in (None, "horz") else None
        for side, tag in _CELL_LINES.items():
            ln = _line(pr.find(qn(tag)))
            if ln is not None:
                lines[side] = ln
        margins = (parse_int(pr.get("marL")), parse_int(pr.get("marR")),
                   parse_int(pr.get("marT")), parse_int(pr.get("marB")))
        anchor = pr.get("anchor")
        fill = _fill(pr)
    return CellData(
        text=read_text_body(tc.find(qn("a:txBody"))),
        grid_span=max(parse_int(tc.get("gridSpan")) or 1, 1),
        row_span=max(parse_int(tc.get("rowSpan")) or 1, 1),
        h_merge=bool(_bool(tc.get("hMerge"))),
        v_merge=bool(_bool(tc.get("vMerge"))),
        margins=margins,
        anchor=anchor,
        fill=fill,
        lines=lines,
        vert=vert,
    )


_FLAGS = ("firstRow", "lastRow", "firstCol", "lastCol", "bandRow", "bandCol")


def read_table(tbl: etree._Element) -> TableData:
    grid = tbl.find(qn("a:tblGrid"))
    cols = tuple(max(parse_int(g.get("w")) or 0, 0)
                 for g in (grid.findall(qn("a:gridCol")) if grid is not None else []))
    rows = tuple(RowData(max(parse_int(tr.get("h")) or 0, 0),
                         tuple(read_cell(tc) for tc in tr.findall(qn("a:tc"))))
                 for tr in tbl.findall(qn("a:tr")))
    pr = tbl.find(qn("a:tblPr"))
    style_id: str | None = None
    flags: frozenset[str] = frozenset()
    fill = None
    if pr is not None:
        sid = pr.find(qn("a:tableStyleId"))
        style_id = (sid.text or "").strip() or None if sid is not None else None
        flags = frozenset(f for f in _FLAGS if _bool(pr.get(f)))
        fill = _fill(pr)
    return TableData(columns=cols, rows=rows, style_id=style_id, flags=flags, fill=fill)


def _style_part(el: etree._Element) -> StylePart:
    tx = el.find(qn("a:tcTxStyle"))
    text_color = font = None
    bold = italic = None
    if tx is not None:
        text_color = read_color(tx)
        ref = tx.find(qn("a:fontRef"))
        if ref is not None:
            font = {"major": "+mj-lt", "minor": "+mn-lt"}.get(ref.get("idx") or "")
            if text_color is None:
                text_color = read_color(ref)
        face = tx.find(f"{qn('a:font')}/{qn('a:latin')}")
        font = typeface(face) or font
        bold, italic = _bool(tx.get("b")), _bool(tx.get("i"))
    st = el.find(qn("a:tcStyle"))
    lines: dict[str, LineData] = {}
    fill = None
    if st is not None:
        bdr = st.find(qn("a:tcBdr"))
        for side in (*SIDES, "insideH", "insideV") if bdr is not None else ():
            edge = bdr.find(qn(f"a:{side}")) if bdr is not None else None
            if edge is None:
                continue
            ln = _line(edge.find(qn("a:ln")))
            ref = edge.find(qn("a:lnRef"))
            if ln is None and ref is not None:
                idx = parse_int(ref.get("idx")) or 0
                ln = LineData(color=read_color(ref), none=idx == 0, ref=idx or None)
            if ln is not None:
                lines[side] = ln
        fill = _fill(st.find(qn("a:fill")))
        ref = st.find(qn("a:fillRef"))
        if fill is None and ref is not None and (parse_int(ref.get("idx")) or 0) > 0:
            fill = FillData(color=read_color(ref))
    return StylePart(fill=fill, lines=lines, text_color=text_color, bold=bold, italic=italic,
                     font=font)


def _read_style(el: etree._Element) -> TableStyle:
    parts = {name: _style_part(p) for name in STYLE_PARTS
             if (p := el.find(qn(f"a:{name}"))) is not None}
    bg = el.find(qn("a:tblBg"))
    ref = bg.find(qn("a:fillRef")) if bg is not None else None
    return TableStyle(
        style_id=el.get("styleId") or "", parts=parts,
        background=_fill(bg.find(qn("a:fill"))) if bg is not None else None,
        background_ref=None if ref is None else (parse_int(ref.get("idx")) or 0,
                                                 read_color(ref)),
    )


def _table_styles_part(pkg: Package) -> str | None:
    for rel in pkg.rels(pkg.main_part()):
        if rel.type.endswith("/tableStyles") and not rel.external:
            return rel.target if pkg.has_part(rel.target) else None
    return None


def read_table_styles(pkg: Package) -> tuple[dict[str, TableStyle], str | None]:
    """The deck's table styles by id, and the default style id (``tblStyleLst/@def``)."""
    part = _table_styles_part(pkg)
    styles: dict[str, TableStyle] = {}
    default: str | None = None
    if part is not None:
        root = pkg.xml(part)
        default = root.get("def")
        for el in root.findall(qn("a:tblStyle")):
            st = _read_style(el)
            styles[_key(st.style_id)] = st
    return styles, default


def table_style(styles: dict[str, TableStyle], style_id: str | None) -> TableStyle | None:
    """``style_id`` from the deck, else PowerPoint's built-in definition when we have it."""
    if style_id is None:
        return None
    return styles.get(_key(style_id)) or _builtin().get(_key(style_id))


def _key(style_id: str) -> str:
    """Style ids are GUIDs: the same in any letter case."""
    return style_id.strip().upper()


@functools.lru_cache(maxsize=1)
def _builtin() -> dict[str, TableStyle]:
    return {sid: _read_style(el) for sid, el in preset_table_styles().items()}


__all__ = ["CellData", "LineData", "RowData", "StylePart", "TableData", "TableStyle",
           "read_table", "read_table_styles", "table_style"]
