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


def test_the_height_whose_text_rectangle_holds_the_text() -> None:
    """What an ``a:spAutoFit`` ellipse grows to: 60 px of text and 7.2 px of body insets need
    (60 + 7.2) / (1 − 0.2929) px, the inscribed square taking 70.7 % of the height; a
    triangle twice what a box needs (its text rectangle is the lower half)."""
    oval = height_for_text(_el("ellipse"), 288, 60, 7.2)
    assert oval == pytest.approx(67.2 / (1 - 0.29289), abs=0.01)
    assert height_for_text(_el("triangle"), 288, 60, 7.2) == pytest.approx(134.4, abs=0.01)
    assert height_for_text(_el("rect"), 288, 60, 7.2) == pytest.approx(67.2, abs=0.01)
