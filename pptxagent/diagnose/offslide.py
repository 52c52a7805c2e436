"""``content_overflow`` of turned text its turn carries off the slide (template mode).

Turned text is measured upright in its own frame and drawn turned (``drawn_box``). A title
its template slants 8° up to the right fits its box with a longer text, yet the turned line
now reaches past the slide's top edge and is cut off there. The box is the template's and
never moves (turned text is ``frame_fixed``): the font shrinks, by ``fit_ratio``, the scale
at which the text, shrunk about its anchor (its alignment and vertical anchor), is drawn
inside the slide.
"""

from __future__ import annotations

from collections.abc import Set

from pptxagent.diagnose.budget import Draft, finalize
from pptxagent.diagnose.context import Ctx, Item
from pptxagent.ir import Box, Defect, Element, drawn_box

_STEPS = 24


def _anchor(el: Element, cb: Box) -> tuple[float, float]:
    align, anchor = el.style.textAlign, el.style.verticalAlign
    ax = (cb.x if align in (None, "left", "justify")
          else cb.right if align == "right" else cb.x + cb.w / 2)
    ay = cb.y if anchor in (None, "top") else cb.bottom if anchor == "bottom" else cb.y + cb.h / 2
    return ax, ay


def off_slide(el: Element, cb: Box, slide_w: float, slide_h: float) -> float:
    """How far ``cb`` (upright, in ``el``'s frame) is drawn past the slide's edges."""
    b = drawn_box(el, cb)
    return max(-b.x, -b.y, b.right - slide_w, b.bottom - slide_h)


def fit_ratio(el: Element, cb: Box, slide_w: float, slide_h: float) -> float:
    """The largest scale (0–1) of ``cb`` about its anchor drawn inside the slide."""
    ax, ay = _anchor(el, cb)
    lo, hi = 0.0, 1.0
    for _ in range(_STEPS):
        mid = (lo + hi) / 2
        box = Box(x=ax + (cb.x - ax) * mid, y=ay + (cb.y - ay) * mid, w=cb.w * mid,
                  h=cb.h * mid)
        if off_slide(el, box, slide_w, slide_h) <= 0:
            lo = mid
        else:
            hi = mid
    return lo


def defect(ctx: Ctx, it: Item, cb: Box, source: str | None = None) -> Defect | None:
    """``content_overflow`` of text whose box ``cb`` (upright, in its frame) is drawn more
    than ``OOB_EPS_PX`` past the slide; ``source``: the renderer that drew it so (None: the
    browser)."""
    off = off_slide(it.el, cb, ctx.slide_w, ctx.slide_h)
    if off <= ctx.settings.OOB_EPS_PX:
        return None
    ratio = fit_ratio(it.el, cb, ctx.slide_w, ctx.slide_h)
    if ratio <= 0:
        return None  # its anchor itself is off the slide: no font brings it back
    who = "" if source is None else f" (as {source.capitalize()} draws it)"
    hint = finalize(ctx, it, Draft(
        action="shrink_font", font=it.dom.computed.fontSize * ratio,
        reason=f"its text is drawn {off:.1f} px past the slide's edge{who}: font × "
               f"{ratio:.3f} keeps it on the slide"))
    details: dict[str, object] = {"overflow_x_px": 0.0, "overflow_y_px": 0.0,
                                  "off_slide_px": round(off, 4), "fit_ratio": round(ratio, 4)}
    if source is not None:
        details["source"] = source
    return Defect(type="content_overflow", eid=it.eid, severity=round(off, 4),
                  details=details, hint=hint)


def detect(ctx: Ctx, skip: Set[str]) -> list[Defect]:
    """Turned text drawn more than ``OOB_EPS_PX`` past the slide (not the elements in
    ``skip``, whose overflow of their own box is already a defect)."""
    if not ctx.settings.CONTENT_EDGE_OVERFLOW:
        return []
    out: list[Defect] = []
    for it in ctx.items:
        cb = it.dom.textBox or it.dom.contentBox  # the glyph line boxes
        if not it.is_text or cb is None or not it.el.text_turn() or it.eid in skip:
            continue
        d = defect(ctx, it, cb)
        if d is not None:
            out.append(d)
    return out
