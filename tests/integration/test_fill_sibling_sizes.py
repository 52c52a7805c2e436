"""Copies of one template box keep one size after the fill: two card headings side by side,
one filled with a longer value. The loop fits each box on its own, so the long one ended
smaller than its twin (a fresh deck's "Global Teams Global Teams" at 20 pt beside "Better Docs
Better Docs" at 28 pt); a designer would have to fix that by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_tokens
from pptx import Presentation
from pptx.presentation import Presentation as PresentationType
from pptx.slide import Slide
from pptx.util import Inches, Pt

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _card(slide: Slide, left: float, text: str, top: float = 2) -> None:
    box = slide.shapes.add_textbox(Inches(left), Inches(top), Inches(3.5), Inches(0.6))
    frame = box.text_frame
    frame.word_wrap = True
    frame.text = text
    frame.paragraphs[0].runs[0].font.size = Pt(28)
    frame.paragraphs[0].runs[0].font.bold = True


def _filled(prs: PresentationType, tmp_path: Path) -> dict[str, float]:
    """Fill the two headings (one long, one short) through the CLI: each text's size."""
    proc, out, _ = fill_tokens(prs, tmp_path, {
        "left": "Global teams across every time zone", "right": "Better docs"})
    assert proc.returncode == 0, proc.stderr
    shapes = Presentation(str(out)).slides[0].shapes
    return {s.text_frame.text: s.text_frame.paragraphs[0].runs[0].font.size.pt
            for s in shapes if s.has_text_frame and s.text_frame.text}


def test_twin_card_headings_end_at_one_size(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    _card(slide, 1.0, "{{left}}")
    _card(slide, 5.5, "{{right}}")
    sizes = _filled(prs, tmp_path)
    long, short = sizes["Global teams across every time zone"], sizes["Better docs"]
    assert long < 28  # the long heading had to shrink to stay on one line's room
    assert short == long  # and its twin went with it
    slide_report = json.loads((tmp_path / "r.json").read_text())["slides"][0]
    assert slide_report["quality"] == "success_clean"
    assert any("one size" in n for n in slide_report["notes"])


def test_boxes_that_only_look_alike_keep_their_own_sizes(tmp_path: Path) -> None:
    """Same font, but not in one row or column (or not the same size): not copies."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    _card(slide, 1.0, "{{left}}")
    _card(slide, 5.5, "{{right}}", top=4)
    sizes = _filled(prs, tmp_path)
    assert sizes["Better docs"] == 28 > sizes["Global teams across every time zone"]


def test_a_degraded_slide_keeps_its_record(tmp_path: Path) -> None:
    """Twin headings beside a table too long for the slide: the slide is degraded by the
    table. Evening out the twins ran a second pass from the truncated state, which lost the
    first pass's defects and its 'does not fit' change; such a slide is left as it was."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    _card(slide, 1.0, "{{left}}")
    _card(slide, 5.5, "{{right}}")
    table = slide.shapes.add_table(3, 2, Inches(1), Inches(5.6), Inches(8), Inches(1.2)).table
    for r in range(3):
        for c in range(2):
            table.cell(r, c).text = f"{{{{t{r}{c}}}}}"
    tokens = {"left": "Global teams across every time zone", "right": "Better docs",
              **{f"t{r}{c}": "Very long table text " * 12 for r in range(3) for c in range(2)}}
    proc, _, report = fill_tokens(prs, tmp_path, tokens)
    assert proc.returncode == 1, proc.stderr
    slide_report = json.loads(report.read_text())["slides"][0]
    assert slide_report["quality"] == "degraded"
    assert [d["type"] for d in slide_report["defects"]] == ["content_overflow"]
    assert "overflow_left" in {c["what"] for c in slide_report["changes"]}
