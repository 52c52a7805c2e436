"""What the QA reads from the package: backdrops, undrawn fills, picture fits (no browser)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Inches

from pptxagent.ooxml.package import Package
from pptxagent.qa import read_package_facts


def _png(w: int, h: int) -> io.BytesIO:
    buf = io.BytesIO()
    Image.new("RGB", (w, h), (10, 20, 30)).save(buf, format="PNG")
    buf.seek(0)
    return buf


def test_backdrop_undrawn_fills_and_picture_fits(tmp_path: Path) -> None:
    prs = Presentation()
    plain = prs.slides.add_slide(prs.slide_layouts[6])
    dark = prs.slides.add_slide(prs.slide_layouts[6])
    dark.background.fill.solid()
    dark.background.fill.fore_color.rgb = RGBColor(0x10, 0x20, 0x40)
    light = prs.slides.add_slide(prs.slide_layouts[6])
    light.background.fill.solid()
    light.background.fill.fore_color.rgb = RGBColor(0xFA, 0xFA, 0xFA)
    pic = plain.shapes.add_picture(_png(300, 100), Inches(1), Inches(1), Inches(3), Inches(2))
    pic.crop_left = 0.25
    patterned = plain.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(5), Inches(1), Inches(2),
                                       Inches(1))
    patterned.fill.patterned()
    path = tmp_path / "d.pptx"
    prs.save(str(path))

    pkg = Package.open(path)
    parts = pkg.slide_parts()
    facts = [read_package_facts(pkg, p) for p in parts]
    assert [f.backdrop for f in facts] == [None, "coloured background", None]
    assert facts[0].undrawn == frozenset({patterned.shape_id})
    fit = facts[0].pictures[(pic.shape_id, 0)]
    assert (fit.image_w, fit.image_h) == (300, 100)
    assert fit.crop[0] == 0.25 and not fit.tiled
