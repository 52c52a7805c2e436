"""The spec's verbatim Range measurement on our HTML: wrapped text never reports phantom
overflow (no space hangs past the box at a soft wrap), and runs of spaces keep their width."""

from __future__ import annotations

import pytest

from pptxagent.ir import SlideIR
from pptxagent.measure import Measurer

pytestmark = pytest.mark.browser

TEXT = "Revenue grew in every region we serve and then some more words to wrap at the edge"


def _slide(width: float, text: str = TEXT) -> SlideIR:
    return SlideIR.model_validate({"slide": {"w": 1280, "h": 720}, "elements": [
        {"eid": "t", "type": "text", "priority": 60, "content": text,
         "layout": {"x": 100, "y": 100, "w": width, "h": 400},
         "style": {"fontSize": 20, "lineHeight": 1.2, "fontFamily": "Calibri"}}]})


@pytest.mark.parametrize("width", [150, 203, 257.5, 311])
def test_wrapped_text_stays_inside_its_box(width: float) -> None:
    dom, html = Measurer().measure(_slide(width))
    el = dom.elements[0]
    assert "pre-line" in html
    assert el.contentBox is not None
    assert el.contentBox.x + el.contentBox.w <= el.bbox.x + el.bbox.w
    assert el.contentBox.h > 40  # it really wrapped onto several lines


def test_runs_of_spaces_keep_their_width() -> None:
    one, _ = Measurer().measure(_slide(1000, "a b"))
    four, _ = Measurer().measure(_slide(1000, "a    b"))
    assert one.elements[0].contentBox is not None and four.elements[0].contentBox is not None
    assert four.elements[0].contentBox.w > one.elements[0].contentBox.w + 10
