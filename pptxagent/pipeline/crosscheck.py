"""The LibreOffice cross-check of a packed deck (a second, independent renderer), and the
LibreOffice pass of the refinement loop it may call for.

``crosscheck``: for every filled text shape, where LibreOffice drew the text is compared with
the browser's box (the report's ``crosscheck`` section). An overflow LibreOffice sees and the
browser did not becomes a diagnostics input of that slide (``SlideWork.lo_facts``: where
LibreOffice draws the text relative to the browser).

``refine_crosschecked``: those slides run the loop once more from their refined state, with
the LibreOffice deltas given to ``diagnose`` (a ``content_overflow`` with ``details.source =
"libreoffice"``, which the fit policy answers with a smaller font or, for text that tight
line spacing lifts just above its box, a top inset). Ordinary loop steps: budgets, taboo
memory, trace lines, rollout files in ``slide-NN-libreoffice``. The result is written back and
the deck packed again.

``recheck``: LibreOffice draws the re-packed deck once more; a slide whose filled text it
still draws outside its box is degraded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pptxagent.engines.libreoffice import TextBounds, get_libreoffice
from pptxagent.errors import DrawingError
from pptxagent.ir import Box, RendererDelta
from pptxagent.loop.fallbacks import fell_back
from pptxagent.loop.overflowfit import shrunk
from pptxagent.measure.crosscheck import (
    CrosscheckResult,
    compare,
    drawn_by_eid,
    edge_fonts_px,
    mark_off_slide,
    shape_boxes,
    slanted,
    uprights,
)
from pptxagent.pipeline.early import early_bounds
from pptxagent.pipeline.harmonize import harmonize_libreoffice_pass
from pptxagent.pipeline.job import FillJob, SlideWork
from pptxagent.pipeline.refining import refine_pass
from pptxagent.pipeline.writeback import pack, package_keys, write_back_slide

LO_SUFFIX = "-libreoffice"
"""The LibreOffice pass's rollout of output slide NN is ``slide-NN-libreoffice``."""


def _text_eids(w: SlideWork) -> list[str]:
    assert w.final_ir is not None
    return [e.eid for e in w.final_ir.elements
            if e.eid in w.touched and e.is_text and e.style.display != "none"]


def compare_slide(job: FillJob, w: SlideWork, lo: Mapping[str, Box]) -> CrosscheckResult:
    """Chromium's text box of every filled text element against LibreOffice's."""
    assert w.final_ir is not None and w.dom is not None
    eids = _text_eids(w)
    browser: dict[str, Box] = {}
    for eid in eids:
        d = w.dom.get(eid)
        box = None if d is None else (d.textBox or d.contentBox)
        if box is not None:
            browser[eid] = box
    drawn = {k: v for k, v in drawn_by_eid(w.final_ir, lo).items() if k in eids}
    mine = uprights(w.final_ir, drawn)
    shapes = {k: v for k, v in shape_boxes(w.final_ir).items() if k in eids}
    ems = {e.eid: edge_fonts_px(e) for e in w.final_ir.elements if e.eid in eids}
    s = job.settings
    res = compare(browser, mine, shapes, threshold_px=s.CROSSCHECK_THRESHOLD_PX,
                  overflow_eps_px=s.CROSSCHECK_OVERFLOW_EPS_PX,
                  slanted=slanted(w.final_ir) & set(eids), em_px=ems,
                  threshold_em=s.CROSSCHECK_THRESHOLD_EM,
                  disagree=(s.CROSSCHECK_DISAGREE_PX, s.CROSSCHECK_DISAGREE_EM))
    mark_off_slide(res, w.final_ir, browser, drawn)
    return res


