"""apply_patch: shallow merge, budgets (§2), slide bounds, min font, override records."""

from __future__ import annotations

from typing import Any

import pytest

from pptxagent.errors import IRValidationError
from pptxagent.ir import Patch, SlideIR
from pptxagent.patch.apply import apply_patch
from pptxagent.settings import Settings

S = Settings()


def slide() -> SlideIR:
    return SlideIR.model_validate(
        {
            "slide": {"w": 1280, "h": 720},
            "elements": [
                {
                    "eid": "title",
                    "type": "title",
                    "priority": 100,
                    "content": "Key Findings",
                    "layout": {"x": 48, "y": 32, "w": 1184, "h": 80, "zIndex": 10},
                    "style": {"fontSize": 44, "lineHeight": 1.2, "color": "#112233"},
                },
                {
                    "eid": "body",
                    "type": "text",
                    "priority": 60,
                    "content": "Some text",
                    "layout": {"x": 64, "y": 140, "w": 820, "h": 400},
                    "style": {"fontSize": 22, "lineHeight": 1.5},
                },
                {
                    "eid": "img",
                    "type": "image",
                    "priority": 40,
                    "content": "a.png",
                    "layout": {"x": 900, "y": 140, "w": 300, "h": 300},
                },
            ],
        }
    )


def patch(*edits: dict[str, Any]) -> Patch:
    return Patch.model_validate({"edits": list(edits)})


def only_override(overrides: list[Any]) -> Any:
    assert len(overrides) == 1, overrides
    return overrides[0]


def test_shallow_merge_keeps_unmentioned_fields_and_input_untouched() -> None:
    ir = slide()
    before = ir.model_dump()
    out, overrides = apply_patch(ir, patch({"eid": "body", "layout": {"h": 500}}), S)
    body = out.element("body")
    assert body.layout.h == 500
    assert (body.layout.x, body.layout.y, body.layout.w) == (64, 140, 820)
    assert body.style.fontSize == 22 and body.style.lineHeight == 1.5
    assert overrides == []
    assert ir.model_dump() == before
    assert out.eids() == ir.eids()


def test_a_patched_state_shares_its_unedited_elements_and_copies_the_edited_one() -> None:
    # States share what a patch leaves alone (no deep copy per step); the edited element is a
    # new object, so the state before keeps its own values.
    ir = slide()
    out, _ = apply_patch(ir, patch({"eid": "body", "style": {"fontSize": 18}}), S)
    assert out.elements is not ir.elements
    assert out.element("title") is ir.element("title")
    assert out.element("img") is ir.element("img")
    assert out.element("body") is not ir.element("body")
    assert out.element("body").style is not ir.element("body").style
    assert (ir.element("body").style.fontSize, out.element("body").style.fontSize) == (22, 18)


def test_style_merge_keeps_other_style_keys() -> None:
    out, _ = apply_patch(slide(), patch({"eid": "title", "style": {"fontSize": 40}}), S)
    assert out.element("title").style.color == "#112233"
    assert out.element("title").style.fontSize == 40


def test_high_priority_size_growth_clamped_to_budget() -> None:
    out, ov = apply_patch(slide(), patch({"eid": "title", "layout": {"h": 200}}), S)
    assert out.element("title").layout.h == pytest.approx(92)
    o = only_override(ov)
    assert (o.eid, o.field, o.requested, o.clamped_to) == ("title", "layout.h", 200, 92)
    assert "HIGH_PRIO_SIZE_BUDGET" in o.reason and "80" in o.reason


def test_high_priority_font_shrink_clamped_to_budget() -> None:
    out, ov = apply_patch(slide(), patch({"eid": "title", "style": {"fontSize": 33}}), S)
    assert out.element("title").style.fontSize == pytest.approx(37.4)
    o = only_override(ov)
    assert o.field == "style.fontSize" and o.requested == 33
    assert o.clamped_to == pytest.approx(37.4)


def test_high_priority_move_clamped_to_48px() -> None:
    out, ov = apply_patch(slide(), patch({"eid": "title", "layout": {"y": 90}}), S)
    assert out.element("title").layout.y == 80
    o = only_override(ov)
    assert o.field == "layout.y" and o.clamped_to == 80
    assert o.reason == "HIGH_PRIO_MOVE_PX exceeded (max 48px from current 32)"


