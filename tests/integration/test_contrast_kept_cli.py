"""A longer title that reached the light part of the template's photo, from the CLI:
ONLYOFFICE's sample puts a white title on a stormy sky; "Quarterly results 2025" is wider than
the template's title and its "Q" lands on a shield's white rim. The fill's visual QA finds the
lost contrast and keeps the title on the dark sky, at the template's size."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pptx import Presentation

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

TEMPLATE = Path("../shared/corpus/pptx/onlyoffice__sample.pptx")
CONTENT = {"slides": [{"template_slide": 3, "fill": {
    "title": "Quarterly results 2025",
    "body": ["Next: Build", {"text": "Then Ship", "level": 1}, "Final: true"]}}]}


def test_title_kept_where_the_photo_behind_it_stays_dark(tmp_path: Path) -> None:
    if not TEMPLATE.is_file():
        pytest.skip(f"{TEMPLATE} not here")
    content = tmp_path / "content.json"
    content.write_text(json.dumps(CONTENT))
    out, report = tmp_path / "out.pptx", tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "pptxagent.cli", "fill", str(TEMPLATE),
                           str(content), "-o", str(out), "--report", str(report)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    (slide,) = json.loads(report.read_text())["slides"]
    (issue,) = [i for i in slide["qa"] if i["kind"] == "contrast"]
    # found: the title kept under 70% of what the template's dark sky gave it ...
    assert issue["shape"] == "Title 1" and issue["severity"] == "major"
    assert issue["measured"] < 0.7 * issue["baseline"]
    # ... and corrected: nothing left open, the label honest
    assert issue["status"] == "resolved"
    assert slide["quality"] == "success_clean"
    assert any("kept where its backdrop gives it" in n for n in slide["notes"])

    def title(path: Path, index: int) -> tuple[int, int, set[int | None]]:
        shape = next(s for s in Presentation(str(path)).slides[index].shapes
                     if s.name == "Title 1")
        sizes = {r.font.size for p in shape.text_frame.paragraphs for r in p.runs}
        return shape.left, shape.left + shape.width, sizes

    t_left, t_right, t_sizes = title(TEMPLATE, 2)
    o_left, o_right, o_sizes = title(out, 0)
    # the right edge is the designer's (within 1 px); the left edge moved past the rim and
    # the light sky
    assert abs(o_right - t_right) <= 9525 and o_left > t_left + (t_right - t_left) // 10
    # the font is the template's: the text wraps to two lines on the dark sky instead
    assert o_sizes <= t_sizes


def test_grey_that_passed_as_large_text_is_not_excused_once_shrunk(tmp_path: Path) -> None:
    # tika's WordArt deck leaves its 32 pt grey subtitle empty: 3.5:1 on white passes there as
    # large text. Seven long bullets shrink it to 15 pt, where 3.5:1 fails: the fill's
    # doing, not the template's design, so it stays an open issue (the slide not clean).
    template = Path("../shared/corpus/pptx/tika__testWordArt.pptx")
    if not template.is_file():
        pytest.skip(f"{template} not here")
    body = ["Revenue pipeline churn hiring quality compliance",
            "Forecast platform latency partners analytics regional logistics",
            {"text": "Security pricing support expansion sourcing margin retention capacity",
             "level": 1},
            "Migration inventory revenue pipeline churn hiring quality compliance onboarding",
            "Growth customers forecast platform latency partners analytics regional logistics",
            {"text": "Capacity roadmap security pricing support expansion", "level": 1},
            "Compliance onboarding migration inventory revenue pipeline churn"]
    content = tmp_path / "content.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 1, "fill": {
        "sp4": "Where the regional expansion stands", "sp3": body}}]}))
    report = tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "pptxagent.cli", "fill", str(template),
                           str(content), "-o", str(tmp_path / "out.pptx"), "--report",
                           str(report)], capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    (slide,) = json.loads(report.read_text())["slides"]
    low = [i for i in slide["qa"] if i["kind"] == "contrast" and i["shape"] == "Subtitle 2"]
    assert low and low[0]["status"] == "open" and low[0]["measured"] < 4.5, slide["qa"]
    assert slide["quality"] == "success_with_warnings"
