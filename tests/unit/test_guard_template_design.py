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
