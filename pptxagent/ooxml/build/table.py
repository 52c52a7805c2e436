"""Native tables of scratch mode: ``a:tbl`` with equal columns filling the box, explicit run
sizes, a bold header row and banded rows, every fill and border a theme colour role."""

from __future__ import annotations

from lxml import etree
from pptx.shapes.shapetree import SlideShapes
from pptx.util import Emu

from pptxagent.errors import InputError
from pptxagent.ir.compose import Para, TableSpec
from pptxagent.ir.theme import ColorRole, ThemePack
from pptxagent.ooxml.build.text import paragraph
from pptxagent.ooxml.build.xmlkit import emu_pt, make, solid_fill, sub
from pptxagent.ooxml.xml import qn

NO_STYLE_NO_GRID = "{2D5ABB26-0587-4C30-8999-92F81FD0307C}"
"""Built-in table style without fills or borders: every fill and border here is explicit."""
BORDER_PT = 0.75
TOTAL_RULE_PT = 2.0
CELL_INSET_LR_EMU = 91_440
CELL_INSET_TB_EMU = 45_720
HEADER: tuple[ColorRole, ColorRole] = ("primary", "on_primary")
BANDS: tuple[tuple[ColorRole, ColorRole], ...] = (("surface", "on_surface"),
                                                  ("background", "text"))


def shares(total: int, parts: int) -> list[int]:
    """``total`` split in ``parts`` equal integers, the remainder on the last one."""
    size = total // parts
    return [size] * (parts - 1) + [total - size * (parts - 1)]


def cell_roles(spec: TableSpec, row: int) -> tuple[ColorRole, ColorRole]:
    """``(fill, text)`` colour roles of the cells of ``row``."""
    if spec.header and row == 0:
        return HEADER
    body_row = row - 1 if spec.header else row
    return BANDS[body_row % len(BANDS)]


def _border(tag: str, pack: ThemePack, role: ColorRole | None,
            width_pt: float = BORDER_PT) -> etree._Element:
    ln = make(tag)
    if role is None:
        sub(ln, "a:noFill")
        return ln
    ln.set("w", emu_pt(width_pt))
    ln.append(solid_fill(pack, role))
    return ln


def emphasised(spec: TableSpec, row: int, col: int) -> bool:
    """Whether the cell at (``row``, ``col``) is bold: the header, and the key column or the
    total row when the spec asks for it."""
    if spec.header and row == 0:
        return True
    if spec.emphasis == "key_column":
        return col == 0
    return spec.emphasis == "total_row" and row == len(spec.rows) - 1


def _cell(text: str, spec: TableSpec, row: int, col: int, pack: ThemePack) -> etree._Element:
    fill, colour = cell_roles(spec, row)
    tc = make("a:tc")
    body = sub(tc, "a:txBody")
    sub(body, "a:bodyPr")
    sub(body, "a:lstStyle")
    para = Para(text=text, size_pt=spec.font_pt, bold=emphasised(spec, row, col),
                color=colour)
    body.append(paragraph(para, pack))
    pr = sub(tc, "a:tcPr", marL=str(CELL_INSET_LR_EMU), marR=str(CELL_INSET_LR_EMU),
             marT=str(CELL_INSET_TB_EMU), marB=str(CELL_INSET_TB_EMU), anchor="ctr")
    pr.append(_border("a:lnL", pack, None))
    pr.append(_border("a:lnR", pack, None))
    total = spec.emphasis == "total_row" and row == len(spec.rows) - 1
    pr.append(_border("a:lnT", pack, "accent", TOTAL_RULE_PT) if total
              else _border("a:lnT", pack, "line"))
    pr.append(_border("a:lnB", pack, "line"))
    pr.append(solid_fill(pack, fill))
    return tc


def table_xml(spec: TableSpec, pack: ThemePack, where: str) -> etree._Element:
    """The ``a:tbl`` of ``spec``: equal columns summing to the box width, equal rows."""
    columns = max((len(row) for row in spec.rows), default=0)
    if not spec.rows or columns == 0:
        raise InputError(f"{where} table {spec.name!r}: a table needs at least one cell")
    tbl = make("a:tbl")
    sub(tbl, "a:tblPr", firstRow="1" if spec.header else "0", bandRow="1",
        **({"firstCol": "1"} if spec.emphasis == "key_column" else {}),
        **({"lastRow": "1"} if spec.emphasis == "total_row" else {}))
    style = sub(tbl[0], "a:tableStyleId")
    style.text = NO_STYLE_NO_GRID
    grid = sub(tbl, "a:tblGrid")
    for width in shares(spec.box.w, columns):
        sub(grid, "a:gridCol", w=str(width))
    for r, (cells, height) in enumerate(zip(spec.rows, shares(spec.box.h, len(spec.rows)),
                                            strict=True)):
        tr = sub(tbl, "a:tr", h=str(height))
        for c, text in enumerate([*cells, *[""] * (columns - len(cells))]):
            tr.append(_cell(text, spec, r, c, pack))
    return tbl


def add_table(shapes: SlideShapes, spec: TableSpec, pack: ThemePack,
              where: str) -> etree._Element:
    """Add the table's graphic frame to ``shapes``; return its element."""
    tbl = table_xml(spec, pack, where)
    columns = len(tbl.findall(f"{qn('a:tblGrid')}/{qn('a:gridCol')}"))
    box = spec.box
    frame = shapes.add_table(len(spec.rows), columns, Emu(box.x), Emu(box.y), Emu(box.w),
                             Emu(box.h))
    frame.name = spec.name
    old = frame._element.find(f".//{qn('a:tbl')}")
    parent = old.getparent() if old is not None else None
    assert old is not None and parent is not None
    parent.replace(old, tbl)
    element: etree._Element = frame._element
    return element
