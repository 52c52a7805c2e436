"""HintsPolicy: diagnostics in, one deterministic patch out (spec §5.5–5.7, §6, §7)."""

from __future__ import annotations

from typing import Any

from pptxagent.ir import Diagnostics, Patch, SlideIR
from pptxagent.policy.base import PolicyContext, TabooCheck
from pptxagent.policy.hints import HintsPolicy
from pptxagent.settings import Settings


def make_ir(*extra: dict[str, Any], bullets: dict[str, float] | None = None) -> SlideIR:
    els: list[dict[str, Any]] = [
        {"eid": "e_bg", "type": "decoration", "priority": 20,
         "layout": {"x": 0, "y": 0, "w": 400, "h": 720, "zIndex": 0}},
        {"eid": "e_title", "type": "title", "priority": 100, "content": "Key Findings",
         "layout": {"x": 48, "y": 32, "w": 1184, "h": 80}, "style": {"fontSize": 44}},
        {"eid": "e_bullets", "type": "bullets", "priority": 80, "content": "• A\n• B",
         "layout": bullets or {"x": 64, "y": 100, "w": 820, "h": 520},
         "style": {"fontSize": 22, "lineHeight": 1.5}},
        *extra,
    ]
    return SlideIR.model_validate({"slide": {"w": 1280, "h": 720}, "elements": els})


IMG = {"eid": "e_img", "type": "image", "priority": 40,
       "layout": {"x": 64, "y": 560, "w": 400, "h": 200}}


def diag(defects: list[dict[str, Any]], **summary: Any) -> Diagnostics:
    return Diagnostics.model_validate({
        "defects": defects, "warnings": [],
        "summary": {"defect_count": len(defects), "total_severity": 1.0, "warning_count": 0,
                    **summary},
    })


def propose(ir: SlideIR, d: Diagnostics, ctx: PolicyContext | None = None) -> Patch:
    return HintsPolicy().propose(ir, d, ctx or PolicyContext(settings=Settings(), iteration=0))


def edits(patch: Patch) -> dict[str, dict[str, Any]]:
    return {e.eid: {**e.layout, **e.style} for e in patch.edits}


CHAIN_OVERLAP = {"type": "overlap", "owner_eid": "e_bullets", "other_eid": "e_title",
                 "severity": 3680, "details": {"overlap_area_px": 1840}}


def test_feasible_chain_is_applied_as_one_batch_and_keep_is_a_no_op() -> None:
    d = diag([CHAIN_OVERLAP], conflict_chain=["e_title", "e_bullets", "e_img"],
             chain_feasible=True, chain_hints=[
                 {"eid": "e_title", "action": "keep"},
                 {"eid": "e_bullets", "action": "move_down", "suggested_y": 120,
                  "validated": True},
                 {"eid": "e_img", "action": "move_down_and_shrink", "suggested_y": 580,
                  "suggested_h": 130, "validated": True},
             ])
    got = edits(propose(make_ir(IMG), d))
    assert got == {"e_bullets": {"y": 120}, "e_img": {"y": 580, "h": 130}}


def test_infeasible_chain_member_gets_the_space_left_below_its_predecessor() -> None:
    d = diag([CHAIN_OVERLAP], conflict_chain=["e_title", "e_bullets", "e_img"],
             chain_feasible=False, chain_hints=[
                 {"eid": "e_title", "action": "keep"},
                 {"eid": "e_bullets", "action": "move_down", "suggested_y": 120,
                  "validated": True},
                 {"eid": "e_img", "action": "needs_creative_solution",
                  "reason": "suggested_y(660) + min_h(100) > SLIDE_H(720)"},
             ])
    got = edits(propose(make_ir(IMG), d))
    assert got["e_bullets"] == {"y": 120}
    # bullets end at 120 + 520 = 640; two safe paddings below: 656, the rest of the slide.
    assert got["e_img"] == {"y": 656, "h": 64}


