"""Text sized by its paragraph (``a:pPr/a:defRPr``, what python-pptx's ``paragraph.font``
writes, and PowerPoint and LibreOffice both draw) is measured at that size: a 40 pt bold
box filled with more than it holds is repaired, and LibreOffice then draws no filled text
outside it. Read as the runs' own size (18 pt), it was called clean while LibreOffice drew
it off the slide."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_cli
from pptx import Presentation
from pptx.enum.text import MSO_AUTO_SIZE
from pptx.util import Emu, Pt

from pptxagent.engines.libreoffice import get_libreoffice

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]
EMU = 9525


def _deck(path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Emu(457200), Emu(457200), Emu(8229600), Emu(2743200))
    box.name = "Body"
    tf = box.text_frame
    tf.word_wrap = True
    tf.auto_size = MSO_AUTO_SIZE.NONE  # a resize-to-fit box would grow first; the font's tested
    tf.paragraphs[0].text = "One short line"
    tf.paragraphs[0].font.size = Pt(40)
    tf.paragraphs[0].font.bold = True
    prs.save(str(path))


def test_paragraph_font_size_is_measured_and_repaired(tmp_path: Path) -> None:
    template, content = tmp_path / "t.pptx", tmp_path / "c.json"
    _deck(template)
    items = ["Revenue grew in every region this quarter", "Hiring caught up with the plan",
             "Costs fell for the third quarter running", "Churn is the lowest on record"]
    content.write_text(json.dumps({"slides": [{"template_slide": 1,
                                               "fill": {"name:Body": items}}]}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(template, content, out, report)
    assert proc.returncode == 0, proc.stderr
    slide = json.loads(report.read_text())["slides"][0]
    assert slide["quality"].startswith("success"), slide
    fonts = [c["text"] for c in slide["changes"] if c["what"] == "font"]
    assert fonts and fonts[0].startswith("font 40 → "), slide["changes"]
    box = get_libreoffice().text_bounds(out)[1][str(Presentation(str(out)).slides[0]
                                                      .shapes[0].shape_id)]
    top, bottom = 457200 / EMU, (457200 + 2743200) / EMU
    assert box.y >= top - 2 and box.y + box.h <= bottom + 2, box
