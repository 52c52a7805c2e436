"""``content_overflow`` seen by LibreOffice (``details.source = "libreoffice"``).

The cross-check draws the packed deck in LibreOffice; where LibreOffice's text leaves a shape
box the browser's does not, the pipeline hands the loop that element's ``RendererDelta``
(LibreOffice's text box relative to the browser's contentBox). On every state this detector
predicts LibreOffice's box from the browser's current contentBox and reports the overflow
like ``overflow.detect`` does (same details, so the fit policy shrinks the font or, when the
text only sits above the top edge, lifts it with a top inset). The hint asks for the font
that fits LibreOffice's height (fontSize² rule for wrapped text)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from pptxagent.diagnose import offslide
from pptxagent.diagnose.budget import Draft, finalize
from pptxagent.diagnose.context import Ctx, Item
from pptxagent.ir import Box, Defect, Hint, RendererDelta
from pptxagent.ir.textrect import text_insets

SOURCE = "libreoffice"
SIDEWAYS_PX = 0.5
"""Text this little past a side edge still moves up or down by an inset alone."""


def _overflow(text: Box, box: Box) -> tuple[float, float]:
    return (max(0.0, box.x - text.x, text.right - box.right),
            max(0.0, box.y - text.y, text.bottom - box.bottom))


def _defect(ctx: Ctx, it: Item, lo: Box) -> Defect | None:
    ox, oy = _overflow(lo, it.bbox)
    if max(ox, oy) <= ctx.settings.CROSSCHECK_OVERFLOW_EPS_PX:
        return None
    above = it.bbox.y - lo.y
    details: dict[str, object] = {
        "source": SOURCE, "overflow_x_px": round(ox, 4), "overflow_y_px": round(oy, 4),
        "libreoffice_box": [round(v, 2) for v in (lo.x, lo.y, lo.w, lo.h)],
    }
    below = lo.bottom - it.bbox.bottom
    anchored_low = (it.el.style.verticalAlign or "top") != "top"
    if above > 0:
        details["above_top_px"] = round(above, 4)
        details["room_below_px"] = round(it.bbox.bottom - lo.bottom, 4)
    elif below > 0 and anchored_low:
        details["below_bottom_px"] = round(below, 4)
        details["room_above_px"] = round(-above, 4)
    ins = text_insets(it.el, it.bbox.w, it.bbox.h)
    avail = it.bbox.h - ((ins.top + ins.bottom) if ins else 0.0)
    ratio = min(1.0, max(avail, 1.0) / max(lo.h, 1.0), max(it.bbox.w, 1.0) / max(lo.w, 1.0))
    # (a few hundredths of a px sideways are LibreOffice's glyph positions, not an overflow)
    level = ox <= SIDEWAYS_PX
    lifted = above > 0 and level and oy <= above + 0.01
    raised = anchored_low and below > 0 > above and level and oy <= below + 0.01
    where = f"LibreOffice draws the text {max(ox, oy):.1f} px outside its box"
    if lifted:  # only a top inset lowers it; the fit policy computes it (``lift_edit``)
        hint = Hint(action="lift_text", target_eid=it.eid,
                    reason=f"{where} ({above:.1f} px above the top): a larger top inset "
                           f"moves it down", suggested_top_inset_delta=round(above, 2))
    elif raised:  # bottom-anchored: a smaller font keeps its last line where it is
        hint = Hint(action="lift_text", target_eid=it.eid,
                    reason=f"{where} ({below:.1f} px below the bottom): a larger bottom inset "
                           f"moves it up", suggested_bottom_inset_delta=round(below, 2))
    else:
        hint = finalize(ctx, it, Draft(
            action="shrink_font",
            reason=f"{where}; font × sqrt({ratio:.3f}) fits its height",
            font=it.dom.computed.fontSize * math.sqrt(ratio)
            * ctx.settings.CROSSCHECK_SHRINK_SAFETY,
        ))
    return Defect(type="content_overflow", eid=it.eid, severity=round(ox + oy, 4),
                  details=details, hint=hint)


def detect(ctx: Ctx, facts: Mapping[str, RendererDelta], skip: set[str]) -> list[Defect]:
    """LibreOffice-only overflows of the elements in ``facts`` (not those in ``skip``, which
    the browser already sees overflowing)."""
    out: list[Defect] = []
    for it in ctx.items:
        delta = facts.get(it.eid)
        cb = it.dom.contentBox
        if delta is None or cb is None or not it.is_text or it.eid in skip:
            continue
        lo = delta.predict(cb)
        # Its own box first; then the slide (a title turned above the top edge).
        d = _defect(ctx, it, lo) or offslide.defect(ctx, it, lo, SOURCE)
        if d is not None:
            out.append(d)
    return out
