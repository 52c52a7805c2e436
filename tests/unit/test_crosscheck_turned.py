"""Turned text in the cross-check: a title its template slants a few degrees is compared in
its own frame (its upright box recovered from the axis-aligned bounds LibreOffice draws),
and text LibreOffice draws off the slide where the browser's stays on is a LibreOffice-only
overflow: the LibreOffice pass shrinks it, or the slide is degraded. (A held-out template's
title, turned 4° with its frame above the slide's top, wrapped onto one more line; LibreOffice
drew it 20 px above the slide; the shape was skipped as slanted and the slide called
``success_with_warnings``.)"""

from __future__ import annotations

import pytest
from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.ir import Box, Element, Layout, OoxmlRef, RendererDelta, SlideIR, drawn_box
from pptxagent.measure.crosscheck import by_eid, compare, mark_off_slide, shape_boxes, upright
from pptxagent.settings import Settings


def _title(turn: float, y: float = -20) -> Element:
    return Element(eid="t", type="title", priority=100,
                   layout=Layout(x=80, y=y, w=1100, h=140, rotation=turn),
                   source=OoxmlRef(part="/ppt/slides/slide1.xml", shape_id=2))


@pytest.mark.parametrize("turn", [3, 356, 12, 84, 95, 183, 268])
def test_a_slanted_box_is_recovered_from_its_drawn_bounds(turn: float) -> None:
    t = _title(turn)
    text = Box(x=120, y=10, w=700, h=110)
    back = upright(drawn_box(t, text), t)
    assert back is not None
    assert (back.x, back.y, back.w, back.h) == pytest.approx((120, 10, 700, 110), abs=1e-6)


def test_text_near_45_degrees_is_not_recovered() -> None:
    t = _title(40)
    assert upright(drawn_box(t, Box(x=120, y=10, w=700, h=110)), t) is None


def _checked(lo_upright: Box, browser: Box, turn: float = 356, y: float = -20):
    t = _title(turn, y)
    ir = SlideIR(elements=[t])
    drawn = {"2": drawn_box(t, lo_upright)}
    res = compare({"t": browser}, by_eid(ir, drawn), shape_boxes(ir), threshold_px=6,
                  overflow_eps_px=1)
    marked = mark_off_slide(res, ir, {"t": browser}, {"t": drawn["2"]})
    return res, marked


def test_a_slanted_title_both_draw_alike_is_compared_and_agrees() -> None:
    same = Box(x=120, y=30, w=700, h=90)
    res, marked = _checked(same, same)
    check = res.get("t")
    assert check is not None and check.status == "compared" and check.within_threshold
    assert res.compared == 1 and marked == [] and res.lo_only_overflow == []


def test_libreoffice_drawing_a_turned_title_above_the_slide_is_its_overflow() -> None:
    # The browser's two lines start 70 px down the box; LibreOffice's 40 px higher: inside
    # the box (which starts 20 px above the slide) but, turned 4°, above the top edge.
    res, marked = _checked(Box(x=120, y=10, w=1000, h=110), Box(x=120, y=50, w=1000, h=80))
    check = res.get("t")
    assert check is not None and check.status == "compared"
    assert marked == ["t"] and res.lo_only_overflow == ["t"]
    assert check.lo_off_slide_px > 20 and check.browser_off_slide_px <= 1
    assert check.lo_overflow_px == pytest.approx(check.lo_off_slide_px)


def test_text_both_draw_off_the_slide_is_not_libreoffice_only() -> None:
    res, marked = _checked(Box(x=120, y=10, w=1000, h=110), Box(x=120, y=12, w=1000, h=108))
    assert marked == [] and res.lo_only_overflow == []


def test_text_too_near_45_degrees_is_still_checked_against_the_slide() -> None:
    t = _title(45, y=200)
    ir = SlideIR(elements=[t])
    browser = Box(x=530, y=240, w=200, h=60)
    lo = drawn_box(t, Box(x=100, y=240, w=1060, h=60))
    res = compare({"t": browser}, by_eid(ir, {"2": lo}), shape_boxes(ir), slanted={"t"})
    assert mark_off_slide(res, ir, {"t": browser}, {"t": lo}) == ["t"]
    check = res.get("t")
    assert check is not None and check.status == "slanted" and check.lo_only_overflow


FILL = Settings(CONTENT_EDGE_OVERFLOW=True)


def test_the_libreoffice_pass_shrinks_text_it_draws_off_the_slide() -> None:
    t = el("t", "title", 80, -20, 1100, 140, fs=48, lh=1.1, verticalAlign="middle")
    t.layout.rotation = 356  # type: ignore[attr-defined]
    ir = slide(t)
    line = Box(x=120, y=50, w=1000, h=60)
    dom = dom_from_ir(ir, content={"t": line})
    higher = RendererDelta.between(line, Box(x=120, y=10, w=1000, h=100))
    plain = [d for d in diagnose(ir, dom, FILL).defects if d.type == "content_overflow"]
    assert plain == []  # the browser's own drawing stays on the slide
    found = [d for d in diagnose(ir, dom, FILL, libreoffice={"t": higher}).defects
             if d.type == "content_overflow"]
    assert len(found) == 1
    d = found[0]
    assert d.details["source"] == "libreoffice" and d.details["off_slide_px"] > 20
    assert 0 < d.details["fit_ratio"] < 1
    assert d.hint is not None and d.hint.action == "shrink_font"
