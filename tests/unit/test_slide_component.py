"""One slide component (``pptxagent/qa/ui/slide.js`` + ``slide.css``): the service UI imports
it, ``pptxagent batch``'s ``review.html`` and ``pptxagent qa``'s ``contact-sheet.html`` inline
it as it is in the package; no other file draws an issue's box; the PNG contact sheet outlines
only the live issues, in the component's colours."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from PIL import Image

from pptxagent.batch.report import review_html
from pptxagent.ir.dom import Box
from pptxagent.ir.qa import QaIssue, QaReport
from pptxagent.qa.page import COMPONENT, STYLE, component_js, qa_sheet_html, slides_page
from pptxagent.qa.sheet import COLORS, annotate

PKG = Path(__file__).resolve().parents[2] / "pptxagent"
MARKER = "export function slideCard("
"""The component's own function, once in the package file."""


def _issue(status: str, x: float, severity: str = "critical") -> QaIssue:
    return QaIssue(slide=1, eid="e1", shape="Title", kind="contrast", severity=severity,
                   message="white on white </script><b>", status=status,
                   box=Box(x=x, y=10, w=40, h=30))


def _row(tmp: Path) -> dict[str, Any]:
    thumb = tmp / "thumb-1.png"
    Image.new("RGB", (320, 180), (255, 255, 255)).save(thumb)
    issues = [_issue(s, 10 + 60 * k).model_dump(mode="json")
              for k, s in enumerate(("open", "resolved", "accepted"))]
    return {"number": 3, "where": "line 4", "file": "c.pptx", "label": "degraded",
            "issues": 1, "slides": [{"index": 1, "quality": "degraded"}],
            "open_issues": issues[:1], "qa": issues, "slide_px": {"w": 320, "h": 180},
            "thumbnails": [str(thumb)]}


def _blob(page: str) -> dict[str, Any]:
    m = re.search(r"<script type=application/json id=slide-data>(.*?)</script>", page, re.S)
    assert m is not None
    return dict(json.loads(m.group(1)))


def test_both_pages_inline_the_package_component_verbatim(tmp_path: Path) -> None:
    js = COMPONENT.read_text("utf-8")
    assert js.count(MARKER) == 1 and "export function drawDecks(" in js
    review = review_html([_row(tmp_path)], {"template": "t.pptx", "data": "d.csv"})
    report = QaReport(deck="deck.pptx", slides=1, issues=[_issue("open", 10)])
    report.tally()
    sheet = qa_sheet_html(report, {1: None}, {"w": 320, "h": 180})
    for page in (review, sheet):
        assert js in page and page.count(MARKER) == 1
        assert STYLE.read_text("utf-8") in page
        assert "<script type=module>" in page and "drawDecks(JSON.parse(" in page
        # the issue's text never closes the script it travels in
        assert page.count("</script>") == 2
    deck = _blob(review)["decks"][0]
    assert deck["target"] == "deck-3" and "id='deck-3'" in review
    assert [i["status"] for i in deck["issues"]] == ["open", "resolved", "accepted"]
    assert set(deck["issues"][0]) == {"slide", "kind", "severity", "status", "box", "shape",
                                      "message"}
    assert deck["slides"][0]["picture"].startswith("data:image/png;base64,")
    assert deck["slide_px"] == {"w": 320, "h": 180}
    assert _blob(sheet)["decks"][0]["slides"] == [{"index": 1, "picture": None}]


def test_a_row_from_before_qa_was_kept_shows_its_open_issues(tmp_path: Path) -> None:
    row = _row(tmp_path)
    del row["qa"]
    deck = _blob(review_html([row], {}))["decks"][0]
    assert [(i["status"], i["kind"]) for i in deck["issues"]] == [("open", "contrast")]


def test_only_the_component_draws_an_issue_box() -> None:
    """``qa-box`` (an issue drawn on a slide) is styled and made in the component only; the
    service's slides.js wraps it, util.js takes its ``h``."""
    js = [p for p in PKG.rglob("*.js") if "qa-box" in p.read_text("utf-8")]
    css = [p for p in PKG.rglob("*.css") if ".qa-box" in p.read_text("utf-8")]
    assert js == [COMPONENT] and css == [STYLE]
    ui = PKG / "service" / "ui"
    assert 'from "./qa/slide.js"' in (ui / "slides.js").read_text("utf-8")
    assert 'from "./qa/slide.js"' in (ui / "util.js").read_text("utf-8")
    assert 'href="qa/slide.css"' in (ui / "index.html").read_text("utf-8")
    assert "function h(" not in (ui / "util.js").read_text("utf-8")


def test_a_page_refuses_a_component_that_would_close_its_tag(monkeypatch: Any) -> None:
    import pptxagent.qa.page as page

    monkeypatch.setattr(page, "component_js", lambda: component_js() + "// </script>")
    try:
        slides_page("t", "", [])
    except ValueError as exc:
        assert "closes its own tag" in str(exc)
    else:
        raise AssertionError("inlined a script that closes itself")


def test_the_png_outlines_only_live_issues_in_the_component_colours() -> None:
    css = STYLE.read_text("utf-8")
    for severity, rgb in COLORS.items():
        assert f"--{severity}: #{''.join(f'{c:02x}' for c in rgb)}" in css
    statuses = ("open", "unresolved", "resolved", "accepted")
    image = Image.new("RGB", (320, 180), (255, 255, 255))
    out = annotate(image, [_issue(s, 10 + 75 * k) for k, s in enumerate(statuses)])
    drawn = [out.getpixel((10 + 75 * k + 20, 39)) == COLORS["critical"]  # the box's bottom
             for k in range(len(statuses))]
    assert drawn == [True, True, False, False]
