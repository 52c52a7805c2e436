"""Write a slide's refinement back into its OOXML part, element by element; pack the deck."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from pptxagent.ir import DomSnapshot, Element, SlideIR
from pptxagent.loop.driver import RefineOutcome
from pptxagent.loop.overflowfit import overflowed_at
from pptxagent.ooxml.doctype import match_extension
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapeids import unique_shape_ids
from pptxagent.ooxml.tablewrite import write_table_back
from pptxagent.ooxml.validate import compare_findings, validate_package
from pptxagent.ooxml.writeback import write_back
from pptxagent.pipeline.job import FillJob

T = TypeVar("T")


def _differs(a: Element, b: Element) -> bool:
    la, lb = a.layout, b.layout
    geo = any(abs(getattr(la, k) - getattr(lb, k)) > 0.01 for k in ("x", "y", "w", "h"))
    return (geo or a.style.fontSize != b.style.fontSize or a.style.lineHeight != b.style.lineHeight
            or a.style.insets != b.style.insets or a.style.fitScale != b.style.fitScale)


def write_back_element(
    pkg: Package, before: SlideIR, after: SlideIR, dom: DomSnapshot, eid: str
) -> list[dict[str, Any]]:
    """Write ``after``'s element ``eid`` over its inventoried state in ``before``."""
    orig = next((e for e in before.elements if e.eid == eid), None)
    new = after.element(eid)
    if orig is None or orig.source is None or not orig.source.repairable:
        return []
    if not _differs(orig, new):
        return []
    d = dom.get(eid)
    if orig.table is not None:
        rows = d.rowHeights if d is not None else None
        return [c.model_dump(mode="json") for c in write_table_back(pkg, orig, new, rows)]
    text_h = d.contentBox.h if d is not None and d.contentBox is not None else None
    return [c.model_dump(mode="json") for c in write_back(pkg, orig, new, text_height_px=text_h)]


def write_back_slide(pkg: Package, before: SlideIR, outcome: RefineOutcome) -> list[dict[str, Any]]:
    """Apply the final IR's changes to the package; return the changes in human terms."""
    changes: list[dict[str, Any]] = []
    for el in outcome.final_ir.elements:
        changes += write_back_element(pkg, before, outcome.final_ir, outcome.final_dom, el.eid)
    left = [fb.get("eid") for fb in outcome.result.fallbacks if fb.get("fallback") == "truncate"]
    left += [eid for eid in overflowed_at(outcome.final_ir, outcome.final_diag) if eid not in left]
    names = {el.eid: el.source.name for el in before.elements if el.source is not None}
    for eid in left:
        name = names.get(str(eid))
        changes.append(
            {
                "eid": eid,
                **({"shape": name} if name else {}),
                "what": "overflow_left",
                "text": "text still does not fit after the refinement budget; it is kept "
                "whole in the .pptx (not truncated) and the slide is marked degraded",
            }
        )
    return changes


def write_back_slides(job: FillJob) -> None:
    """Write every refined slide into its part. A slide the early cross-check already wrote
    with the same result is left as it is; one the visual QA changed since gets its part
    back as it was before that write, then the new result."""
    early = job.early
    for w in job.slides:
        if w.outcome is None:
            continue
        if early is not None:
            if early.outcomes.get(w.filled.index) is w.outcome:
                continue
            before = early.parts.get(w.filled.part)
            if before is not None:
                job.package.set_bytes(w.filled.part, before)
        w.changes = write_back_slide(job.package, w.ir, w.outcome)


def pack(job: FillJob) -> None:
    """Validate the package against the template's own findings and save it to ``-o``."""
    # The kind of file -o names: a .potx template filled into out.pptx is a presentation.
    for note in match_extension(job.package, job.opts.out,
                                "the deck" if job.scratch is not None else "the template"):
        job.package_changes.append(note)
        job.say(note)
    with unique_shape_ids(job.package, job.created) as keys:
        new = compare_findings(job.template_findings, validate_package(job.package))
        job.new_findings = [str(f) for f in new]
        job.saved_keys = keys
        job.package.save(job.opts.out)


def save_copy(job: FillJob, path: Path) -> None:
    """Save the package to ``path`` as ``pack`` saves it (slides the fill made with unique
    shape ids), without validating it or checking its kind."""
    with unique_shape_ids(job.package, job.created) as keys:
        job.saved_keys = keys
        job.package.save(path)


def package_keys(job: FillJob, bounds: Mapping[int, Mapping[str, T]]) -> dict[int, dict[str, T]]:
    """Per-slide values keyed by the saved deck's shape keys (a renderer's drawing of it),
    re-keyed as the package (and the IR) numbers the shapes."""
    parts = {w.filled.index: w.filled.part for w in job.slides}
    out: dict[int, dict[str, T]] = {}
    for n, by_key in bounds.items():
        back = job.saved_keys.get(parts.get(n, ""), {})
        out[n] = {back.get(k, k): v for k, v in by_key.items()}
    return out
