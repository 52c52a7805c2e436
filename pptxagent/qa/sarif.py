"""A QA report as SARIF 2.1.0 (one rule per issue kind, level from severity) for CI."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from pptxagent.ir.qa import ISSUE_KINDS, QaReport


def _version() -> str:
    try:
        return version("pptxagent")
    except PackageNotFoundError:  # running from a source tree that is not installed
        return "0"


SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS: dict[str, str] = {"critical": "error", "major": "warning", "minor": "note"}
RULE_TEXT: dict[str, str] = {
    "overflow": "Text sticks out of its box.",
    "cutoff": "Text runs off the slide.",
    "text_overlap": "Two texts are drawn on top of each other, or text is hidden under art "
                    "drawn over it.",
    "contrast": "Text contrast with what is drawn behind it is below WCAG 2 (4.5:1, 3:1 large).",
    "edge": "Text is in the slide-edge danger zone.",
    "empty_title": "The title placeholder is empty on a slide with content.",
    "title_not_largest": "The title is not the largest text on its slide.",
    "footer_collision": "Text collides with a footer, date, slide number or citation.",
    "prompt_text": "Leftover placeholder prompt or dummy text.",
    "unresolved_token": "A template token was never replaced.",
    "distorted_picture": "A picture is shown at another aspect ratio than its own.",
    "tiny_text": "Text is drawn too small to read (under 6 pt, after any autofit scale).",
    "small_text": "Body text is smaller than 18 pt (composed decks).",
    "title_ratio": "The title is less than 1.5 times the body text (composed decks).",
    "margin": "Text reaches into the slide's safe margin (composed decks).",
    "no_visual": "The slide is plain text: no shape, picture, chart or table (composed decks).",
    "balance": "The content sits to one side of the body area, leaving a large empty band "
               "(composed decks).",
    "fill": "The content covers little of the body area (design check).",
    "grid": "A box's edges miss the column grid (design check).",
    "widow": "A title's last line is a single word (design check).",
    "type_scale": "Text is drawn at a size off the type scale (design check).",
    "rhythm": "The same layout variant on too many slides in a row (design check).",
}


def to_sarif(report: QaReport, deck: Path) -> dict[str, Any]:
    rules = [
        {
            "id": kind,
            "name": "".join(part.title() for part in kind.split("_")),
            "shortDescription": {"text": RULE_TEXT[kind]},
        }
        for kind in ISSUE_KINDS
    ]
    index = {kind: n for n, kind in enumerate(ISSUE_KINDS)}
    uri = deck.resolve().as_uri()
    results = []
    for issue in report.issues:
        if issue.status == "accepted" or issue.status == "resolved":
            continue
        where = f"slide {issue.slide}, shape {issue.shape or issue.eid!r} ({issue.eid})"
        result: dict[str, Any] = {
            "ruleId": issue.kind,
            "ruleIndex": index[issue.kind],
            "level": LEVELS[issue.severity],
            "message": {"text": f"{where}: {issue.message}"},
            "locations": [{
                "physicalLocation": {"artifactLocation": {"uri": uri}},
                "logicalLocations": [{
                    "name": issue.shape or issue.eid,
                    "fullyQualifiedName": f"slide{issue.slide}/{issue.eid}",
                    "kind": "element",
                }],
            }],
            "properties": {
                "slide": issue.slide,
                "eid": issue.eid,
                "severity": issue.severity,
                "measured": issue.measured,
                "threshold": issue.threshold,
                "unit": issue.unit,
            },
        }
        results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "pptxagent",
                "version": _version(),
                "informationUri": "https://github.com/pptxagent/pptxagent",
                "rules": rules,
            }},
            "artifacts": [{"location": {"uri": uri}}],
            "results": results,
        }],
    }
