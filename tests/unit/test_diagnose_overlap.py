"""Overlap / occlusion (spec §5.3, §5.4, §5.8): thresholds, owner, severity, exemptions, hints."""

from __future__ import annotations

from diag_helpers import apply_hint, dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.ir import Diagnostics, Element, SlideIR
from pptxagent.settings import Settings


def run(*elements: Element) -> Diagnostics:
    ir = slide(*elements)
    return diagnose(ir, dom_from_ir(ir))


def pair_at(
    dx: float, dy: float, a_type: str = "image", b_type: str = "image", **kw: int
) -> SlideIR:
    """Two 100×100 boxes; B offset by (dx, dy) from A. SafeBoxes are inflated by 8 px a side,
    so the safe intersection is (116 − dx) × (116 − dy)."""
    return slide(
        el("a", a_type, 200, 200, 100, 100), el("b", b_type, 200 + dx, 200 + dy, 100, 100, **kw)
    )


def overlaps(d: Diagnostics) -> list[tuple[str | None, str | None, float]]:
    return [(x.owner_eid, x.other_eid, x.severity) for x in d.defects if x.type == "overlap"]


def test_safebox_area_of_100_px2_is_an_overlap() -> None:
    ir = pair_at(106, 106)  # 10 × 10
    d = diagnose(ir, dom_from_ir(ir))
    assert [x.details["overlap_area_px"] for x in d.defects] == [100]


def test_safebox_area_of_99_px2_is_ignored() -> None:
    ir = pair_at(107, 105)  # 9 × 11
    d = diagnose(ir, dom_from_ir(ir))
    assert d.defects == [] and d.warnings == []
    assert d.summary.defect_count == 0


def test_owner_is_the_lower_priority_element() -> None:
    d = run(el("img", "image", 100, 100, 400, 300), el("txt", "text", 300, 200, 400, 300))
    # text is priority 60, image 40: the image yields although it is higher up and first
    assert overlaps(d)[0][:2] == ("img", "txt")


def test_priority_tie_owner_is_the_one_lower_on_the_slide() -> None:
    d = run(el("low", "image", 100, 300, 300, 200), el("high", "image", 150, 200, 300, 200))
    assert overlaps(d)[0][:2] == ("low", "high")


def test_image_image_overlap_severity_is_the_area() -> None:
    ir = pair_at(96, 106)  # 20 × 10 = 200
    d = diagnose(ir, dom_from_ir(ir))
    assert overlaps(d) == [("b", "a", 200)]
    assert d.summary.total_severity == 200


def test_text_involved_overlap_severity_is_multiplied() -> None:
    ir = pair_at(96, 106, a_type="image", b_type="text")
    d = diagnose(ir, dom_from_ir(ir))
    assert overlaps(d) == [("a", "b", 400)]
    assert d.defects[0].details["severity_note"].startswith("×2")


def test_multiplier_comes_from_settings() -> None:
    ir = pair_at(96, 106, a_type="text", b_type="text")
    d = diagnose(ir, dom_from_ir(ir), Settings(TEXT_OVERLAP_SEVERITY_MULT=3))
    assert [x.severity for x in d.defects if x.type == "overlap"] == [600]


def test_different_zindex_is_a_warning_not_a_defect() -> None:
    ir = pair_at(96, 106, z=20)
    d = diagnose(ir, dom_from_ir(ir))
    assert d.defects == []
    assert [(w.type, w.details["overlap_area_px"], w.details["top_eid"]) for w in d.warnings] == [
        ("occlusion_suspected", 200, "b")
    ]
    assert (d.summary.defect_count, d.summary.total_severity, d.summary.warning_count) == (0, 0, 1)


def test_occlusion_below_threshold_is_ignored() -> None:
    ir = pair_at(107, 105, z=20)
    assert diagnose(ir, dom_from_ir(ir)).warnings == []


def test_decorations_are_exempt_from_overlap_and_occlusion() -> None:
    d = run(
        el("bg", "decoration", 0, 0, 1280, 720, z=10),
        el("band", "decoration", 0, 0, 1280, 200, z=0),
        el("txt", "text", 100, 100, 400, 300),
    )
    assert d.defects == [] and d.warnings == []


def test_hidden_elements_are_skipped() -> None:
    ir = pair_at(50, 50)
    d = diagnose(ir, dom_from_ir(ir, hidden=frozenset({"b"})))
    assert d.defects == []


