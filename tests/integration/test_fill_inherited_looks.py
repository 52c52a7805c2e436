"""A body whose white lead paragraph leaves its colour to the master, over items that spell
out a green (a deck PPTAgent ships: "Cultural Tourism is …" over four green points). Filled
through the CLI, the lead keeps its look and the items keep their green. Before, a colour or
size left to the master matched any other, the longer lead became the item, and every new
paragraph came out in the lead's white at its size."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_json
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

GREEN = RGBColor(0x92, 0xD0, 0x50)


def test_items_keep_their_colour_under_a_lead_left_to_the_master(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Cultural tourism"
    body = slide.placeholders[1].text_frame
    body.text = ("Cultural tourism is the subset of tourism concerned with a country's culture "
                 "and the lifestyle of its people")
    body.paragraphs[0].runs[0].font.size = Pt(20)
    for text in ("Every race has something to contribute", "India offers her philosophy"):
        run = body.add_paragraph().add_run()
        run.text = text
        run.font.color.rgb = GREEN
    template = tmp_path / "t.pptx"
    prs.save(str(template))
    proc, out, report = fill_json(template, tmp_path, {"slides": [{"template_slide": 1, "fill": {
        "body": ["Heritage travel is tourism that seeks out a place's history",
                 "Museums and festivals draw visitors", "Crafts keep old skills alive",
                 "Food is culture too"]}}]})
    assert proc.returncode == 0, proc.stderr
    assert json.loads(report.read_text())["slides"][0]["quality"] == "success_clean"
    paras = Presentation(str(out)).slides[0].placeholders[1].text_frame.paragraphs
    looks = [(p.runs[0].font.size, p.runs[0].font.color.rgb
              if p.runs[0].font.color.type is not None else None) for p in paras]
    assert looks == [(Pt(20), None), (None, GREEN), (None, GREEN), (None, GREEN)]
