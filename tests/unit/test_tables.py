"""Tables: inventoried as text with their structure (style fills, text colours, borders,
merges, margins), drawn as HTML tables with explicit border colours, written back with
explicit sizes and rows as drawn, grown only into empty space below."""

from __future__ import annotations

from pathlib import Path

import pytest

from pptxagent.inventory import inventory_file
from pptxagent.ir import Defect, Edit, Element, SlideIR
from pptxagent.ooxml.filltarget import find_shape
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.tablefill import find_table
from pptxagent.ooxml.tablewrite import write_table_back
from pptxagent.ooxml.validate import compare_findings, validate_package
from pptxagent.ooxml.xml import qn
from pptxagent.policy.tablefit import bottom_limit, table_growth, table_room
from pptxagent.render import render_slide
from pptxagent.settings import Settings

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "pptx"
COMPLEX = CORPUS / "officer__table-complex.pptx"
CELLS = CORPUS / "pythonpptx__tbl-cell.pptx"


def _table(path: Path, slide: int = 1) -> Element:
    deck = inventory_file(path)
    return next(e for e in deck.slides[slide - 1].elements if e.role == "table")


def test_table_is_a_repairable_text_element_with_the_style_resolved() -> None:
    el = _table(COMPLEX)
    assert (el.type, el.role, el.priority) == ("text", "table", 60)
    assert el.source is not None and el.source.repairable
    assert el.style.fontSize == el.baseFontSize == 24.0  # 18 pt from the master's otherStyle
    t = el.table
    assert t is not None and len(t.columns) == 3 and len(t.rows) == 10
    head, first = t.rows[0].cells, t.rows[1].cells
    # Medium Style 2 - Accent 1 (built in; this deck defines it too): header accent1, white
    # bold text, a 3 pt white line under it; banded rows alternate tints of accent1.
    assert head[1].fill == "#4F81BD"
    run = head[1].paragraphs[0].runs[0]
    assert (run.color, run.bold) == ("#FFFFFF", True)
    assert head[1].borders["bottom"].width == pytest.approx(4.0)
    assert head[1].borders["bottom"].color == "#FFFFFF"
    assert first[1].fill != t.rows[2].cells[1].fill
    assert first[1].paragraphs[0].runs[0].color == "#000000"
    # merges: a header over two rows, a cell over two columns
    assert head[0].rowSpan == 2 and first[0].vMerge
    assert first[1].gridSpan == 2 and first[2].hMerge


def test_cell_margins_anchor_and_defaults() -> None:
    t = _table(CELLS).table
    assert t is not None
    custom, inherited, middle, bottom = t.rows[0].cells
    m = custom.margins
    assert (m.left, m.right, m.top, m.bottom) == (19.2, 38.4, 28.8, 48.0)
    d = inherited.margins  # 0.1 in left/right, 0.05 in top/bottom
    assert (d.left, d.right, d.top, d.bottom) == (9.6, 9.6, 4.8, 4.8)
    assert (inherited.anchor, middle.anchor, bottom.anchor) == ("top", "middle", "bottom")


def test_html_table_has_spans_row_minimums_and_explicit_border_colours() -> None:
    el = _table(COMPLEX)
    html = render_slide(SlideIR(elements=[el]))
    assert '<table class="tbl"' in html and "table-layout:fixed" in html
    assert 'rowspan="2"' in html and 'colspan="2"' in html
    assert "height:38.93px" in html  # a:tr h=370840 EMU
    assert "box-shadow:inset" in html and "#FFFFFF" in html
    assert "currentColor" not in html and "currentcolor" not in html
    small = el.model_copy(update={"style": el.style.model_copy(update={"fontSize": 12.0})})
    assert "height:19.465px" in render_slide(SlideIR(elements=[small]))  # scaled with the font


