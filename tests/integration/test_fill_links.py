"""A box whose template text is a link, filled with new text: the new text is not a link to
the old target (it pointed at what the old text named), and the report says so. Before, "Our
new offices open in May" went out linked to the template's https://example.com/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_json
from pptx import Presentation
from pptx.util import Inches

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def test_new_text_is_not_linked_to_the_templates_target(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(1))
    run = box.text_frame.paragraphs[0].add_run()
    run.text = "Visit example.com"
    run.hyperlink.address = "https://example.com/"
    template = tmp_path / "t.pptx"
    prs.save(str(template))
    proc, out, report = fill_json(template, tmp_path, {"slides": [{"template_slide": 1, "fill": {
        f"sp{box.shape_id}": "Our new offices open in May"}}]})
    assert proc.returncode == 0, proc.stderr
    (shape,) = Presentation(str(out)).slides[0].shapes
    (filled,) = shape.text_frame.paragraphs[0].runs
    assert filled.text == "Our new offices open in May"
    assert filled.hyperlink.address is None
    notes = json.loads(report.read_text())["slides"][0]["notes"]
    assert any("hyperlink is not kept" in n for n in notes)
