"""Run every check on measured slides; judge a filled template relative to itself.

Plain deck (``pptxagent qa``): absolute thresholds. Template mode: pass the ``baseline`` of
each slide, measured on the unfilled template slide it came from (``make_baseline``): the
template's own contrast, edge distances and issues are its design, so a condition the
template already has in the same box is reported with ``status="accepted"`` unless the fill
made it clearly worse.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from pptxagent.ir import SlideIR
from pptxagent.ir.qa import QaIssue, issue_sort_key
from pptxagent.measure.pixels import SlideCapture
from pptxagent.ooxml.media import PictureFit
from pptxagent.qa.content import check_hierarchy, check_text
from pptxagent.qa.facts import SlideFacts
from pptxagent.qa.layout import (
    check_edges,
    check_overflow,
    check_overlaps,
    element_edge_distances,
)
from pptxagent.qa.settings import DEFAULT_QA_SETTINGS, QaSettings
from pptxagent.qa.visual import check_contrast, check_pictures, element_contrasts

Check = Callable[[SlideFacts, QaSettings], list[QaIssue]]
PLAIN_CHECKS: tuple[Check, ...] = (
    check_overflow,
    check_overlaps,
    check_text,
    check_hierarchy,
    check_pictures,
)


@dataclass
class SlideBaseline:
    """The unfilled template slide as measured: its own contrast per box, edge distance per
    box and issues."""

    contrast: dict[str, float] = field(default_factory=dict)
    edge: dict[str, float] = field(default_factory=dict)
    issues: list[QaIssue] = field(default_factory=list)


_WORSE_BY: dict[str, float] = {"overflow": 4.0, "cutoff": 2.0, "text_overlap": 50.0,
                               "footer_collision": 50.0, "distorted_picture": 2.0}
"""How much a measured value may grow over the template's before it is the fill's doing."""


def _accept(issues: list[QaIssue], base: SlideBaseline) -> None:
    known = {i.key(): i for i in base.issues}
    for issue in issues:
        if issue.kind in ("contrast", "edge") or issue.status != "open":
            continue  # judged against the baseline numbers by their checks
        prior = known.get(issue.key())
        if prior is None:
            continue
        slack = _WORSE_BY.get(issue.kind, 0.0)
        if issue.measured is None or prior.measured is None or (
            issue.measured <= prior.measured + slack
        ):
            issue.status = "accepted"
            issue.baseline = prior.measured


def check_facts(
    facts: SlideFacts, settings: QaSettings = DEFAULT_QA_SETTINGS,
    baseline: SlideBaseline | None = None,
) -> list[QaIssue]:
    """Every check on one slide."""
    issues: list[QaIssue] = []
    for check in PLAIN_CHECKS:
        issues += check(facts, settings)
    issues += check_contrast(facts, settings, baseline.contrast if baseline else None)
    issues += check_edges(facts, settings, baseline.edge if baseline else None)
    if baseline is not None:
        _accept(issues, baseline)
    return sorted(issues, key=issue_sort_key)


def slide_facts(
    irs: Sequence[SlideIR],
    captures: Sequence[SlideCapture],
    pictures: Sequence[Mapping[int, PictureFit]] | None = None,
    numbers: Sequence[int] | None = None,
    backdrops: Sequence[str | None] | None = None,
) -> list[SlideFacts]:
    if len(captures) != len(irs):
        raise ValueError(f"{len(captures)} captures for {len(irs)} slides")
    return [
        SlideFacts(
            number=numbers[i] if numbers is not None else i + 1,
            ir=ir,
            dom=captures[i].dom,
            runs=captures[i].runs,
            notext=captures[i].notext,
            text_px=captures[i].text,
            unknown=captures[i].unknown,
            pictures=pictures[i] if pictures is not None else {},
            backdrop=backdrops[i] if backdrops is not None else None,
            painted=captures[i].painted,
            plain_page=captures[i].plain_page,
        )
        for i, ir in enumerate(irs)
    ]


def check_slides(
    irs: Sequence[SlideIR],
    captures: Sequence[SlideCapture],
    settings: QaSettings = DEFAULT_QA_SETTINGS,
    baseline: Sequence[SlideBaseline | None] | None = None,
    *,
    pictures: Sequence[Mapping[int, PictureFit]] | None = None,
    numbers: Sequence[int] | None = None,
    backdrops: Sequence[str | None] | None = None,
) -> list[QaIssue]:
    """Issues of every slide, sorted by slide, severity, kind. ``captures`` come from
    ``pptxagent.measure.pixels.capture_slides(irs, measurer)``; ``pictures`` from
    ``pptxagent.ooxml.media.picture_fits`` per slide (no picture check without them);
    ``numbers`` are the slides' 1-based numbers in the deck (default 1..N); ``backdrops``
    from ``pptxagent.ooxml.backdrop.slide_backdrop`` per slide (contrast is then judged only
    where the renderer drew something, if it left the page white)."""
    out: list[QaIssue] = []
    for i, facts in enumerate(slide_facts(irs, captures, pictures, numbers, backdrops)):
        base = baseline[i] if baseline is not None else None
        out += check_facts(facts, settings, base)
    return out


def baseline_of(facts: SlideFacts, settings: QaSettings = DEFAULT_QA_SETTINGS) -> SlideBaseline:
    return SlideBaseline(
        contrast={eid: rc.ratio for eid, rc in element_contrasts(facts, settings).items()},
        edge=element_edge_distances(facts),
        issues=check_facts(facts, settings),
    )


def make_baseline(
    irs: Sequence[SlideIR],
    captures: Sequence[SlideCapture],
    settings: QaSettings = DEFAULT_QA_SETTINGS,
    *,
    pictures: Sequence[Mapping[int, PictureFit]] | None = None,
    backdrops: Sequence[str | None] | None = None,
) -> list[SlideBaseline]:
    """The baseline of each unfilled template slide (same order as ``irs``)."""
    return [baseline_of(f, settings)
            for f in slide_facts(irs, captures, pictures, backdrops=backdrops)]
