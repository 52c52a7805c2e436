"""Templates whose shapes repeat an id (pptxgenjs and other tools write such decks): each
shape is still filled, repaired, written back and cross-checked as itself."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.enum.text import MSO_AUTO_SIZE
from pptx.util import Inches, Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _fill(template: Path, content: dict[str, object], tmp: Path, *extra: str
          ) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    """``pptxagent fill`` through the CLI: the process, the output and the report paths."""
    path = tmp / "content.json"
    path.write_text(json.dumps(content))
    out, report = tmp / "out.pptx", tmp / "report.json"
    cmd = [sys.executable, "-m", "pptxagent.cli", "fill", str(template), str(path), "-o",
           str(out), "--report", str(report), *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False), out, \
        report


def _template(tmp: Path) -> Path:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    rows = slide.shapes.add_table(2, 2, Inches(0.5), Inches(0.5), Inches(4), Inches(1))
    rows.table.cell(0, 0).text = "Quarter"
    first = slide.shapes.add_textbox(Inches(0.5), Inches(2.5), Inches(6), Inches(0.6))
    first.text_frame.text = "First note"
    second = slide.shapes.add_textbox(Inches(0.5), Inches(4), Inches(3), Inches(0.5))
    second.text_frame.word_wrap = True
    # No "resize shape to fit text" (such a box grows first): the font's repair is tested here.
    second.text_frame.auto_size = MSO_AUTO_SIZE.NONE
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
    proc, out, report = _fill(template, {"slides": [{"template_slide": 1, "fill": {
        f"sp{sid}_2": "First note, replaced", f"sp{sid}_3": long}}]}, tmp_path)
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
    proc, out, _ = _fill(template, {"slides": [{"template_slide": 1, "fill": {
        f"sp{sid}": "text for the table's id"}}]}, tmp_path)
    assert proc.returncode == 2 and not out.exists()
    assert "Traceback" not in proc.stderr
    assert f"sp{sid}_2 is TextBox 2" in proc.stderr and f"sp{sid}_3 is TextBox 3" in proc.stderr


def test_a_token_left_in_a_twin_is_reported_with_that_twins_key(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    boxes = [slide.shapes.add_textbox(Inches(1), Inches(1 + 2 * i), Inches(5), Inches(1))
             for i in range(2)]
    boxes[0].text_frame.text = "Hello {{ name }}"
    boxes[1].text_frame.text = "Ask {{ missing }}"
    boxes[1]._element.nvSpPr.cNvPr.set("id", str(boxes[0].shape_id))
    template = tmp_path / "twins.pptx"
    prs.save(str(template))
    proc, _, report = _fill(template, {"tokens": {"name": "Ada"}}, tmp_path, "--no-crosscheck")
    assert proc.returncode in (0, 1), proc.stderr
    left = json.loads(report.read_text())["unresolved_tokens"]
    sid = boxes[0].shape_id
    assert [(u["name"], u["eid"]) for u in left] == [("missing", f"sp{sid}_2")]
