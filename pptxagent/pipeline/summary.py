"""Build REPORT.json from a finished fill job."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pptxagent.ir import Quality, dump
from pptxagent.loop.quality import quality_label
from pptxagent.pipeline.report import FillReport, SlideReport, defect_summary

if TYPE_CHECKING:
    from pptxagent.pipeline.fill import FillJob, SlideWork


def _quality(w: SlideWork) -> Quality:
    if w.lo_degraded:
        return "degraded"
    if w.outcome is not None:
        return w.outcome.result.quality
    if w.diag is not None:
        return quality_label(w.diag)
    return "success_clean"


def _excluded(w: SlideWork) -> list[dict[str, Any]]:
    """Filled shapes that were measured but are never moved or resized by the repair."""
    out: list[dict[str, Any]] = []
    for el in w.ir.elements:
        src = el.source
        if el.eid in w.touched and src is not None and not src.repairable:
            out.append({"type": "excluded_from_repair", "eid": el.eid, "details": {
                "shape": src.name or src.kind,
                "reason": "inside a group, rotated, vertical or multi-column: "
                          "measured, but not moved or resized"}})
    return out


DISAGREE_PX = 12.0
"""An edge where Chromium and LibreOffice differ by more than this is a report warning. (The
figures themselves are reported against the cross-check's tighter 6 px threshold; LibreOffice's
text boxes come from PDF glyph positions with estimated ascent/descent, good to a few px.)"""


def _crosscheck_warnings(w: SlideWork) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for e in (w.crosscheck or {}).get("elements", []):
        diff = e.get("max_edge_diff_px")
        if e.get("status") == "compared" and diff is not None and diff > DISAGREE_PX:
            out.append({"type": "crosscheck_disagreement", "eid": e["eid"],
                        "details": {"max_edge_diff_px": diff, "edges_px": e.get("edges_px")}})
    return out


def slide_report(w: SlideWork) -> SlideReport:
    diag = w.diag
    extra = [*_crosscheck_warnings(w), *_excluded(w)]
    quality = _quality(w)
    if quality == "success_clean" and extra:
        quality = "success_with_warnings"
    return SlideReport(
        index=w.filled.index,
        template_slide=w.filled.template_slide,
        quality=quality,
        iterations=w.outcome.result.iterations_to_converge if w.outcome else 0,
        defects=[defect_summary(d) for d in diag.defects] if diag else [],
        warnings=[*(dump(x) for x in (diag.warnings if diag else [])), *extra],
        changes=w.changes,
        crosscheck=w.crosscheck,
        filled=sorted(w.touched),
        notes=w.notes,
    )


def make_report(job: FillJob) -> FillReport:
    assert job.plan is not None
    report = FillReport(
        template=str(job.opts.template),
        output=str(job.opts.out),
        slides=[slide_report(w) for w in job.slides],
        unresolved_tokens=[u.model_dump() for u in job.plan.unresolved],
        package_findings=job.new_findings,
    )
    return report
