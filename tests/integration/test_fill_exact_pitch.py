"""A real deck's exact line pitch (Open XML SDK's `typical` deck, slide 12: a 14 pt
biography at exactly 25 pt per line) given a longer text: the loop shrinks the font, and the
pitch shrinks with it in the .pptx, as the browser measured it. Before, the pitch stayed 25 pt,
LibreOffice drew the text 17 px out of its box and the slide ended `degraded`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_json
from lxml import etree
from pptx import Presentation

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

DECK = Path("../shared/corpus/pptx/openxmlsdk__typical.pptx")
BIO = 121876  # "Rectangle 20"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def test_a_shrunk_biography_keeps_its_lines_inside_its_box(tmp_path: Path) -> None:
    proc, out, report = fill_json(DECK, tmp_path, {"slides": [{"template_slide": 12, "fill": {
        f"sp{BIO}": "Head of Trading\nTim Heekin\nFormer Managing Director and Head of Global "
                    "Trading at a large bank, with twenty years of experience in equities, "
                    "fixed income and currencies across three continents and two crises"}}]})
    assert proc.returncode == 0, proc.stderr
    slide = json.loads(report.read_text())["slides"][0]
    # clean, or warned where the two engines break a line one word apart
    assert slide["quality"] in ("success_clean", "success_with_warnings")
    assert slide["defects"] == []
    (checked,) = slide["crosscheck"]["elements"]
    assert checked["lo_overflow_px"] == 0  # LibreOffice draws it inside its box too
    shape = next(s for s in Presentation(str(out)).slides[0].shapes if s.shape_id == BIO)
    sizes = {int(r.get("sz")) for r in shape._element.iter(f"{A}rPr")}
    pitches = sorted(int(p.get("val")) for p in shape._element.iter(f"{A}spcPts")
                     if etree.QName(p.getparent()).localname == "lnSpc")
    (size,) = sizes
    assert size < 1400  # the font shrank …
    # … and its exact pitches with it: 25 pt for the title and the name, 20 pt for the bullet
    assert len(pitches) == 3
    assert abs(pitches[0] - 2000 * size / 1400) <= 1
    assert all(abs(p - 2500 * size / 1400) <= 1 for p in pitches[1:])


def test_a_biography_keeps_its_title_name_and_bullets(tmp_path: Path) -> None:
    # every paragraph took the look of the bold, underlined title line
    proc, out, _ = fill_json(DECK, tmp_path, {"slides": [{"template_slide": 12, "fill": {
        f"sp{BIO}": "Chief Risk Officer\nAnna Berg\nTwelve years of market risk\n"
                    "Before that an options trader"}}]})
    assert proc.returncode == 0, proc.stderr
    shape = next(s for s in Presentation(str(out)).slides[0].shapes if s.shape_id == BIO)
    looks = [(p.runs[0].font.bold, p.runs[0].font.underline,
              p._p.find(f"{A}pPr/{A}buChar") is not None) for p in shape.text_frame.paragraphs]
    assert looks == [(True, True, False), (True, None, False),
                     (None, None, True), (None, None, True)]
