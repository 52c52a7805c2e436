"""Text in a rounded rectangle, an ellipse, a diamond, a triangle, a pentagon arrow, a chevron
and two callouts is laid out in the preset's text rectangle, as LibreOffice (and PowerPoint)
lay it out: through the real CLI, the browser's lines start and end where LibreOffice's do.
Laid out in the whole box before, they ran 9 to 96 px wider on each side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_cli
from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Inches

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

SHAPES = [MSO_SHAPE.ROUNDED_RECTANGLE, MSO_SHAPE.OVAL, MSO_SHAPE.DIAMOND,
          MSO_SHAPE.ISOSCELES_TRIANGLE, MSO_SHAPE.PENTAGON, MSO_SHAPE.CHEVRON,
          MSO_SHAPE.ROUNDED_RECTANGULAR_CALLOUT, MSO_SHAPE.OVAL_CALLOUT, MSO_SHAPE.RECTANGLE]
TEXT = "Revenue grew twelve percent in the third quarter across every region"


def test_text_wraps_in_each_presets_text_rectangle_as_libreoffice_draws_it(
        tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for i, kind in enumerate(SHAPES):
        shape = slide.shapes.add_shape(kind, Inches(0.3 + i % 3 * 3.2), Inches(0.3 + i // 3 * 2.4),
                                       Inches(3), Inches(2))
        shape.text_frame.text = f"{{{{t{i}}}}}"
    template, content = tmp_path / "t.pptx", tmp_path / "c.json"
    prs.save(str(template))
    content.write_text(json.dumps({"tokens": {f"t{i}": TEXT for i in range(len(SHAPES))}}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(template, content, out, report, "--no-repair")
    assert proc.returncode in (0, 1), proc.stderr  # the diamond's text leaves its box
    checked = json.loads(report.read_text())["slides"][0]["crosscheck"]["elements"]
    assert len(checked) == len(SHAPES)
    for e in checked:
        left, top, right, bottom = e["edges_px"]
        assert abs(left) < 2 and abs(right) < 2, e  # the same line breaks, the same width
        assert abs(top) < 2 and abs(bottom) < 6, e  # the same number of lines
