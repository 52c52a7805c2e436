"""Scratch-mode rules on a composed slide: body text under 18 pt, a title under 1.5 × the body,
drawn text inside the safe margin, and a slide of plain text are each one issue naming the
shape; a slide that keeps every rule has none."""

from __future__ import annotations

from pptxagent.ir import Element, SlideIR
from pptxagent.ir.dom import Box, Computed, DomElement, DomSnapshot
from pptxagent.ir.slide import Layout, OoxmlRef, SlideSize, Style
from pptxagent.ir.text import Paragraph, Run
from pptxagent.qa.scratch import scratch_issues

PT = 96 / 72
W, H = 1280.0, 720.0
MARGIN_PT = 40.0  # 53.3 px


def _text(eid: str, name: str, x: float, y: float, w: float, h: float, pt: float,
          kind: str = "text") -> Element:
    return Element(
        eid=eid, type=kind, priority=100 if kind == "title" else 80, content="Some words",
        layout=Layout(x=x, y=y, w=w, h=h), style=Style(fontSize=pt * PT),
        paragraphs=[Paragraph(text="Some words", runs=[Run(text="Some words", fontSize=pt * PT)])],
        baseFontSize=pt * PT, source=OoxmlRef(part="ppt/slides/slide1.xml", name=name,
                                               shape_id=int(eid[2:])))


def _bar() -> Element:
    return Element(eid="sp9", type="decoration", priority=20,
                   layout=Layout(x=60, y=150, w=8, h=300))


def _slide(*els: Element) -> SlideIR:
    return SlideIR(slide=SlideSize(w=W, h=H), elements=list(els))


def _dom(box: Box, content: Box) -> DomSnapshot:
    el = DomElement(eid="sp2", bbox=box, safeBox=box, contentBox=content, zIndex=10,
                    computed=Computed(fontSize=20 * PT, lineHeight=1.2))
    return DomSnapshot(slide=SlideSize(w=W, h=H), safe_padding=8, elements=[el])


ROLES = {"Title": "title", "Body": "body", "Source": "citation"}


def test_a_slide_that_keeps_the_rules_has_no_issue() -> None:
    ir = _slide(_text("sp1", "Title", 60, 60, 1100, 80, 36, "title"),
                _text("sp2", "Body", 80, 160, 1100, 400, 20), _bar(),
                _text("sp3", "Source", 60, 640, 600, 20, 12))
    assert scratch_issues(ir, ROLES, 1, margin_pt=MARGIN_PT) == []


def test_small_body_and_weak_title_are_named() -> None:
    ir = _slide(_text("sp1", "Title", 60, 60, 1100, 80, 22, "title"),
                _text("sp2", "Body", 80, 160, 1100, 400, 16), _bar())
    got = {(i.kind, i.shape) for i in scratch_issues(ir, ROLES, 3, margin_pt=MARGIN_PT)}
    assert ("small_text", "Body") in got
    assert ("title_ratio", "Title") in got


def test_text_in_the_margin_is_judged_on_the_drawn_text() -> None:
    body = _text("sp2", "Body", 80, 160, 1100, 545, 20)  # the box ends 15 px from the bottom
    ir = _slide(_text("sp1", "Title", 60, 60, 1100, 80, 36, "title"), body, _bar())
    frame = Box(x=80, y=160, w=1100, h=545)
    inside = _dom(frame, Box(x=80, y=160, w=900, h=120))
    assert scratch_issues(ir, ROLES, 1, margin_pt=MARGIN_PT, dom=inside) == []
    into = _dom(frame, Box(x=80, y=160, w=900, h=540))
    issues = scratch_issues(ir, ROLES, 1, margin_pt=MARGIN_PT, dom=into)
    assert [(i.kind, i.shape) for i in issues] == [("margin", "Body")]
    assert issues[0].measured is not None and issues[0].measured > 30


def test_plain_text_slide_has_no_visual() -> None:
    ir = _slide(_text("sp1", "Title", 60, 60, 1100, 80, 36, "title"),
                _text("sp2", "Body", 80, 160, 1100, 400, 20))
    assert [i.kind for i in scratch_issues(ir, ROLES, 1, margin_pt=MARGIN_PT)] == ["no_visual"]


def _named(eid: str, name: str, y: float, h: float, kind: str = "text") -> Element:
    el = _text(eid, name, 60, y, 1160, h, 20, kind)
    return el


def test_a_block_stuck_under_the_title_is_a_balance_issue_unless_sparse() -> None:
    from pptxagent.qa.scratch import balance

    title = _named("sp2", "title", 50, 60, "title")
    rule = Element(eid="sp3", type="decoration", priority=20,
                   layout=Layout(x=60, y=120, w=80, h=6),
                   source=OoxmlRef(part="ppt/slides/slide1.xml", name="title-rule", shape_id=3))
    table = _named("sp4", "table", 150, 120)  # a short table right under the title
    ir = SlideIR(slide=SlideSize(w=W, h=H), elements=[title, rule, table])
    measures, found = balance(ir, 3, margin_pt=MARGIN_PT)
    assert [i.kind for i in found] == ["balance"] and found[0].severity == "minor"
    assert measures["empty"] > 0.6 and measures["fill"] < 0.3 and measures["offset"] < -0.2
    assert found[0].box is not None and found[0].box.y == 270  # the empty band below it
    assert balance(ir, 3, margin_pt=MARGIN_PT, sparse=True)[1] == []
    centred = SlideIR(slide=SlideSize(w=W, h=H),
                      elements=[title, rule, _named("sp4", "table", 340, 120)])
    assert balance(centred, 3, margin_pt=MARGIN_PT)[1] == []
