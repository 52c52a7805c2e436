"""Build REPORT.json from a finished fill job."""

from __future__ import annotations

from typing import Any

from PIL import Image

from pptxagent.engines.fontcover import missing_glyphs
from pptxagent.ir import Diagnostics, Element, Quality, SlideIR, dump
from pptxagent.ir.qa import LIVE_STATUSES
from pptxagent.loop.fallbacks import fell_back
from pptxagent.loop.quality import quality_label
from pptxagent.pipeline.job import FillJob, SlideWork
from pptxagent.pipeline.report import FillReport, SlideReport, defect_summary
from pptxagent.settings import DEFAULT_SETTINGS, Settings

BEFORE_W = 480
"""The width of a slide's picture from before its QA correction (the thumbnails')."""


def _quality(w: SlideWork) -> Quality:
    # text the loop's last resort clipped: the LibreOffice pass continued from the clipped
    # drawing and saw nothing overflow
    if w.lo_degraded or fell_back(w.final_ir):
        return "degraded"
    if w.lo_outcome is not None:  # the LibreOffice pass continued from the first's result
        return w.lo_outcome.result.quality
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
                "reason": "vertical or multi-column text, or a table turned or in a group: "
                          "measured, but not repaired"}})
    return out


def _crosscheck_warnings(w: SlideWork, disagree_px: float) -> list[dict[str, Any]]:
    """Edges where Chromium and LibreOffice differ by more than ``CROSSCHECK_DISAGREE_PX``
    (the top and bottom edge: or ``CROSSCHECK_DISAGREE_EM`` of their line's font, where that
    is more; ``compare`` marks them ``disagrees``); the figures themselves are reported
    against ``CROSSCHECK_THRESHOLD_PX`` / ``_EM``."""
    out: list[dict[str, Any]] = []
    for e in (w.crosscheck or {}).get("elements", []):
        diff = e.get("max_edge_diff_px")
        beyond = e.get("disagrees", diff is not None and diff > disagree_px)
        if e.get("status") == "compared" and diff is not None and beyond:
            out.append({"type": "crosscheck_disagreement", "eid": e["eid"],
                        "details": {"max_edge_diff_px": diff, "edges_px": e.get("edges_px")}})
    return out


def _text_of(el: Element) -> str:
    cells = [c.text for row in el.table.rows for c in row.cells] if el.table else []
    return "\n".join([el.content, *cells])


def _unmeasured(w: SlideWork) -> list[dict[str, Any]]:
    """Filled text with characters no installed font draws: both renderers drew boxes, so
    its fit was measured on boxes, not on the glyphs the reader's fonts will draw."""
    out: list[dict[str, Any]] = []
    for el in w.ir.elements:
        if el.eid not in w.touched:
            continue
        chars = missing_glyphs(_text_of(el))
        if chars:
            out.append({"type": "missing_glyphs", "eid": el.eid, "details": {
                "shape": el.source.name if el.source is not None else "",
                "characters": chars[:20], "count": len(chars),
                "reason": "no font installed here draws these characters: both renderers drew "
                          "boxes, so the text's fit was measured on boxes, not on the glyphs "
                          "the reader's fonts will draw"}})
    return out


def _not_crosschecked(w: SlideWork) -> list[dict[str, Any]]:
    why = (w.crosscheck or {}).get("unavailable")
    if not why:
        return []
    return [{"type": "crosscheck_unavailable", "details": {
        "reason": f"LibreOffice could not draw the deck: {why}"}}]


def _reported_diag(w: SlideWork) -> Diagnostics | None:
    """The diagnostics the report lists: the final state's, except when the hard fallback
    truncated the text: then the truncated state shows no overflow, and the report lists the
    defects of the state it was truncated from (what the reader of the .pptx will see, since
    the text is kept whole there)."""
    outcome = w.lo_outcome or w.outcome
    if w.diag is None or outcome is None or w.diag.defects:
        return w.diag
    for fb in outcome.result.fallbacks:
        base = fb.get("base_iter")
        if fb.get("fallback") == "truncate" and isinstance(base, int):
            for it in outcome.iterations:
                if it.k == base:
                    return it.diag
    return w.diag