def test_move_up_clamped_at_slide_top() -> None:
    out, ov = apply_patch(slide(), patch({"eid": "title", "layout": {"y": -40}}), S)
    assert out.element("title").layout.y == 0
    assert only_override(ov).clamped_to == 0


def test_low_priority_is_free_within_slide() -> None:
    out, ov = apply_patch(slide(), patch({"eid": "body", "layout": {"y": 300, "h": 150}}), S)
    assert (out.element("body").layout.y, out.element("body").layout.h) == (300, 150)
    assert ov == []


def test_slide_right_edge_moves_x_when_the_width_fits() -> None:
    out, ov = apply_patch(slide(), patch({"eid": "img", "layout": {"x": 1100}}), S)
    assert out.element("img").layout.x == 980  # 1280 - 300
    o = only_override(ov)
    assert o.field == "layout.x" and "right edge" in o.reason


def test_slide_bottom_edge_shrinks_h_when_only_h_requested() -> None:
    out, ov = apply_patch(slide(), patch({"eid": "img", "layout": {"h": 700}}), S)
    assert out.element("img").layout.h == 580  # 720 - 140
    assert only_override(ov).field == "layout.h"


def test_negative_size_clamped_to_zero() -> None:
    out, ov = apply_patch(slide(), patch({"eid": "img", "layout": {"w": -5}}), S)
    assert out.element("img").layout.w == 0
    assert only_override(ov).clamped_to == 0


def test_budget_wins_over_slide_bound_for_high_priority() -> None:
    ir = slide()
    ir.element("title").layout.x = 400  # right edge at 1584: off the slide
    out, ov = apply_patch(ir, patch({"eid": "title", "layout": {"x": 100}}), S)
    # The move is bounded to 48px per patch even though the slide wants x <= 96.
    assert out.element("title").layout.x == 352
    assert only_override(ov).field == "layout.x"


def test_min_font_clamps_low_priority_text() -> None:
    out, ov = apply_patch(slide(), patch({"eid": "body", "style": {"fontSize": 10}}), S)
    assert out.element("body").style.fontSize == 16
    o = only_override(ov)
    assert o.field == "style.fontSize" and "min font 16px" in o.reason


def test_min_font_never_reduces_a_font_already_below_minimum() -> None:
    ir = slide()
    ir.element("title").style.fontSize = 24  # below min 32; budget allows up to 27.6
    out, ov = apply_patch(ir, patch({"eid": "title", "style": {"fontSize": 20}}), S)
    assert out.element("title").style.fontSize == 24
    assert only_override(ov).clamped_to == 24


def test_unknown_eid_names_json_path_and_valid_eids() -> None:
    with pytest.raises(IRValidationError) as exc:
        apply_patch(slide(), patch({"eid": "body"}, {"eid": "nope", "layout": {"x": 1}}), S)
    assert exc.value.path == "$.edits[1].eid"
    assert "nope" in str(exc.value) and "title, body, img" in str(exc.value)


def test_unknown_layout_key_rejected() -> None:
    with pytest.raises(IRValidationError) as exc:
        apply_patch(slide(), patch({"eid": "body", "layout": {"top": 1}}), S)
    assert exc.value.path == "$.edits[0].layout.top"


def test_bad_style_value_names_path() -> None:
    with pytest.raises(IRValidationError) as exc:
        apply_patch(slide(), patch({"eid": "body", "style": {"fontSize": "big"}}), S)
    assert exc.value.path == "$.edits[0].style.fontSize"


def test_settings_change_the_budget() -> None:
    s = S.with_overrides({"HIGH_PRIO_MOVE_PX": 10})
    out, ov = apply_patch(slide(), patch({"eid": "title", "layout": {"x": 100}}), s)
    assert out.element("title").layout.x == 58
    assert "max 10px" in only_override(ov).reason


def test_request_exactly_at_the_budget_edge_is_not_an_override() -> None:
    ir = slide()
    ir.element("title").layout.h = 200
    out, ov = apply_patch(ir, patch({"eid": "title", "layout": {"h": 230}}), S)  # 200 × 1.15
    assert out.element("title").layout.h == 230
    assert ov == []
