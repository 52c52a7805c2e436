"""The hints policy in the real loop: real Chromium measures, the real diagnostics hint.

Each slide is broken in a way one patch can repair when the policy completes what a single
budget-clamped hint leaves open; the test asserts it does so in ONE patch.
"""

from __future__ import annotations

from typing import Any

import pytest

from pptxagent.ir import SlideIR
from pptxagent.loop.driver import refine
from pptxagent.measure import Measurer
from pptxagent.policy.hints import HintsPolicy
from pptxagent.settings import Settings

pytestmark = pytest.mark.browser

BULLETS = "\n".join(f"• Point {c}: revenue grew in the {c} region" for c in "ABCDE")


def slide(**layouts: dict[str, float]) -> SlideIR:
    els: list[dict[str, Any]] = [
        {"eid": "e_bg", "type": "decoration", "priority": 20,
         "layout": {"x": 0, "y": 0, "w": 1280, "h": 720, "zIndex": 0}},
        {"eid": "e_title", "type": "title", "priority": 100, "content": "Quarterly Findings",
         "layout": {"x": 48, "y": 32, "w": 1184, "h": 80}, "style": {"fontSize": 44}},
        {"eid": "e_bullets", "type": "bullets", "priority": 80, "content": BULLETS,
         "layout": {"x": 64, "y": 150, "w": 700, "h": 320},
         "style": {"fontSize": 24, "lineHeight": 1.3}},
        {"eid": "e_img", "type": "image", "priority": 40,
         "layout": {"x": 820, "y": 150, "w": 400, "h": 300}, "style": {"backgroundColor": "#88a"}},
        {"eid": "e_caption", "type": "text", "priority": 60, "content": "Source: finance team",
         "layout": {"x": 64, "y": 600, "w": 600, "h": 40}, "style": {"fontSize": 18}},
    ]
    for el in els:
        el["layout"].update(layouts.get(el["eid"], {}))
    return SlideIR.model_validate({"slide": {"w": 1280, "h": 720}, "elements": els})


CASES = {
    # title 130..210 on the bullets: the bullets may move only 48px, the title rises the rest.
    "title_down": slide(e_title={"y": 130}),
    # the image pushed off the right edge: moving it in lands on the bullets.
    "image_off_and_onto_bullets": slide(e_img={"x": 900, "y": 200, "w": 520}),
    # the bullets box ~30% too short: +15% height, the font shrinks for the rest.
    "short_box_and_caption_off": slide(e_bullets={"h": 130}, e_caption={"x": 800, "y": 650}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_slide_is_clean_after_one_patch(name: str) -> None:
    out = refine(CASES[name], settings=Settings(), policy=HintsPolicy(), measurer=Measurer())
    r = out.result
    assert r.defect_count_per_iter[0] >= 1
    assert r.quality == "success_clean", [d.type for d in out.final_diag.defects]
    assert r.iterations_to_converge == 1
