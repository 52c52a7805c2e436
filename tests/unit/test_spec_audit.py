"""Spec-compliance regressions found by the line-by-line audit of AGENTS v2.5."""

from __future__ import annotations

from diag_helpers import dom_from_ir, el, slide

from pptxagent.cli.refine import build_settings
from pptxagent.diagnose import diagnose
from pptxagent.ir import Box, Defect, SlideIR
from pptxagent.patch.apply import apply_patch
from pptxagent.policy.hints import plan_patch
from pptxagent.settings import Settings

LITERAL = Settings(CONTENT_EDGE_OVERFLOW=False)
TITLE = el("t", "title", 48, 32, 1184, 100, fs=44, lh=1.0)


def _overflows(content: Box, settings: Settings = LITERAL) -> list[Defect]:
    ir = slide(TITLE)
    diag = diagnose(ir, dom_from_ir(ir, content={"t": content}), settings)
    return [d for d in diag.defects if d.type == "content_overflow"]


def test_literal_overflow_ignores_a_glyph_box_poking_above_a_roomy_box() -> None:
    # §4: overflow is contentBox.h > bbox.h or contentBox.w > bbox.w. At line-height 1.0 the
    # Range rects of one line start ~3 px above the box; the slide is clean.
    assert _overflows(Box(x=48, y=29, w=300, h=50.6)) == []
    # the template-mode extension still reports it
    assert [d.details["overflow_y_px"] for d in _overflows(
        Box(x=48, y=29, w=300, h=50.6), Settings(CONTENT_EDGE_OVERFLOW=True))] == [3]


def test_literal_overflow_triggers_half_a_pixel_past_the_height_and_width() -> None:
    (d,) = _overflows(Box(x=48, y=20, w=1184.5, h=100.5))
    assert d.details == {"overflow_x_px": 0.5, "overflow_y_px": 0.5}
    assert d.severity == 1.0
    assert d.hint is not None and d.hint.validated


def test_refine_cli_uses_the_literal_overflow_rule_unless_set() -> None:
    ir = slide(TITLE)
    assert build_settings(ir, None, False, ()).CONTENT_EDGE_OVERFLOW is False
    on = build_settings(ir, None, False, ("CONTENT_EDGE_OVERFLOW=true",))
    assert on.CONTENT_EDGE_OVERFLOW is True


def _lowprio_title_on_body() -> SlideIR:
    # a priority-60 title that collides with the top of a priority-80 body under it
    return slide(
        el("b", "bullets", 64, 88, 1000, 400, chars=3),
        el("t", "title", 48, 0, 1184, 80, priority=60, chars=5),
    )


def test_overlap_hint_never_moves_a_title_below_its_body() -> None:
    # §5.4 owner = lower priority (the title), but every owner move inverts the reading
    # order (§5.9): the hint moves the body (other_eid) under the title's safeBox instead.
    ir = _lowprio_title_on_body()
    diag = diagnose(ir, dom_from_ir(ir))
    (d,) = diag.defects
    assert (d.type, d.owner_eid, d.other_eid) == ("overlap", "t", "b")
    assert d.hint is not None and d.hint.validated
    assert (d.hint.target_eid, d.hint.action, d.hint.suggested_y) == ("b", "move_down", 96)


def test_conflict_chain_stacks_a_title_first_even_below_a_higher_priority_body() -> None:
    ir = _lowprio_title_on_body()
    s = diagnose(ir, dom_from_ir(ir)).summary
    assert s.conflict_chain == ["t", "b"]
    assert [(h.eid, h.action, h.suggested_y) for h in s.chain_hints] == [
        ("t", "keep", None), ("b", "move_down", 96)]


def test_hints_patch_for_a_title_below_its_body_keeps_the_title_on_top() -> None:
    # the settle pass used to move the risen title back under the body (or the body above
    # it), so the topology defect came back every step and the rollout degraded.
    ir = slide(
        el("b", "bullets", 64, 40, 1000, 400, chars=3),
        el("t", "title", 48, 600, 1184, 80, priority=60, chars=5),
    )
    patch = plan_patch(ir, diagnose(ir, dom_from_ir(ir)), Settings())
    after, _ = apply_patch(ir, patch, Settings())
    t, b = after.element("t").layout, after.element("b").layout
    assert t.y + t.h / 2 < b.y + b.h / 2
