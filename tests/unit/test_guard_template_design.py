"""The template's design is not a defect of the fill (found by the held-out sweep).

shapecrawler's deck puts two small body placeholders above a 16.5 pt title: filling them
raised ``layout_topology`` (title below body) and ``font_too_small`` (16.5 pt < 24 pt), and
the loop moved the title 80 px up and enlarged it by 45%, then called the slide degraded.
"""

from __future__ import annotations

from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.ir import SlideIR
from pptxagent.pipeline.guard import TemplateGuard
from pptxagent.settings import Settings


def _ir(title_font: float, base: float) -> SlideIR:
    title = el("t", "title", 351, 218, 459, 124, fs=title_font)
    title.baseFontSize = base
    body = el("b", "bullets", 497, 42, 436, 40, fs=20)
    return slide(title, body)


def test_topology_and_the_templates_own_small_font_are_not_the_fills() -> None:
    ir = _ir(22, 22)
    raw = diagnose(ir, dom_from_ir(ir), Settings())
    assert {d.type for d in raw.defects} >= {"layout_topology", "font_too_small"}
    kept = TemplateGuard(frozenset({"t", "b"})).filter(raw, ir)
    assert kept.defects == [] and kept.summary.defect_count == 0


def test_a_font_we_shrank_below_the_min_is_still_ours() -> None:
    ir = _ir(22, 40)
    raw = diagnose(ir, dom_from_ir(ir), Settings())
    kept = TemplateGuard(frozenset({"t", "b"})).filter(raw, ir)
    assert [d.type for d in kept.defects] == ["font_too_small"]


def _spaced_ir(gap: float) -> SlideIR:
    """A subtitle and a body placeholder the template put ``gap`` px apart (poi bug64693:
    6.6 px, less than the safe padding), both filled."""
    sub = el("s", "title", 76, 48, 1127, 104, fs=44)
    body = el("b", "bullets", 76, 152 + gap, 1127, 492, fs=28)
    return slide(sub, body)


def test_boxes_the_template_spaced_closer_than_the_padding_are_its_spacing() -> None:
    from pptxagent.pipeline.guard import template_frames

    ir = _spaced_ir(2)
    raw = diagnose(ir, dom_from_ir(ir), Settings())
    assert [d.type for d in raw.defects] == ["overlap"]  # the safe boxes meet
    touched = frozenset({"s", "b"})
    guard = TemplateGuard(touched, frames=template_frames(ir))
    assert guard.filter(raw, ir).defects == []
    # the body grown down, away from the subtitle, keeps the template's spacing
    longer = ir.model_copy(deep=True)
    longer.element("b").layout.h += 60
    grew = diagnose(longer, dom_from_ir(longer), Settings())
    assert [d.type for d in grew.defects] == ["overlap"]
    assert guard.filter(grew, longer).defects == []
    # once the fill grew the subtitle down to the body, the closeness is the fill's own
    grown = ir.model_copy(deep=True)
    grown.element("s").layout.h += 1
    again = diagnose(grown, dom_from_ir(grown), Settings())
    assert [d.type for d in guard.filter(again, grown).defects] == ["overlap"]


def test_boxes_the_template_laid_on_each_other_still_count() -> None:
    from pptxagent.pipeline.guard import template_frames

    ir = _spaced_ir(-20)  # frames intersect: not a spacing, an overlap
    raw = diagnose(ir, dom_from_ir(ir), Settings())
    touched = frozenset({"s", "b"})
    guard = TemplateGuard(touched, frames=template_frames(ir))
    assert "overlap" in [d.type for d in guard.filter(raw, ir).defects]


def test_a_filled_body_the_template_put_close_above_its_date_box_is_its_spacing() -> None:
    # LibreOffice's "Progress" template exported to .pptx: the body ends 11.6 px above the
    # date placeholder (less than two safe paddings). Three short bullets made it an overlap
    # the template never had (its empty body was not text): the fill shrank the body's font
    # 20 → 15.5 pt and moved it to the slide's left edge.
    from pptxagent.pipeline.guard import template_frames

    body = el("b", "bullets", 52.8, 159.1, 931.2, 345.3, fs=26.7)
    date = el("d", "text", 737, 515.9, 302.4, 41.1, fs=16)
    ir = slide(body, date)
    raw = diagnose(ir, dom_from_ir(ir), Settings())
    assert [d.type for d in raw.defects] == ["overlap"]
    guard = TemplateGuard(frozenset({"b"}), frames=template_frames(ir))
    assert guard.filter(raw, ir).defects == []
    grown = ir.model_copy(deep=True)  # the body grown down to the date box: the fill's doing
    grown.element("b").layout.h += 8
    again = diagnose(grown, dom_from_ir(grown), Settings())
    assert [d.type for d in guard.filter(again, grown).defects] == ["overlap"]
