"""A preset's text rectangle (ECMA-376 presetShapeDefinitions): where PowerPoint and
LibreOffice lay a shape's text out; measured against LibreOffice's drawing of a 288 × 192 px
shape of each (its text starts 9.2 / 42 / 72 / 72 / 96 px further in than the whole box, …)."""

from __future__ import annotations

import pytest

from pptxagent.ir import Element, Layout, Style, Visual
from pptxagent.ir.text import Insets
from pptxagent.ir.textrect import geometry_insets, height_for_text, text_insets


def _el(geometry: str, adjust: dict[str, float] | None = None, *, flip_v: bool = False,
        kind: str = "text") -> Element:
    return Element(eid="s", type=kind, priority=60,  # type: ignore[arg-type]
                   layout=Layout(x=0, y=0, w=288, h=192),
                   style=Style(insets=Insets(top=3.6, right=7.2, bottom=3.6, left=7.2)),
                   visual=Visual(geometry=geometry, adjust=adjust, flipV=flip_v))


@pytest.mark.parametrize(("geometry", "sides"), [
    ("roundRect", (9.37, 9.37, 9.37, 9.37)),  # 192 × 1/6 × 0.2929
    ("ellipse", (28.12, 42.18, 28.12, 42.18)),  # the inscribed square's margins
    ("wedgeEllipseCallout", (28.12, 42.18, 28.12, 42.18)),
    ("diamond", (48, 72, 48, 72)),
    ("triangle", (96, 72, 0, 72)),  # the lower half, between the sides' midpoints
    ("homePlate", (0, 48, 0, 0)),  # the point's half
    ("chevron", (0, 96, 0, 96)),
    ("wedgeRoundRectCallout", (9.37, 9.37, 9.37, 9.37)),
    ("octagon", (28.12, 28.12, 28.12, 28.12)),  # half the corner cut
    ("plaque", (22.63, 22.63, 22.63, 22.63)),
    ("flowChartAlternateProcess", (9.37, 9.37, 9.37, 9.37)),
    ("snip1Rect", (16, 16, 0, 0)),
    ("rightArrow", (48, 48, 48, 0)),  # the shaft, to where the head's sides cross it
    ("leftArrow", (48, 0, 48, 48)),
    ("parallelogram", (29.33, 44, 29.33, 44)),
    ("rtTriangle", (112, 120, 16, 24)),
    ("hexagon", (26.67, 40, 26.67, 40)),
    # textrect_more (ss = 192): fixed shares of the box …
    ("flowChartDecision", (48, 72, 48, 72)),
    ("flowChartTerminator", (28.12, 13.57, 28.12, 13.57)),  # 3163 / 21600 h, 1018 / 21600 w
    ("flowChartDocument", (0, 0, 38.03, 0)),  # b = 17322 / 21600 h
    ("flowChartPredefinedProcess", (0, 36, 0, 36)),  # w / 8
    ("flowChartMagneticDisk", (64, 0, 32, 0)),  # h / 3, h / 6
    ("cloud", (29, 60.17, 37.89, 39.69)),  # 3262, 4513, 4263, 2977 / 21600
    ("heart", (48, 48, 64, 48)),
    # … and of ss, pinned: can (two lids of ss / 8), cube (its depth ss / 4), scrolls (ss / 8)
    ("can", (48, 0, 24, 0)),
    ("cube", (48, 48, 0, 0)),
    ("verticalScroll", (24, 24, 12, 24)),
    ("round2SameRect", (9.37, 9.37, 0, 9.37)),  # 192 × 1/6 × 0.29289 at the top only
    ("upArrow", (48, 72, 0, 72)),  # the head's 96 less where its sides cross the shaft
    ("leftRightArrow", (48, 48, 48, 48)),  # heads of 96, crossed half way: 96 − 48
    ("rightArrowCallout", (0, 100.87, 0, 0)),  # the box is adj4 = 64.977 % of the width
    ("star6", (48, 48, 48, 48)),  # 144 − 144 × 1.1547 × 0.57736, 96 − 96 × 0.57736 × sin 60°
    # the explosions' fixed shares (LibreOffice's TextFrames: 4627, 6320, 16702, 13937 / 21600)
    ("irregularSeal1", (56.18, 65.31, 68.12, 61.69)),
    ("irregularSeal2", (56.73, 92.8, 50.36, 71.63)),
    # the signs: the bar across (arms of 73.49 % of the width, a bar 23.52 % of ss thick) …
    ("mathPlus", (73.42, 38.17, 73.42, 38.17)),
    ("mathMinus", (73.42, 38.17, 73.42, 38.17)),
    # … and the cross's middle, out to where its arms end along the diagonal
    ("mathMultiply", (27.33, 56.65, 27.33, 56.65)),
])
def test_preset_text_rectangles(geometry: str, sides: tuple[float, ...]) -> None:
    ins = geometry_insets(_el(geometry))
    assert ins is not None
    assert (ins.top, ins.right, ins.bottom, ins.left) == pytest.approx(sides, abs=0.01)


