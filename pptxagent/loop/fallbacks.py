"""Hard fallbacks when the loop runs out of iterations (spec §7).

1. Truncate: every overflowing text element gets ``overflow: hidden; text-overflow: ellipsis``.
   With ``OVERFLOW_FIT_FLOOR`` (a fill sets it) a text box's overflow is first shrunk by the
   box's own autofit (``fitScale``, written as ``a:normAutofit/@fontScale`` in PowerPoint's
   7.5 % steps, no lower than the floor): the text stays whole and in its box, drawn below
   its min font, as PowerPoint's "shrink text on overflow" draws it (``loop.overflowfit``).
   Text still too long at the floor stays whole, shown at the floor; what the shrink cannot
   help (tables, which have no autofit; text lifted over an edge) is truncated.
2. Hide (only with ``ALLOW_HIDE``): the lowest-priority element still causing a defect gets
   ``display: none`` — decorations first, then images; text is never hidden.
3. Alert: the driver marks the rollout ``degraded``.
"""

from __future__ import annotations

from typing import Any

from pptxagent.ir import Defect, Diagnostics, DomSnapshot, Edit, Patch, SlideIR
from pptxagent.loop.overflowfit import fit_on_overflow, shrunk_on_overflow
from pptxagent.settings import Settings

HIDE_ORDER: tuple[str, ...] = ("decoration", "image")


def defect_eids(defect: Defect) -> list[str]:
    """Every element a defect involves (subject, pair partner, topology members)."""
    out = [defect.eid, defect.owner_eid, defect.other_eid]
    out += [defect.details.get(k) for k in ("title_eid", "body_eid")]
    return [e for e in out if isinstance(e, str) and e]


def truncate(ir: SlideIR, diag: Diagnostics) -> tuple[SlideIR, list[dict[str, Any]]]:
    out = ir.model_copy(deep=True)
    done: list[dict[str, Any]] = []
    overflowing = [d.subject for d in diag.defects if d.type == "content_overflow"]
    for el in out.elements:
        if el.eid in overflowing and el.is_text:
            el.style.overflow = "hidden"
            el.style.textOverflow = "ellipsis"
            done.append({"fallback": "truncate", "eid": el.eid})
    return out, done


def fell_back(ir: SlideIR | None) -> bool:
    """Whether a hard fallback left its mark on ``ir`` (truncated or shrunk text): such a
    slide is degraded, whatever a later pass concludes from the drawing."""
    return truncated(ir) or shrunk_on_overflow(ir)


def truncated(ir: SlideIR | None) -> bool:
    """Whether ``ir`` holds text ``truncate`` clipped (written whole in the .pptx, past its
    box): a slide that does is degraded, whatever a later pass concludes from the clipped
    drawing."""
    return ir is not None and any(el.style.overflow == "hidden" for el in ir.elements)


def untruncated(ir: SlideIR) -> SlideIR:
    """``ir`` as the .pptx shows it: the text ``truncate`` clipped drawn whole."""
    if not truncated(ir):
        return ir
    out = ir.model_copy(deep=True)
    for el in out.elements:
        if el.style.overflow == "hidden":
            el.style.overflow = None
            el.style.textOverflow = None
    return out


def hide_candidate(ir: SlideIR, diag: Diagnostics) -> str | None:
    """The decoration (else image) of lowest priority involved in a non-overflow defect."""
    involved = {e for d in diag.defects if d.type != "content_overflow" for e in defect_eids(d)}
    candidates = [
        (HIDE_ORDER.index(el.type), el.priority, i, el.eid)
        for i, el in enumerate(ir.elements)
        if el.eid in involved and el.type in HIDE_ORDER and el.style.display != "none"
    ]
    return min(candidates)[3] if candidates else None


def hard_fallback(
    ir: SlideIR, diag: Diagnostics, settings: Settings, dom: DomSnapshot | None = None
) -> tuple[SlideIR, list[dict[str, Any]]]:
    """Apply the shrink on overflow (``OVERFLOW_FIT_FLOOR``, with ``dom``), truncate (the
    overflow left) and hide (``ALLOW_HIDE``) to ``ir`` measured as ``diag``."""
    done: list[dict[str, Any]] = []
    if dom is not None and settings.OVERFLOW_FIT_FLOOR > 0:
        ir, done = fit_on_overflow(ir, diag, dom, settings)
        fitted = {d["eid"] for d in done}
        diag = diag.model_copy(update={"defects": [
            d for d in diag.defects if not (d.type == "content_overflow" and d.subject in fitted)]})
    out, cut = truncate(ir, diag)
    done += cut
    if settings.ALLOW_HIDE:
        eid = hide_candidate(out, diag)
        if eid is not None:
            out.element(eid).style.display = "none"
            done.append({"fallback": "hide", "eid": eid})
    return out, done


FALLBACK_STYLE: tuple[str, ...] = ("overflow", "textOverflow", "display", "fitScale")


def fallback_patch(before: SlideIR, after: SlideIR) -> Patch:
    """The style edits a hard fallback made, as a patch (``patch_k.json`` of its step)."""
    edits: list[Edit] = []
    for old, new in zip(before.elements, after.elements, strict=True):
        style = {k: getattr(new.style, k) for k in FALLBACK_STYLE
                 if getattr(new.style, k) != getattr(old.style, k)}
        if style:
            edits.append(Edit(eid=new.eid, style=style))
    return Patch(edits=edits)