def test_move_down_clears_the_other_safebox() -> None:
    d = run(el("title", "title", 48, 32, 1184, 80), el("body", "text", 64, 100, 820, 400))
    hint = d.defects[0].hint
    assert hint is not None and hint.validated
    # title safeBox bottom = 32 + 80 + 8 = 120; + SAFE_PADDING
    assert (hint.action, hint.suggested_y) == ("move_down", 128)
    assert hint.model_extra == {"suggested_move": {"direction": "down", "value": 128}}


def test_shortest_move_wins() -> None:
    # b sticks 20 px into a from the right: moving right is shortest
    d = run(el("a", "image", 200, 200, 300, 300), el("b", "image", 480, 250, 300, 200))
    hint = d.defects[0].hint
    assert hint is not None
    assert (hint.action, hint.suggested_x) == ("move_right", 516)


def test_no_room_to_move_shrinks_the_image() -> None:
    d = run(el("txt", "text", 0, 0, 1280, 400, chars=10), el("img", "image", 100, 300, 1100, 400))
    hint = d.defects[0].hint
    assert hint is not None and hint.validated
    assert (hint.action, hint.suggested_y, hint.suggested_h) == ("move_down_and_shrink", 416, 304)


def test_high_priority_owner_move_is_budget_clamped_but_validated() -> None:
    d = run(el("title", "title", 48, 32, 1184, 300), el("body", "bullets", 64, 100, 820, 300))
    hint = d.defects[0].hint
    assert hint is not None and hint.validated
    assert (hint.action, hint.suggested_y) == ("move_down", 148)  # 100 + HIGH_PRIO_MOVE_PX
    assert hint.model_extra is not None and hint.model_extra["budget_clamped"] == ["y"]


def test_text_owner_without_room_shrinks_box_and_font_to_fit() -> None:
    text = el("t", "text", 0, 200, 1280, 500, chars=3000)
    ir = slide(el("title", "title", 0, 0, 1280, 300), text)
    d = diagnose(ir, dom_from_ir(ir))
    (defect,) = [x for x in d.defects if x.type == "overlap"]
    hint = defect.hint
    assert hint is not None and hint.validated
    assert (hint.action, hint.suggested_y, hint.suggested_h) == ("move_down_and_shrink", 316, 404)
    assert hint.suggested_fontSize is not None and 16 <= hint.suggested_fontSize < 24
    after = apply_hint(ir, "t", hint)
    assert diagnose(after, dom_from_ir(after)).defects == []


def test_a_move_onto_a_third_element_loses_to_a_longer_clear_one() -> None:
    # b sticks 20 px into a from the right: moving right is shortest, but c stands there
    d = run(el("a", "image", 200, 200, 300, 300), el("b", "image", 480, 250, 300, 200),
            el("c", "image", 800, 230, 300, 200))
    hint = next(x.hint for x in d.defects if {x.owner_eid, x.other_eid} == {"a", "b"})
    assert hint is not None and hint.action != "move_right"


def test_a_pile_of_stacked_boxes_reports_the_largest_pairs_up_to_the_cap() -> None:
    # 60 copies of one box: 1 770 overlapping pairs, each needing a hint; the cap keeps the
    # diagnosis linear in what it reports
    ir = slide(*[el(f"t{i}", "text", 100, 100 + (i % 3), 400, 100) for i in range(60)])
    capped = diagnose(ir, dom_from_ir(ir), Settings(MAX_OVERLAP_PAIRS=50))
    pairs = [x for x in capped.defects if x.type == "overlap"]
    assert len(pairs) == 50
    every = diagnose(ir, dom_from_ir(ir), Settings(MAX_OVERLAP_PAIRS=5000))
    areas = sorted((x.details["overlap_area_px"] for x in every.defects if x.type == "overlap"),
                   reverse=True)
    assert len(areas) == 60 * 59 // 2
    assert sorted((x.details["overlap_area_px"] for x in pairs), reverse=True) == areas[:50]


def test_with_no_minimum_area_a_move_is_crowded_only_by_boxes_it_meets() -> None:
    # moving b right lands on c; d lies clear of every move and must not make the other
    # moves look crowded too (which would hand the choice back to the shortest, right)
    ir = slide(el("a", "image", 200, 200, 300, 300), el("b", "image", 480, 250, 300, 200),
               el("c", "image", 800, 230, 300, 200), el("d", "image", 1200, 20, 40, 40))
    d = diagnose(ir, dom_from_ir(ir), Settings(MIN_OVERLAP_AREA_PX=0))
    hint = next(x.hint for x in d.defects if {x.owner_eid, x.other_eid} == {"a", "b"})
    assert hint is not None and hint.action != "move_right"
