"""Measured text heights follow PowerPoint's rules in the browser: a bullet in another font
does not grow its line, space after and the next space before add up, an empty paragraph
is as tall as its own font, capitals are wider than lower case."""

from __future__ import annotations

from typing import Any

import pytest

from pptxagent.ir import SlideIR
from pptxagent.measure import Measurer

pytestmark = pytest.mark.browser


def _height(*paragraphs: dict[str, Any], width: bool = False) -> float:
    el = {"eid": "t", "type": "text", "priority": 60, "content": "",
          "layout": {"x": 10, "y": 10, "w": 900, "h": 500},
          "style": {"fontSize": 20, "lineHeight": 1.2, "fontFamily": "Calibri"},
          "paragraphs": list(paragraphs)}
    dom, _ = Measurer().measure(SlideIR.model_validate({"slide": {"w": 960, "h": 540},
                                                         "elements": [el]}))
    el_dom = dom.elements[0]
    box = el_dom.textBox if width else el_dom.contentBox
    assert box is not None
    return box.w if width else box.h


def _para(text: str, **kw: Any) -> dict[str, Any]:
    return {"text": text, "lineHeight": 1.2, "runs": [{"text": text, "fontSize": 20}], **kw}


def test_bullet_in_another_font_keeps_the_line_pitch() -> None:
    plain = _height(_para("one"), _para("two"))
    bulleted = _height(*(_para(t, bullet="–", bulletFont="Arial", indent=-20, marginLeft=20)
                         for t in ("one", "two")))
    # Mixed fonts used to grow every line by 2 px; the bullet glyph may round one px out.
    assert bulleted == pytest.approx(plain, abs=1.01)


def test_space_after_and_next_space_before_add_up() -> None:
    none = _height(_para("one"), _para("two"))
    both = _height(_para("one", spaceAfter=10), _para("two", spaceBefore=6))
    assert both - none == pytest.approx(16, abs=0.5)


def test_small_empty_paragraph_is_a_small_gap() -> None:
    big = _height(_para("one"), {"text": ""}, _para("two"))
    small = _height(_para("one"), {"text": "", "endFontSize": 8}, _para("two"))
    assert big - small == pytest.approx((20 - 8) * 1.2, abs=1)


def test_all_caps_text_is_measured_in_capitals() -> None:
    lower = _height(_para("talent approach"), width=True)
    caps = _height({"text": "talent approach", "lineHeight": 1.2,
                    "runs": [{"text": "talent approach", "fontSize": 20, "caps": "all"}]},
                   width=True)
    assert caps > lower * 1.15


def _top(*paragraphs: dict[str, Any]) -> float:
    el = {"eid": "t", "type": "text", "priority": 60, "content": "",
          "layout": {"x": 10, "y": 10, "w": 900, "h": 500},
          "style": {"fontSize": 20, "lineHeight": 1.2, "fontFamily": "Calibri"},
          "paragraphs": list(paragraphs)}
    dom, _ = Measurer().measure(SlideIR.model_validate({"slide": {"w": 960, "h": 540},
                                                         "elements": [el]}))
    box = dom.elements[0].textBox
    assert box is not None
    return box.y


def test_wider_line_spacing_goes_above_the_line() -> None:
    single = _top(_para("one"))
    wide = {"text": "one", "lineHeight": 1.8, "runs": [{"text": "one", "fontSize": 20}]}
    # 150 % spacing: PowerPoint draws the first line 0.6 × 20 px lower, CSS only half of it.
    assert _top(wide) - single == pytest.approx(0.6 * 20, abs=1)
