"""Korean text wraps where LibreOffice (and PowerPoint) wrap it: at its spaces. Chromium broke
it between any two syllables, so a filled Korean sentence ended 30 px further right in
LibreOffice than measured, its lines broken elsewhere (`crosscheck_disagreement`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_tokens
from pptx import Presentation
from pptx.util import Inches, Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def test_a_korean_sentence_breaks_at_its_spaces_in_both_engines(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Inches(1), Inches(1), Inches(3), Inches(2))
    box.text_frame.word_wrap = True
    box.text_frame.text = "{{ko}}"
    run = box.text_frame.paragraphs[0].runs[0]
    run.font.size, run.font.name = Pt(20), "Malgun Gothic"
    proc, _, report = fill_tokens(prs, tmp_path, {
        "ko": "지난 분기 실사용 데이터를 바탕으로 개발자 생산성이 크게 향상되었습니다"})
    assert proc.returncode == 0, proc.stderr
    slide_report = json.loads(report.read_text())["slides"][0]
    assert slide_report["quality"] == "success_clean"
    (checked,) = slide_report["crosscheck"]["elements"]
    d_left, _, d_right, _ = checked["edges_px"]
    assert abs(d_left) < 2 and abs(d_right) < 2  # 29.8 px apart on the right before
