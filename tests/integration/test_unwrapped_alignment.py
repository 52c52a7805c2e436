"""An unwrapped line (``wrap="none"``, python-pptx's default text box) longer than its box
stays centred on the box when centred, and ends at the box's right edge when right-aligned,
as PowerPoint and LibreOffice draw it; it used to run off to the right from the left edge,
so the QA saw it nearer the slide's edge than it is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pptx import Presentation
from pptx.enum.text import PP_ALIGN
from pptx.util import Inches, Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _ink_x(png: Path, top: int, bottom: int) -> tuple[int, int]:
    grey = np.asarray(Image.open(png).convert("L").resize((960, 720)))
    xs = np.nonzero(grey[top:bottom] < 128)[1]
    return int(xs.min()), int(xs.max())


def test_unwrapped_lines_keep_their_alignment_on_the_box(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for top, align in ((2, PP_ALIGN.CENTER), (4, PP_ALIGN.RIGHT)):
        box = slide.shapes.add_textbox(Inches(4), Inches(top), Inches(2), Inches(0.5))
        para = box.text_frame.paragraphs[0]
        para.text = "A caption much wider than its little box"
        para.alignment = align
        para.runs[0].font.size = Pt(18)
    deck = tmp_path / "unwrapped.pptx"
    prs.save(str(deck))
    out = tmp_path / "r"
    done = subprocess.run([sys.executable, "-m", "pptxagent.cli", "render", str(deck), "--out",
                           str(out), "--engine", "both"], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    for engine in ("browser", "libreoffice"):
        png = out / engine / "slide-1.png"
        left, right = _ink_x(png, 190, 240)  # centred on the box's middle, x = 480 px
        assert abs((left + right) / 2 - 480) < 6, (engine, left, right)
        left, right = _ink_x(png, 382, 432)  # ends at the box's right edge, 576 px less inset
        assert 552 < right < 576 and left < 384, (engine, left, right)