def summary(res: CrosscheckResult) -> dict[str, Any]:
    """The report's ``crosscheck`` section of one slide."""
    return {
        "compared": res.compared,
        "mean_abs_diff_px": round(res.mean_abs_diff_px, 2),
        "max_abs_diff_px": round(res.max_abs_diff_px, 2),
        "within_threshold_share": round(res.within_threshold_share, 3),
        "threshold_px": res.threshold_px,
        "threshold_em": res.threshold_em,
        "libreoffice_only_overflow": res.lo_only_overflow,
        "elements": [
            {"eid": c.eid, "status": c.status,
             "max_edge_diff_px": None if c.max_edge_diff_px is None
             else round(c.max_edge_diff_px, 2),
             "edges_px": [round(v, 1) for v in (c.d_left, c.d_top, c.d_right, c.d_bottom)],
             "tolerance_px": [round(v, 1) for v in c.tolerance_px],
             "em_px": [round(v, 1) for v in c.em_px], "disagrees": c.disagrees,
             "lo_overflow_px": round(c.lo_overflow_px or 0.0, 2),
             **({"lo_off_slide_px": round(c.lo_off_slide_px, 2)} if c.lo_off_slide_px else {})}
            for c in res.elements
        ],
    }


def libreoffice_facts(w: SlideWork, res: CrosscheckResult) -> dict[str, RendererDelta]:
    """For each LibreOffice-only overflow: LibreOffice's text box relative to the browser's
    contentBox (what the diagnoser measures against on every later state)."""
    assert w.dom is not None
    out: dict[str, RendererDelta] = {}
    for eid in res.lo_only_overflow:
        check, d = res.get(eid), w.dom.get(eid)
        if check is None or check.libreoffice is None or d is None or d.contentBox is None:
            continue
        out[eid] = RendererDelta.between(d.contentBox, check.libreoffice)
    return out


def start_libreoffice(job: FillJob) -> None:
    """The input is good and the cross-check will need LibreOffice: start it now, in the
    background, so its start-up overlaps the browser's measuring and the loop."""
    if job.opts.crosscheck:
        warm = None if job.scratch is not None else job.opts.template  # compose: no template
        get_libreoffice().start_background(warm_with=warm)


def _bounds(job: FillJob, slides: list[SlideWork], again: bool = False) -> TextBounds | None:
    """LibreOffice's text bounds of the output (the early drawing's when it drew this deck);
    None when it could not draw the deck (it crashed on it, hung or wrote nothing): then
    ``slides`` are marked not cross-checked (``again``: not checked again after the
    LibreOffice pass) and the fill goes on with its own measurement, saying so."""
    try:
        bounds = None if again else early_bounds(job)
        drawn = bounds if bounds is not None else get_libreoffice().text_bounds(job.opts.out)
        return package_keys(job, drawn)
    except DrawingError as exc:
        job.say(f"LibreOffice could not draw the output ({exc.message}): not cross-checked"
                + (" again" if again else ""))
        for w in slides:
            if w.touched:
                w.crosscheck = {"compared": 0, "unavailable": exc.message,
                                **({"passes": 2} if again else {})}
        return None


def _stored_scale(extra: dict[str, Any] | None) -> bool:
    """The inventory's ``fontScale`` / ``lnSpcReduction`` of a ``normAutofit`` box shrink it."""
    extra = extra or {}
    return float(extra.get("fontScale", 1.0)) < 1 or float(extra.get("lnSpcReduction", 0)) > 0


def unjudged(w: SlideWork, res: CrosscheckResult) -> list[str]:
    """Drawn without the UNO bridge (a cold ``soffice --convert-to``), LibreOffice cannot
    re-apply a box's stored autofit scale and draws its text at full size: an overflow it
    then sees in a box with a stored scale says nothing about the file. Those shapes are
    taken out of ``res.lo_only_overflow``; returns them."""
    assert w.final_ir is not None
    if not res.lo_only_overflow or get_libreoffice().warm:
        return []
    scaled = {el.eid for el in w.final_ir.elements if _stored_scale(el.style.model_extra)}
    scaled |= set(shrunk(w.final_ir))  # the fallback's own autofit, stored the same way
    out = [eid for eid in res.lo_only_overflow if eid in scaled]
    res.lo_only_overflow = [eid for eid in res.lo_only_overflow if eid not in scaled]
    if out:
        w.notes.append("LibreOffice drew the deck without its UNO bridge, which cannot apply "
                       "stored autofit scales: its overflow of " + ", ".join(out)
                       + " is not judged")
    return out


