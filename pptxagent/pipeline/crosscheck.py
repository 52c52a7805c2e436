"""The LibreOffice cross-check of a packed deck (a second, independent renderer).

For every filled text shape, where LibreOffice drew the text is compared with the browser's
contentBox. An overflow LibreOffice sees and the browser did not gets one more pass (the
font is reduced until LibreOffice's text height fits, never below the min font; text that
tight line spacing lifts just above a box with room below moves down by a top inset
instead); if it still overflows, the slide is degraded.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pptxagent.diagnose import diagnose
from pptxagent.engines.libreoffice import get_libreoffice
from pptxagent.ir import Box, Defect, Element, Insets, SlideIR
from pptxagent.measure.crosscheck import (
    CrosscheckResult,
    ElementCheck,
    by_eid,
    compare,
    overflow,
    shape_boxes,
)
from pptxagent.pipeline.job import FillJob, SlideWork
from pptxagent.pipeline.writeback import write_back_element
from pptxagent.policy.fit import lift_edit
from pptxagent.settings import DEFAULT_SETTINGS, min_font_for


def _text_eids(w: SlideWork) -> list[str]:
    assert w.final_ir is not None
    return [e.eid for e in w.final_ir.elements
            if e.eid in w.touched and e.is_text and e.style.display != "none"]


def _compare(w: SlideWork, lo: Mapping[str, Box]) -> CrosscheckResult:
    assert w.final_ir is not None and w.dom is not None
    eids = _text_eids(w)
    browser: dict[str, Box] = {}
    for eid in eids:
        d = w.dom.get(eid)
        box = None if d is None else (d.textBox or d.contentBox)
        if box is not None:
            browser[eid] = box
    mine = {k: v for k, v in by_eid(w.final_ir, lo).items() if k in eids}
    shapes = {k: v for k, v in shape_boxes(w.final_ir).items() if k in eids}
    return compare(browser, mine, shapes)


def _summary(res: CrosscheckResult) -> dict[str, Any]:
    return {
        "compared": res.compared,
        "mean_abs_diff_px": round(res.mean_abs_diff_px, 2),
        "max_abs_diff_px": round(res.max_abs_diff_px, 2),
        "within_threshold_share": round(res.within_threshold_share, 3),
        "threshold_px": res.threshold_px,
        "libreoffice_only_overflow": res.lo_only_overflow,
        "elements": [
            {"eid": c.eid, "status": c.status,
             "max_edge_diff_px": None if c.max_edge_diff_px is None
             else round(c.max_edge_diff_px, 2),
             "edges_px": [round(v, 1) for v in (c.d_left, c.d_top, c.d_right, c.d_bottom)],
             "lo_overflow_px": round(c.lo_overflow_px or 0.0, 2)}
            for c in res.elements
        ],
    }


def _lift(el: Element, check: ElementCheck) -> dict[str, float] | None:
    """Insets moving text down that LibreOffice draws only a little above its box top (tight
    line spacing), when that is its whole overflow and the box has room below."""
    lo, shape = check.libreoffice, check.shape
    if lo is None or shape is None:
        return None
    ox, oy = overflow(lo, shape).x_px, overflow(lo, shape).y_px
    as_defect = Defect(type="content_overflow", eid=el.eid, severity=ox + oy, details={
        "overflow_x_px": ox, "overflow_y_px": oy, "above_top_px": shape.y - lo.y,
        "room_below_px": shape.bottom - lo.bottom})
    return lift_edit(el, as_defect)


def _shrunk(ir: SlideIR, res: CrosscheckResult) -> tuple[SlideIR, list[str]] | None:
    """The IR with fonts reduced so LibreOffice's text fits, or None if min fonts forbid."""
    out = ir.model_copy(deep=True)
    done: list[str] = []
    for eid in res.lo_only_overflow:
        check = res.get(eid)
        el = out.element(eid)
        if check is None or check.libreoffice is None or not el.style.fontSize:
            return None
        lift = _lift(el, check)
        if lift is not None:
            done.append(f"{eid}: LibreOffice drew the first line "
                        f"{check.shape.y - check.libreoffice.y if check.shape else 0:.1f} px "
                        f"above the box; text moved down (top inset {lift['top']:.1f} px)")
            el.style.insets = Insets(**lift)
            continue
        ins = el.style.insets
        avail = el.layout.h - ((ins.top + ins.bottom) if ins else 0.0)
        ratio = max(0.1, avail / max(check.libreoffice.h, 1.0))
        safety = DEFAULT_SETTINGS.CROSSCHECK_SHRINK_SAFETY
        new = el.style.fontSize * math.sqrt(min(ratio, 1.0)) * safety
        floor = min_font_for(el.priority) or 1.0
        if new < floor:
            return None
        done.append(f"{eid}: LibreOffice saw the text overflow by "
                    f"{check.lo_overflow_px or 0:.1f} px; font {el.style.fontSize:.1f} → "
                    f"{new:.1f} px")
        el.style.fontSize = new
    return out, done


def crosscheck_deck(job: FillJob) -> None:
    lo = get_libreoffice()
    bounds = lo.text_bounds(job.opts.out)
    again: list[SlideWork] = []
    for w in job.slides:
        if not w.touched or w.final_ir is None or w.dom is None:
            continue
        res = _compare(w, bounds.get(w.filled.index, {}))
        w.crosscheck = _summary(res)
        if not res.lo_only_overflow:
            continue
        fix = _shrunk(w.final_ir, res) if job.opts.repair else None
        if fix is None:
            w.lo_degraded = True
            w.notes.append("LibreOffice draws text outside its box: "
                           + ", ".join(res.lo_only_overflow))
            continue
        ir, notes = fix
        dom, _ = job.measurer.measure(ir, job.settings)
        if w.guard.filter(diagnose(ir, dom, job.settings), ir).summary.defect_count:
            w.lo_degraded = True
            w.notes.append("LibreOffice overflow could not be repaired without new defects")
            continue
        for eid in res.lo_only_overflow:
            w.changes += write_back_element(job.package, w.ir, ir, dom, eid)
        w.final_ir, w.dom = ir, dom
        w.notes += notes
        again.append(w)
    if not again:
        return
    job.package.save(job.opts.out)
    bounds = lo.text_bounds(job.opts.out)
    for w in again:
        res = _compare(w, bounds.get(w.filled.index, {}))
        w.crosscheck = {**_summary(res), "passes": 2}
        if res.lo_only_overflow:
            w.lo_degraded = True
            w.notes.append("LibreOffice still draws text outside its box after a second "
                           "pass: " + ", ".join(res.lo_only_overflow))