def slide_title(ir: SlideIR | None, limit: int = 120) -> str | None:
    """The slide's title: the first title element's text, else the text drawn largest (its
    first line, whitespace folded, cut to ``limit`` characters)."""
    texts = [e for e in (ir.elements if ir is not None else []) if e.is_text and e.content.strip()]
    if not texts:
        return None
    titled = [e for e in texts if e.type == "title"]
    best = titled[0] if titled else max(texts, key=lambda e: e.style.fontSize or 0.0)
    line = " ".join(best.content.split())
    return line if len(line) <= limit else line[:limit - 1].rstrip() + "…"


def before_picture(w: SlideWork) -> str | None:
    """The slide's picture from before its QA correction pass, made as wide as the
    thumbnails; its path (None without one)."""
    if w.qa_before is None:
        return None
    with Image.open(w.qa_before) as image:
        small = image.resize((BEFORE_W, max(1, round(image.height * BEFORE_W / image.width))))
    small.save(w.qa_before, optimize=False)
    return str(w.qa_before)


def slide_report(w: SlideWork, settings: Settings = DEFAULT_SETTINGS,
                 unresolved: int = 0, before: str | None = None) -> SlideReport:
    """``unresolved``: template tokens left as written where the slide shows them (the
    report's ``unresolved_tokens``): on a slide the fill changed, the audience reads them,
    so it is not clean (a slide the content left alone keeps the template's state)."""
    diag = _reported_diag(w)
    extra = [*_crosscheck_warnings(w, settings.CROSSCHECK_DISAGREE_PX), *_excluded(w),
             *_not_crosschecked(w), *_unmeasured(w)]
    if unresolved and w.touched:  # a slide the fill changed, still showing raw tokens
        extra.append({"type": "unresolved_tokens", "details": {
            "count": unresolved,
            "reason": "template tokens left in the slide as written (see unresolved_tokens)"}})
    quality = _quality(w)
    live = [i for i in w.qa if i.status in LIVE_STATUSES]
    if any(i.severity == "critical" for i in live):
        quality = "degraded"  # a person would see it: never success_*
    if quality == "success_clean" and (extra or live):
        quality = "success_with_warnings"
    return SlideReport(
        index=w.filled.index,
        template_slide=w.filled.template_slide,
        quality=quality,
        iterations=sum(o.result.iterations_to_converge for o in (w.outcome, w.lo_outcome)
                       if o is not None),
        defects=[defect_summary(d) for d in diag.defects] if diag else [],
        warnings=[*(dump(x) for x in (diag.warnings if diag else [])), *extra],
        changes=[*w.removed, *w.changes],
        crosscheck=w.crosscheck,
        filled=sorted(w.touched - {c["eid"] for c in w.removed}),
        notes=w.notes,
        qa=[dump(i) for i in w.qa],
        title=slide_title(w.final_ir or w.ir),
        qa_correction="kept" if w.qa_correction == "kept" else
        "dropped" if w.qa_correction == "dropped" else None,
        before=before,
    )


def make_report(job: FillJob) -> FillReport:
    assert job.plan is not None
    shown: dict[int, int] = {}
    for u in job.plan.unresolved:
        if u.where != "notes":
            shown[u.slide] = shown.get(u.slide, 0) + 1
    report = FillReport(
        template=str(job.opts.template),
        output=str(job.opts.out),
        slides=[slide_report(w, job.settings, shown.get(w.filled.index, 0),
                             before_picture(w)) for w in job.slides],
        unresolved_tokens=[u.model_dump() for u in job.plan.unresolved],
        package_findings=job.new_findings,
        package_changes=job.package_changes,
        qa=qa_totals(job.slides),
        slide_px={"w": job.settings.SLIDE_W, "h": job.settings.SLIDE_H},
    )
    return report


def qa_totals(slides: list[SlideWork]) -> dict[str, Any]:
    """Issues by status; the open (and unresolved) ones by kind and by severity."""
    by_status: dict[str, int] = {}
    by_kind: dict[str, int] = {}
    by_severity: dict[str, int] = {}
    for w in slides:
        for i in w.qa:
            by_status[i.status] = by_status.get(i.status, 0) + 1
            if i.status in LIVE_STATUSES:
                by_kind[i.kind] = by_kind.get(i.kind, 0) + 1
                by_severity[i.severity] = by_severity.get(i.severity, 0) + 1
    return {"by_status": by_status, "open_by_kind": by_kind, "open_by_severity": by_severity}