def test_hints_merge_in_fix_order_first_writer_wins_per_field() -> None:
    d = diag([
        {"type": "overlap", "owner_eid": "e_bullets", "other_eid": "e_title", "severity": 900,
         "hint": {"action": "move_down", "suggested_y": 128, "suggested_fontSize": 18}},
        {"type": "out_of_bounds", "eid": "e_bullets", "severity": 10,
         "details": {"edge": "bottom", "by_px": 10}, "hint": {"action": "shrink",
                                                               "suggested_h": 500}},
        {"type": "content_overflow", "eid": "e_bullets", "severity": 42,
         "details": {"overflow_y_px": 42}, "hint": {"action": "resize_height",
                                                    "suggested_h": 570, "validated": True}},
        {"type": "font_too_small", "eid": "e_bullets", "severity": 40,
         "details": {"current": 16, "min": 20},
         "hint": {"action": "set_fontSize", "suggested_fontSize": 20, "validated": True}},
    ])
    got = edits(propose(make_ir(bullets={"x": 64, "y": 140, "w": 820, "h": 520}), d))
    # font: font_too_small beats overlap; h: overflow beats out_of_bounds; y combines.
    assert got == {"e_bullets": {"fontSize": 20, "h": 570, "y": 128}}


def test_hint_target_eid_wins_over_the_defect_subject() -> None:
    d = diag([{**CHAIN_OVERLAP, "hint": {"action": "move_up", "target_eid": "e_title",
                                         "suggested_y": 8}}])
    assert edits(propose(make_ir(), d)) == {"e_title": {"y": 8}}


def test_overflow_without_hint_grows_into_free_space_below() -> None:
    ir = make_ir(bullets={"x": 64, "y": 140, "w": 820, "h": 400})
    d = diag([{"type": "content_overflow", "eid": "e_bullets", "severity": 42,
               "details": {"overflow_x_px": 0, "overflow_y_px": 42}}])
    assert edits(propose(ir, d)) == {"e_bullets": {"h": 450}}  # 400 + 42 + HINT_BUFFER_PX


def test_overflow_without_room_grows_what_fits_and_shrinks_font_not_below_min() -> None:
    ir = make_ir(bullets={"x": 64, "y": 140, "w": 820, "h": 560})
    d = diag([{"type": "content_overflow", "eid": "e_bullets", "severity": 300,
               "details": {"overflow_y_px": 300}}])
    got = edits(propose(ir, d))["e_bullets"]
    assert got["h"] == 580  # down to the slide bottom
    assert got["fontSize"] == 20  # min font for priority 80, though 300px would want more


def test_overlap_without_hint_moves_the_owner_clear_of_the_other() -> None:
    ir = make_ir(bullets={"x": 64, "y": 100, "w": 820, "h": 400})
    d = diag([CHAIN_OVERLAP])
    # title safe box ends at 32 + 80 + 8; bullets' safe box starts 8 above its y.
    assert edits(propose(ir, d)) == {"e_bullets": {"y": 128}}


def test_growth_that_would_create_a_new_overlap_moves_the_lower_priority_element() -> None:
    ir = make_ir({**IMG, "layout": {"x": 64, "y": 560, "w": 400, "h": 120}},
                 bullets={"x": 64, "y": 140, "w": 820, "h": 380})
    d = diag([{"type": "content_overflow", "eid": "e_bullets", "severity": 42,
               "details": {"overflow_y_px": 42},
               "hint": {"action": "resize_height", "suggested_h": 430, "validated": True}}])
    got = edits(propose(ir, d))
    assert got["e_bullets"] == {"h": 430}
    img = {"x": 64, "y": 560, "h": 120, **got["e_img"]}
    assert img["x"] >= 64 + 820 + 16 or img["y"] >= 140 + 430 + 16  # clear of the safe zone
    assert img["y"] + img["h"] <= 720


def test_locked_and_unknown_elements_are_never_edited() -> None:
    locked = {**IMG, "source": {"part": "ppt/slides/slide1.xml", "shape_id": 4,
                                "repairable": False}}
    d = diag([
        {"type": "out_of_bounds", "eid": "e_img", "severity": 40,
         "details": {"edge": "bottom", "by_px": 40}},
        {"type": "content_overflow", "eid": "e_ghost", "severity": 4,
         "hint": {"action": "resize_height", "suggested_h": 90}},
    ])
    assert propose(make_ir(locked), d).edits == []


def test_out_of_bounds_without_hint_moves_the_element_back_in() -> None:
    d = diag([{"type": "out_of_bounds", "eid": "e_img", "severity": 40,
               "details": {"edge": "bottom", "by_px": 40}}])
    assert edits(propose(make_ir(IMG), d)) == {"e_img": {"y": 520}}


def test_font_too_small_without_hint_scales_the_ir_font_to_reach_the_minimum() -> None:
    d = diag([{"type": "font_too_small", "eid": "e_bullets", "severity": 40,
               "details": {"current": 16, "min": 20}}])
    ir = make_ir()
    ir.element("e_bullets").style.fontSize = 17.6  # runs render at 16/17.6 of it
    assert edits(propose(ir, d)) == {"e_bullets": {"fontSize": 22}}


