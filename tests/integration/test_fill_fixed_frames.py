"""Text in a turned shape or inside a group, through the real CLI: its box never moves (its
coordinates are the group's, or turned), so a longer text fits by its font alone, and both
engines judge it in the shape's own frame."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from pptx import Presentation

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]
CORPUS = Path("../shared/corpus/pptx")
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"


def _fill(tmp: Path, deck: str, slide: int, fill: dict[str, str]) -> tuple[Path, dict[str, Any]]:
    content, out, report = tmp / "content.json", tmp / "out.pptx", tmp / "report.json"
    content.write_text(json.dumps({"slides": [{"template_slide": slide, "fill": fill}]}))
    proc = subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "fill", str(CORPUS / deck), str(content),
         "-o", str(out), "--report", str(report)],
        capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    return out, json.loads(report.read_text())


def _xfrm(deck: Path, slide: int, shape_id: int) -> bytes:
    """The shape's own ``a:xfrm`` (a group's member too), as written."""
    tree = Presentation(str(deck)).slides[slide - 1]._element
    c_nv_pr = next(e for e in tree.iter(f"{P}cNvPr") if e.get("id") == str(shape_id))
    sp = c_nv_pr.getparent().getparent()
    return etree.tostring(sp.find(f".//{A}xfrm"))


def test_a_turned_label_keeps_its_bar_and_its_text_fits_by_font(tmp_path: Path) -> None:
    # officegen's red bar, turned 45°: "Red box 1" becomes a line twice as long
    tpl = CORPUS / "officegen__test-ppt2.pptx"
    out, report = _fill(tmp_path, tpl.name, 1, {"sp4": "Revenue grew in every region this year"})
    slide = report["slides"][0]
    assert slide["quality"] == "success_clean"
    fonts = [c for c in slide["changes"] if c["eid"] == "sp4" and c["what"] == "font"]
    assert fonts and not [c for c in slide["changes"] if c["what"] in ("move", "resize")]
    assert _xfrm(out, 1, 4) == _xfrm(tpl, 1, 4)  # the bar: same place, size and turn
    check = next(e for e in slide["crosscheck"]["elements"] if e["eid"] == "sp4")
    assert check["status"] == "slanted"  # LibreOffice's upright box cannot be recovered


def test_text_in_a_group_keeps_the_groups_geometry_and_fits_by_font(tmp_path: Path) -> None:
    tpl = CORPUS / "tika__testPPT_groups.pptx"
    out, report = _fill(tmp_path, tpl.name, 2, {"sp6": "Quarterly revenue grew in every region"})
    slide = report["slides"][0]
    assert slide["quality"] == "success_clean"
    assert next(c["what"] for c in slide["changes"] if c["eid"] == "sp6") == "font"
    assert not [w for w in slide["warnings"] if w["type"] == "excluded_from_repair"]
    assert _xfrm(out, 1, 6) == _xfrm(tpl, 2, 6)  # child offsets in the group's frame, as were
    check = next(e for e in slide["crosscheck"]["elements"] if e["eid"] == "sp6")
    assert check["status"] == "compared" and check["lo_overflow_px"] == 0


def test_a_slanted_title_longer_than_the_slide_allows_shrinks_onto_the_slide(
        tmp_path: Path) -> None:
    # LibreOffice's "Progress" template slants its title 8° up to the right from the
    # slide's top-left corner: a longer title fitted its box but ran off the slide's top
    # edge, cut off, and the slide was called clean.
    from pptx.util import Emu, Pt

    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    title = slide.shapes.title
    title.left, title.top, title.width, title.height = (Emu(124830), Emu(91440),
                                                         Emu(9000000), Emu(954000))
    title.rotation = -8.15
    title.text = "Report"
    title.text_frame.paragraphs[0].runs[0].font.size = Pt(36)
    tpl = tmp_path / "slanted.pptx"
    prs.save(str(tpl))
    content, out, report = tmp_path / "c.json", tmp_path / "out.pptx", tmp_path / "r.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 1, "fill": {
        "title": "Report for Globex Corporation"}}]}))
    proc = subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "fill", str(tpl), str(content), "-o", str(out),
         "--report", str(report)], capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(report.read_text())["slides"][0]
    assert got["quality"] == "success_clean", got
    assert [c["what"] for c in got["changes"]] == ["font"]  # the box stays where it was
    lint = subprocess.run([sys.executable, "-m", "pptxagent.cli", "qa", str(out), "--json"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert lint.returncode == 0, lint.stdout  # nothing off the slide
    before = subprocess.run([sys.executable, "-m", "pptxagent.cli", "qa", str(tpl), "--json"],
                            capture_output=True, text=True, timeout=300, check=False)
    assert before.returncode == 0, before.stdout  # the template's short title is on it too
