"""Turned text its turn carries off the slide shrinks until it is drawn on it.

LibreOffice's "Progress" template exported to .pptx slants its title box 8° up to the right
from the slide's top-left corner. "Report for Globex Corporation" fitted the box, but its
turned line ran 22 px past the slide's top edge: the glyphs of "Corporation" were cut off
while the slide was called clean. The box is the template's and never moves (turned text
is ``frame_fixed``); the font shrinks.
"""

from __future__ import annotations

import pytest
from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.diagnose.offslide import fit_ratio, off_slide
from pptxagent.ir import Box, Diagnostics, Summary
from pptxagent.policy.base import PolicyContext
from pptxagent.policy.fit import FitPolicy
from pptxagent.settings import Settings

FILL = Settings(CONTENT_EDGE_OVERFLOW=True)
LINE = Box(x=13.1, y=9.3, w=695.7, h=53)


def _title(rotation: float = 351.85):
    t = el("t", "title", 13.1, -14, 945.1, 100.2, fs=48, lh=1.1, verticalAlign="middle",
           textAlign="left")
    t.layout.rotation = rotation  # type: ignore[attr-defined]
    return t


def test_a_slanted_line_reaching_past_the_top_is_measured_where_it_is_drawn() -> None:
    t = _title()
    assert off_slide(t, LINE, 1280, 720) == pytest.approx(22.1, abs=0.3)
    r = fit_ratio(t, LINE, 1280, 720)
    assert 0.5 < r < 0.9
    # shrunk about its left end and middle by that ratio, it just stays on the slide
    ax, ay = LINE.x, LINE.y + LINE.h / 2
    inside = Box(x=ax, y=ay - LINE.h * r / 2, w=LINE.w * r, h=LINE.h * r)
    assert off_slide(t, inside, 1280, 720) == pytest.approx(0, abs=0.01)
    assert off_slide(_title(0), LINE, 1280, 720) < 0  # upright: on the slide


def test_diagnose_asks_the_turned_title_to_shrink_and_the_fit_shrinks_its_font() -> None:
    t = _title()
    ir = slide(t)
    found = [d for d in diagnose(ir, dom_from_ir(ir, content={"t": LINE}), FILL).defects
             if d.type == "content_overflow"]
    assert len(found) == 1
    d = found[0]
    assert d.details["off_slide_px"] == pytest.approx(22.1, abs=0.3)
    assert d.hint is not None and d.hint.action == "shrink_font"
    patch = FitPolicy().propose(ir, Diagnostics(defects=[d], warnings=[], summary=Summary(
        defect_count=1, total_severity=d.severity, warning_count=0)),
        PolicyContext(settings=FILL, iteration=0))
    (edit,) = patch.edits
    assert edit.layout == {}  # the template's box stays
    assert float(edit.style["fontSize"]) < 48  # type: ignore[arg-type]
    upright = [d for d in diagnose(slide(_title(0)), dom_from_ir(
        slide(_title(0)), content={"t": LINE}), FILL).defects if d.type == "content_overflow"]
    assert upright == []  # the same text upright is on the slide: nothing to do
