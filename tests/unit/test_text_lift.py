"""Text that tight line spacing lifts over its box's top edge moves down inside the box.

Found by the held-out harness on a real A4 template (a top-anchored 28 pt title box, line
spacing 82%): the glyphs of the first line start 4 px above the box in Chromium and in
LibreOffice alike, shrinking the font does not lower them, and the slide ended up degraded
with three short words in it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.inventory import inventory_slide
from pptxagent.ir import Box, Defect, Diagnostics, Insets, RendererDelta, Summary
from pptxagent.ooxml.filltarget import find_shape
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.writeback import write_back
from pptxagent.ooxml.xml import qn
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


def _lo_propose(body_box: Box, lo: Box) -> tuple[Defect | None, dict[str, object]]:
    """The LibreOffice pass's step on the ONLYOFFICE body: the browser draws the text inside
    ``body_box``; LibreOffice drew it at ``lo`` (the diagnostics input); the defect and the fit
    policy's style edit for the body."""
    body = el("b", "bullets", 412, 408, 514, 312, fs=37, lh=0.918)
    ir = slide(body)
    dom = dom_from_ir(ir, content={"b": body_box})
    facts = {"b": RendererDelta.between(body_box, lo)}
    diag = diagnose(ir, dom, FILL, libreoffice=facts)
    found = [d for d in diag.defects if d.details.get("source") == "libreoffice"]
    patch = FitPolicy().propose(ir, diag, PolicyContext(settings=FILL, iteration=0))
    style = next((e.style for e in patch.edits if e.eid == "b"), {})
    return (found[0] if found else None), style


def test_crosscheck_moves_text_libreoffice_draws_just_above_its_box_down() -> None:
    # ONLYOFFICE section header at 76.5% line spacing: LibreOffice drew the first line 1.8 px
    # above the box with 85 px free below; shrinking the font (the old repair) could not
    # lower it and the slide was degraded. The LibreOffice pass's diagnose names it as a
    # content_overflow from LibreOffice, and the fit policy lifts the text instead.
    browser = Box(x=430, y=410, w=485, h=226)  # inside the box for Chromium
    d, style = _lo_propose(browser, Box(x=434, y=406.2, w=483, h=228))
    assert d is not None and d.type == "content_overflow"
    assert d.details["above_top_px"] == pytest.approx(1.8)
    assert d.hint is not None and d.hint.action == "lift_text"
    assert "fontSize" not in style  # not shrunk
    assert style["insets"] == {"top": 2.3, "right": 0.0, "bottom": 0.0, "left": 0.0}
    d, style = _lo_propose(browser, Box(x=434, y=406.2, w=483, h=318))  # too tall to lift
    assert d is not None and d.hint is not None and d.hint.action == "shrink_font"
    assert "insets" not in style
    assert float(style["fontSize"]) < 37  # type: ignore[arg-type]


def _lo_title(anchor: str, lo: Box) -> tuple[Defect | None, dict[str, object]]:
    """A LibreOffice 7.4 export's title (Vivid): bottom-anchored, no insets, one 45 pt line
    the browser draws inside the box; LibreOffice drew it at ``lo``."""
    title = el("t", "title", 53, 9.5, 952, 99.4, fs=60, lh=1.0, verticalAlign=anchor)
    ir = slide(title)
    inside = Box(x=53, y=42, w=500, h=66)
    diag = diagnose(ir, dom_from_ir(ir, content={"t": inside}), FILL,
                    libreoffice={"t": RendererDelta.between(inside, lo)})
    found = [d for d in diag.defects if d.details.get("source") == "libreoffice"]
    patch = FitPolicy().propose(ir, diag, PolicyContext(settings=FILL, iteration=0))
    style = next((e.style for e in patch.edits if e.eid == "t"), {})
    return (found[0] if found else None), style


def test_crosscheck_moves_bottom_anchored_text_hanging_below_its_box_up() -> None:
    # LibreOffice's own Impress templates exported to .pptx: "Quarterly results" in the
    # bottom-anchored title hung 1.2 px below the box in LibreOffice's drawing whatever its
    # size (a smaller font moved it further down), so the shrink could not help and a short
    # title degraded the slide. A bottom inset moves it up; the font stays.
    d, style = _lo_title("bottom", Box(x=53, y=42.9, w=501, h=67.2))
    assert d is not None and d.details["below_bottom_px"] == pytest.approx(1.2, abs=0.01)
    assert d.hint is not None and d.hint.action == "lift_text"
    assert "fontSize" not in style
    assert style["insets"] == {"top": 0.0, "right": 0.0, "bottom": 1.7, "left": 0.0}
    _, style = _lo_title("middle", Box(x=53, y=42.9, w=501, h=67.2))  # centred: twice
    assert style["insets"] == {"top": 0.0, "right": 0.0, "bottom": 3.4, "left": 0.0}
    d, style = _lo_title("top", Box(x=53, y=42.9, w=501, h=67.2))  # top-anchored: too tall
    assert d is not None and d.hint is not None and d.hint.action == "shrink_font"
    assert "insets" not in style


def test_bottom_anchored_glyphs_hanging_below_the_box_move_up_not_shrink() -> None:
    # The same title in Chromium after a first shrink to one 51 px line at 112% spacing:
    # the line's glyph box (DejaVu's ascent + descent, 116% of the font) hangs 0.7 px below
    # the box whatever the font; four more shrinks (45 → 24 pt) left it 0.08 px out and the
    # slide degraded. A bottom inset moves it up.
    title = el("t", "title", 53, 9.5, 952, 99.4, fs=51, lh=1.12, verticalAlign="bottom")
    ir = slide(title)
    (d,) = [x for x in diagnose(ir, dom_from_ir(ir, content={"t": Box(
        x=53, y=50.1, w=900, h=59.5)}), FILL).defects if x.type == "content_overflow"]
    assert d.details["below_bottom_px"] == pytest.approx(0.7, abs=0.01)
    assert d.details["room_above_px"] == pytest.approx(40.6, abs=0.01)
    assert lift_edit(title, d) == {"top": 0.0, "right": 0.0, "bottom": 1.2, "left": 0.0}
    top = title.model_copy(deep=True)
    top.style.verticalAlign = "top"  # top-anchored text too tall for its box: shrink
    (d,) = [x for x in diagnose(slide(top), dom_from_ir(slide(top), content={"t": Box(
        x=53, y=50.1, w=900, h=59.5)}), FILL).defects if x.type == "content_overflow"]
    assert "below_bottom_px" not in d.details and lift_edit(top, d) is None
