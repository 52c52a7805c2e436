"""The correction pass's answers to a composed slide's design issues (``pipeline.designfix``):
a size the fit left between two steps is set on the step below, never under the body floor;
a widowed title is narrowed to a width where its drawn words wrap with two on the last line,
kept where its alignment puts it; a stack leaves no gap for an absent last item."""

from __future__ import annotations

from test_qa_design import _runs, _slide, _text

from pptxagent.components.geometry import Rect, stack
from pptxagent.ir.qa import QaIssue
from pptxagent.pipeline.designfix import balance_title, snap_to_scale
from pptxagent.qa.design import widowed

PT = 96 / 72
STEPS = (12.0, 20.0, 24.0, 36.0)


def _issue(kind: str, eid: str, measured: float) -> QaIssue:
    return QaIssue(slide=1, eid=eid, shape="x", kind=kind, severity="minor",  # type: ignore[arg-type]
                   measured=measured, threshold=0, unit="pt", message="m")


def test_a_size_between_steps_goes_to_the_step_below() -> None:
    start = _slide(_text("sp2", "quote", 100, 300, 30))
    final = start.model_copy(deep=True)
    final.elements[0].style.fontSize = 25.6 * PT  # the fit's shrink: 30 → 25.6 pt
    notes = snap_to_scale(start, final, [_issue("type_scale", "sp2", 25.6)], STEPS)
    assert notes and "25.6 → 24 pt" in notes[0]
    el = start.elements[0]
    assert abs(el.font_scale() * 30 - 24) < 0.01  # drawn at 24 pt from the start


def test_no_step_below_the_body_floor() -> None:
    start = _slide(_text("sp2", "point", 100, 300, 19))
    final = start.model_copy(deep=True)
    final.elements[0].style.fontSize = 18.5 * PT
    assert snap_to_scale(start, final, [_issue("type_scale", "sp2", 18.5)], STEPS) == []
    assert start.elements[0].style.fontSize == 19 * PT


def test_a_widowed_title_is_narrowed_and_stays_centred() -> None:
    words = "Quarterly results for the northern region beat the plan"
    title = _text("sp1", "title", 53, 110, 36, "title", words)
    title.style.textAlign = "center"
    start = _slide(title)
    final = start.model_copy(deep=True)
    runs = _runs("sp1", [1100, 80], words)
    assert widowed(final.elements[0], runs)
    notes = balance_title(start, final, [_issue("widow", "sp1", 1)], runs, 1.0)
    assert notes, "a narrower box exists"
    old, new = final.elements[0].layout, start.elements[0].layout
    assert new.w < old.w and abs((new.x + new.w / 2) - (old.x + old.w / 2)) < 0.05


def test_a_title_without_a_widow_is_left_alone() -> None:
    words = "Quarterly results for the northern region beat the plan"
    start = _slide(_text("sp1", "title", 53, 110, 36, "title", words))
    final = start.model_copy(deep=True)
    assert balance_title(start, final, [_issue("widow", "sp1", 1)],
                         _runs("sp1", [1100], words), 1.0) == []
    assert start.elements[0].layout == final.elements[0].layout


def test_an_absent_last_item_takes_no_gap() -> None:
    title, sub = stack(Rect(0, 0, 100, 50), [50, 0], [10], flex=0)
    assert title.h == 50 and sub.h == 0
    a, b = stack(Rect(0, 0, 100, 50), [30, 20], [10])
    assert a.h + b.h < 50  # both present: the gap is kept, the two scaled down together
