"""Text boxes set to "resize shape to fit text" grow with their text, as in PowerPoint.

Found on a 1920 × 1080 template of PowerPoint text boxes (``a:spAutoFit``): a longer title
in an 80 pt box with wrapping off came out at 15.3 pt and a 28 pt caption with the slide
empty below it at 12.4 pt, both labelled clean. Now the title's box widens and the caption's
grows down, into empty space only, their fonts as the template set them; LibreOffice draws
them inside their boxes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_tokens
from pptx import Presentation
from pptx.enum.text import MSO_AUTO_SIZE
from pptx.presentation import Presentation as PresentationType
from pptx.util import Emu, Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

EMU_PX = 9525


def _template(neighbour: bool) -> PresentationType:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    slide = prs.slides.add_slide(prs.slide_layouts[6])

    def box(name: str, x: int, y: int, w: int, h: int, text: str, size: int,
            wrap: bool) -> None:
        tb = slide.shapes.add_textbox(Emu(x), Emu(y), Emu(w), Emu(h))
        tb.name = name
        tf = tb.text_frame
        tf.word_wrap = wrap
        tf.auto_size = MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT
        tf.text = text
        tf.paragraphs[0].runs[0].font.size = Pt(size)

    box("Title", 457200, 457200, 3000000, 900000, "{{title}}", 54, False)
    box("Caption", 457200, 3200000, 3600000, 480000, "{{caption}}", 24, True)
    if neighbour:
        box("Note", 457200, 4400000, 3600000, 480000, "Source: annual report", 24, True)
    return prs


def _shapes(out: Path) -> dict[str, tuple[float, float, float, float, float]]:
    """Name → (x, y, w, h px, font pt of the first run)."""
    prs = Presentation(str(out))
    got = {}
    for s in prs.slides[0].shapes:
        run = s.text_frame.paragraphs[0].runs[0]
        got[s.name] = (s.left / EMU_PX, s.top / EMU_PX, s.width / EMU_PX,
                       s.height / EMU_PX, run.font.size.pt)
    return got


TOKENS = {"title": "Quarterly results for the north",
          "caption": "Figures are unaudited and subject to change after the annual review "
                     "of the accounts by the board of directors in March."}


def test_boxes_grow_into_empty_space_and_keep_their_fonts(tmp_path: Path) -> None:
    proc, out, report = fill_tokens(_template(False), tmp_path, TOKENS)
    assert proc.returncode == 0, proc.stderr
    slide = json.loads(report.read_text())["slides"][0]
    assert slide["quality"] == "success_clean"
    assert slide["crosscheck"]["libreoffice_only_overflow"] == []
    got = _shapes(out)
    x, _, w, _, size = got["Title"]
    assert size == 54 and w > 800 and x == pytest.approx(48, abs=0.5)  # widened to the right
    assert x + w <= 1280 - 0.015 * 1280 + 0.5  # short of the page margin
    _, y, _, h, size = got["Caption"]
    assert size == 24 and h > 100 and y == pytest.approx(3200000 / EMU_PX, abs=0.5)


def test_a_box_stops_short_of_the_text_below_it_and_its_font_takes_the_rest(
        tmp_path: Path) -> None:
    proc, out, report = fill_tokens(_template(True), tmp_path, TOKENS)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(report.read_text())["slides"][0]["quality"] == "success_clean"
    got = _shapes(out)
    _, y, _, h, size = got["Caption"]
    assert y + h <= got["Note"][1]  # never onto the note
    assert got["Note"][:2] == pytest.approx((48, 4400000 / EMU_PX), abs=0.5)  # not moved
    assert 12 <= size < 24  # the font takes what the room cannot hold, within its minimum
