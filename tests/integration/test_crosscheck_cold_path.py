"""When LibreOffice runs without its UNO bridge (a cold ``soffice --convert-to``), it cannot
re-apply a box's stored autofit scale: its picture of such a box says nothing about the file,
and a slide that fits must not be degraded for it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import pptxagent.engines.libreoffice as lo
from pptxagent.pipeline import FillOptions, fill_deck

CORPUS = Path(__file__).parents[2].parent / "shared" / "corpus" / "pptx"
TEMPLATE = CORPUS / "officer__example.pptx"  # body box stored at fontScale 32.5 %

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


@pytest.fixture
def cold_libreoffice() -> Iterator[lo.LibreOffice]:
    """The process-wide LibreOffice replaced by one without the bridge, then restored."""
    saved = lo._instance
    cold = lo.LibreOffice(warm=False)
    lo._instance = cold
    try:
        yield cold
    finally:
        cold.close()
        lo._instance = saved


def test_a_fitting_fill_is_not_degraded_by_the_cold_drawing(
        cold_libreoffice: lo.LibreOffice, tmp_path: Path) -> None:
    content = tmp_path / "content.json"
    content.write_text(json.dumps({"slides": [{"template_slide": 1, "fill": {
        "title": "Quarterly results", "body": ["Revenue up", "Costs flat", "Churn down"]}}]}))
    report = fill_deck(FillOptions(TEMPLATE, content, tmp_path / "out.pptx"))
    assert not cold_libreoffice.warm
    slide = report.slides[0]
    assert slide.quality != "degraded", slide.notes
    assert any("without its UNO bridge" in n and "not judged" in n for n in slide.notes)
