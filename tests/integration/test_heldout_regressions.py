"""Regressions found by the held-out harness (``bench/heldout``) on real templates."""

from __future__ import annotations

import pytest

from pptxagent.diagnose import diagnose
from pptxagent.ir import SlideIR
from pptxagent.measure import Measurer
from pptxagent.settings import Settings


@pytest.mark.browser
@pytest.mark.parametrize("align", ["right", "left", "center"])
def test_space_hanging_at_a_wrapped_line_end_is_not_an_overflow(align: str) -> None:
    # ONLYOFFICE's section header: right-aligned 42 pt text in a 514 px box. The space where
    # the line wraps hangs past the box (white-space: pre-wrap); PowerPoint and LibreOffice
    # draw nothing there, so three short bullets must not be "too wide" and get shrunk.
    ir = SlideIR.model_validate({"slide": {"w": 960, "h": 720}, "elements": [{
        "eid": "sp3", "type": "bullets", "priority": 80,
        "content": "Revenue grew twelve percent\nCosts held flat",
        "layout": {"x": 412, "y": 408, "w": 514, "h": 254},
        "style": {"fontSize": 56, "lineHeight": 1.08, "textAlign": align,
                  "insets": {"left": 9.6, "right": 9.6, "top": 4.8, "bottom": 4.8}},
    }]})
    settings = Settings().with_overrides({"SLIDE_W": 960, "SLIDE_H": 720})
    dom, _ = Measurer().measure(ir, settings)
    box = dom.get("sp3")
    assert box is not None and box.contentBox is not None
    assert box.contentBox.x + box.contentBox.w <= 412 + 514 - 9.6 + 0.5
    assert box.contentBox.h > 2 * 56  # the text did wrap: the fix is not hiding lines
    assert diagnose(ir, dom, settings).summary.defect_count == 0
