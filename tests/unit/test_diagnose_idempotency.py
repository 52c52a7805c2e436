"""§5.6 idempotency, as a property: apply a validated hint, re-render, re-diagnose — the same
hint (same element, action and target values) never comes back.

The "renderer" is ``dom_from_ir``: bbox = layout, and text drawn by a wrap model whose height
depends on font size, line height and box width, so font/box hints really change the text.
"""

from __future__ import annotations

from typing import Any

from diag_helpers import apply_hint, dom_from_ir, hint_key, slide
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pptxagent.diagnose import diagnose
from pptxagent.ir import Element, Hint, SlideIR
from pptxagent.settings import Settings, min_font_for

TEXT_PRIORITY = {"title": 100, "bullets": 80, "text": 60}


@st.composite
def element(draw: st.DrawFn, i: int) -> Element:
    kind = draw(st.sampled_from(["title", "bullets", "text", "image", "image", "decoration"]))
    w = draw(st.integers(20, 1400))
    h = draw(st.integers(20, 800))
    data: dict[str, Any] = {
        "eid": f"e{i}",
        "type": kind,
        "layout": {
            "x": draw(st.integers(-120, 1300)),
            "y": draw(st.integers(-120, 740)),
            "w": w,
            "h": h,
            "zIndex": draw(st.sampled_from([10, 10, 10, 20])),
        },
    }
    if kind in TEXT_PRIORITY:
        data["priority"] = draw(st.sampled_from([TEXT_PRIORITY[kind], 60, 90]))
        data["content"] = "x" * draw(st.integers(1, 800))
        data["style"] = {
            "fontSize": draw(st.sampled_from([10, 14, 16, 19.5, 20, 24, 28, 32, 40, 44])),
            "lineHeight": draw(st.sampled_from([1.0, 1.2, 1.5, 2.0])),
            "wrap": draw(st.sampled_from([True, True, False])),
        }
    else:
        data["priority"] = 40 if kind == "image" else 20
    return Element.model_validate(data)


@st.composite
def slides(draw: st.DrawFn) -> SlideIR:
    n = draw(st.integers(1, 4))
    return slide(*(draw(element(i)) for i in range(n)))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slides())
def test_applied_validated_hint_never_comes_back(ir: SlideIR) -> None:
    diag = diagnose(ir, dom_from_ir(ir))
    for defect in diag.defects:
        hint = defect.hint
        if hint is None or not hint.validated:
            continue
        target = hint.target_eid or defect.subject  # an overlap hint may move other_eid
        after = apply_hint(ir, target, hint)
        again = diagnose(after, dom_from_ir(after))
        repeated = {
            hint_key(d.hint.target_eid or d.subject, d.hint)
            for d in again.defects if d.hint is not None
        }
        assert hint_key(target, hint) not in repeated, (defect.type, hint)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slides())
def test_applied_chain_hints_never_come_back(ir: SlideIR) -> None:
    summary = diagnose(ir, dom_from_ir(ir)).summary
    after = ir
    applied = []
    for ch in summary.chain_hints:
        if ch.validated:
            hint = Hint(**ch.model_dump(exclude_none=True, exclude={"eid"}))
            after = apply_hint(after, ch.eid, hint)
            applied.append(hint_key(ch.eid, hint))
    again = diagnose(after, dom_from_ir(after)).summary
    seen = {
        hint_key(ch.eid, Hint(**ch.model_dump(exclude_none=True, exclude={"eid"})))
        for ch in again.chain_hints
    }
    assert not seen.intersection(applied)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slides())
def test_validated_hints_respect_slide_min_font_and_budget(ir: SlideIR) -> None:
    s = Settings()
    for defect in diagnose(ir, dom_from_ir(ir)).defects:
        hint = defect.hint
        if hint is None or not hint.validated:
            continue
        e = ir.element(hint.target_eid or defect.subject)
        lay = e.layout
        x = lay.x if hint.suggested_x is None else hint.suggested_x
        y = lay.y if hint.suggested_y is None else hint.suggested_y
        w = lay.w if hint.suggested_w is None else hint.suggested_w
        h = lay.h if hint.suggested_h is None else hint.suggested_h
        assert w > 0 and h > 0
        # a budget-clamped step may stop short of the slide edge; the next patch finishes it
        clamped = set((hint.model_extra or {}).get("budget_clamped", []))
        hinted_x = (hint.suggested_x, hint.suggested_w) != (None, None)
        # An element already out of bounds on an axis has its own out_of_bounds hint for it.
        in_x = lay.x >= -s.OOB_EPS_PX and lay.x + lay.w <= ir.slide.w + s.OOB_EPS_PX
        in_y = lay.y >= -s.OOB_EPS_PX and lay.y + lay.h <= ir.slide.h + s.OOB_EPS_PX
        if hinted_x and in_x and w <= ir.slide.w and not clamped & {"x", "w"}:
            assert x >= -s.OOB_EPS_PX and x + w <= ir.slide.w + 0.01  # untouched x may sit in eps
        hinted_y = (hint.suggested_y, hint.suggested_h) != (None, None)
        if hinted_y and in_y and h <= ir.slide.h and not clamped & {"y", "h"}:
            assert y >= -s.OOB_EPS_PX and y + h <= ir.slide.h + 0.01
        floor = min_font_for(e.priority) if e.is_text else None
        if hint.suggested_fontSize is not None and floor is not None:
            assert hint.suggested_fontSize >= min(floor, e.style.fontSize or floor)
        if e.priority >= s.HIGH_PRIORITY:
            assert abs(x - lay.x) <= s.HIGH_PRIO_MOVE_PX + 0.01
            assert abs(y - lay.y) <= s.HIGH_PRIO_MOVE_PX + 0.01
            for new, old in ((w, lay.w), (h, lay.h), (hint.suggested_fontSize, e.style.fontSize)):
                if new is not None and old:
                    assert abs(new - old) <= s.HIGH_PRIO_SIZE_BUDGET * old + 0.01
