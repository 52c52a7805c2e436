"""Visual QA facts and findings: the glyphs of each text run and the issues the checks raise.

Geometry is slide-local CSS px, as everywhere in the IR. ``slide`` is 1-based (as a person
counts slides). An issue carries the number it measured and the threshold it broke, so a
report reads ``contrast 1.3:1 < 4.5:1`` or ``overflow 23 px > 4 px``.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from pptxagent.ir.dom import Box

Severity = Literal["critical", "major", "minor"]
IssueStatus = Literal["open", "resolved", "unresolved", "accepted"]
LIVE_STATUSES: frozenset[str] = frozenset({"open", "unresolved"})
"""An issue still there: found and not corrected (``unresolved``: a correction pass tried)."""
"""``open`` as found; after a correction pass ``resolved`` (gone) or ``unresolved``;
``accepted``: the template has the same condition in the same box (its design, not a defect)."""
IssueKind = Literal[
    "overflow",
    "cutoff",
    "text_overlap",
    "contrast",
    "edge",
    "empty_title",
    "title_not_largest",
    "footer_collision",
    "prompt_text",
    "unresolved_token",
    "distorted_picture",
    "tiny_text",
    "small_text",
    "title_ratio",
    "margin",
    "no_visual",
    "balance",
    "fill",
    "grid",
    "widow",
    "type_scale",
    "rhythm",
]
"""The last five are scratch-mode rules (``pptxagent compose``): body text under 18 pt, a
title under 1.5 × the body, text outside the safe margin, a slide of plain text only, and a
content block that leaves a large empty band in the body area (``qa.scratch.balance``); the
design measures after it (``qa.design``): content covering little of the body area, boxes off
the column grid, a title's lone last word, sizes off the type scale, one variant too many
slides in a row."""
ISSUE_KINDS: tuple[IssueKind, ...] = get_args(IssueKind)
SEVERITY_RANK: dict[str, int] = {"critical": 0, "major": 1, "minor": 2}


class QaIssue(BaseModel):
    """One defect a person would notice, on one shape of one slide."""

    slide: int = Field(ge=1)
    eid: str
    shape: str = ""
    """The shape's name in the deck (``p:cNvPr/@name``), empty for plain IR elements."""
    kind: IssueKind
    severity: Severity
    measured: float | None = None
    threshold: float | None = None
    unit: str = ""
    """``px``, ``px²``, ``:1`` (contrast ratio), ``%``, ``pt``."""
    message: str
    status: IssueStatus = "open"
    other_eid: str | None = None
    """The second shape of a pairwise issue (overlap, footer collision)."""
    other_shape: str | None = None
    baseline: float | None = None
    """The template's own value for the same box (template mode), e.g. its contrast ratio."""
    box: Box | None = None
    """Where to outline the issue on the slide picture."""

    def key(self) -> tuple[str, str, str]:
        """What identifies the same condition on the template and on the filled slide."""
        return (self.kind, self.eid, self.other_eid or "")


class RunGlyphs(BaseModel):
    """A text run as drawn: its colour, size and one client rect per line fragment."""

    model_config = ConfigDict(frozen=True)

    eid: str
    run: int
    """Index of the text node in the element (document order, bullets excluded)."""
    color: tuple[int, int, int, float]
    """Computed CSS colour: r, g, b (0-255) and alpha (0-1)."""
    font_px: float
    bold: bool
    rects: tuple[Box, ...]
    text: str = ""
    stroke: tuple[int, int, int, float] | None = None
    """The colour of the outline drawn round the glyphs (WordArt), if any."""
    stroke_px: float = 0.0


def issue_sort_key(issue: QaIssue) -> tuple[int, int, str, str]:
    return (issue.slide, SEVERITY_RANK[issue.severity], issue.kind, issue.eid)


class QaReport(BaseModel):
    """``pptxagent qa --json``: every issue of a deck, and the counts."""

    deck: str
    slides: int
    issues: list[QaIssue] = Field(default_factory=list)
    counts: dict[str, int] = Field(default_factory=dict)
    """Open issues by kind."""
    severities: dict[str, int] = Field(default_factory=dict)
    """Open issues by severity."""
    design: dict[int, dict[str, float]] = Field(default_factory=dict)
    """``qa --scratch``: each slide's design measures (``qa.design``)."""
    timings: dict[str, float] = Field(default_factory=dict)

    def open_issues(self) -> list[QaIssue]:
        return [i for i in self.issues if i.status in LIVE_STATUSES]

    def tally(self) -> None:
        """Recount ``counts`` and ``severities`` from the open issues."""
        self.counts, self.severities = {}, {}
        for issue in self.open_issues():
            self.counts[issue.kind] = self.counts.get(issue.kind, 0) + 1
            self.severities[issue.severity] = self.severities.get(issue.severity, 0) + 1
