"""Text that tight line spacing lifts over its box's top edge moves down inside the box.

Found by the held-out harness on a real A4 template (a top-anchored 28 pt title box, line
spacing 82%): the glyphs of the first line start 4 px above the box in Chromium and in
LibreOffice alike, shrinking the font does not lower them, and the slide ended up degraded
with three short words in it.
"""

from __future__ import annotations

from pathlib import Path

from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.inventory import inventory_slide
from pptxagent.ir import Box, Defect, Diagnostics, Insets, Summary
from pptxagent.measure.crosscheck import CrosscheckResult, ElementCheck
from pptxagent.ooxml.filltarget import find_shape
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.writeback import write_back
from pptxagent.ooxml.xml import qn
from pptxagent.pipeline.crosscheck import _lift, _shrunk
from pptxagent.policy.base import PolicyContext
from pptxagent.policy.fit import FitPolicy, lift_edit
from pptxagent.settings import Settings

FILL = Settings(CONTENT_EDGE_OVERFLOW=True)
"""Template mode, where text past the box's top counts."""

TITLE = el("t", "text", 47, 72, 960, 250, fs=37.33, lh=0.984)


def _overflow(content: Box) -> Defect:
    ir = slide(TITLE)
    (d,) = [x for x in diagnose(ir, dom_from_ir(ir, content={"t": content}), FILL).defects
            if x.type == "content_overflow"]
    return d


def test_diagnose_says_how_far_the_text_sits_above_the_top_and_the_room_below() -> None:
    d = _overflow(Box(x=47, y=68, w=300, h=44))
    assert d.details["overflow_y_px"] == 4
    assert d.details["above_top_px"] == 4
    assert d.details["room_below_px"] == 322 - 112


def test_lifted_text_moves_down_by_a_top_inset_and_nothing_else_changes() -> None:
    d = _overflow(Box(x=47, y=68, w=300, h=44))
    assert lift_edit(TITLE, d) == {"top": 4.5, "right": 0.0, "bottom": 0.0, "left": 0.0}
    ir = slide(TITLE, el("o", "text", 300, 150, 200, 60))
    ctx = PolicyContext(settings=FILL, iteration=0)
    patch = FitPolicy().propose(ir, Diagnostics(defects=[d], warnings=[], summary=Summary(
        defect_count=1, total_severity=d.severity, warning_count=0)), ctx)
    assert [(e.eid, e.style, e.layout) for e in patch.edits] == [
        ("t", {"insets": {"top": 4.5, "right": 0.0, "bottom": 0.0, "left": 0.0}}, {})]


def test_no_lift_when_the_text_is_too_tall_or_too_wide_or_bottom_anchored() -> None:
    assert lift_edit(TITLE, _overflow(Box(x=47, y=68, w=300, h=258))) is None  # no room
    assert lift_edit(TITLE, _overflow(Box(x=47, y=68, w=990, h=44))) is None  # too wide
    bottom = TITLE.model_copy(deep=True)
    bottom.style.verticalAlign = "bottom"
    assert lift_edit(bottom, _overflow(Box(x=47, y=68, w=300, h=44))) is None


def test_write_back_sets_the_changed_inset_on_body_pr() -> None:
    tpl = Path(__file__).parents[2] / "templates" / "pptx" / "quarterly-review.pptx"
    pkg = Package.open(tpl)
    part = "/ppt/slides/slide2.xml"
    before = next(e for e in inventory_slide(pkg, part, 2).elements if e.eid == "sp3")
    after = before.model_copy(deep=True)
    ins = before.style.insets or Insets()
    after.style.insets = ins.model_copy(update={"top": ins.top + 4.5})
    changes = write_back(pkg, before, after)
    assert [c.what for c in changes] == ["inset"]
    assert "top inset" in changes[0].text
    shape = find_shape(pkg.xml(part), 3)
    assert shape is not None
    bpr = shape.find(f"{qn('p:txBody')}/{qn('a:bodyPr')}")
    assert bpr is not None
    assert int(bpr.get("tIns", "0")) == round((ins.top + 4.5) * 9525)
    assert bpr.get("lIns") is None or int(bpr.get("lIns", "0")) == round(ins.left * 9525)


def test_crosscheck_moves_text_libreoffice_draws_just_above_its_box_down() -> None:
    # ONLYOFFICE section header at 76.5% line spacing: LibreOffice drew the first line 1.8 px
    # above the box with 85 px free below; shrinking the font (the old repair) could not
    # lower it and the slide was degraded.
    body = el("b", "bullets", 412, 408, 514, 312, fs=37, lh=0.918)
    check = ElementCheck(eid="b", status="compared", shape=Box(x=412, y=408, w=514, h=312),
                         libreoffice=Box(x=434, y=406.2, w=483, h=228))
    lift = _lift(body, check)
    assert lift is not None and lift["top"] == 2.3
    fixed = _shrunk(slide(body), CrosscheckResult(
        threshold_px=6, overflow_eps_px=1, elements=[check], lo_only_overflow=["b"]))
    assert fixed is not None
    ir, notes = fixed
    assert ir.element("b").style.fontSize == 37  # not shrunk
    assert ir.element("b").style.insets == Insets(top=2.3)
    assert "moved down" in notes[0]
    too_tall = check.model_copy(update={"libreoffice": Box(x=434, y=406.2, w=483, h=318)})
    assert _lift(body, too_tall) is None
