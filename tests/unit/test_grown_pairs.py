"""A template text box stored 0 px high that grows with its text over a placeholder's frame is
the template's design: the filled placeholder and it form a design pair (their overlap is not
the fill's defect); a box drawn at its own size, or away from the frame, is not."""

from __future__ import annotations

from pptxagent.ir import Element, SlideIR
from pptxagent.ir.dom import Box, Computed, DomElement, DomSnapshot
from pptxagent.ir.slide import Layout, SlideSize
from pptxagent.pipeline.guard import grown_pairs


def _el(eid: str, x: float, y: float, w: float, h: float) -> Element:
    return Element(eid=eid, type="text", priority=60, content="text",
                   layout=Layout(x=x, y=y, w=w, h=h))


def _dom(*rows: tuple[str, Box]) -> DomSnapshot:
    return DomSnapshot(slide=SlideSize(w=960, h=540), safe_padding=8, elements=[
        DomElement(eid=e, bbox=b, safeBox=b, zIndex=10, computed=Computed(fontSize=16,
                                                                          lineHeight=1.2))
        for e, b in rows])


IR = SlideIR(slide=SlideSize(w=960, h=540), elements=[
    _el("sp2", 72, 220, 816, 150),      # the title placeholder, filled
    _el("sp51", 0, 48, 960, 0),         # a footnote block stored 0 px high
    _el("sp60", 600, 20, 300, 40)])     # an untouched box drawn at its size


def test_a_growing_template_box_over_the_frame_is_design() -> None:
    dom = _dom(("sp2", Box(x=72, y=220, w=816, h=150)), ("sp51", Box(x=0, y=48, w=960, h=260)),
               ("sp60", Box(x=600, y=20, w=300, h=40)))
    assert grown_pairs(IR, dom, frozenset({"sp2"})) == {frozenset({"sp2", "sp51"})}


def test_a_growing_box_away_from_the_frame_is_not() -> None:
    dom = _dom(("sp51", Box(x=0, y=48, w=960, h=120)))
    assert grown_pairs(IR, dom, frozenset({"sp2"})) == frozenset()
