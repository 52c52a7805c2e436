"""Copies of one template box keep one size after the fill: two card headings side by side,
one filled with a longer value. The loop fits each box on its own, so the long one ended
smaller than its twin (a fresh deck's "Global Teams Global Teams" at 20 pt beside "Better Docs
Better Docs" at 28 pt); a designer would have to fix that by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_json, fill_tokens
from lxml import etree
from pptx import Presentation
from pptx.enum.text import MSO_AUTO_SIZE
from pptx.presentation import Presentation as PresentationType
from pptx.slide import Slide
from pptx.util import Emu, Inches, Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _card(slide: Slide, left: float, text: str, top: float = 2) -> None:
    box = slide.shapes.add_textbox(Inches(left), Inches(top), Inches(3.5), Inches(0.6))
    frame = box.text_frame
    frame.word_wrap = True
    frame.auto_size = MSO_AUTO_SIZE.NONE  # fixed card headings (a resize-to-fit one grows)
    frame.text = text
    frame.paragraphs[0].runs[0].font.size = Pt(28)
    frame.paragraphs[0].runs[0].font.bold = True


def _filled(prs: PresentationType, tmp_path: Path) -> dict[str, float]:
    """Fill the two headings (one long, one short) through the CLI: each text's size."""
    proc, out, _ = fill_tokens(prs, tmp_path, {
        "left": "Global teams across every time zone", "right": "Better docs"})
    assert proc.returncode == 0, proc.stderr
    shapes = Presentation(str(out)).slides[0].shapes
    return {s.text_frame.text: s.text_frame.paragraphs[0].runs[0].font.size.pt
            for s in shapes if s.has_text_frame and s.text_frame.text}


def test_twin_card_headings_end_at_one_size(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    _card(slide, 1.0, "{{left}}")
    _card(slide, 5.5, "{{right}}")
    sizes = _filled(prs, tmp_path)
    long, short = sizes["Global teams across every time zone"], sizes["Better docs"]
    assert long < 28  # the long heading had to shrink to stay on one line's room
    assert short == long  # and its twin went with it
    slide_report = json.loads((tmp_path / "r.json").read_text())["slides"][0]
    assert slide_report["quality"] == "success_clean"
    assert any("one size" in n for n in slide_report["notes"])


def test_boxes_that_only_look_alike_keep_their_own_sizes(tmp_path: Path) -> None:
    """Same font, but not in one row or column (or not the same size): not copies."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    _card(slide, 1.0, "{{left}}")
    _card(slide, 5.5, "{{right}}", top=4)
    sizes = _filled(prs, tmp_path)
    assert sizes["Better docs"] == 28 > sizes["Global teams across every time zone"]


def test_a_degraded_slide_keeps_its_record(tmp_path: Path) -> None:
    """Twin headings beside a table too long for the slide: the slide is degraded by the
    table. Evening out the twins ran a second pass from the truncated state, which lost the
    first pass's defects and its 'does not fit' change; such a slide is left as it was."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    _card(slide, 1.0, "{{left}}")
    _card(slide, 5.5, "{{right}}")
    table = slide.shapes.add_table(3, 2, Inches(1), Inches(5.6), Inches(8), Inches(1.2)).table
    for r in range(3):
        for c in range(2):
            table.cell(r, c).text = f"{{{{t{r}{c}}}}}"
    tokens = {"left": "Global teams across every time zone", "right": "Better docs",
              **{f"t{r}{c}": "Very long table text " * 12 for r in range(3) for c in range(2)}}
    proc, _, report = fill_tokens(prs, tmp_path, tokens)
    assert proc.returncode == 1, proc.stderr
    slide_report = json.loads(report.read_text())["slides"][0]
    assert slide_report["quality"] == "degraded"
    assert [d["type"] for d in slide_report["defects"]] == ["content_overflow"]
    assert "overflow_left" in {c["what"] for c in slide_report["changes"]}


CARD = """<p:sp xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"
xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><p:nvSpPr>
<p:cNvPr id="{id}" name="Card {id}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm>
<a:off x="{x}" y="3547872"/><a:ext cx="3291840" cy="1691640"/></a:xfrm>
<a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="1E2A3D"/>
</a:solidFill></p:spPr><p:txBody><a:bodyPr anchor="ctr" wrap="square" lIns="101600"
rIns="101600" tIns="76200" bIns="76200"/><a:lstStyle/>{paras}</p:txBody></p:sp>"""
PARA = """<a:p><a:pPr algn="ctr"/><a:r><a:rPr lang="zh-CN" sz="2600"><a:solidFill>
<a:srgbClr val="7FC8A9"/></a:solidFill><a:latin typeface="Segoe UI"/>
<a:ea typeface="Microsoft YaHei"/></a:rPr><a:t>{text}</a:t></a:r></a:p>"""


def test_twins_stay_one_size_after_the_libreoffice_pass(tmp_path: Path) -> None:
    """Three KPI cards (a fresh deck's): LibreOffice draws the mixed Chinese and Latin label
    taller than the browser, and its pass shrank that card alone to 22.2 pt after the twins
    had been evened out at 23.3 pt."""
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12191695), Emu(6858000)
    tree = prs.slides.add_slide(prs.slide_layouts[6]).shapes._spTree
    for k in range(3):
        paras = PARA.format(text="5") + PARA.format(text="assign 归属")
        tree.append(etree.fromstring(CARD.format(id=10 + k, x=640080 + k * 3749040,
                                                 paras=paras)))
    template = tmp_path / "t.pptx"
    prs.save(str(template))
    proc, out, report = fill_json(template, tmp_path, {"slides": [{"template_slide": 1, "fill": {
        "sp10": "11\n语义布局 11\n语义布局",
        "sp11": "2\n渲染产物（PDF/PNG） 2\n渲染产物（PDF/PNG）",
        "sp12": "0\n运行时第三方依赖 0\n运行时第三方依赖"}}]})
    assert proc.returncode == 0, proc.stderr
    notes = json.loads(report.read_text())["slides"][0]["notes"]
    assert any(n.startswith("LibreOffice pass") for n in notes)  # the pass ran …
    sizes = {r.font.size.pt for s in Presentation(str(out)).slides[0].shapes
             for p in s.text_frame.paragraphs for r in p.runs}
    assert len(sizes) == 1 and sizes.pop() < 26  # … and the three cards share one size
