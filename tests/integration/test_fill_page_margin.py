"""A repaired text box does not grow into the page margin the template kept free: a real
right-to-left deck (poi's stress021) whose 12-pt label, given twice its text, widens toward
the slide's right edge stops 0.5 % of the slide's width short of it (it reached the edge, its
text 11 px from it, before)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pptx import Presentation

from pptxagent.pipeline.fill import FillOptions, fill_deck

pytestmark = [pytest.mark.browser]

DECK = Path("../shared/corpus/pptx/poi__stress021.pptx")
LABEL = 39939  # "Rectangle 18": 151 px wide, 49 px from the right edge of a 960 px slide
EMU_PX = 9525


def test_a_label_widened_toward_the_edge_stops_at_the_page_margin(tmp_path: Path) -> None:
    content = tmp_path / "content.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 1, "fill": {
        f"sp{LABEL}": "נושאי השיעור נושאי השיעור"}}]}, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "out.pptx"
    report = fill_deck(FillOptions(template=DECK, content=content, out=out, crosscheck=False))
    assert report.slides[0].quality != "degraded"
    prs = Presentation(str(out))
    shape = next(s for s in prs.slides[0].shapes if s.shape_id == LABEL)
    slide_w = prs.slide_width / EMU_PX
    left, width = shape.left / EMU_PX, shape.width / EMU_PX
    assert width > 160  # it grew to take its text on one line
    assert left + width <= slide_w - 0.005 * slide_w + 0.5  # and stopped at the margin
