"""Text drawn as PowerPoint draws it (no browser): capitals, letter spacing, symbol-font
bullets, bullet sizes, paragraph spacing that adds up, empty lines as tall as their font."""

from __future__ import annotations

import re
from typing import Any

from pptxagent.ir import SlideIR
from pptxagent.render import render_slide
from pptxagent.render.symbols import symbol_text


def _html(*paragraphs: dict[str, Any]) -> str:
    el = {"eid": "t", "type": "text", "priority": 60, "content": "",
          "layout": {"x": 10, "y": 10, "w": 600, "h": 300},
          "style": {"fontSize": 20, "lineHeight": 1.2}, "paragraphs": list(paragraphs)}
    return render_slide(SlideIR.model_validate({"slide": {"w": 960, "h": 540},
                                                "elements": [el]}))


def test_all_caps_and_small_caps_runs_are_drawn_in_capitals() -> None:
    html = _html({"text": "ab", "runs": [{"text": "a", "fontSize": 20, "caps": "all"},
                                         {"text": "b", "fontSize": 20, "caps": "small"}]})
    assert "text-transform:uppercase" in html
    assert "font-variant:small-caps" in html


def test_character_spacing_is_drawn() -> None:
    html = _html({"text": "a", "runs": [{"text": "a", "fontSize": 20, "letterSpacing": 2.5}]})
    assert "letter-spacing:2.5px" in html


def test_paragraph_spacing_is_padding_so_after_and_before_add_up() -> None:
    html = _html({"text": "a", "spaceAfter": 8}, {"text": "b", "spaceBefore": 5})
    assert "padding-bottom:8px" in html and "padding-top:5px" in html
    paras = re.sub(r'<div[^>]*class="slide"[^>]*>', "", html)  # the slide's own gap aside
    assert "margin-top" not in paras and "margin-bottom" not in paras


def test_wingdings_bullet_letter_draws_its_symbol() -> None:
    assert symbol_text("n", "Wingdings") == "\u25a0"  # black square, not the letter n
    assert symbol_text("\uf0a7", "Wingdings") == "\u25aa"  # private-use form
    assert symbol_text("\u00b7", "Symbol") == "\u2022"
    assert symbol_text("z", "Wingdings 2") == "\u2022"  # unknown table: still a bullet
    assert symbol_text("n", "Arial") is None
    html = _html({"text": "a", "bullet": "n", "bulletFont": "Wingdings", "indent": -20,
                  "marginLeft": 20, "runs": [{"text": "a", "fontSize": 20}]})
    assert ">\u25a0</span>" in html and ">n</span>" not in html


def test_bullet_is_scaled_and_never_makes_its_line_taller() -> None:
    html = _html({"text": "a", "bullet": "•", "bulletScale": 0.5, "indent": -20,
                  "marginLeft": 20, "runs": [{"text": "a", "fontSize": 20}]})
    bullet = html.split('<span class="bu" style="', 1)[1].split('"', 1)[0]
    assert "font-size:10px" in bullet and "line-height:0" in bullet


def test_empty_paragraph_is_as_tall_as_its_end_font() -> None:
    html = _html({"text": "a", "runs": [{"text": "a", "fontSize": 20}]},
                 {"text": "", "endFontSize": 8})
    assert '<div class="p" style="font-size:8px;line-height:1.2"><br></div>' in html or \
        '<div class="p" style="font-size:8px"><br></div>' in html


def test_struck_underlined_and_highlighted_runs() -> None:
    html = _html({"text": "ab", "runs": [
        {"text": "a", "fontSize": 20, "underline": True, "strike": True},
        {"text": "b", "fontSize": 20, "highlight": "#FFFF00"}]})
    assert "text-decoration:underline line-through" in html
    assert "background-color:#FFFF00" in html


