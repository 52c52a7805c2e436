"""Run every check on measured slides; judge a filled template relative to itself.

Plain deck (``pptxagent qa``): absolute thresholds. Template mode: pass the ``baseline`` of
each slide, measured on the unfilled template slide it came from (``make_baseline``): the
template's own contrast, edge distances and issues are its design, so a condition the
template already has in the same box is reported with ``status="accepted"`` unless the fill
made it clearly worse.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from pptxagent.ir import Box, SlideIR
from pptxagent.ir.qa import QaIssue, issue_sort_key
from pptxagent.measure.pixels import SlideCapture
from pptxagent.qa.arttext import check_art_text
from pptxagent.qa.content import check_hierarchy, check_text, check_tiny_text
from pptxagent.qa.facts import PackageFacts, SlideFacts
from pptxagent.qa.layout import (
    check_edges,
    check_hidden,
    check_overflow,
    check_overlaps,
    element_edge_distances,
)
from pptxagent.qa.settings import DEFAULT_QA_SETTINGS, QaSettings
from pptxagent.qa.visual import box_contrasts, check_contrast, check_pictures

Check = Callable[[SlideFacts, QaSettings], list[QaIssue]]
PLAIN_CHECKS: tuple[Check, ...] = (
    check_overflow,
    check_overlaps,
    check_art_text,
    check_hidden,
    check_text,
    check_hierarchy,
    check_tiny_text,
    check_pictures,
)


@dataclass
class SlideBaseline:
    """The unfilled template slide as measured: its own contrast per box, edge distance per
    box and issues."""

    contrast: dict[str, float] = field(default_factory=dict)
    backdrop: dict[str, NDArray[np.uint8]] = field(default_factory=dict)
    """(A sample of) what the template drew behind each box's text."""
    edge: dict[str, float] = field(default_factory=dict)
    edge_lines: dict[str, float] = field(default_factory=dict)
    """The edge distance of each box's line boxes (where its lines end, glyph shapes aside)."""
    issues: list[QaIssue] = field(default_factory=list)
    frames: dict[str, Box] = field(default_factory=dict)
    """Each element's frame on the template slide (where its designer put the box)."""
    notext: NDArray[np.uint8] | None = None
    """The template slide drawn without its text: what its design puts behind each frame."""

    def designed_overlap(self, issue: QaIssue) -> float:
        """How far the template itself laid the two boxes of a ``text_overlap`` on each other
        (px²; 0 when it did not)."""
        a, b = self.frames.get(issue.eid), self.frames.get(issue.other_eid or "")
        return 0.0 if a is None or b is None else max(0.0, a.intersection_area(b))


_WORSE_BY: dict[str, float] = {"overflow": 4.0, "cutoff": 2.0, "text_overlap": 50.0,
                               "footer_collision": 50.0, "distorted_picture": 2.0}
"""How much a measured value may grow over the template's before it is the fill's doing."""


_LOWER_IS_WORSE = frozenset({"tiny_text"})
"""Kinds whose measured value gets worse as it falls (a size, not an area or a distance)."""