TEXT = {"eid": "e_text", "type": "text", "priority": 60, "content": "Body",
        "layout": {"x": 64, "y": 150, "w": 900, "h": 120}, "style": {"fontSize": 24}}
TOPOLOGY = {"type": "layout_topology", "eid": "e_title", "severity": 5000,
            "details": {"title_eid": "e_title", "body_eid": "e_text", "violated_by": ["e_text"]}}


def topology_ir() -> SlideIR:
    ir = make_ir(TEXT)
    ir.elements = [e for e in ir.elements if e.eid != "e_bullets"]
    ir.element("e_title").layout.y = 520
    return ir


def test_topology_title_rises_within_its_budget_and_the_body_goes_below_it() -> None:
    got = edits(propose(topology_ir(), diag([TOPOLOGY])))
    assert got["e_title"] == {"y": 472}  # 520 - HIGH_PRIO_MOVE_PX
    assert got["e_text"] == {"y": 568}  # title bottom 552 + 2 safe paddings; 120px still fit


def test_topology_completes_a_budget_clamped_hint() -> None:
    hinted = {**TOPOLOGY, "hint": {"action": "move_to_top", "target_eid": "e_title",
                                   "suggested_y": 472, "validated": True}}
    assert edits(propose(topology_ir(), diag([hinted]))) == {
        "e_title": {"y": 472}, "e_text": {"y": 568}}


def test_topology_alternate_keeps_the_title_and_squeezes_the_body_below() -> None:
    ctx = PolicyContext(settings=Settings(), iteration=1,
                        check=lambda p: TabooCheck(
                            allowed=all(e.eid != "e_title" for e in p.edits),
                            fingerprint="e_title:move:up", reason="no improvement"))
    got = edits(propose(topology_ir(), diag([TOPOLOGY]), ctx))
    assert list(got) == ["e_text"]
    assert got["e_text"]["y"] == 616 and got["e_text"]["h"] == 104  # to the slide bottom
    assert 16 <= got["e_text"]["fontSize"] < 24


def test_taboo_patch_is_replaced_by_the_alternate_strategy() -> None:
    ir = make_ir(bullets={"x": 64, "y": 140, "w": 820, "h": 400})
    d = diag([{"type": "content_overflow", "eid": "e_bullets", "severity": 42,
               "details": {"overflow_y_px": 42}}])
    seen: list[Patch] = []

    def check(p: Patch) -> TabooCheck:
        seen.append(p)
        grows = any("h" in e.layout for e in p.edits)
        return TabooCheck(allowed=not grows, fingerprint="e_bullets:resize_h:grow",
                          reason="non-improving before")

    ctx = PolicyContext(settings=Settings(), iteration=1, check=check)
    got = edits(propose(ir, d, ctx))
    assert len(seen) == 2
    assert "h" not in got["e_bullets"] and got["e_bullets"]["fontSize"] < 22
    assert any("taboo" in n for n in ctx.notes)


def test_overlap_alternate_moves_the_other_element() -> None:
    ir = make_ir(bullets={"x": 64, "y": 100, "w": 820, "h": 400})
    calls = 0

    def check(p: Patch) -> TabooCheck:
        nonlocal calls
        calls += 1
        return TabooCheck(allowed=calls > 1, fingerprint=f"fp{calls}", reason="taboo")

    ctx = PolicyContext(settings=Settings(), iteration=1, check=check)
    got = edits(propose(ir, diag([CHAIN_OVERLAP]), ctx))
    assert list(got) == ["e_title"]


def test_everything_taboo_gives_an_empty_patch_with_a_note() -> None:
    ctx = PolicyContext(settings=Settings(), iteration=2,
                        check=lambda p: TabooCheck(False, "fp", "tried"))
    ir = make_ir(bullets={"x": 64, "y": 100, "w": 820, "h": 400})
    assert propose(ir, diag([CHAIN_OVERLAP]), ctx).edits == []
    assert any("empty patch" in n for n in ctx.notes)


def test_no_defects_no_edits() -> None:
    assert propose(make_ir(), diag([])).edits == []


