"""A large Calibri title filled through the real CLI is clean and LibreOffice "agrees" on it:
both engines break it into the same line, LibreOffice only draws the glyphs 0.12 em lower (its
first baseline sits 1.0 em under the line's top whatever the font). Before, the 72 pt title's
12 px made a ``crosscheck_disagreement`` warning and the slide ``success_with_warnings``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_cli
from pptx import Presentation
from pptx.util import Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def test_a_72_pt_title_slide_is_clean_and_agreed_on(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[0])  # Title Slide, Calibri (Carlito here)
    slide.shapes.title.text = "{{title}}"
    slide.shapes.title.text_frame.paragraphs[0].runs[0].font.size = Pt(72)
    slide.placeholders[1].text = "{{by}}"
    template, content = tmp_path / "t.pptx", tmp_path / "c.json"
    prs.save(str(template))
    content.write_text(json.dumps({"tokens": {"title": "Annual report",
                                              "by": "Prepared by the strategy office"}}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(template, content, out, report)
    assert proc.returncode == 0, proc.stderr
    s = json.loads(report.read_text())["slides"][0]
    assert s["quality"] == "success_clean" and s["warnings"] == []
    title = next(e for e in s["crosscheck"]["elements"] if e["eid"] == "sp2")
    assert title["em_px"] == [96.0, 96.0] and not title["disagrees"]
    assert 6 < abs(title["edges_px"][3]) <= title["tolerance_px"][3]  # lower, within 0.2 em
    assert "LibreOffice agrees within 6 px or 0.2 em on 100%" in proc.stderr