def crosscheck(job: FillJob) -> None:
    if not job.opts.crosscheck:
        return
    bounds = _bounds(job, job.slides)
    if bounds is None:
        return
    for w in job.slides:
        if not w.touched or w.final_ir is None or w.dom is None:
            continue
        res = compare_slide(job, w, bounds.get(w.filled.index, {}))
        unjudged(w, res)
        w.crosscheck = summary(res)
        if not res.lo_only_overflow:
            continue
        w.lo_facts = libreoffice_facts(w, res) if job.opts.repair else {}
        for eid in w.lo_facts:
            check = res.get(eid)
            over = check.lo_overflow_px if check is not None else 0.0
            where = ("past the slide's edge" if check is not None
                     and check.lo_off_slide_px >= over else "outside its box")
            w.notes.append(f"{eid}: LibreOffice drew the text {over:.1f} px {where} "
                           "(the browser did not); refined again against LibreOffice's drawing")
        if not w.lo_facts:
            w.lo_degraded = True
            w.notes.append("LibreOffice draws text outside its box or off the slide: "
                           + ", ".join(res.lo_only_overflow))


def _lo_notes(w: SlideWork) -> list[str]:
    assert w.lo_outcome is not None
    r = w.lo_outcome.result
    return [f"LibreOffice pass ({', '.join(sorted(w.lo_facts))}): {_pass_quality(w)} after "
            f"{r.iterations_to_converge} patch(es)"]


def _pass_quality(w: SlideWork) -> str:
    """The LibreOffice pass's verdict; degraded when it continued from text the first
    pass's last resort clipped (it sees that text inside its box)."""
    assert w.lo_outcome is not None
    return "degraded" if fell_back(w.lo_outcome.final_ir) else w.lo_outcome.result.quality


def refine_crosschecked(job: FillJob) -> None:
    """The LibreOffice pass: the loop again for slides with LibreOffice-only overflows."""
    work = [w for w in job.slides if w.lo_facts]
    if not work:
        return
    irs = [w.final_ir for w in work]
    doms = [w.dom for w in work]
    assert all(ir is not None for ir in irs) and all(d is not None for d in doms)
    outcomes = refine_pass(job, work, [ir for ir in irs if ir is not None],
                           [d for d in doms if d is not None], suffix=LO_SUFFIX)
    outcomes, evened = harmonize_libreoffice_pass(job, work, outcomes, LO_SUFFIX)
    for k, (w, outcome) in enumerate(zip(work, outcomes, strict=True)):
        w.lo_outcome = outcome
        w.final_ir, w.diag, w.dom = outcome.final_ir, outcome.final_diag, outcome.final_dom
        left = [c for c in w.changes if c.get("what") == "overflow_left"]
        w.changes = write_back_slide(job.package, w.ir, outcome)
        w.changes += [c for c in left if c not in w.changes]
        w.notes += _lo_notes(w)
        if k in evened:
            w.notes.append("copies of one box set to one size again after the LibreOffice pass")
        job.say(f"slide {w.filled.index}: LibreOffice pass {_pass_quality(w)} after "
                f"{outcome.result.iterations_to_converge} patch(es)")
    pack(job)


def recheck(job: FillJob) -> None:
    """LibreOffice draws the re-packed deck once more (only when the LibreOffice pass ran)."""
    work = [w for w in job.slides if w.lo_outcome is not None]
    if not work:
        return
    bounds = _bounds(job, work, again=True)
    if bounds is None:
        return
    for w in work:
        res = compare_slide(job, w, bounds.get(w.filled.index, {}))
        unjudged(w, res)
        w.crosscheck = {**summary(res), "passes": 2}
        if res.lo_only_overflow:
            w.lo_degraded = True
            w.notes.append("LibreOffice still draws text outside its box or off the slide "
                           "after a second pass: " + ", ".join(res.lo_only_overflow))
