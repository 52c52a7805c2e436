"""See-through text (``a:alpha`` on a run's colour, 40 % in Aspose's evaluation banner) is
drawn see-through, and its contrast judged as drawn: blended with what lies behind it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Inches, Pt

from pptxagent.inventory import inventory_file
from pptxagent.qa.contrast import pixel_ratios
from pptxagent.render import render_slide

A = "http://schemas.openxmlformats.org/drawingml/2006/main"


def test_a_run_at_40_percent_is_drawn_and_judged_at_40_percent(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(6), Inches(1))
    run = box.text_frame.paragraphs[0].add_run()
    run.text = "Evaluation only."
    run.font.size = Pt(20)
    run.font.color.rgb = RGBColor(0xFF, 0x00, 0x00)
    clr = run._r.find(f".//{{{A}}}srgbClr")
    etree.SubElement(clr, f"{{{A}}}alpha", val="40000")
    path = tmp_path / "alpha.pptx"
    prs.save(str(path))
    ir = inventory_file(path).slide_ir(1)
    (el,) = [e for e in ir.elements if e.paragraphs]
    drawn = el.paragraphs[0].runs[0]
    assert (drawn.color, (drawn.model_extra or {}).get("colorAlpha")) == ("#FF0000", 0.4)
    assert "color:#FF000066" in render_slide(ir)
    # red at 40 % over white is #FF9999: 2.0:1 where solid red is 4.0:1
    white = np.full((1, 3), 255, dtype=np.uint8)
    assert float(pixel_ratios((255, 0, 0, 0.4), white)[0]) < 2.1 < 3.9 < float(
        pixel_ratios((255, 0, 0, 1.0), white)[0])
