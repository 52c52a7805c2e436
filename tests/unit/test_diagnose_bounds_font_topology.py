"""out_of_bounds (OOB_EPS_PX), font_too_small (§2 min fonts) and layout_topology (§5.9)."""

from __future__ import annotations

from diag_helpers import dom_from_ir, el, slide

from pptxagent.diagnose import diagnose
from pptxagent.ir import Box, Defect, Diagnostics, Element


def run(*elements: Element) -> Diagnostics:
    ir = slide(*elements)
    return diagnose(ir, dom_from_ir(ir))


def of_type(d: Diagnostics, t: str) -> list[Defect]:
    return [x for x in d.defects if x.type == t]


# --- out_of_bounds -------------------------------------------------------------------------


def test_oob_by_exactly_eps_is_tolerated() -> None:
    d = run(el("img", "image", -1, 100, 200, 200), el("img2", "image", 1081, 400, 200, 200))
    assert of_type(d, "out_of_bounds") == []


def test_oob_just_beyond_eps_is_a_defect_with_edge_and_severity() -> None:
    d = run(el("img", "image", 500, 100, 200, 621.5))
    (defect,) = of_type(d, "out_of_bounds")
    assert defect.details == {"edge": "bottom", "by_px": 1.5}
    assert defect.severity == 1.5
    assert defect.hint is not None and defect.hint.validated
    assert (defect.hint.action, defect.hint.suggested_y) == ("move_in", 98.5)


def test_oob_one_defect_per_edge() -> None:
    d = run(el("img", "image", -30, -20, 200, 200))
    got = {(x.details["edge"], x.details["by_px"]) for x in of_type(d, "out_of_bounds")}
    assert got == {("left", 30), ("top", 20)}
    hints = {x.details["edge"]: x.hint for x in of_type(d, "out_of_bounds")}
    assert hints["left"] is not None and hints["left"].suggested_x == 0
    assert hints["top"] is not None and hints["top"].suggested_y == 0


def test_oob_larger_than_slide_is_shrunk_to_the_slide() -> None:
    d = run(el("img", "image", -50, 100, 1400, 300))
    hint = of_type(d, "out_of_bounds")[0].hint
    assert hint is not None and hint.validated
    assert (hint.action, hint.suggested_x, hint.suggested_w) == ("move_in_and_shrink", 0, 1280)


def test_oob_high_priority_move_is_budget_clamped() -> None:
    d = run(el("t", "title", 48, 650, 1000, 100))
    hint = of_type(d, "out_of_bounds")[0].hint
    assert hint is not None and hint.validated
    assert hint.suggested_y == 620  # target 620 is within 48 px: not clamped
    d = run(el("t", "title", 48, 700, 1000, 100))
    hint = of_type(d, "out_of_bounds")[0].hint
    assert hint is not None and hint.validated and hint.suggested_y == 652  # 700 − 48


# --- font_too_small ------------------------------------------------------------------------


def test_font_at_min_is_fine() -> None:
    d = run(el("t", "title", 0, 0, 1280, 100, fs=32), el("b", "bullets", 0, 200, 1280, 200, fs=20))
    assert of_type(d, "font_too_small") == []


def test_font_below_min_severity_and_hint() -> None:
    d = run(el("s", "text", 0, 300, 1280, 200, fs=14))
    (defect,) = of_type(d, "font_too_small")
    assert defect.details == {"current": 14, "min": 16}
    assert defect.severity == 20  # (16 − 14) × 10
    assert defect.hint is not None and defect.hint.validated
    assert (defect.hint.action, defect.hint.suggested_fontSize) == ("set_fontSize", 16)


def test_font_fraction_below_min_triggers() -> None:
    d = run(el("b", "bullets", 0, 300, 1280, 200, fs=19.5))
    assert [x.severity for x in of_type(d, "font_too_small")] == [5]


def test_font_hint_for_high_priority_is_budget_clamped() -> None:
    d = run(el("t", "title", 0, 0, 1280, 200, fs=20))
    hint = of_type(d, "font_too_small")[0].hint
    assert hint is not None and hint.validated
    assert hint.suggested_fontSize == 23  # 20 × 1.15, not 32


def test_images_and_decorations_have_no_min_font() -> None:
    d = run(el("i", "image", 0, 0, 100, 100), el("d", "decoration", 0, 0, 10, 10, z=0))
    assert d.defects == []


# --- layout_topology -----------------------------------------------------------------------


def test_topology_equal_center_is_not_a_violation() -> None:
    d = run(el("t", "title", 0, 100, 600, 100), el("b", "text", 700, 50, 500, 200))
    assert of_type(d, "layout_topology") == []


def test_topology_title_below_body() -> None:
    d = run(el("b", "bullets", 64, 80, 1000, 300), el("t", "title", 48, 450, 1184, 80))
    (defect,) = of_type(d, "layout_topology")
    assert defect.severity == 5000
    assert defect.details["rule"] and defect.details["title_eid"] == "t"
    assert (defect.details["body_eid"], defect.details["title_cy"], defect.details["body_cy"]) == (
        "b",
        490,
        230,
    )
    hint = defect.hint
    assert hint is not None and hint.validated and hint.action == "move_to_top"
    # target 80 − 16 − 80 < 0 → 0, but the title may move 48 px per patch
    assert hint.suggested_y == 402


def test_topology_image_is_not_body() -> None:
    d = run(el("i", "image", 0, 0, 400, 100), el("t", "title", 0, 600, 1280, 100))
    assert of_type(d, "layout_topology") == []


def test_topology_low_priority_title_moves_all_the_way() -> None:
    d = run(el("b", "text", 64, 300, 1000, 300), el("t", "title", 48, 500, 600, 60, priority=60))
    hint = of_type(d, "layout_topology")[0].hint
    assert hint is not None and hint.suggested_y == 224  # 300 − 2×8 − 60


def test_a_budget_cut_growth_keeps_the_box_over_where_it_stood() -> None:
    """A title overflowing its box, a body close under it: the hint moves the title up to
    end above the body and grows it 67 %; the budget lets it grow 15 %. Before, the move was
    kept whole, and the box's bottom ended 24 px above the old one while the text overflowed
    there (the box shrank patch after patch, and the loop stalled). The grown box now still
    covers the old one."""
    from diag_helpers import dom_from_ir

    from pptxagent.diagnose import diagnose

    title = el("t", "title", 64, 137, 483, 53, fs=26.67)
    body = el("b", "bullets", 64, 210, 483, 391, fs=21.33, chars=20)
    ir = slide(title, body)
    dom = dom_from_ir(ir, content={"t": Box(x=71, y=127, w=475, h=71)})
    (d,) = [x for x in diagnose(ir, dom).defects if x.type == "content_overflow"]
    hint = d.hint
    assert hint is not None and "budget_clamped" in (hint.model_extra or {})
    assert hint.suggested_h is not None and hint.suggested_y is not None
    assert hint.suggested_h <= 53 * 1.15 + 0.01
    assert hint.suggested_y <= 137 <= 190 <= hint.suggested_y + hint.suggested_h + 0.01
