"""A filled slide reuses its template slide's picture without text only when the fill
changed nothing that paints: text, fonts and the boxes of text that paints nothing."""

from __future__ import annotations

from typing import Any

from pptxagent.ir import SlideIR
from pptxagent.measure.twins import same_art


def _slide(*elements: dict[str, Any], backdrop: dict[str, Any] | None = None) -> SlideIR:
    return SlideIR.model_validate({"slide": {"w": 960, "h": 540}, "elements": list(elements),
                                   "backdrop": backdrop})


def _text(eid: str, content: str, y: float = 100, size: float = 24,
          **extra: Any) -> dict[str, Any]:
    return {"eid": eid, "type": "text", "priority": 60, "content": content,
            "layout": {"x": 40, "y": y, "w": 600, "h": 80}, "style": {"fontSize": size},
            **extra}


BAR = {"eid": "bar", "type": "decoration", "priority": 10,
       "layout": {"x": 0, "y": 0, "w": 960, "h": 60},
       "visual": {"fill": {"kind": "solid", "color": "#1F3864"}}}
BG = {"fill": {"kind": "solid", "color": "#FFFFFF"}}


def test_new_text_in_boxes_that_paint_nothing_keeps_the_art() -> None:
    template = _slide(BAR, _text("title", "Click to add title"), backdrop=BG)
    filled = _slide(BAR, _text("title", "Quarterly results", y=90, size=18), backdrop=BG)
    assert same_art(template, filled)


def test_anything_that_paints_and_changed_is_not_the_same_art() -> None:
    template = _slide(BAR, _text("title", "T"), backdrop=BG)
    moved_bar = _slide({**BAR, "layout": {**BAR["layout"], "h": 80}}, _text("title", "T"),
                       backdrop=BG)
    filled_box = {"visual": {"fill": {"kind": "solid", "color": "#FFEEAA"}}}
    grown_fill = (_slide(BAR, _text("title", "T", **filled_box), backdrop=BG),
                  _slide(BAR, _text("title", "T", y=90, **filled_box), backdrop=BG))
    other_bg = _slide(BAR, _text("title", "T"), backdrop={"fill": {"kind": "solid",
                                                                    "color": "#000000"}})
    assert not same_art(template, moved_bar)
    assert not same_art(*grown_fill)  # a text box with a fill that moved paints elsewhere
    assert not same_art(template, other_bg)
    assert not same_art(template, _slide(_text("title", "T"), backdrop=BG))  # art removed


def test_highlighted_text_paints_where_it_flows() -> None:
    """A highlight is a box behind the glyphs: new highlighted text is new art."""
    def marked(text: str) -> dict[str, Any]:
        return _text("body", text, paragraphs=[{"text": text, "runs": [
            {"text": text, "highlight": "#266D78"}]}])

    assert same_art(_slide(BAR, marked("and many more"), backdrop=BG),
                    _slide(BAR, marked("and many more"), backdrop=BG))
    assert not same_art(_slide(BAR, marked("and many more"), backdrop=BG),
                        _slide(BAR, marked("Revenue grew twelve percent"), backdrop=BG))