def test_run_props_read_strike_and_highlight() -> None:
    from lxml import etree

    from pptxagent.ooxml.styles import read_run_props

    rpr = etree.fromstring(
        '<a:rPr xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
        'strike="sngStrike"><a:highlight><a:srgbClr val="FFFF00"/></a:highlight></a:rPr>')
    props = read_run_props(rpr)
    assert props.strike is True
    assert props.highlight is not None and props.highlight.value.upper() == "FFFF00"


def test_patterned_text_reads_as_its_foreground_colour() -> None:
    """Pattern-filled text (``a:pattFill``) was drawn in the run's default colour (black):
    white dotted text on a dark band read as black on dark."""
    from lxml import etree

    from pptxagent.ooxml.styles import read_run_props

    rpr = etree.fromstring(
        '<a:rPr xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        '<a:pattFill prst="pct50"><a:fgClr><a:srgbClr val="FFFFFF"/></a:fgClr>'
        '<a:bgClr><a:srgbClr val="000000"/></a:bgClr></a:pattFill></a:rPr>')
    props = read_run_props(rpr)
    assert props.color is not None and props.color.value.upper() == "FFFFFF"
    assert props.fill_set


def test_vertical_text_spaces_and_indents_along_its_lines() -> None:
    para = {"text": "b", "spaceBefore": 5, "spaceAfter": 8, "marginLeft": 12}
    el = {"eid": "v", "type": "bullets", "priority": 80, "content": "a\nb",
          "layout": {"x": 0, "y": 0, "w": 60, "h": 400},
          "style": {"fontSize": 20, "lineHeight": 1.2, "vert": "vert270"},
          "paragraphs": [{"text": "a"}, para]}
    html = render_slide(SlideIR.model_validate({"elements": [el]}))
    assert "padding-block-start:5px" in html and "padding-block-end:8px" in html
    assert "margin-inline-start:12px" in html and "margin-left" not in html


def test_paragraph_of_only_spaces_takes_a_line() -> None:
    """PowerPoint and LibreOffice give a paragraph holding one space a full line; CSS would
    drop the space and the line (ppt-template's example drew its text 46 px too high)."""
    html = _html({"text": " ", "runs": [{"text": " ", "fontSize": 28}]},
                 {"text": "a b ", "runs": [{"text": "a", "fontSize": 20},
                                           {"text": " b ", "fontSize": 20}]})
    first, second = html.split('class="p"')[1:3]
    assert first.count("<br>") == 1
    assert "<br>" not in second  # a line with text, spaces at its end: no extra line


def test_a_tab_runs_on_to_the_next_default_stop() -> None:
    """``white-space: pre-line`` made a tab one space: "Suggested stoplogo:" after three tabs
    was drawn 190 px left of where LibreOffice draws it, under a picture."""
    html = _html({"text": "a\tb<c", "tabSize": 96,
                  "runs": [{"text": "a\tb<c", "fontSize": 20}]})
    assert 'a<span class="tab">\t</span>b&lt;c' in html  # the rest still escaped
    assert "tab-size:96px" in html
    assert ".tab { white-space: pre-wrap; }" in html  # kept, and hangs at a wrap


def test_paragraphs_read_their_default_tab_stops() -> None:
    from lxml import etree

    from pptxagent.ooxml.styles import read_para_props
    from pptxagent.ooxml.xml import qn

    ppr = etree.Element(qn("a:pPr"), defTabSz="457200")
    assert read_para_props(ppr).def_tab == 457200
    assert read_para_props(etree.Element(qn("a:pPr"), defTabSz="-5")).def_tab is None


def test_korean_wraps_at_its_spaces_chinese_anywhere() -> None:
    """Chromium broke Hangul between any two syllables; PowerPoint and LibreOffice wrap Korean
    at its spaces (a 3-inch box: "생산 / 성이" in the browser, "생산성이" whole in LibreOffice)."""
    html = _html({"text": "개발자 생산성이", "runs": [{"text": "개발자 생산성이", "fontSize": 20}]})
    assert "word-break:keep-all" in html
    html = _html({"text": "我们的产品", "runs": [{"text": "我们的产品", "fontSize": 20}]})
    assert "word-break" not in html
