"""A box the template left empty: its text is judged against the template's own contrast for
it, measured on the template's drawing, not on what the fill put behind the box."""

from __future__ import annotations

from test_qa_checks import WHITE, H, W, el, facts, run

from pptxagent.ir import Box
from pptxagent.qa import SlideBaseline, check_facts

FRAME = Box(x=100, y=100, w=600, h=80)


def _issues(template_ground_level: int) -> list[tuple[str, str]]:
    # the fill put a dark photo behind an empty title; black text on it reads 1.3:1
    title = el("sp2", (100, 100, 600, 80), "Quarterly results", ph="title")
    photo = el("sp3", (0, 0, W, H), "", kind="image", shape_kind="pic")
    dark = WHITE.copy()
    dark[:, :] = 35
    f = facts([(photo, None), (title, (110, 110, 400, 50))],
              [run(title, (110, 110, 400, 50), (0, 0, 0))], dark)
    ground = WHITE.copy()
    ground[:, :] = template_ground_level
    base = SlideBaseline(contrast={}, frames={"sp2": FRAME}, notext=ground)
    return [(i.kind, i.status) for i in check_facts(f, baseline=base) if i.kind == "contrast"]


def test_a_dark_backdrop_the_fill_brought_is_not_excused_as_design() -> None:
    assert _issues(255) == [("contrast", "open")]  # the template put the title on white


def test_the_templates_own_dark_backdrop_is_its_design() -> None:
    assert _issues(35) == [("contrast", "accepted")]
