"""Labels that hold where the browser and LibreOffice used to part ways (held-out defects):

- a title its template turns a few degrees, its frame already above the slide's top edge,
  with a token replaced by a longer value: it is cross-checked in its own frame (no longer
  skipped as slanted), and a slide not called degraded has no text LibreOffice draws off
  the slide or outside its box;
- a python-pptx text box (``wrap="none"``) right-aligned or centred, its text wider than
  the box: drawn growing left (or both ways) from the box as LibreOffice and PowerPoint grow
  it, not off the slide's right edge;
- a pandoc-like slide with two shapes of one id, used three times: the copies are saved with
  unique ids, every reference still valid, the template's own slide unchanged.
"""

from __future__ import annotations

import json
import math
import zipfile
from pathlib import Path

import pytest
from cli_support import fill_json, qa_cli
from lxml import etree
from pptx import Presentation
from pptx.enum.text import MSO_ANCHOR, MSO_AUTO_SIZE, PP_ALIGN
from pptx.util import Emu, Inches, Pt

from pptxagent.engines.libreoffice import get_libreoffice
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.validate import compare_findings, validate_package

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

EMU_PX = 9525
NS = {"p": "http://schemas.openxmlformats.org/presentationml/2006/main",
      "a": "http://schemas.openxmlformats.org/drawingml/2006/main"}


def _turned_title(folder: Path, top: int, turn: float, anchor: str, spacing: float) -> Path:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    t = slide.shapes.title
    t.left, t.top, t.width, t.height = Emu(838200), Emu(top), Emu(10515600), Emu(1400000)
    t.rotation = turn
    tf = t.text_frame
    tf.text = "Welcome {{client}}"
    tf.vertical_anchor = getattr(MSO_ANCHOR, anchor)
    tf.auto_size = MSO_AUTO_SIZE.NONE
    tf.paragraphs[0].runs[0].font.size = Pt(44)
    tf.paragraphs[0].line_spacing = spacing
    path = folder / "t.pptx"
    prs.save(str(path))
    return path


def _outside(shape: object, box: object, slide_w: float, slide_h: float) -> float:
    """How far LibreOffice's text ``box`` leaves the turned shape's bounds or the slide."""
    x, y, w, h = (v / EMU_PX for v in (shape.left, shape.top, shape.width,  # type: ignore[attr-defined]
                                       shape.height))  # type: ignore[attr-defined]
    turn = math.radians(shape.rotation)  # type: ignore[attr-defined]
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    cx, cy = x + w / 2, y + h / 2
    w, h = w * cos + h * sin, w * sin + h * cos
    x, y = max(cx - w / 2, 0), max(cy - h / 2, 0)
    right, bottom = min(cx + w / 2, slide_w), min(cy + h / 2, slide_h)
    bx, by, bw, bh = box.x, box.y, box.w, box.h  # type: ignore[attr-defined]
    return max(x - bx, y - by, bx + bw - right, by + bh - bottom)


@pytest.mark.parametrize(("top", "turn", "anchor", "spacing"), [
    (-150000, -4, "MIDDLE", 0.9),
    (-200000, -4, "BOTTOM", 0.9),
    (-60000, -3, "TOP", 0.8),
    (-250000, 3, "MIDDLE", 0.9),
])
def test_a_turned_title_near_the_top_is_compared_and_its_label_holds(
        tmp_path: Path, top: int, turn: float, anchor: str, spacing: float) -> None:
    template = _turned_title(tmp_path, top, turn, anchor, spacing)
    proc, out, report = fill_json(template, tmp_path, {
        "tokens": {"client": "Northwind Traders and Partners"}, "slides": [{"template_slide": 1}]})
    assert proc.returncode in (0, 1), proc.stderr
    slide = json.loads(report.read_text())["slides"][0]
    checks = {e["eid"]: e for e in slide["crosscheck"]["elements"]}
    assert checks["sp2"]["status"] == "compared"  # not skipped as slanted
    if slide["quality"] == "degraded":
        return
    box = get_libreoffice().text_bounds(out)[1]["2"]
    shape = Presentation(str(out)).slides[0].shapes.title
    assert _outside(shape, box, 1280, 720) <= 2.0, (slide["quality"], box)


