"""The fill's QA captures the drawn glyphs only where the layout checks need them: every
planted defect and every clean slide gets the same verdicts as with the full capture."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from qa_decks import PLANTED, planted_deck

from pptxagent.engines.chromium import Chromium
from pptxagent.inventory import inventory_deck
from pptxagent.ir import Box, DomSnapshot
from pptxagent.measure import Measurer
from pptxagent.measure.pixels import capture_slides
from pptxagent.ooxml.package import Package
from pptxagent.qa import check_slides, read_package_facts
from pptxagent.qa.layout import ink_regions
from pptxagent.qa.settings import DEFAULT_QA_SETTINGS

pytestmark = pytest.mark.browser


def test_partial_text_capture_gives_the_full_captures_verdicts(
        tmp_path: Path, browser: Chromium) -> None:
    pkg = Package.open(planted_deck(tmp_path / "t.pptx"))
    deck = inventory_deck(pkg)
    irs = [deck.slide_ir(s.index) for s in deck.slides]
    package = [read_package_facts(pkg, s.part) for s in deck.slides]
    measurer = Measurer(browser)
    asked: list[list[Box]] = []

    def ink(doms: Sequence[DomSnapshot]) -> list[list[Box]]:
        asked[:] = [ink_regions(ir, d, DEFAULT_QA_SETTINGS) for ir, d in zip(irs, doms,
                                                                              strict=True)]
        return asked

    full = check_slides(irs, capture_slides(irs, measurer), package=package)
    part = check_slides(irs, capture_slides(irs, measurer, ink=ink), package=package)

    def sig(issues: list) -> list[tuple[object, ...]]:  # type: ignore[type-arg]
        return [(i.slide, i.kind, i.shape, i.severity, i.status,
                 None if i.measured is None else round(i.measured, 1)) for i in issues]

    assert sig(part) == sig(full)
    found = {(i.slide, i.kind, i.shape) for i in part}
    for slide, (kind, shape) in PLANTED.items():
        assert (slide, kind, shape) in found
    # the text at the edge and the crammed box are where glyphs were captured; the clean
    # first slide needed none
    edge_slide = next(s for s, (k, _) in PLANTED.items() if k == "edge")
    assert asked[edge_slide - 1] and not asked[0]