def test_plain_boxes_and_adjusts_and_flips() -> None:
    assert geometry_insets(_el("rect")) is None
    assert geometry_insets(_el("star7")) is None  # not modelled: the whole box
    assert geometry_insets(_el("ellipse", kind="decoration")) is None  # no text to place
    square = geometry_insets(_el("roundRect", {"adj": 50000}))  # a pill: radius ss/2
    assert square is not None and square.left == pytest.approx(96 * 0.29289, abs=0.01)
    # Pointing down: the upper half on the slide, which is the lower half of the text's own
    # frame (a vertical flip turns the text half a turn: ``text_turn``).
    down = geometry_insets(_el("triangle", {"adj": 20000}, flip_v=True))
    assert down is not None and (down.top, down.bottom) == (96, 0)
    assert (down.left, down.right) == pytest.approx((144 - 28.8, 28.8))
    back = geometry_insets(_el("rightArrow", flip_v=True))  # the head stays on the right
    assert back is not None and (back.left, back.right) == (48, 0)
    both = text_insets(_el("diamond"))  # the body's own insets come on top
    assert both is not None and (both.top, both.left) == pytest.approx((51.6, 79.2))
    assert text_insets(_el("rect")) == Insets(top=3.6, right=7.2, bottom=3.6, left=7.2)


def test_more_presets_adjust_values() -> None:
    """Own adjust values, pinned as the definitions pin them (288 × 192, ss = 192)."""
    def sides(geometry: str, adjust: dict[str, float]) -> tuple[float, ...]:
        ins = geometry_insets(_el(geometry, adjust))
        assert ins is not None
        return ins.top, ins.right, ins.bottom, ins.left
    assert sides("can", {"adj": 40000}) == pytest.approx((76.8, 0, 38.4, 0))
    assert sides("bevel", {"adj": 90000}) == pytest.approx((96, 96, 96, 96))  # pinned to 50000
    assert sides("frame", {"adj1": 25000}) == pytest.approx((48, 48, 48, 48))
    # upArrow, adj1 70 %: the shaft 201.6 wide, its sides 43.2 in; the head ss × 30 % = 57.6
    # long, crossed 57.6 × 43.2 / 144 = 17.28 below its tip.
    assert sides("upArrow", {"adj1": 70000, "adj2": 30000}) == pytest.approx(
        (40.32, 43.2, 0, 43.2))
    # round2SameRect with the larger corners below: the sides take the bottom's inset.
    assert sides("round2SameRect", {"adj1": 10000, "adj2": 30000}) == pytest.approx(
        (5.62, 16.87, 16.87, 16.87), abs=0.01)
    # The arrow callout's box: adj4 pinned to 100000 − adj3 × ss / w = 80000 (adj3 = 30 %).
    assert sides("leftArrowCallout", {"adj3": 30000, "adj4": 95000}) == pytest.approx(
        (0, 0, 0, 57.6))
    assert sides("star4", {"adj": 50000}) == pytest.approx(  # the inner corners at 45°
        (96 * 0.29289, 144 * 0.29289, 96 * 0.29289, 144 * 0.29289), abs=0.01)


def test_the_height_whose_text_rectangle_holds_the_text() -> None:
    """What an ``a:spAutoFit`` ellipse grows to: 60 px of text and 7.2 px of body insets need
    (60 + 7.2) / (1 − 0.2929) px, the inscribed square taking 70.7 % of the height; a
    triangle twice what a box needs (its text rectangle is the lower half)."""
    oval = height_for_text(_el("ellipse"), 288, 60, 7.2)
    assert oval == pytest.approx(67.2 / (1 - 0.29289), abs=0.01)
    assert height_for_text(_el("triangle"), 288, 60, 7.2) == pytest.approx(134.4, abs=0.01)
    assert height_for_text(_el("rect"), 288, 60, 7.2) == pytest.approx(67.2, abs=0.01)
