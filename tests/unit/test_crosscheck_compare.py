"""Cross-check logic: edge differences, overflow seen by LibreOffice only, agreement figures."""

from __future__ import annotations

import pytest

from pptxagent.ir import Box, Element, Layout, OoxmlRef, SlideIR
from pptxagent.measure.crosscheck import by_eid, compare, overflow, shape_boxes, slanted

SHAPE = Box(x=100, y=100, w=400, h=100)


def test_agreeing_renderers_are_within_threshold() -> None:
    br = Box(x=110, y=105, w=300, h=40)
    lo = Box(x=111, y=107, w=301, h=41)
    res = compare({"t": br}, {"t": lo}, {"t": SHAPE})
    check = res.get("t")
    assert check is not None and check.status == "compared"
    assert (check.d_left, check.d_top, check.d_right, check.d_bottom) == (1, 2, 2, 3)
    assert check.within_threshold
    assert check.height_ratio == pytest.approx(41 / 40)
    assert res.compared == 1
    assert res.within_threshold_share == 1.0
    assert res.max_abs_diff_px == 3
    assert res.mean_abs_diff_px == pytest.approx(2.0)
    assert res.lo_only_overflow == []


def test_libreoffice_only_overflow_is_flagged_with_its_size() -> None:
    br = Box(x=110, y=105, w=300, h=90)  # fits (bottom 195 < 200)
    lo = Box(x=110, y=105, w=300, h=130)  # LibreOffice wraps one more line: bottom 235
    res = compare({"body": br}, {"body": lo}, {"body": SHAPE})
    check = res.get("body")
    assert check is not None
    assert check.lo_only_overflow
    assert check.lo_overflow_y_px == pytest.approx(35)
    assert check.browser_overflow_px == 0
    assert not check.within_threshold  # bottom edges 40 px apart
    assert res.lo_only_overflow == ["body"]
    assert res.within_threshold_share == 0.0
    assert res.vertical_within_threshold_share == 0.0
    assert res.mean_vertical_diff_px == pytest.approx(20)  # tops agree, bottoms 40 apart


def test_horizontal_only_difference_keeps_vertical_agreement() -> None:
    br = Box(x=110, y=105, w=380, h=40)  # browser: whole paragraph block, bullet included
    lo = Box(x=146, y=107, w=150, h=39)  # LibreOffice: glyphs only
    res = compare({"t": br}, {"t": lo}, {"t": SHAPE})
    check = res.get("t")
    assert check is not None
    assert not check.within_threshold
    assert check.vertical_within_threshold and check.vertical_diff_px == pytest.approx(2)
    assert res.vertical_within_threshold_share == 1.0


def test_overflow_in_both_renderers_is_not_a_disagreement() -> None:
    br = Box(x=110, y=105, w=300, h=120)
    lo = Box(x=110, y=105, w=300, h=122)
    res = compare({"b": br}, {"b": lo}, {"b": SHAPE})
    check = res.get("b")
    assert check is not None
    assert check.lo_overflow_px > 0 and check.browser_overflow_px > 0
    assert not check.lo_only_overflow


def test_overflow_measures_worst_side_per_axis() -> None:
    over = overflow(Box(x=90, y=100, w=430, h=50), SHAPE)
    assert over.x_px == 20  # right edge 520 vs 500, left sticks out 10
    assert over.y_px == 0
    assert over.px == 20


def test_missing_sides_are_listed_not_compared() -> None:
    res = compare(
        {"a": Box(x=0, y=0, w=10, h=10), "b": Box(x=0, y=0, w=10, h=10)},
        {"b": Box(x=0, y=0, w=10, h=10), "c": Box(x=100, y=180, w=50, h=40)},
        {"c": SHAPE},
    )
    assert res.missing_libreoffice == ["a"]
    assert res.missing_browser == ["c"]
    assert res.compared == 1
    c = res.get("c")
    assert c is not None and c.lo_overflow_y_px == pytest.approx(20)
    assert not c.lo_only_overflow  # nothing to compare against


def test_result_dumps_to_json() -> None:
    res = compare({"t": SHAPE}, {"t": SHAPE}, {"t": SHAPE})
    data = res.model_dump(mode="json")
    assert data["elements"][0]["eid"] == "t"
    assert data["within_threshold_share"] == 1.0


def test_by_eid_maps_shape_ids_through_the_ir_source() -> None:
    ir = SlideIR(
        elements=[
            Element(
                eid="e_title",
                type="title",
                priority=100,
                layout=Layout(x=10, y=20, w=300, h=50),
                source=OoxmlRef(part="/ppt/slides/slide1.xml", shape_id=7),
            ),
            Element(eid="e_free", type="text", priority=60, layout=Layout(x=0, y=0, w=1, h=1)),
        ]
    )
    lo = {"7": Box(x=12, y=22, w=100, h=30), "9": Box(x=0, y=0, w=5, h=5)}
    assert by_eid(ir, lo) == {"e_title": Box(x=12, y=22, w=100, h=30)}
    assert shape_boxes(ir)["e_title"] == Box(x=10, y=20, w=300, h=50)