def _unwrapped(folder: Path) -> Path:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Inches(13.333), Inches(7.5)
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for i, (align, x) in enumerate(((PP_ALIGN.RIGHT, 10.0), (PP_ALIGN.CENTER, 5.0),
                                    (PP_ALIGN.LEFT, 0.5))):
        tb = slide.shapes.add_textbox(Inches(x), Inches(1 + 2 * i), Inches(2.8), Inches(0.5))
        tb.text_frame.text = "Quarterly revenue summary for every region we serve"
        tb.text_frame.paragraphs[0].alignment = align
        tb.text_frame.paragraphs[0].runs[0].font.size = Pt(20)
    path = folder / "unwrapped.pptx"
    prs.save(str(path))
    return path


def test_unwrapped_text_grows_the_way_its_alignment_says(tmp_path: Path) -> None:
    deck = _unwrapped(tmp_path)
    qa = qa_cli(deck)
    assert qa.returncode == 0, qa.stderr
    kinds = [i["kind"] for i in json.loads(qa.stdout)["issues"]]
    assert "cutoff" not in kinds and "edge" not in kinds  # was: 158 px off the slide
    # The fill cross-checks each box's text against LibreOffice's: all agree.
    proc, _, report = fill_json(deck, tmp_path, {"slides": [{"template_slide": 1, "fill": {
        "sp2": "Revenue summary for every region we serve, by quarter",
        "sp3": "Revenue summary for every region we serve, by quarter",
        "sp4": "Revenue summary for every region we serve, by quarter"}}]})
    assert proc.returncode in (0, 1), proc.stderr
    checks = json.loads(report.read_text())["slides"][0]["crosscheck"]["elements"]
    assert len(checks) == 3
    for check in checks:
        left, _, right, _ = check["edges_px"]
        assert abs(left) <= 6 and abs(right) <= 6, check


def _pandoc_like(folder: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "Agenda for {{who}}"
    left = slide.shapes.add_textbox(Inches(0.5), Inches(2), Inches(4), Inches(1))
    left.text_frame.text = "Left {{who}}"
    right = slide.shapes.add_textbox(Inches(5), Inches(2), Inches(4), Inches(1))
    right.text_frame.text = "Right {{who}}"
    link = slide.shapes.add_connector(1, Inches(1), Inches(4), Inches(6), Inches(4))
    link.begin_connect(left, 2)
    link.end_connect(slide.shapes.title, 2)
    right._element.nvSpPr.cNvPr.set("id", str(left.shape_id))  # the repeated id
    title = slide.shapes.title.shape_id
    slide._element.append(etree.fromstring(
        f'<p:timing xmlns:p="{NS["p"]}"><p:bldLst><p:bldP spid="{title}" grpId="0"/>'
        '</p:bldLst></p:timing>'))
    path = folder / "pandoc.pptx"
    prs.save(str(path))
    return path


def test_copies_of_a_slide_repeating_an_id_get_unique_ids(tmp_path: Path) -> None:
    template = _pandoc_like(tmp_path)
    proc, out, report = fill_json(template, tmp_path, {"slides": [
        {"template_slide": 1},
        {"template_slide": 1, "fill": {"sp3_2": "Right, the second copy"}},
        {"template_slide": 1}]})
    assert proc.returncode == 0, proc.stderr
    with zipfile.ZipFile(template) as z:
        own = z.read("ppt/slides/slide1.xml")
    with zipfile.ZipFile(out) as z:
        names = [n for n in z.namelist() if n.startswith("ppt/slides/slide")
                 and n.endswith(".xml")]
        parts = {n: z.read(n) for n in names}
    assert parts["ppt/slides/slide1.xml"] == own  # untouched: byte-identical
    copies = [etree.fromstring(b) for n, b in parts.items() if n != "ppt/slides/slide1.xml"]
    assert len(copies) == 2
    for root in copies:
        ids = [nv.get("id") for nv in root.iterfind(".//p:cNvPr", NS)]
        assert len(ids) == len(set(ids)), ids
        for ref in [*root.iterfind(".//a:stCxn", NS), *root.iterfind(".//a:endCxn", NS)]:
            assert ref.get("id") in ids
        for ref in root.iterfind(".//p:bldP", NS):
            assert ref.get("spid") in ids
    assert compare_findings(validate_package(Package.open(template)),
                            validate_package(Package.open(out))) == []
    texts = [[sh.text_frame.text for sh in s.shapes if sh.has_text_frame]
             for s in Presentation(str(out)).slides]
    assert "Right, the second copy" in texts[1]
    second = json.loads(report.read_text())["slides"][1]["crosscheck"]["elements"]
    assert {e["eid"]: e["status"] for e in second} == {"sp3_2": "compared"}