def test_move_in_that_lands_on_another_element_is_squeezed_beside_it_instead() -> None:
    img = {**IMG, "layout": {"x": 900, "y": 200, "w": 480, "h": 320}}
    ir = make_ir(img, bullets={"x": 64, "y": 184, "w": 760, "h": 400})
    d = diag([{"type": "out_of_bounds", "eid": "e_img", "severity": 100,
               "details": {"edge": "right", "by_px": 100},
               "hint": {"action": "move_in", "suggested_x": 800, "validated": True}}])
    got = edits(propose(ir, d))["e_img"]
    # Right of the bullets (824 + 16), inside the slide, aspect ratio kept.
    assert got["x"] == 840 and got["w"] == 440
    assert abs(got["h"] / got["w"] - 320 / 480) < 0.01


def test_budget_clamped_owner_move_is_completed_by_moving_the_other_back() -> None:
    ir = make_ir(bullets={"x": 64, "y": 150, "w": 760, "h": 200})
    ir.element("e_title").layout.y = 120  # title 120..200 sits on the bullets
    d = diag([{"type": "overlap", "owner_eid": "e_bullets", "other_eid": "e_title",
               "severity": 9000, "details": {"overlap_area_px": 4500},
               "hint": {"action": "move_down", "suggested_y": 198, "validated": True,
                        "budget_clamped": ["y"]}}])
    got = edits(propose(ir, d))
    assert got["e_bullets"] == {"y": 198}  # 150 + HIGH_PRIO_MOVE_PX
    # The title rises by the 18px still missing for the safe zones: 198 - 16 - 80 = 102.
    assert got["e_title"] == {"y": 102}


def test_overflow_hint_clamped_by_budget_is_completed_by_a_font_shrink() -> None:
    ir = make_ir(bullets={"x": 64, "y": 150, "w": 760, "h": 200})
    ir.element("e_bullets").style.fontSize = 24
    d = diag([{"type": "content_overflow", "eid": "e_bullets", "severity": 47,
               "details": {"overflow_y_px": 47},
               "hint": {"action": "resize_height", "suggested_h": 230, "validated": True,
                        "budget_clamped": ["h"]}}])
    got = edits(propose(ir, d))["e_bullets"]
    assert got["h"] == 230
    # 230 - 8 buffer holds 222 of the 247px content: font × 222/247.
    assert got["fontSize"] == round(24 * 222 / 247, 2)


FIXED = {"part": "ppt/slides/slide1.xml", "shape_id": 9, "frame_fixed": True}
"""A turned or grouped text: its box never moves or grows, its text may still shrink."""


def test_a_fixed_frames_overflow_is_fixed_by_its_font_alone() -> None:
    label = {**TEXT, "source": FIXED}
    d = diag([{"type": "content_overflow", "eid": "e_text", "severity": 60,
               "details": {"overflow_y_px": 60},
               "hint": {"action": "resize_height", "suggested_h": 190, "validated": True}}])
    got = edits(propose(make_ir(label), d))
    assert set(got["e_text"]) <= {"fontSize", "lineHeight"}  # no x, y, w, h
    assert got["e_text"]["fontSize"] < 24


def test_an_overlap_moves_the_movable_element_not_the_fixed_one() -> None:
    label = {**TEXT, "source": FIXED, "priority": 40,
             "layout": {"x": 64, "y": 560, "w": 400, "h": 60}}
    d = diag([{"type": "overlap", "owner_eid": "e_text", "other_eid": "e_bullets",
               "severity": 800, "details": {"overlap_area_px": 400},
               "hint": {"action": "move", "target_eid": "e_text", "suggested_y": 640,
                        "validated": True}}])
    got = edits(propose(make_ir(label), d))
    assert not {"x", "y", "w", "h"} & set(got.get("e_text", {}))
    assert got.get("e_bullets")  # the body yields instead


def test_a_body_squeezed_beside_a_footer_box_keeps_its_left_edge() -> None:
    # A body grown down at its min font onto the date placeholder of LibreOffice's
    # "Progress" template was squeezed into the band left of it starting at x = 0: its text
    # lost the title's alignment line and touched the slide's edge.
    from pptxagent.ir import Box
    from pptxagent.policy.plan import PatchPlan
    from pptxagent.policy.space import squeezed

    plan = PatchPlan(make_ir(), Settings())
    body, date = Box(x=52.8, y=160, w=931, h=384), Box(x=737, y=516, w=302, h=41)
    left = squeezed(plan, body, date, "left", keep_aspect=False)
    assert left is not None and left.x == 52.8 and left.right == 737 - 16
    assert squeezed(plan, body, date, "right", keep_aspect=False) is None  # no band inside
