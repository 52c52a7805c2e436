"""A long body just under a template's dark header band, from the CLI: the first line's rect
grazes the band's last row, its glyphs do not. The fill is clean and honest about it: no
contrast issue taken from pixels the text never covers, no slide degraded for it (a
LibreOffice 3 template from Apache POI's test files, every fill measured in one document)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser]

TEMPLATE = Path("../shared/corpus/pptx/poi__ececapstonespring2012.pptx")
BODY = [f"Region {k}: revenue pipeline churn hiring quality compliance onboarding"
        for k in range(24)]


def test_text_below_a_dark_band_is_judged_on_what_lies_behind_its_glyphs(
        tmp_path: Path) -> None:
    if not TEMPLATE.is_file():
        pytest.skip(f"{TEMPLATE} not here")
    content = tmp_path / "content.json"
    fill = {"name:CustomShape 1": "Where the regional expansion stands",
            "name:CustomShape 2": BODY}
    content.write_text(json.dumps({"slides": [{"template_slide": 2, "fill": fill},
                                              {"template_slide": 2, "fill": fill}]}))
    out, report = tmp_path / "out.pptx", tmp_path / "report.json"
    done = subprocess.run([sys.executable, "-m", "pptxagent.cli", "fill", str(TEMPLATE),
                           str(content), "-o", str(out), "--report", str(report),
                           "--no-crosscheck"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    slides = json.loads(report.read_text())["slides"]
    for slide in slides:  # the second slide sits lower in the measuring document
        assert [i for i in slide["qa"] if i["kind"] == "contrast"] == []
        assert slide["quality"].startswith("success")
