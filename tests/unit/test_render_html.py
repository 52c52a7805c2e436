"""The HTML a slide becomes: positions, text, escaping, fonts, images (no browser)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pptxagent.errors import InputError
from pptxagent.ir import SlideIR
from pptxagent.render import render_deck, render_slide

# A 1×1 transparent PNG.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082"
)


def slide(*elements: dict[str, Any], w: float = 1280, h: float = 720) -> SlideIR:
    return SlideIR.model_validate({"slide": {"w": w, "h": h}, "elements": list(elements)})


def text_el(eid: str = "e1", content: str = "Hello", **style: Any) -> dict[str, Any]:
    return {"eid": eid, "type": "text", "priority": 60, "content": content,
            "layout": {"x": 48, "y": 32.5, "w": 600, "h": 80, "zIndex": 12},
            "style": {"fontSize": 24, **style}}


def element_tag(html: str, eid: str) -> str:
    m = re.search(rf'<(?:div|img) data-eid="{eid}"[^>]*>', html)
    assert m, f"no element {eid} in the HTML"
    return m.group(0)


def test_slide_container_has_the_slide_size_and_does_not_clip() -> None:
    html = render_slide(slide(text_el(), w=960, h=720))
    assert ('<div id="slide" class="slide" data-slide="0" '
            'style="width:960px;height:720px;margin-bottom:40px">') in html
    assert "overflow: visible" in html
    assert "overflow:hidden" not in html


def test_element_is_placed_at_its_layout_box() -> None:
    tag = element_tag(render_slide(slide(text_el())), "e1")
    for decl in ("left:48px", "top:32.5px", "width:600px", "height:80px", "z-index:12",
                 "font-size:24px", "line-height:1.2"):
        assert decl in tag


def test_text_is_escaped_and_newlines_become_br_without_block_children() -> None:
    html = render_slide(slide(text_el(content='<script>alert("x")</script>\nline 2')))
    assert "<script>alert" not in html
    inner = re.search(r'data-eid="e1"[^>]*>(.*?)</div>', html)
    assert inner is not None
    assert inner.group(1) == "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;<br>line 2"


def test_font_family_maps_to_installed_metric_twin() -> None:
    tag = element_tag(render_slide(slide(text_el(fontFamily="Calibri"))), "e1")
    assert "Carlito" in tag and "sans-serif" in tag


def test_css_injection_in_colour_is_refused_naming_the_element() -> None:
    with pytest.raises(InputError, match=r"element 'e1'.*style\.color"):
        render_slide(slide(text_el(color="red;position:fixed")))


def test_duplicate_eid_is_refused() -> None:
    with pytest.raises(InputError, match="duplicate eid 'e1'"):
        render_slide(slide(text_el(), text_el()))


def test_missing_image_is_a_grey_placeholder_box() -> None:
    el = {"eid": "img", "type": "image", "priority": 40, "content": "no/such/file.png",
          "layout": {"x": 0, "y": 0, "w": 100, "h": 50}}
    tag = element_tag(render_slide(slide(el)), "img")
    assert "img-missing" in tag


def test_existing_image_is_embedded_once_as_data_uri(tmp_path: Path) -> None:
    (tmp_path / "pic.png").write_bytes(PNG)
    els = [{"eid": f"img{i}", "type": "image", "priority": 40, "content": "pic.png",
            "layout": {"x": 0, "y": 0, "w": 100, "h": 50}} for i in range(2)]
    html = render_deck([slide(*els), slide(*els)], assets_dir=tmp_path)
    assert html.count("data:image/png;base64,") == 1  # four elements, one embedded picture
    tag = element_tag(html, "img1")
    assert "im im0" in tag and "img-missing" not in tag
    assert "background-size: cover" in html


def test_data_uri_that_could_escape_css_is_a_placeholder() -> None:
    el = {"eid": "img", "type": "image", "priority": 40,
          "content": "data:image/svg+xml;utf8,<svg></style><script>x</script>",
          "layout": {"x": 0, "y": 0, "w": 100, "h": 50}}
    html = render_slide(slide(el))
    assert "img-missing" in element_tag(html, "img") and "<script>" not in html


def test_hidden_truncated_and_nowrap_styles() -> None:
    html = render_slide(slide(text_el("a", display="none"), text_el("b", overflow="hidden"),
                              text_el("c", wrap=False)))
    assert "display:none" in element_tag(html, "a")
    assert "overflow:hidden" in element_tag(html, "b")
    assert "text-overflow:ellipsis" in element_tag(html, "b")
    assert re.search(r"white-space:pre[;\"]", element_tag(html, "c"))


def test_vertical_anchor_uses_flex_column() -> None:
    tag = element_tag(render_slide(slide(text_el(verticalAlign="bottom"))), "e1")
    assert "display:flex" in tag and "justify-content:flex-end" in tag


def test_paragraphs_scale_runs_and_draw_bullets() -> None:
    el = text_el(content="")
    el["style"] = {"fontSize": 30, "lineHeight": 1.8}
    el.update(baseFontSize=20, baseLineHeight=1.2, paragraphs=[
        {"text": "Point A", "bullet": "•", "indent": -18, "marginLeft": 18, "lineHeight": 1.2,
         "runs": [{"text": "Point A", "fontSize": 20, "bold": True, "color": "#ff0000"}]},
        {"text": ""},
    ])
    html = render_slide(slide(el))
    assert '<span class="bu"' in html and ">•</span>" in html
    assert "font-size:30px;font-weight:bold;color:#ff0000" in html  # 20 px × 30/20
    assert "line-height:1.8" in html  # 1.2 × 1.8/1.2
    assert '<div class="p" style="font-size:30px"><br></div>' in html  # empty paragraph


def test_deck_stacks_numbered_slide_containers() -> None:
    html = render_deck([slide(text_el()), slide(text_el()), slide(text_el())])
    assert [int(i) for i in re.findall(r'class="slide" data-slide="(\d+)"', html)] == [0, 1, 2]
    assert html.count('id="slide"') == 1


def test_every_slide_of_a_deck_document_starts_on_a_whole_px() -> None:
    """A slide 793.7 px tall must not shift the next one by a fraction of a px (its pixels,
    and so its contrast, would depend on where it sits in the document)."""
    html = render_deck([slide(text_el(), w=1058, h=793.7), slide(text_el(), w=1058, h=793.7)])
    gaps = re.findall(r'height:793\.7px;margin-bottom:([0-9.]+)px', html)
    assert len(gaps) == 2
    assert all(abs(793.7 + float(g) - round(793.7 + float(g))) < 1e-6 for g in gaps)


@pytest.mark.parametrize(("vert", "mode"), [("vert", "sideways-rl"), ("vert270", "sideways-lr"),
                                            ("eaVert", "vertical-rl")])
def test_vertical_text_runs_down_its_box(vert: str, mode: str) -> None:
    tag = element_tag(render_slide(slide(text_el(vert=vert))), "e1")
    assert f"writing-mode: {mode}" in tag or f"writing-mode:{mode}" in tag


def test_turned_text_is_drawn_turned_about_its_centre_and_flagged_for_measuring() -> None:
    el = text_el()
    el["layout"] = {**el["layout"], "rotation": 270}
    tag = element_tag(render_slide(slide(el)), "e1")
    assert "rotate(270deg)" in tag and 'class="el rot"' in tag
    plain = element_tag(render_slide(slide(text_el())), "e1")
    assert "rotate(" not in plain and 'class="el"' in plain


def test_a_paragraphs_strut_is_its_smallest_run_and_its_empty_last_line_the_breaks() -> None:
    """"95%" at 40 px over " of users" at 14 px, then a break at 40 px: the paragraph's own
    font (each line's strut) is the smallest run's, so a line of small runs is pitched by
    them; the empty line the break opens is as tall as the break, not the strut."""
    el = text_el(content="95% of users\n")
    el["paragraphs"] = [{"text": "95% of users\n", "runs": [
        {"text": "95%", "fontSize": 40}, {"text": " of users", "fontSize": 14},
        {"text": "\n", "fontSize": 40}]}]
    html = render_slide(slide(el))
    para = re.search(r'<div class="p" style="([^"]*)">(.*?)</div>', html)
    assert para is not None
    assert "font-size:14px" in para.group(1)
    assert '<span style="font-size:40px">95%</span>' in para.group(2)
    assert para.group(2).endswith('<span style="font-size:40px"><br></span>')
