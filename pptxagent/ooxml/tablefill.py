"""Fill a table (``p:graphicFrame`` holding ``a:tbl``) with rows of cell strings.

Cells keep their first run's format; extra rows are clones of the last row, surplus rows are
removed (a table always keeps one row), and the frame shrinks to fewer rows (never grows).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from lxml import etree

from pptxagent.ooxml.textfill import body_text, fill_paragraphs
from pptxagent.ooxml.xml import qn


def find_table(shape: etree._Element) -> etree._Element | None:
    """The ``a:tbl`` of a graphic frame, or None when the shape holds no table."""
    if shape.tag != qn("p:graphicFrame"):
        return None
    return shape.find(f"{qn('a:graphic')}/{qn('a:graphicData')}/{qn('a:tbl')}")


def column_count(tbl: etree._Element) -> int:
    grid = tbl.find(qn("a:tblGrid"))
    return len(grid.findall(qn("a:gridCol"))) if grid is not None else 0


def table_cells(tbl: etree._Element) -> list[list[str]]:
    """The text of every cell, row by row."""
    out: list[list[str]] = []
    for tr in tbl.findall(qn("a:tr")):
        row: list[str] = []
        for tc in tr.findall(qn("a:tc")):
            body = tc.find(qn("a:txBody"))
            row.append(body_text(body) if body is not None else "")
        out.append(row)
    return out


def _cell_body(tc: etree._Element) -> etree._Element:
    body = tc.find(qn("a:txBody"))
    if body is None:
        body = etree.Element(qn("a:txBody"))
        etree.SubElement(body, qn("a:bodyPr"))
        etree.SubElement(body, qn("a:lstStyle"))
        etree.SubElement(body, qn("a:p"))
        tc.insert(0, body)
    return body


def _set_cell(tc: etree._Element, text: str) -> None:
    body = _cell_body(tc)
    first = body.find(qn("a:p"))
    level = 0
    if first is not None:
        ppr = first.find(qn("a:pPr"))
        level = int(ppr.get("lvl", "0")) if ppr is not None else 0
    fill_paragraphs(body, [(line, level) for line in text.split("\n")], slots=False)


def _row_height(tr: etree._Element) -> int:
    try:
        return int(tr.get("h", "0"))
    except ValueError:
        return 0


def fill_table(shape: etree._Element, rows: Sequence[Sequence[str]]) -> None:
    """Write ``rows`` into the table of ``shape``; ValueError if it is not a table or the rows
    are empty or wider than the table (callers check first to word the error)."""
    tbl = find_table(shape)
    if tbl is None:
        raise ValueError("the shape holds no table")
    if not rows:
        raise ValueError("a table needs at least one row")
    ncols = column_count(tbl)
    if any(len(r) > ncols for r in rows):
        raise ValueError(f"a row is wider than the table's {ncols} columns")
    trs = tbl.findall(qn("a:tr"))
    if not trs:
        raise ValueError("the table has no row to copy")
    while len(trs) < len(rows):
        clone = copy.deepcopy(trs[-1])
        trs[-1].addnext(clone)
        trs.append(clone)
    for tr in trs[len(rows):]:
        tbl.remove(tr)
    trs = trs[: len(rows)]
    for tr, values in zip(trs, rows, strict=True):
        cells = tr.findall(qn("a:tc"))
        for i, tc in enumerate(cells):
            if tc.get("hMerge") == "1" or tc.get("vMerge") == "1":
                continue  # covered by a merged neighbour: it shows no text of its own
            _set_cell(tc, values[i] if i < len(values) else "")
    _fit_frame_height(shape, trs)


def _fit_frame_height(shape: etree._Element, trs: Sequence[etree._Element]) -> None:
    """Fewer rows: the frame shrinks to them. More rows never grow the frame: the template's
    frame is the room the table has; the refinement fits the rows into it (smaller font) or
    grows it into free space, and writes the measured height back."""
    total = sum(_row_height(tr) for tr in trs)
    ext = shape.find(f"{qn('p:xfrm')}/{qn('a:ext')}")
    if ext is None or total <= 0:
        return
    try:
        cy = int(ext.get("cy", "0"))
    except ValueError:
        cy = 0
    if cy <= 0 or total < cy:
        ext.set("cy", str(total))


__all__ = ["column_count", "fill_table", "find_table", "table_cells"]
