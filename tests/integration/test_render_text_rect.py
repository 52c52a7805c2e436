"""Text in a preset shape (rounded rectangle, ellipse, diamond, triangles, arrows, chevron,
pentagon arrow, hexagon, octagon, parallelogram, plaque, callouts, flowchart symbols, stars,
can, cube, scrolls, heart, frame, explosions, plus, minus and multiply signs …) is laid out in the
preset's text rectangle, as LibreOffice (and PowerPoint) lay it out: through the real CLI, the
browser's lines start and end where LibreOffice's do, with the presets' own adjust values too.
Laid out in the whole box before, they ran 9 to 124 px wider on a side."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_support import fill_cli
from lxml import etree
from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE
from pptx.enum.text import MSO_ANCHOR, MSO_AUTO_SIZE, PP_ALIGN
from pptx.util import Inches

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
TEXT = "Revenue grew twelve percent in the third quarter across every region of the company"
SLIDES: list[list[tuple[str, dict[str, int]]]] = [
    [("roundRect", {}), ("ellipse", {}), ("diamond", {}), ("triangle", {}), ("homePlate", {}),
     ("chevron", {}), ("wedgeRoundRectCallout", {}), ("wedgeEllipseCallout", {}), ("rect", {})],
    [("octagon", {}), ("flowChartAlternateProcess", {}), ("snip1Rect", {}), ("rightArrow", {}),
     ("leftArrow", {}), ("parallelogram", {}), ("rtTriangle", {}), ("hexagon", {}),
     ("plaque", {})],
    [("roundRect", {"adj": 30000}), ("rightArrow", {"adj1": 30000, "adj2": 70000}),
     ("hexagon", {"adj": 40000}), ("parallelogram", {"adj": 50000}), ("octagon", {"adj": 20000}),
     ("chevron", {"adj": 30000}), ("triangle", {"adj": 20000}), ("homePlate", {"adj": 30000}),
     ("leftArrow", {"adj1": 70000, "adj2": 40000})],
    [("flowChartDecision", {}), ("flowChartTerminator", {}), ("flowChartMultidocument", {}),
     ("flowChartInputOutput", {}), ("flowChartMagneticDisk", {}), ("can", {}), ("cube", {}),
     ("pentagon", {}), ("star5", {})],
    [("upArrow", {"adj1": 70000, "adj2": 30000}), ("leftRightArrow", {}),
     ("round2SameRect", {"adj1": 30000, "adj2": 20000}), ("snip2SameRect", {}), ("star8", {}),
     ("leftArrowCallout", {}), ("verticalScroll", {}), ("heart", {}), ("frame", {"adj1": 25000})],
    [("irregularSeal1", {}), ("irregularSeal2", {}), ("mathPlus", {}),
     ("mathMinus", {"adj1": 60000}), ("mathMultiply", {}), ("mathPlus", {"adj1": 40000})],
]


def _shape(slide: Any, i: int, token: int, preset: str, adjust: dict[str, int],
           flips: tuple[bool, bool] = (False, False)) -> None:
    """Shape ``i`` of a 3 × 3 grid: 3 × 2 in, ``preset`` with ``adjust``, text ``{{t<token>}}``
    left-aligned at the top."""
    shape = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(0.3 + i % 3 * 3.2),
                                   Inches(0.3 + i // 3 * 2.4), Inches(3), Inches(2))
    geom = shape._element.spPr.find(f"{A}prstGeom")
    geom.set("prst", preset)
    for name, value in adjust.items():
        etree.SubElement(geom.find(f"{A}avLst"), f"{A}gd", name=name, fmla=f"val {value}")
    xfrm = shape._element.spPr.find(f"{A}xfrm")
    for flip, on in zip(("flipH", "flipV"), flips, strict=True):
        if on:
            xfrm.set(flip, "1")
    frame = shape.text_frame
    frame.word_wrap = True
    frame.text = f"{{{{t{token}}}}}"
    frame.vertical_anchor = MSO_ANCHOR.TOP
    frame.paragraphs[0].alignment = PP_ALIGN.LEFT


def _template(path: Path) -> int:
    prs = Presentation()
    n = 0
    for shapes in SLIDES:
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        for i, (preset, adjust) in enumerate(shapes):
            _shape(slide, i, n, preset, adjust)
            n += 1
    prs.save(str(path))
    return n


FLIPPED = [("triangle", {"adj": 20000}, False, True), ("rightArrow", {}, True, True),
           ("rtTriangle", {}, False, True), ("homePlate", {}, False, True),
           ("chevron", {"adj": 30000}, True, False)]


def test_a_flipped_shapes_text_goes_where_libreoffice_puts_it(tmp_path: Path) -> None:
    """A vertical flip turns the text half a turn inside the mirrored shape: the triangle
    pointing down holds it in its wide upper half, the flipped arrow on its shaft. (Top and
    bottom are compared loosely: any text turned half a turn sits 17 px apart, rect or not.)"""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for i, (preset, adjust, flip_h, flip_v) in enumerate(FLIPPED):
        _shape(slide, i, i, preset, adjust, (flip_h, flip_v))
    template, content = tmp_path / "t.pptx", tmp_path / "c.json"
    prs.save(str(template))
    content.write_text(json.dumps({"tokens": {f"t{i}": TEXT for i in range(len(FLIPPED))}}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(template, content, out, report, "--no-repair")
    assert proc.returncode in (0, 1), proc.stderr
    checked = json.loads(report.read_text())["slides"][0]["crosscheck"]["elements"]
    assert len(checked) == len(FLIPPED)
    for e in checked:
        left, top, right, bottom = e["edges_px"]
        assert abs(left) < 2 and abs(right) < 2, e  # was 47 to 96 px on the flipped ones
        assert abs(top) < 25 and abs(bottom) < 25, e  # was 113 px: the wrong half


def test_a_shape_that_grows_to_its_text_grows_its_text_rectangle(tmp_path: Path) -> None:
    """An ellipse that grows to fit its text (``a:spAutoFit``) is written tall enough for its
    inscribed text rectangle to hold the text: LibreOffice draws the text inside it."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    oval = slide.shapes.add_shape(MSO_SHAPE.OVAL, Inches(3), Inches(1), Inches(3), Inches(1.5))
    oval.text_frame.text = "{{t0}}"
    oval.text_frame.auto_size = MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT
    template, content = tmp_path / "t.pptx", tmp_path / "c.json"
    prs.save(str(template))
    content.write_text(json.dumps({"tokens": {"t0": TEXT}}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(template, content, out, report)
    assert proc.returncode in (0, 1), proc.stderr  # (white on the light gradient: contrast)
    slide_report = json.loads(report.read_text())["slides"][0]
    e = slide_report["crosscheck"]["elements"][0]
    assert e["lo_overflow_px"] == 0, e  # written 99 px high before: the text spilled out
    height = Presentation(str(out)).slides[0].shapes[0].height / 9525
    assert height > 125


def test_text_wraps_in_each_presets_text_rectangle_as_libreoffice_draws_it(
        tmp_path: Path) -> None:
    template, content = tmp_path / "t.pptx", tmp_path / "c.json"
    count = _template(template)
    content.write_text(json.dumps({"tokens": {f"t{i}": TEXT for i in range(count)}}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(template, content, out, report, "--no-repair")
    assert proc.returncode in (0, 1), proc.stderr  # some text leaves its shape: not repaired
    slides = json.loads(report.read_text())["slides"]
    checked = [e for s in slides for e in s["crosscheck"]["elements"]]
    assert len(checked) == count
    for e in checked:
        left, top, right, bottom = e["edges_px"]
        assert abs(left) < 2 and abs(right) < 2, e  # the same line breaks, the same width
        assert abs(top) < 2 and abs(bottom) < 6, e  # the same number of lines
