"""The design measures (``qa.design``): a sparse block is a ``fill`` issue, a card off the
column grid a ``grid`` issue, a title with one word on its last line a ``widow``, a size off
the type scale a ``type_scale`` issue, a fourth slide of one look a ``rhythm`` issue; a slide
built on the grid and the scale has none. Titles are wrapped balanced when composed."""

from __future__ import annotations

from pptxagent.components.geometry import balanced_width, last_line_words, width_of
from pptxagent.ir import Element, SlideIR
from pptxagent.ir.dom import Box
from pptxagent.ir.qa import RunGlyphs
from pptxagent.ir.slide import Layout, OoxmlRef, SlideSize, Style
from pptxagent.ir.text import Paragraph, Run
from pptxagent.qa.design import DesignFrame, design_checks, rhythm, widowed
from pptxagent.settings import DEFAULT_QA_SETTINGS as QA
from pptxagent.themes import load_pack

PT = 96 / 72
W, H = 1280.0, 720.0
GRID = tuple((53.3 + i * 100.0, 53.3 + i * 100.0 + 80.0) for i in range(12))
STEPS = (12.0, 20.0, 24.0, 36.0)


def _text(eid: str, name: str, y: float, h: float, pt: float, kind: str = "text",
          words: str = "Some words") -> Element:
    return Element(
        eid=eid, type=kind, priority=80, content=words, layout=Layout(x=53.3, y=y, w=1173, h=h),
        style=Style(fontSize=pt * PT),
        paragraphs=[Paragraph(text=words, runs=[Run(text=words, fontSize=pt * PT)])],
        baseFontSize=pt * PT, source=OoxmlRef(part="s.xml", name=name, shape_id=int(eid[2:])))


def _card(eid: str, x: float, y: float, w: float, h: float) -> Element:
    return Element(eid=eid, type="decoration", priority=20, layout=Layout(x=x, y=y, w=w, h=h),
                   style=Style(backgroundColor="#F1F5F9"),
                   source=OoxmlRef(part="s.xml", name=f"card-{eid}", shape_id=int(eid[2:])))


def _slide(*els: Element) -> SlideIR:
    return SlideIR(slide=SlideSize(w=W, h=H), elements=list(els))


FRAME = DesignFrame(margin_pt=40, grid_px=GRID, steps_pt=STEPS)


def test_a_slide_on_the_grid_and_the_scale_has_no_design_issue() -> None:
    ir = _slide(_text("sp1", "title", 53, 70, 36, "title"),
                _card("sp3", 53.3, 200, 380.0, 300), _card("sp4", 453.3, 200, 380.0, 300))
    measures, issues = design_checks(ir, 1, FRAME, QA)
    assert issues == [], [i.message for i in issues]
    assert measures["off_grid"] == 0 and measures["off_scale"] == 0 and measures["widow"] == 0
    assert 0.4 < measures["fill"] < 0.7


def test_off_grid_off_scale_and_sparse_are_named() -> None:
    ir = _slide(_text("sp1", "title", 53, 70, 36, "title"),
                _card("sp3", 70.0, 330, 200.0, 60), _text("sp5", "point", 330, 40, 22))
    measures, issues = design_checks(ir, 2, FRAME, QA)
    kinds = {(i.kind, i.shape) for i in issues}
    assert ("grid", "card-sp3") in kinds and ("type_scale", "point") in kinds
    assert ("fill", "card-sp3") in kinds or any(k == "fill" for k, _ in kinds)
    assert measures["off_grid"] == 1 and measures["off_scale"] == 1
    assert all(i.severity == "minor" for i in issues)
    sparse = DesignFrame(margin_pt=40, grid_px=GRID, steps_pt=STEPS, sparse=True)
    assert not any(i.kind == "fill" for i in design_checks(ir, 2, sparse, QA)[1])


def _runs(eid: str, widths: list[float], text: str) -> list[RunGlyphs]:
    rects = tuple(Box(x=60, y=60 + 48 * i, w=w, h=44) for i, w in enumerate(widths))
    return [RunGlyphs(eid=eid, run=0, color=(0, 0, 0, 1.0), font_px=48, bold=False,
                      rects=rects, text=text)]


def test_a_lone_last_word_is_a_widow() -> None:
    words = "Quarterly results for the northern region beat the plan"
    title = _text("sp1", "title", 53, 110, 36, "title", words)
    assert widowed(title, _runs("sp1", [1100, 80], words))
    assert not widowed(title, _runs("sp1", [700, 480], words))
    assert not widowed(title, _runs("sp1", [1100], words))
    ir = _slide(title, _card("sp3", 53.3, 250, 380.0, 300), _card("sp4", 453.3, 250, 380.0, 300))
    _, issues = design_checks(ir, 1, FRAME, QA, runs=_runs("sp1", [1100, 80], words))
    assert [i.kind for i in issues] == ["widow"] and "'plan'" in issues[0].message


def test_rhythm_flags_the_slide_past_the_run() -> None:
    found = rhythm(["cards", "cards", "cards", "list", "", "", ""], [None] * 7, QA)
    assert [(i.slide, i.measured) for i in found] == [(3, 3)]


def test_composed_titles_wrap_balanced() -> None:
    pack = load_pack("default")
    wf = width_of(pack, "major")
    text = "Revenue and margin by region for the year with the outlook for next quarter"
    full = 880.0
    lines, last = last_line_words(text, 36, full - 7.2, wf=wf)
    narrow = balanced_width(text, 36, full, wf=wf)
    if lines >= 2 and last == 1:
        assert narrow < full
        n2, k2 = last_line_words(text, 36, narrow - 7.2, wf=wf)
        assert n2 == lines and k2 >= 2
    short = "Pipeline at a glance"
    assert balanced_width(short, 36, full, wf=wf) == full
