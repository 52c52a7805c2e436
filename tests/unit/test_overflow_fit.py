"""The shrink on overflow's estimates (``loop.overflowfit``): PowerPoint's 7.5 % steps, the
floor, vertical text, and a step up never taken for clipped text."""

from __future__ import annotations

from loop_fakes import element, slide

from pptxagent.ir import Box, Computed, Diagnostics, DomElement, DomSnapshot, SlideIR, Summary
from pptxagent.loop.overflowfit import fit_target, probe_up


def _dom(ir: SlideIR, content: Box) -> DomSnapshot:
    el = ir.elements[0]
    lay = el.layout
    box = Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h)
    return DomSnapshot(slide=ir.slide, safe_padding=8, elements=[DomElement(
        eid=el.eid, bbox=box, safeBox=box, contentBox=content, zIndex=0,
        computed=Computed(fontSize=20, lineHeight=1.2))])


def _clean() -> Diagnostics:
    return Diagnostics(defects=[], warnings=[],
                       summary=Summary(defect_count=0, total_severity=0, warning_count=0))


def test_wrapped_text_shrinks_with_the_square_root_of_its_overflow_in_steps() -> None:
    ir = slide(element("t", "text", 60, x=0, y=0, w=400, h=200))
    el = ir.elements[0]
    # 300 px of wrapped lines (12.5 lines of 24 px) in 200: ≤ √(2/3) = 81.6 % → 77.5 %
    assert fit_target(el, _dom(ir, Box(x=0, y=0, w=400, h=300)), 0.25) == 0.775
    # far too long: the floor
    assert fit_target(el, _dom(ir, Box(x=0, y=0, w=400, h=9000)), 0.25) == 0.25
    # fits: nothing to do
    assert fit_target(el, _dom(ir, Box(x=0, y=0, w=400, h=180)), 0.25) is None


def test_vertical_text_is_judged_across_its_columns() -> None:
    """Vertical lines stack from right to left: the width is what the lines fill."""
    ir = slide(element("t", "text", 60, x=0, y=0, w=200, h=400,
                       style={"fontSize": 20, "vert": "eaVert"}))
    el = ir.elements[0]
    assert fit_target(el, _dom(ir, Box(x=0, y=0, w=300, h=400)), 0.25) == 0.775


def test_no_step_up_for_clipped_text_or_past_a_measured_overflow() -> None:
    ir = slide(element("t", "text", 60, x=0, y=0, w=400, h=200))
    el = ir.elements[0]
    el.style.fitScale = 0.55
    up = probe_up(ir, _clean(), {})
    assert up is not None and up[0].elements[0].style.fitScale == 0.625
    assert probe_up(ir, _clean(), {"t": 0.625}) is None  # 62.5 % overflowed already
    el.style.overflow = "hidden"
    assert probe_up(ir, _clean(), {}) is None  # clipped text always "fits"
