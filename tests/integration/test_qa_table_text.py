"""Text in tables is judged on its cell's fill: unreadable cell text is found, and text that
merely touches the white grid lines of a tight row is not taken for unreadable."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Emu, Inches, Pt

pytestmark = pytest.mark.browser


def _deck(path: Path, text: RGBColor, fill: RGBColor) -> Path:
    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[6])
    frame = s.shapes.add_table(3, 2, Inches(1), Inches(1), Inches(6), Inches(0.6))
    frame.name = "Tight table"
    for r in range(3):
        frame.table.rows[r].height = Emu(1)  # rows as tall as their text
        for c in range(2):
            cell = frame.table.cell(r, c)
            cell.margin_top = cell.margin_bottom = 0
            cell.fill.solid()
            cell.fill.fore_color.rgb = fill
            cell.text = "STRATEGY AND RESULT"
            para = cell.text_frame.paragraphs[0]
            para.line_spacing = 0.83  # the glyphs' tops reach the grid line above
            para.runs[0].font.size = Pt(11)
            para.runs[0].font.bold = True
            para.runs[0].font.color.rgb = text
            tc_pr = cell._tc.get_or_add_tcPr()
            for side, w in (("lnL", 12700), ("lnR", 38100), ("lnT", 38100), ("lnB", 12700)):
                ln = tc_pr.makeelement(f"{{{tc_pr.nsmap['a']}}}{side}", {"w": str(w)})
                solid = ln.makeelement(f"{{{tc_pr.nsmap['a']}}}solidFill", {})
                solid.append(solid.makeelement(f"{{{tc_pr.nsmap['a']}}}srgbClr",
                                               {"val": "FFFFFF"}))
                ln.append(solid)
                tc_pr.insert(0, ln)
    prs.save(str(path))
    return path


def _issues(deck: Path) -> list[dict[str, object]]:
    done = subprocess.run([sys.executable, "-m", "pptxagent.cli", "qa", str(deck), "--json"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode in (0, 1), done.stderr
    issues: list[dict[str, object]] = json.loads(done.stdout)["issues"]
    return issues


def test_cell_text_on_its_fill(tmp_path: Path) -> None:
    readable = _deck(tmp_path / "red.pptx", RGBColor(255, 255, 255), RGBColor(0x90, 0x20, 0x20))
    assert [i for i in _issues(readable) if i["kind"] == "contrast"] == []
    ghost = _deck(tmp_path / "white.pptx", RGBColor(255, 255, 255), RGBColor(250, 250, 250))
    found = [(i["kind"], i["shape"], i["severity"]) for i in _issues(ghost)]
    assert ("contrast", "Tight table", "critical") in found
