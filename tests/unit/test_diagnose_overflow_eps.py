"""content_overflow at the box's edges: a content box that fits and pokes past an edge by
less than OOB_EPS_PX is inside (the first line's glyphs at a reduced line spacing)."""

from __future__ import annotations

from pptxagent.diagnose.overflow import overflow_px
from pptxagent.ir import Box


def test_a_sub_pixel_poke_past_the_top_is_not_an_overflow() -> None:
    box = Box(x=0, y=100, w=400, h=80)
    assert overflow_px(box, Box(x=10, y=99.8, w=300, h=60), True, 1.0) == (0.0, 0.0)
    assert overflow_px(box, Box(x=10, y=98.5, w=300, h=60), True, 1.0) == (0.0, 1.5)
    assert overflow_px(box, Box(x=10, y=99.8, w=300, h=81), True, 1.0)[1] == 1.0  # too tall
