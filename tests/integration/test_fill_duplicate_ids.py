"""Templates whose shapes repeat an id (pptxgenjs and other tools write such decks): each
shape is still filled, repaired, written back and cross-checked as itself."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.util import Inches, Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _template(tmp: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    rows = slide.shapes.add_table(2, 2, Inches(0.5), Inches(0.5), Inches(4), Inches(1))
    rows.table.cell(0, 0).text = "Quarter"
    first = slide.shapes.add_textbox(Inches(0.5), Inches(2.5), Inches(6), Inches(0.6))
    first.text_frame.text = "First note"
    second = slide.shapes.add_textbox(Inches(0.5), Inches(4), Inches(3), Inches(0.5))
    second.text_frame.word_wrap = True
    second.text_frame.text = "Second note"
    second.text_frame.paragraphs[0].runs[0].font.size = Pt(24)
    for shape in (first, second):  # the table's id, on two text boxes
        shape._element.nvSpPr.cNvPr.set("id", str(rows.shape_id))
    out = tmp / "dup.pptx"
    prs.save(str(out))
    return out


def test_each_shape_sharing_an_id_is_filled_and_repaired_as_itself(tmp_path: Path) -> None:
    template = _template(tmp_path)
    sid = Presentation(str(template)).slides[0].shapes[0].shape_id
    long = "A second note that is far too long for its small box at twenty-four points"
    content = tmp_path / "content.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 1, "fill": {
        f"sp{sid}_2": "First note, replaced", f"sp{sid}_3": long}}]}))
    out, report = tmp_path / "out.pptx", tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "fill", str(template), str(content), "-o",
         str(out), "--report", str(report)], capture_output=True, text=True, timeout=300,
        check=False)
    assert proc.returncode == 0, proc.stderr
    shapes = list(Presentation(str(out)).slides[0].shapes)
    assert shapes[0].has_table and shapes[0].table.cell(0, 0).text == "Quarter"
    assert shapes[1].text_frame.text == "First note, replaced"
    assert shapes[2].text_frame.text == long
    sizes = {r.font.size for p in shapes[2].text_frame.paragraphs for r in p.runs}
    assert sizes and all(s is not None and s < Pt(24) for s in sizes)  # its own font shrank
    slide = json.loads(report.read_text())["slides"][0]
    assert slide["quality"] == "success_clean"
    checks = {e["eid"]: e for e in slide["crosscheck"]["elements"]}
    assert checks[f"sp{sid}_3"]["status"] == "compared"  # LibreOffice's box of that shape
    assert checks[f"sp{sid}_3"]["max_edge_diff_px"] < 6


def test_a_key_naming_the_wrong_twin_says_which_key_names_the_other(tmp_path: Path) -> None:
    template = _template(tmp_path)
    sid = Presentation(str(template)).slides[0].shapes[0].shape_id
    content = tmp_path / "content.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 1, "fill": {
        f"sp{sid}": "text for the table's id"}}]}))
    out = tmp_path / "out.pptx"
    proc = subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "fill", str(template), str(content), "-o",
         str(out)], capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 2 and not out.exists()
    assert "Traceback" not in proc.stderr
    assert f"sp{sid}_2 is TextBox 2" in proc.stderr and f"sp{sid}_3 is TextBox 3" in proc.stderr
