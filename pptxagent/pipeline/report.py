"""REPORT.json of ``pptxagent fill``: per slide quality, defects, changes, cross-check."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from pptxagent.ir import Quality


class SlideReport(BaseModel):
    index: int
    template_slide: int
    quality: Quality
    iterations: int
    defects: list[dict[str, Any]] = Field(default_factory=list)
    warnings: list[dict[str, Any]] = Field(default_factory=list)
    changes: list[dict[str, Any]] = Field(default_factory=list)
    crosscheck: dict[str, Any] | None = None
    filled: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    qa: list[dict[str, Any]] = Field(default_factory=list)
    """The visual QA's issues (slide, shape, eid, kind, severity, measured, threshold,
    message, status: open / resolved / unresolved / accepted)."""
    kind: str | None = None
    """Composed decks: the outline slide's kind, the component chosen and why, which outline
    slide (1-based) it came from and which part of it (``[k, n]``)."""
    component: str | None = None
    variant: str | None = None
    """The component's variant (bullets: ``list`` or ``cards``); ``reason`` says why."""
    design: dict[str, float] | None = None
    """A composed slide's design measures (``qa.design``): ``fill`` and ``cover`` (shares of
    the body area's height and area the content takes), ``offset`` (its centre from the
    area's, + below), ``empty`` (the larger empty band), ``off_grid``, ``off_scale`` and
    ``widow`` (counts)."""
    reason: str | None = None
    outline_slide: int | None = None
    part: list[int] | None = None
    qa_correction: Literal["kept", "dropped"] | None = None
    """The fill's visual QA correction pass ran on this slide (its ``qa`` issues then read
    ``resolved`` / ``unresolved``): ``kept``, or ``dropped`` when it made nothing better (the
    first result stands); None: it did not run."""
    before: str | None = None
    """The picture of the slide from before that pass, where each resolved issue's ``box``
    was: its file (``FillOptions.pictures_dir``); in the service's reports its URL,
    ``/api/files/{sha256}``."""
    title: str | None = None
    """The slide's title as the deck shows it: its title shape's text, else its largest
    text (a cover's big line); None for a slide without text."""


class FillReport(BaseModel):
    template: str
    """The template filled; for a composed deck the theme pack (``name@version``)."""
    mode: str = "fill"
    """``fill`` (template mode) or ``compose`` (scratch mode)."""
    slide_px: dict[str, float] = Field(default_factory=dict)
    """The slide size in the px every ``box`` of the report is given in: ``{"w", "h"}``."""
    output: str
    slides: list[SlideReport] = Field(default_factory=list)
    unresolved_tokens: list[dict[str, Any]] = Field(default_factory=list)
    timings: dict[str, float] = Field(default_factory=dict)
    package_findings: list[str] = Field(default_factory=list)
    """Structural findings the output has and the template did not (should be empty)."""
    package_changes: list[str] = Field(default_factory=list)
    """What changed in the file as a whole: its kind (a .potx template written as a .pptx),
    macros a .pptx cannot hold."""
    qa: dict[str, Any] = Field(default_factory=dict)
    """Visual QA totals: issues by status and, for the open ones, by kind and severity."""

    @property
    def degraded(self) -> bool:
        return any(s.quality == "degraded" for s in self.slides)


def defect_summary(d: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": d.type, "severity": round(float(d.severity), 2)}
    for k in ("eid", "owner_eid", "other_eid"):
        v = getattr(d, k, None)
        if v:
            out[k] = v
    if d.details:
        out["details"] = d.details
    return out
