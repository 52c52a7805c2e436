"""Golden fills: real templates (bundled and from other tools' projects) filled with fixed
content; what a user reads in the report and the deck — each slide's verdict, every change
in human terms, the QA issues and their status, every shape's text — must stay as recorded.

A deliberate change of behaviour: ``pytest tests/integration/test_golden_fills.py
--regen-goldens`` rewrites ``tests/golden/fill/*.json``; review the diff like code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pptxagent.pipeline import FillOptions, fill_deck
from pptxagent.pipeline.tools import deck_texts

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus" / "pptx"
GOLDEN = ROOT / "tests" / "golden" / "fill"

LONG = ("The regional teams reported steady progress on every objective set at the start of "
        "the year, with a few exceptions that the next section explains in detail")


def _role_case(slide: int, title: str, body: Any) -> dict[str, Any]:
    return {"slides": [{"template_slide": slide, "fill": {"title": title, "body": body}}]}


CASES: dict[str, tuple[Path, dict[str, Any] | Path]] = {
    "quarterly-review": (ROOT / "templates/pptx/quarterly-review.pptx",
                         ROOT / "fixtures/demo_content.json"),
    "banner": (ROOT / "templates/pptx/banner.pptx", ROOT / "fixtures/banner_content.json"),
    "layouts-long": (CORPUS / "poi__layouts.pptx",
                     _role_case(2, "Results of the year", [LONG] * 4)),
    "onlyoffice-fits": (CORPUS / "onlyoffice__sample.pptx",
                        _role_case(3, "Plan", ["One", "Two", "Three"])),
    "aptia-nested": (CORPUS / "poi__aptia.pptx",
                     {"tokens": {"report": {"title": "Benefits 2026", "year": 2026}},
                      "slides": [{"template_slide": 4, "fill": {
                          "title": "{{report.title}} ({{report.year}})",
                          "body": [LONG, {"text": LONG, "level": 1}]}}]}),
    "docling-mac": (CORPUS / "docling__powerpoint_sample.pptx",
                    _role_case(2, "A title long enough to wrap onto a second line of the box",
                               "Short body")),
}


def _r(v: Any) -> Any:
    if isinstance(v, float):
        return round(v, 1)
    if isinstance(v, dict):
        return {k: _r(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_r(x) for x in v]
    return v


def summary(report: Any, deck: Path) -> dict[str, Any]:
    """What a user reads: per slide verdict, changes, QA issues; the deck's texts."""
    return {
        "slides": [{
            "index": s.index, "quality": s.quality, "filled": sorted(s.filled),
            "changes": _r(s.changes),
            "qa": sorted(_r([q.get("kind"), q.get("shape"), q.get("severity"), q.get("status"),
                             q.get("measured")]) for q in s.qa),
        } for s in report.slides],
        "unresolved_tokens": sorted(str(t) for t in report.unresolved_tokens),
        "texts": deck_texts(deck),
    }


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_fill(name: str, tmp_path: Path, regen_goldens: bool) -> None:
    template, content = CASES[name]
    if not template.is_file():
        pytest.skip(f"{template} is not here")
    if isinstance(content, dict):
        path = tmp_path / "content.json"
        path.write_text(json.dumps(content), "utf-8")
        content = path
    out = tmp_path / "out.pptx"
    report = fill_deck(FillOptions(template, content, out, crosscheck=False))
    got = summary(report, out)
    golden = GOLDEN / f"{name}.json"
    if regen_goldens:
        golden.write_text(json.dumps(got, indent=1, ensure_ascii=False) + "\n", "utf-8")
    assert golden.is_file(), f"no golden for {name}: run with --regen-goldens"
    assert got == json.loads(golden.read_text("utf-8"))
