"""A repeat shrink aims a line below the box: wrapped text does not shrink smoothly.

Found by the held-out harness on a 16:9 PowerPoint template (28 pt bullets, 90% spacing,
fixed 10 pt paragraph spacing): at 25.07 px the text overflowed by 5 px, the policy asked
for 24.42 px, and at that size one line rewrapped so the text got *taller*; the step was
non-improving, "font decrease" became taboo and a slide that fits at 23.8 px was degraded.
"""

from __future__ import annotations

from diag_helpers import el, slide

from pptxagent.ir import Defect, Diagnostics, Summary
from pptxagent.policy.base import PolicyContext
from pptxagent.policy.fit import FitPolicy, shrink_edit
from pptxagent.settings import Settings

BODY = el("b", "bullets", 88, 192, 816, 456, fs=25.07, lh=0.864)
SMALL = Defect(type="content_overflow", eid="b", severity=5.45,
               details={"overflow_x_px": 0.0, "overflow_y_px": 5.45})


def _font(iteration: int) -> float:
    diag = Diagnostics(defects=[SMALL], warnings=[], summary=Summary(
        defect_count=1, total_severity=5.45, warning_count=0))
    ctx = PolicyContext(settings=Settings(), iteration=iteration)
    (edit,) = FitPolicy().propose(slide(BODY), diag, ctx).edits
    return float(edit.style["fontSize"])


def test_margin_lines_aim_lower() -> None:
    plain = shrink_edit(BODY, SMALL, Settings())
    lower = shrink_edit(BODY, SMALL, Settings(), margin_lines=1.0)
    assert plain is not None and lower is not None
    assert plain[0]["fontSize"] > 24.2  # the tiny step that rewrapped into a taller text
    assert lower[0]["fontSize"] < 24.0
    assert lower[0]["fontSize"] >= 20  # never below the body's min font


def test_first_attempt_is_exact_and_a_repeat_aims_a_line_lower() -> None:
    assert _font(0) > 24.2
    assert _font(1) < 24.0


def test_a_budget_clamped_shrink_does_not_grow_the_box_while_the_font_can_go_lower() -> None:
    # A 3-line title far too long for its box: 15% a patch is not enough, but the font is far
    # from its min; growing the box now pushed the body and the footers down (pandoc deck).
    title = el("t", "title", 88, 38, 1104, 139, fs=72, lh=1.08)
    big = Defect(type="content_overflow", eid="t", severity=120,
                 details={"overflow_x_px": 0.0, "overflow_y_px": 120.0})
    diag = Diagnostics(defects=[big], warnings=[], summary=Summary(
        defect_count=1, total_severity=120, warning_count=0))
    ctx = PolicyContext(settings=Settings(), iteration=0)
    (edit,) = FitPolicy().propose(slide(title), diag, ctx).edits
    assert edit.layout == {}
    assert 72 * 0.85 - 0.01 <= edit.style["fontSize"] < 72
