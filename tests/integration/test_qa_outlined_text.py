"""WordArt: white letters with a dark outline (``a:ln`` on the run) on a white page, as a
Google Slides deck of the pptx2txt2 package has it. PowerPoint draws the outline and the
words read; the browser drew only the white fill, and ``pptxagent qa`` called the slide
"contrast 1:1, critical". The outline is now drawn (``-webkit-text-stroke``) and judged; the
same white words without an outline are still white on white."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from cli_support import qa_cli
from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Inches, Pt

pytestmark = pytest.mark.browser

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
RIM = (f'<a:ln xmlns:a="{A}" w="38100"><a:solidFill><a:srgbClr val="1F1F1F"/></a:solidFill>'
       "</a:ln>")


def _deck(path: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for top, text, rimmed in ((1, "Word art is so 00s", True), (4, "Plain white words", False)):
        box = slide.shapes.add_textbox(Inches(1), Inches(top), Inches(8), Inches(1.2))
        run = box.text_frame.paragraphs[0].add_run()
        run.text, run.font.size, run.font.bold = text, Pt(54), True
        run.font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
        if rimmed:  # the outline goes first in a:rPr (CT_TextCharacterProperties)
            run._r.get_or_add_rPr().insert(0, etree.fromstring(RIM))
    prs.save(str(path))
    return path


def test_outlined_white_text_reads_on_white(tmp_path: Path) -> None:
    deck = _deck(tmp_path / "wordart.pptx")
    done = qa_cli(deck)
    assert done.returncode == 1, done.stderr
    issues = [(i["message"].split("'")[1], i["severity"])
              for i in json.loads(done.stdout)["issues"] if i["kind"] == "contrast"]
    assert issues == [("Plain white words", "critical")]
    render = subprocess.run([sys.executable, "-m", "pptxagent.cli", "render", str(deck),
                             "--out", str(tmp_path / "png"), "--engine", "browser"],
                            capture_output=True, text=True, timeout=300, check=False)
    assert render.returncode == 0, render.stderr
    png = np.asarray(Image.open(tmp_path / "png" / "browser" / "slide-1.png").convert("L"))
    scale = png.shape[1] / 960
    rimmed = png[int(96 * scale):int(211 * scale), int(96 * scale):int(864 * scale)]
    plain = png[int(384 * scale):int(499 * scale), int(96 * scale):int(864 * scale)]
    assert (rimmed < 80).sum() > 2000  # the dark rim is drawn round the letters
    assert (plain < 80).sum() == 0