def test_write_back_scales_every_cell_run_and_writes_rows_as_drawn(tmp_path: Path) -> None:
    pkg = Package.open(COMPLEX)
    before = validate_package(pkg)
    el = _table(COMPLEX)
    after = el.model_copy(update={"style": el.style.model_copy(update={"fontSize": 18.0})})
    rows = [30.0 + 2 * i for i in range(10)]
    changes = write_table_back(pkg, el, after, rows)
    assert [c.what for c in changes] == ["font", "resize"]
    assert changes[0].text == "font 18 → 13.5 pt (−25%) in every cell"
    assert el.source is not None
    shape = find_shape(pkg.xml(el.source.part), el.source.shape_id)
    assert shape is not None
    tbl = find_table(shape)
    assert tbl is not None
    sizes = {r.get("sz") for tag in ("a:rPr", "a:endParaRPr") for r in tbl.iter(qn(tag))}
    assert sizes == {"1350"}
    assert [int(tr.get("h", "0")) for tr in tbl.findall(qn("a:tr"))] == [
        round(h * 9525) for h in rows]
    ext = shape.find(f"{qn('p:xfrm')}/{qn('a:ext')}")
    assert ext is not None and int(ext.get("cy", "0")) == round(sum(rows) * 9525)
    out = tmp_path / "out.pptx"
    pkg.save(out)
    assert compare_findings(before, validate_package(Package.open(out))) == []


def _slide(table_y: float, below: list[tuple[str, float]]) -> SlideIR:
    els = [{"eid": "t", "type": "text", "priority": 60, "role": "table",
            "layout": {"x": 100, "y": table_y, "w": 600, "h": 200},
            "table": {"columns": [600], "rows": [{"h": 200, "cells": [{}]}]}}]
    for i, (kind, y) in enumerate(below):
        els.append({"eid": f"o{i}", "type": kind, "priority": 20 if kind == "decoration" else 60,
                    "layout": {"x": 50, "y": y, "w": 700, "h": 30}})
    return SlideIR.model_validate({"slide": {"w": 1280, "h": 720}, "elements": els})


def test_a_table_grows_only_down_into_empty_space() -> None:
    s = Settings()
    # an empty slide: no nearer the bottom edge than the table is to its side (x = 100)
    assert bottom_limit(_slide(100, []), _slide(100, []).element("t"), s) == 620
    ir = _slide(100, [("text", 500), ("decoration", 450)])
    assert bottom_limit(ir, ir.element("t"), s) == 448  # art 2 px above it
    edit = Edit(eid="t", layout={"x": 80, "y": 40, "w": 700, "h": 500})
    assert table_growth(ir, edit, s) == {"h": 348.0}  # no move, no widening
    full = _slide(100, [("text", 300)])  # a shape right under it: no room
    assert table_growth(full, Edit(eid="t", layout={"h": 260}), s) == {}


def test_overflowing_rows_take_the_empty_space_before_the_font_shrinks() -> None:
    s = Settings()
    ir = _slide(100, [("text", 500)])  # room down to 484
    el = ir.element("t")
    small = Defect(type="content_overflow", eid="t", severity=50,
                   details={"overflow_x_px": 0.0, "overflow_y_px": 50.0})
    assert table_room(ir, el, small, s) == ({"h": 251.0}, None, None)  # grows, font kept
    big = small.model_copy(update={"details": {"overflow_x_px": 0.0, "overflow_y_px": 400.0}})
    layout, at_room, left = table_room(ir, el, big, s)
    assert layout == {"h": 384.0} and at_room is not None and left is not None
    assert left.details["overflow_y_px"] == 216.0  # what the font must absorb


def test_vertical_cell_text_is_drawn_vertically() -> None:
    el = _table(CORPUS / "poi__table_test2.pptx")
    assert el.table is not None
    verts = {c.vert for r in el.table.rows for c in r.cells if c.vert}
    assert verts == {"vert", "vert270"}
    html = render_slide(SlideIR(elements=[el]))
    assert "writing-mode:sideways-rl" in html and "writing-mode:sideways-lr" in html