def _turned(turn: float, flip_v: bool = False) -> Element:
    extra: dict[str, object] = {"rotation": turn} if turn else {}
    if flip_v:
        extra["flipV"] = True
    return Element(eid="side", type="text", priority=60,
                   layout=Layout(x=100, y=100, w=200, h=40, **extra),
                   source=OoxmlRef(part="/ppt/slides/slide1.xml", shape_id=5))


@pytest.mark.parametrize(("turn", "flip_v", "drawn"), [
    # a 200 × 40 label turned a quarter either way stands 40 × 200 about its centre (200, 120);
    # its text (the upright box's top-left 150 × 20) is drawn where the turn takes it
    (90, False, Box(x=200, y=20, w=20, h=150)),
    (270, False, Box(x=180, y=70, w=20, h=150)),
    (180, False, Box(x=150, y=120, w=150, h=20)),
    (0, True, Box(x=150, y=120, w=150, h=20)),  # flipped vertically: text upside down
])
def test_turned_text_is_compared_in_its_shapes_own_frame(
    turn: float, flip_v: bool, drawn: Box
) -> None:
    ir = SlideIR(elements=[_turned(turn, flip_v)])
    back = by_eid(ir, {"5": drawn})["side"]
    assert (back.x, back.y, back.w, back.h) == pytest.approx((100, 100, 150, 20))
    res = compare({"side": Box(x=100, y=100, w=150, h=20)}, by_eid(ir, {"5": drawn}),
                  shape_boxes(ir))
    check = res.get("side")
    assert check is not None and check.status == "compared"
    assert check.max_edge_diff_px == pytest.approx(0) and not check.lo_only_overflow


def test_slanted_text_is_listed_not_compared() -> None:
    ir = SlideIR(elements=[_turned(45)])
    assert slanted(ir) == {"side"}
    assert by_eid(ir, {"5": Box(x=90, y=30, w=220, h=220)}) == {}
    res = compare({"side": Box(x=100, y=100, w=150, h=20)}, {}, shape_boxes(ir),
                  slanted=slanted(ir))
    check = res.get("side")
    assert check is not None and check.status == "slanted"
    assert res.compared == 0 and res.missing_libreoffice == [] and res.lo_only_overflow == []


def test_large_text_agrees_within_a_share_of_its_lines_font() -> None:
    """A 72 pt title (96 px) whose lines LibreOffice draws 0.12 em lower (its baseline model)
    agrees; an extra line (1.2 em) never does, nor does an extra 14 pt caption line under a
    big figure: the bottom edge goes by the last paragraph's font."""
    br = Box(x=110, y=105, w=300, h=96)
    lower = Box(x=110, y=106, w=300, h=107)  # bottoms 12 px apart: 0.125 em
    big = {"t": (96.0, 96.0)}
    res = compare({"t": br}, {"t": lower}, {"t": SHAPE}, em_px=big, threshold_em=0.2,
                  disagree=(12.0, 0.3))
    check = res.get("t")
    assert check is not None and check.within_threshold and not check.disagrees
    assert check.tolerance_px == pytest.approx((6, 19.2, 6, 19.2))
    assert res.threshold_em == 0.2 and res.within_threshold_share == 1.0
    plain = compare({"t": br}, {"t": lower}, {"t": SHAPE}, disagree=(12.0, 0.3))
    assert plain.within_threshold_share == 0.0  # px only: 12 > 6
    extra = Box(x=110, y=105, w=300, h=96 + 115)
    wrapped = compare({"t": br}, {"t": extra}, {"t": SHAPE}, em_px=big, threshold_em=0.2,
                      disagree=(12.0, 0.3)).get("t")
    assert wrapped is not None and not wrapped.within_threshold and wrapped.disagrees
    caption = Box(x=110, y=105, w=300, h=96 + 22.4)  # one more 18.67 px caption line
    kpi = compare({"t": br}, {"t": caption}, {"t": SHAPE}, em_px={"t": (80.0, 18.67)},
                  threshold_em=0.2, disagree=(12.0, 0.3)).get("t")
    assert kpi is not None and not kpi.within_threshold and kpi.disagrees
    wide = Box(x=110, y=106, w=330, h=107)  # a word wrapped elsewhere: 30 px wider
    side = compare({"t": br}, {"t": wide}, {"t": SHAPE}, em_px=big, threshold_em=0.2,
                   disagree=(12.0, 0.3)).get("t")
    assert side is not None and not side.within_threshold and side.disagrees  # px only
