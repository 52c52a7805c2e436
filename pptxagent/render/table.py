"""A table element → a real HTML ``<table>`` inside its ``[data-eid]`` box.

``table-layout: fixed`` with the template's column widths; each row's ``height`` is its
minimum (``a:tr/@h``, scaled down with the font), so a row grows with its text exactly as in
PowerPoint and the spec's Range union over the element (the table's border box and its
text) is the grown table. Cell padding is the cell margins; borders are inset box shadows
in explicit colours (half of a line on each side of a grid line, as PowerPoint centres it;
outer edges add the outer half), so they take no layout space and stay visible when the QA
hides the text with ``color: transparent``. Cell text uses the shapes' paragraph rendering.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from pptxagent.ir import Element
from pptxagent.ir.table import CellLine, Table, TableCell
from pptxagent.render import css
from pptxagent.render.text import DEFAULT_FONT_PX, DEFAULT_LINE_HEIGHT, ParaView, para_view

_VALIGN = {"top": "top", "middle": "middle", "bottom": "bottom"}
_INSET = {"left": (1, 0), "right": (-1, 0), "top": (0, 1), "bottom": (0, -1)}


@dataclass(frozen=True, slots=True)
class CellView:
    style: str
    colspan: int
    rowspan: int
    paragraphs: list[ParaView]
    inset: str = ""
    """How far its grid lines reach into the cell, px (top right bottom left), when any: the
    visual QA judges the cell's text on its fill, not on the lines it may touch."""


@dataclass(frozen=True, slots=True)
class RowView:
    style: str
    cells: list[CellView]


@dataclass(frozen=True, slots=True)
class TableView:
    style: str
    columns: list[str]
    """``style`` of each ``<col>``."""
    rows: list[RowView]


def _shadows(cell: TableCell, outer: dict[str, bool], where: str) -> str | None:
    parts: list[str] = []
    for side, line in cell.borders.items():
        if side not in _INSET or line.width <= 0:
            continue
        parts += _edge(side, line, outer.get(side, False), f"{where}: borders.{side}")
    return ", ".join(parts) or None


def _edge(side: str, line: CellLine, outer: bool, where: str) -> list[str]:
    color = css.color(line.color, where)
    half = line.width / 2
    dx, dy = _INSET[side]
    out = [f"inset {css.px(dx * half)} {css.px(dy * half)} 0 0 {color}"]
    if outer:  # the half outside the table
        out.append(f"{css.px(-dx * half)} {css.px(-dy * half)} 0 0 {color}")
    return out


def _cell_view(el: Element, cell: TableCell, outer: dict[str, bool], where: str) -> CellView:
    m = cell.margins
    decl = [("padding", " ".join(css.px(v) for v in (m.top, m.right, m.bottom, m.left))),
            ("vertical-align", _VALIGN[cell.anchor])]
    if cell.fill:
        decl.append(("background-color", css.color(cell.fill, f"{where}: fill")))
    if cell.vert:  # the row grows with the text's length, as in LibreOffice
        decl += css.writing_mode(cell.vert)
    shadow = _shadows(cell, outer, where)
    if shadow:
        decl.append(("box-shadow", shadow))
    paras = [para_view(el, p, f"{where}: paragraphs[{i}]", first=i == 0)
             for i, p in enumerate(cell.paragraphs)]
    if not paras:  # an empty cell still takes a line, as in PowerPoint
        paras = [ParaView("", [], None, Markup("<br>"))]
    return CellView(css.declarations(decl), cell.gridSpan, cell.rowSpan, paras, _inset(cell))


def _inset(cell: TableCell) -> str:
    halves = [cell.borders[side].width / 2 if side in cell.borders else 0.0
              for side in ("top", "right", "bottom", "left")]
    return " ".join(css.num(h) for h in halves) if any(h > 0 for h in halves) else ""


def _table_view(el: Element, table: Table, where: str) -> TableView:
    shrink = min(1.0, el.font_scale())
    ncols, nrows = len(table.columns), len(table.rows)
    rows: list[RowView] = []
    for r, row in enumerate(table.rows):
        cells: list[CellView] = []
        for c, cell in enumerate(row.cells):
            if cell.hMerge or cell.vMerge:
                continue
            outer = {"left": c == 0, "top": r == 0, "right": c + cell.gridSpan >= ncols,
                     "bottom": r + cell.rowSpan >= nrows}
            cells.append(_cell_view(el, cell, outer, f"{where}: table.rows[{r}].cells[{c}]"))
        rows.append(RowView(css.declarations([("height", css.px(row.h * shrink))]), cells))
    width = sum(table.columns)
    style = css.declarations([("width", css.px(width)), ("table-layout", "fixed"),
                              ("border-collapse", "separate"), ("border-spacing", "0")])
    cols = [css.declarations([("width", css.px(w))]) for w in table.columns]
    return TableView(style, cols, rows)


def table_view(
    el: Element, decl: list[tuple[str, str]], where: str
) -> tuple[str, TableView]:
    """The style of the element box (``decl``: position and size) holding the table, and
    the table."""
    assert el.table is not None
    st = el.style
    decl = [*decl,
            ("font-family", css.font_family(st.fontFamily, f"{where}: style.fontFamily")),
            ("font-size", css.px(st.fontSize or DEFAULT_FONT_PX)),
            ("line-height", css.num(st.lineHeight or DEFAULT_LINE_HEIGHT)),
            ("color", css.color(st.color, f"{where}: style.color") if st.color else "#000"),
            ("white-space", "pre-line")]
    if st.overflow == "hidden":
        decl.append(("overflow", "hidden"))
    return css.declarations(decl), _table_view(el, el.table, where)