def _accept(issues: list[QaIssue], base: SlideBaseline) -> None:
    known = {i.key(): i for i in base.issues}
    for issue in issues:
        if issue.kind in ("contrast", "edge") or issue.status != "open":
            continue  # judged against the baseline numbers by their checks
        prior = known.get(issue.key())
        slack = _WORSE_BY.get(issue.kind, 0.0)
        designed = base.designed_overlap(issue) if issue.kind == "text_overlap" else 0.0
        if designed > 0 and issue.measured is not None and issue.measured <= designed + slack:
            # The template put the two boxes on each other: text filled into one of them
            # meets the other inside the area the design gave both (the fill's growth and
            # moves never lay boxes over others), the template's condition, not the fill's.
            issue.status = "accepted"
            issue.baseline = round(designed, 2)
            continue
        if prior is None:
            continue
        if issue.measured is None or prior.measured is None or (
            issue.measured >= prior.measured - slack if issue.kind in _LOWER_IS_WORSE
            else issue.measured <= prior.measured + slack
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
    issues += check_contrast(facts, settings, baseline.contrast if baseline else None,
                             baseline.backdrop if baseline else None,
                             baseline.frames if baseline else None,
                             baseline.notext if baseline else None)
    issues += check_edges(facts, settings, baseline.edge if baseline else None,
                          baseline.edge_lines if baseline else None)
    if baseline is not None:
        _accept(issues, baseline)
        _accept_designed_size(issues, facts)
    return sorted(issues, key=issue_sort_key)


def _accept_designed_size(issues: list[QaIssue], facts: SlideFacts) -> None:
    """Template mode: tiny text drawn at the size the template gave its box (a placeholder
    empty on the template, designed at 5 pt) is the template's design, not the fill's."""
    scale = {el.eid: el.font_scale() for el in facts.ir.elements}
    for issue in issues:
        if (issue.kind == "tiny_text" and issue.status == "open"
                and scale.get(issue.eid, 0.0) >= 0.999):
            issue.status = "accepted"
            issue.baseline = issue.measured


def _unknown(ir: SlideIR, capture: SlideCapture, package: PackageFacts) -> list[Box]:
    boxes = list(capture.unknown)
    for el in ir.elements:
        if el.source is not None and el.source.shape_id in package.undrawn:
            dom = capture.dom.get(el.eid)
            if dom is not None:
                boxes.append(dom.bbox)
    return boxes


def _hidden(ir: SlideIR, capture: SlideCapture, package: PackageFacts) -> dict[str, list[Box]]:
    """Cells of each text that art drawn after it covers, less those covered by a shape an
    animation shows or hides (a build, not a hiding place)."""
    moving = {el.eid for el in ir.elements
              if el.source is not None and el.source.shape_id in package.animated}
    out: dict[str, list[Box]] = {}
    for eid, cells in capture.occluded.items():
        kept = [box for box, owner in cells if owner not in moving]
        if kept:
            out[eid] = kept
    return out


def slide_facts(
    irs: Sequence[SlideIR],
    captures: Sequence[SlideCapture],
    package: Sequence[PackageFacts] | None = None,
    numbers: Sequence[int] | None = None,
) -> list[SlideFacts]:
    if len(captures) != len(irs) or (package is not None and len(package) != len(irs)):
        raise ValueError(f"{len(captures)} captures for {len(irs)} slides")
    out: list[SlideFacts] = []
    for i, ir in enumerate(irs):
        cap = captures[i]
        pk = package[i] if package is not None else PackageFacts()
        out.append(SlideFacts(
            number=numbers[i] if numbers is not None else i + 1,
            ir=ir,
            dom=cap.dom,
            runs=cap.runs,
            notext=cap.notext,
            text_px=cap.text,
            unknown=_unknown(ir, cap, pk),
            pictures=pk.pictures,
            backdrop=pk.backdrop,
            painted=cap.painted,
            plain_page=cap.plain_page,
            occluded={eid: [box for box, _ in cells] for eid, cells in cap.occluded.items()},
            hidden=_hidden(ir, cap, pk),
            art=cap.art,
        ))
    return out


def check_slides(
    irs: Sequence[SlideIR],
    captures: Sequence[SlideCapture],
    settings: QaSettings = DEFAULT_QA_SETTINGS,
    baseline: Sequence[SlideBaseline | None] | None = None,
    *,
    package: Sequence[PackageFacts] | None = None,
    numbers: Sequence[int] | None = None,
) -> list[QaIssue]:
    """Issues of every slide, sorted by slide, severity, kind. ``captures`` come from
    ``pptxagent.measure.pixels.capture_slides(irs, measurer)``; ``package`` from
    ``read_package_facts(pkg, slide_part)`` per slide (pictures' fits, backdrop, undrawn
    fills; without it no picture check, and contrast trusts the render everywhere);
    ``numbers`` are the slides' 1-based numbers in the deck (default 1..N)."""
    out: list[QaIssue] = []
    for i, facts in enumerate(slide_facts(irs, captures, package, numbers)):
        base = baseline[i] if baseline is not None else None
        out += check_facts(facts, settings, base)
    return out


def baseline_of(facts: SlideFacts, settings: QaSettings = DEFAULT_QA_SETTINGS) -> SlideBaseline:
    table = box_contrasts(facts, settings, backdrop=True)
    edge, edge_lines = element_edge_distances(facts, settings)
    return SlideBaseline(
        contrast={eid: rc.ratio for eid, rc in table.worst.items()},
        backdrop=table.backdrop,
        edge=edge,
        edge_lines=edge_lines,
        issues=check_facts(facts, settings),
        notext=facts.notext,
        frames={el.eid: Box(x=el.layout.x, y=el.layout.y, w=el.layout.w, h=el.layout.h)
                for el in [*facts.ir.elements,  # master, layout and SmartArt text too
                           *(facts.ir.backdrop.art if facts.ir.backdrop else [])]},
    )


def make_baseline(
    irs: Sequence[SlideIR],
    captures: Sequence[SlideCapture],
    settings: QaSettings = DEFAULT_QA_SETTINGS,
    *,
    package: Sequence[PackageFacts] | None = None,
) -> list[SlideBaseline]:
    """The baseline of each unfilled template slide (same order as ``irs``)."""
    return [baseline_of(f, settings) for f in slide_facts(irs, captures, package)]


def reconcile(before: Sequence[QaIssue], after: Sequence[QaIssue],
              aimed: Sequence[QaIssue] | None = None) -> list[QaIssue]:
    """Statuses after a correction pass. Each open issue of ``before`` (slide, kind, shape)
    becomes ``resolved`` when ``after`` no longer has it open, else ``unresolved`` (with the
    new numbers); issues new in ``after`` stay ``open``; ``accepted`` ones stay accepted.
    With ``aimed`` (what the pass answered), an issue it did not aim at that is still there
    stays ``open``: ``unresolved`` says a pass tried."""
    def key(i: QaIssue) -> tuple[int, str, str, str]:
        return (i.slide, *i.key())

    now = {key(i): i for i in after}
    tried = None if aimed is None else {key(i) for i in aimed}
    out: list[QaIssue] = []
    for issue in before:
        if issue.status != "open":
            continue
        still = now.pop(key(issue), None)
        if still is None or still.status != "open":
            out.append(issue.model_copy(update={"status": "resolved"}))
        elif tried is not None and key(issue) not in tried:
            out.append(still)
        else:
            out.append(still.model_copy(update={"status": "unresolved"}))
    out += now.values()
    return sorted(out, key=issue_sort_key)
