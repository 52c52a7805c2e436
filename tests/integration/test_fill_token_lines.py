"""A token whose value has several lines (an address block) is filled as line breaks in one
paragraph, through the real CLI: LibreOffice draws the lines where the browser measured them.
Before, the raw newline went into ``a:t``: LibreOffice drew a second, bulleted paragraph 36 px
left of the browser's lines (``edges_px`` [-36, 0.3, -36.1, 13.6])."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_tokens
from pptx import Presentation

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def test_a_multi_line_token_value_is_drawn_alike_by_both_engines(tmp_path: Path) -> None:
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[1])  # Title and Content: bulleted body
    slide.shapes.title.text = "{{title}}"
    slide.placeholders[1].text = "Ship to: {{address}}"
    proc, out, report = fill_tokens(prs, tmp_path, {
        "title": "Delivery", "address": "1 Main Street\nSpringfield\r\nUSA"})
    assert proc.returncode == 0, proc.stderr
    assert "2 shape(s) filled" in proc.stderr
    body = Presentation(str(out)).slides[0].placeholders[1].text_frame
    assert len(body.paragraphs) == 1  # one bullet, three lines
    assert body.text == "Ship to: 1 Main Street\vSpringfield\vUSA"  # python-pptx's a:br
    slide_report = json.loads(report.read_text())["slides"][0]
    assert slide_report["quality"] == "success_clean"
    checked = {e["eid"]: e for e in slide_report["crosscheck"]["elements"]}
    d_left, d_top, d_right, d_bottom = checked["sp3"]["edges_px"]
    assert abs(d_left) < 2 and abs(d_top) < 2 and abs(d_right) < 2
    assert abs(d_bottom) < 8  # the same three lines (LibreOffice's line box ends lower)
