"""A text's ink is what it draws in its own line rects, not another text's glyphs where the
two meet: a filled subtitle running into the template's banner does not make the banner's
own overflow look worse than the template's (aspose comments, held-out ``comments/long``)."""

from __future__ import annotations

import numpy as np

from pptxagent.ir import Box, DomSnapshot, SlideIR, SlideSize
from pptxagent.ir.qa import RunGlyphs
from pptxagent.qa.facts import SlideFacts


def _run(eid: str, rect: tuple[float, float, float, float]) -> RunGlyphs:
    return RunGlyphs(eid=eid, run=0, color=(0, 0, 0, 1.0), font_px=20, bold=False,
                     rects=(Box(x=rect[0], y=rect[1], w=rect[2], h=rect[3]),), text="t")


def test_ink_where_another_text_overlaps_is_not_counted() -> None:
    notext = np.full((100, 200, 3), 255, dtype=np.uint8)
    drawn = notext.copy()
    drawn[20:30, 10:60] = 0  # the banner's own letters
    drawn[50:60, 10:60] = 0  # the subtitle's letters, inside the banner's lower rect
    ir = SlideIR(slide=SlideSize(w=200, h=100), elements=[])
    facts = SlideFacts(number=1, ir=ir,
                       dom=DomSnapshot(slide=ir.slide, safe_padding=8, elements=[]),
                       runs=[_run("banner", (0, 15, 100, 60)), _run("sub", (0, 45, 100, 20))],
                       notext=notext, text_px=drawn)
    assert facts.ink_box("banner") == Box(x=10, y=20, w=50, h=10)
    # where the two meet, neither can tell whose ink it is: the subtitle's checks fall back
    # to its line boxes
    assert facts.ink_box("sub") is None
