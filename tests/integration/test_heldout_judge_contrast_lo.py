"""The held-out judge's contrast check on what the real LibreOffice draws."""

from __future__ import annotations

from pathlib import Path

import pytest
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Emu, Pt

from bench.heldout.judge_contrast import check_contrast

pytestmark = pytest.mark.libreoffice

RIBBON = RGBColor(0x1F, 0x38, 0x64)
FAINT = RGBColor(0xEB, 0xEB, 0xEC)
NAVY = RGBColor(0x00, 0x1A, 0x45)
IN = 914400


def _deck(path: Path, title_top: float, body: str) -> tuple[str, str]:
    """A dark ribbon with a white title on it (or below it, at ``title_top`` inches) and a
    navy body next to pale art. Returns the title's and the body's shape ids."""
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(10 * IN), Emu(int(7.5 * IN))
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for left, top, width, height, colour in ((0, 0.5, 10, 1.2, RIBBON), (6, 2.5, 4, 4, FAINT)):
        art = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Emu(int(left * IN)),
                                     Emu(int(top * IN)), Emu(int(width * IN)),
                                     Emu(int(height * IN)))
        art.fill.solid()
        art.fill.fore_color.rgb = colour
        art.line.fill.background()
    ids = []
    for top, text, colour, size in ((title_top, "Quarterly results", RGBColor(255, 255, 255),
                                     36), (2.7, body, NAVY, 20)):
        box = slide.shapes.add_textbox(Emu(int(0.5 * IN)), Emu(int(top * IN)), Emu(9 * IN),
                                       Emu(int(0.9 * IN) if size == 36 else 3 * IN))
        box.text_frame.word_wrap = True
        run = box.text_frame.paragraphs[0].add_run()
        run.text = text
        run.font.size = Pt(size)
        run.font.color.rgb = colour
        ids.append(str(box.shape_id))
    prs.save(str(path))
    return ids[0], ids[1]


def test_white_text_moved_off_its_ribbon_fails_and_pale_art_behind_text_does_not(
        tmp_path: Path) -> None:
    template, out = tmp_path / "template.pptx", tmp_path / "out.pptx"
    title, body = _deck(template, 0.6, "Short body")
    # the output: the title drawn on the white slide below the ribbon; the body's longer text
    # now runs across the pale art on the right, still navy on near-white
    _deck(out, 1.9, "A much longer body text that runs right across the pale art " * 3)
    why = check_contrast(template, out, [1], [{title, body}])
    assert len(why) == 1 and f"sp{title} " in why[0]
    assert check_contrast(template, template, [1], [{title, body}]) == []
