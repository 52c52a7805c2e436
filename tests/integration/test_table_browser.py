"""Tables drawn as real HTML tables: rows grow with their text as in PowerPoint, so a table
whose text no longer fits its rows overflows its frame by exactly the growth."""

from __future__ import annotations

from pathlib import Path

import pytest
from pptx import Presentation
from pptx.util import Inches

from pptxagent.diagnose import diagnose
from pptxagent.inventory import inventory_file
from pptxagent.ir import Element, SlideIR
from pptxagent.measure import Measurer

pytestmark = pytest.mark.browser

ROW = "Revenue grew by half"


def _deck(tmp_path: Path, middle: str) -> SlideIR:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    shape = slide.shapes.add_table(3, 2, Inches(1), Inches(1), Inches(6), Inches(1.5))
    for r, text in enumerate(["Region", middle, "Total"]):
        shape.table.cell(r, 0).text = text
        shape.table.cell(r, 1).text = str(r)
        shape.table.rows[r].height = Inches(0.5)
    path = tmp_path / "t.pptx"
    prs.save(str(path))
    deck = inventory_file(path)
    return deck.slide_ir(1)


def _table(ir: SlideIR) -> Element:
    return next(e for e in ir.elements if e.role == "table")


def test_a_table_that_fits_does_not_overflow(tmp_path: Path) -> None:
    ir = _deck(tmp_path, ROW)
    dom, html = Measurer().measure(ir)
    assert "<table" in html and "table-layout:fixed" in html
    el = _table(ir)
    box = dom.get(el.eid)
    assert box is not None and box.contentBox is not None
    assert abs(box.contentBox.h - el.layout.h) < 1.0  # the rows, at their minimum heights
    assert box.rowHeights == pytest.approx([48.0, 48.0, 48.0], abs=0.1)  # as drawn
    assert not [d for d in diagnose(ir, dom).defects if d.type == "content_overflow"]


def test_a_row_five_times_longer_overflows_by_its_growth(tmp_path: Path) -> None:
    ir = _deck(tmp_path, " ".join([ROW] * 5))
    el = _table(ir)
    assert el.table is not None
    cell = el.table.rows[1].cells[0]
    m = cell.margins
    # The same paragraphs in a plain text box as wide as the cell's text area.
    probe = SlideIR.model_validate({"slide": ir.slide.model_dump(), "elements": [{
        "eid": "probe", "type": "text", "priority": 60, "layout": {
            "x": 0, "y": 0, "w": el.table.columns[0] - m.left - m.right, "h": 600},
        "style": el.style.model_dump(exclude_none=True),
        "paragraphs": [p.model_dump() for p in cell.paragraphs]}]})
    probe_dom, _ = Measurer().measure(probe)
    text_h = probe_dom.elements[0].contentBox.h  # type: ignore[union-attr]
    grown = text_h + m.top + m.bottom - el.table.rows[1].h
    assert grown > 60  # really several lines more

    dom, _ = Measurer().measure(ir)
    overflow = [d for d in diagnose(ir, dom).defects
                if d.type == "content_overflow" and d.eid == el.eid]
    assert len(overflow) == 1
    assert overflow[0].details["overflow_y_px"] == pytest.approx(grown, abs=1.5)
