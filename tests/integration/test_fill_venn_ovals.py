"""A real deck's Venn diagram (pandoc's ``pptx-reader-basic``, slide 2: three ovals holding
their text) filled through the CLI: the new text wraps in each oval's inscribed rectangle, as
LibreOffice draws it. Laid out in the whole box before, the browser's lines ran 63 px wider on
each side (``edges_px`` [62.8, -26.5, -63.0, 30.0]) and LibreOffice "agreed on 0 %"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import fill_cli

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

DECK = Path("../shared/corpus/pptx/pandoc__pptx-reader-basic.pptx")
FILL = {"sp4": "SKILLS\n\nSpecialized workers and their workflows: n8n, UI Path and other RPA "
               "tools",
        "sp6": "KNOWLEDGE\n\nData and retrieval pipelines: vector databases and data "
               "preparation vendors"}


def test_text_in_a_venn_diagrams_ovals_wraps_as_libreoffice_wraps_it(tmp_path: Path) -> None:
    if not DECK.exists():
        pytest.skip("corpus not available")
    content = tmp_path / "c.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 2, "fill": FILL}]}))
    out, report = tmp_path / "out.pptx", tmp_path / "r.json"
    proc = fill_cli(DECK, content, out, report, "--no-repair")
    assert proc.returncode == 0, proc.stderr
    cc = json.loads(report.read_text())["slides"][0]["crosscheck"]
    assert cc["within_threshold_share"] == 1.0
    for e in cc["elements"]:
        left, top, right, bottom = e["edges_px"]
        assert abs(left) < 2 and abs(right) < 2, e  # the same line breaks in the oval
        assert abs(top) < 6 and abs(bottom) < 6, e  # the same number of lines
