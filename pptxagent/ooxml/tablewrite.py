"""Write a refined table element back into its ``a:tbl``, changing only what changed.

* font scale: an explicit ``sz`` on every run, break, field and ``a:endParaRPr`` of every
  cell (effective size × scale), as for shapes;
* line height: ``a:lnSpc/a:spcPct`` on every cell paragraph;
* rows: each ``a:tr/@h`` set to the row's measured height (EMU) where it differs (a row
  grew with its text, or its minimum shrank with the font), and the frame's
  ``p:xfrm/a:ext/@cy`` to the measured table height; ``a:off`` when the table moved.

PowerPoint lays a table's rows out from ``a:tr/@h`` (a minimum) and the text; the frame's
extent is what other tools read, so both are written as drawn.
"""

from __future__ import annotations

from lxml import etree

from pptxagent.ir import Element, Layout
from pptxagent.ooxml.filltarget import find_shape
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.tablefill import find_table
from pptxagent.ooxml.writeback import (
    GEOMETRY_EPS_PX,
    LINE_PITCH,
    Change,
    _line_changed,
    _num,
    _pct,
    _write_font,
    _write_line,
    _xfrm,
)
from pptxagent.ooxml.xml import SCHEMA_ORDER, insert_in_order, qn
from pptxagent.units import emu_to_px, px_to_emu, px_to_pt

ROW_EPS_EMU = 9525 // 2
"""Half a px: a row within this of its stored height is left alone."""


def _cells(tbl: etree._Element) -> list[list[etree._Element]]:
    return [tr.findall(qn("a:tc")) for tr in tbl.findall(qn("a:tr"))]


def _each_body(tbl: etree._Element, before: Element) -> list[tuple[etree._Element, Element]]:
    """Every cell text body with the inventoried cell as an element (its paragraphs)."""
    assert before.table is not None
    out: list[tuple[etree._Element, Element]] = []
    for r, tcs in enumerate(_cells(tbl)):
        for c, tc in enumerate(tcs):
            body = tc.find(qn("a:txBody"))
            if body is None:
                continue
            rows = before.table.rows
            cell = rows[r].cells[c] if r < len(rows) and c < len(rows[r].cells) else None
            paras = cell.paragraphs if cell is not None else []
            out.append((body, before.model_copy(update={"paragraphs": paras})))
    return out


def _write_rows(tbl: etree._Element, heights: list[float]) -> bool:
    trs = tbl.findall(qn("a:tr"))
    if len(trs) != len(heights):
        return False
    changed = False
    for tr, h in zip(trs, heights, strict=True):
        new = px_to_emu(h)
        try:
            old = int(tr.get("h", "0"))
        except ValueError:
            old = -ROW_EPS_EMU * 2
        if abs(new - old) > ROW_EPS_EMU:
            tr.set("h", str(new))
            changed = True
    return changed


def _write_frame(shape: etree._Element, lay: Layout, moved: bool, cy: int) -> None:
    """The frame's height (and offset when moved); a frame that inherited its transform from
    the layout gets a whole one."""
    xfrm = _xfrm(shape)
    ext = xfrm.find(qn("a:ext"))
    if ext is None:
        ext = insert_in_order(xfrm, etree.Element(qn("a:ext"), cx=str(px_to_emu(lay.w))),
                              SCHEMA_ORDER["a:xfrm"])
    ext.set("cy", str(max(cy, 0)))
    off = xfrm.find(qn("a:off"))
    if off is None or moved:
        if off is None:
            off = insert_in_order(xfrm, etree.Element(qn("a:off")), SCHEMA_ORDER["a:xfrm"])
        off.set("x", str(px_to_emu(lay.x)))
        off.set("y", str(px_to_emu(lay.y)))


def write_table_back(pkg: Package, before: Element, after: Element,
                     row_heights: list[float] | None) -> list[Change]:
    """Write ``after`` (the refined table element) over ``before`` (as inventoried).

    ``row_heights``: the rows as measured in the final state (px)."""
    src = before.source
    if src is None or before.table is None:
        raise ValueError(f"{before.eid}: not an inventoried table")
    shape = find_shape(pkg.xml(src.part), src.shape_id, src.occurrence)
    tbl = find_table(shape) if shape is not None else None
    if shape is None or tbl is None:
        raise ValueError(f"{src.part}: no table with shape id {src.shape_id} ({before.eid})")
    label = src.name or before.eid
    changes: list[Change] = []
    f0, f1 = before.style.fontSize, after.style.fontSize
    if f0 and f1 and abs(f1 - f0) > 0.01:
        scale = f1 / (after.baseFontSize or before.baseFontSize or f0)
        for body, cell in _each_body(tbl, before):
            _write_font(body, cell, scale)
        changes.append(Change(eid=before.eid, shape=label, what="font", text=(
            f"font {_num(px_to_pt(f0))} → {_num(px_to_pt(f1))} pt ({_pct(f0, f1)}) "
            "in every cell")))
    l0, l1 = before.style.lineHeight, after.style.lineHeight
    if l0 and l1 and _line_changed(before, after):
        scale = l1 / (after.baseLineHeight or before.baseLineHeight or l0)
        for body, cell in _each_body(tbl, before):
            _write_line(body, cell, scale)
        changes.append(Change(eid=before.eid, shape=label, what="line_height", text=(
            f"line spacing {_num(l0 * 100 / LINE_PITCH)}% → {_num(l1 * 100 / LINE_PITCH)}% "
            f"({_pct(l0, l1)}) in every cell")))
    a, b = before.layout, after.layout
    moved = abs(b.x - a.x) > GEOMETRY_EPS_PX or abs(b.y - a.y) > GEOMETRY_EPS_PX
    rows_changed = bool(row_heights) and _write_rows(tbl, row_heights or [])
    ext = shape.find(f"{qn('p:xfrm')}/{qn('a:ext')}")
    old_cy = int(ext.get("cy", "0")) if ext is not None and ext.get(
        "cy", "").isdigit() else px_to_emu(a.h)
    cy = px_to_emu(sum(row_heights)) if row_heights else old_cy
    if rows_changed or moved or abs(cy - old_cy) > ROW_EPS_EMU:
        _write_frame(shape, b, moved, cy)
        if moved:
            changes.append(Change(eid=before.eid, shape=label, what="move",
                                  text=f"moved by ({_num(b.x - a.x)}, {_num(b.y - a.y)}) px"))
        if abs(cy - old_cy) > ROW_EPS_EMU:
            changes.append(Change(eid=before.eid, shape=label, what="resize", text=(
                f"table height {_num(emu_to_px(old_cy))} → {_num(emu_to_px(cy))} px "
                "(rows as drawn)")))
    if changes or rows_changed:
        pkg.mark_dirty(src.part)
    return changes


__all__ = ["write_table_back"]
