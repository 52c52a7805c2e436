"""The API the fill pipeline uses: capture slides in one browser round, baseline the
unfilled template, judge the filled slides relative to it (real Chromium)."""

from __future__ import annotations

from pathlib import Path

import pytest
from qa_decks import planted_deck

from pptxagent.engines.chromium import Chromium
from pptxagent.inventory import inventory_deck
from pptxagent.measure import Measurer
from pptxagent.measure.pixels import capture_slides
from pptxagent.ooxml.package import Package
from pptxagent.qa import check_slides, make_baseline, read_package_facts

pytestmark = pytest.mark.browser


def test_template_relative_verdicts(tmp_path: Path, browser: Chromium) -> None:
    pkg = Package.open(planted_deck(tmp_path / "t.pptx"))
    deck = inventory_deck(pkg)
    slides = [deck.slides[0], deck.slides[1]]  # clean slide, slide with white-on-white text
    template = [deck.slide_ir(s.index) for s in slides]
    package = [read_package_facts(pkg, s.part) for s in slides]
    measurer = Measurer(browser)
    caps = capture_slides(template, measurer)
    assert [c.text.shape for c in caps] == [(720, 960, 3)] * 2
    assert any(r.text.startswith("Revenue") for r in caps[0].runs)
    baseline = make_baseline(template, caps, package=package)
    assert baseline[0].contrast and min(baseline[0].contrast.values()) > 10

    filled = [ir.model_copy(deep=True) for ir in template]
    body = next(e for e in filled[0].elements if e.role == "body")
    assert body.paragraphs is not None
    for p in body.paragraphs:
        for r in p.runs:
            r.color = "#d0d0d0"  # the fill made the body pale grey on white
    issues = check_slides(filled, capture_slides(filled, measurer), baseline=baseline,
                          package=package)
    open_issues = [i for i in issues if i.status == "open"]
    assert [(i.slide, i.kind, i.eid, i.severity) for i in open_issues] == [
        (1, "contrast", body.eid, "critical")]
    assert open_issues[0].baseline is not None and open_issues[0].baseline > 10
    # the template's own white-on-white text box is its condition, not the fill's defect
    ghost = [i for i in issues if i.slide == 2]
    assert [(i.kind, i.shape, i.status) for i in ghost] == [("contrast", "Ghost", "accepted")]
