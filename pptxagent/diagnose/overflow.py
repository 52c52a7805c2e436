"""``content_overflow`` (§5.1): text whose contentBox is not contained in its bbox.

overflow_y_px = max(0, contentBox.h − bbox.h, contentBox.bottom − bbox.bottom, bbox.y −
contentBox.y) (likewise x/w): a superset of the spec's ``contentBox.h > bbox.h`` that also
catches text pushed out by insets or anchoring. With ``CONTENT_EDGE_OVERFLOW`` off (what
``pptxagent refine`` uses) it is the spec's rule exactly: max(0, contentBox.h − bbox.h).

Hint, against the target state: grow the box to the content (+ insets + HINT_BUFFER_PX) when
the slide and same-zIndex neighbours leave room; else take the free space (moving up when
there is room above) and shrink the font (fontSize² rule for wrapped text), then the line
height, never below the min font.
"""

from __future__ import annotations

import math

from pptxagent.diagnose.budget import Draft, finalize
from pptxagent.diagnose.context import Ctx, Item
from pptxagent.diagnose.textfit import TextMetrics, fit_height, fit_width, metrics
from pptxagent.ir import Box, Defect, Hint, text_frame
from pptxagent.ir.textrect import height_for_text

_EPS = 1e-6
LAYOUT_UNIT_PX = 1 / 64
"""Chromium lays text out in 1/64 px units: a content box one unit past its box (a
multi-column body whose columns fill it exactly) is the box's size, measured."""


def overflow_px(bbox: Box, content: Box, edges: bool = True) -> tuple[float, float]:
    """``(overflow_x_px, overflow_y_px)``: how far the content sticks out of the box.

    ``edges=False`` is the spec's literal rule (§4): only a content box larger than the box
    counts (a single line whose glyph box pokes past the top at line-height 1.0 does not)."""
    if not edges:
        return _past(max(0.0, content.w - bbox.w)), _past(max(0.0, content.h - bbox.h))
    ox = max(0.0, content.w - bbox.w, content.right - bbox.right, bbox.x - content.x)
    oy = max(0.0, content.h - bbox.h, content.bottom - bbox.bottom, bbox.y - content.y)
    return _past(ox), _past(oy)


def unwrapped_past(it: Item, frame: Box, cb: Box) -> float:
    """How far unwrapped text (``wrap="none"``) reaches past its box's left and right insets:
    PowerPoint draws such a line across them, LibreOffice wraps it there (a title 4 px too
    wide for its insets became two lines, 31 px past its box)."""
    ins = it.el.style.insets
    left, right = (ins.left, ins.right) if ins is not None else (0.0, 0.0)
    return _past(max(0.0, cb.w - (frame.w - left - right), frame.x + left - cb.x,
                     cb.right - (frame.right - right)))


def _past(px: float) -> float:
    return 0.0 if px <= LAYOUT_UNIT_PX + _EPS else px


def detect(ctx: Ctx) -> list[Defect]:
    out: list[Defect] = []
    for it in ctx.items:
        cb = it.dom.contentBox
        if not it.is_text or cb is None:
            continue
        frame = text_frame(it.el, it.bbox)
        ox, oy = overflow_px(frame, cb, ctx.settings.CONTENT_EDGE_OVERFLOW)
        if it.el.style.wrap is False and ctx.settings.CONTENT_EDGE_OVERFLOW:
            ox = max(ox, unwrapped_past(it, frame, cb))
        if ox > 0 or oy > 0:
            details = {"overflow_x_px": round(ox, 4), "overflow_y_px": round(oy, 4)}
            above, below = frame.y - cb.y, cb.bottom - frame.bottom
            if above > _EPS and ctx.settings.CONTENT_EDGE_OVERFLOW:
                # Tight line spacing lifts the first line's glyphs over the top edge; say how
                # far, and how much room the text leaves at the bottom to move down into.
                details["above_top_px"] = round(above, 4)
                details["room_below_px"] = round(frame.bottom - cb.bottom, 4)
            elif (below > _EPS and ctx.settings.CONTENT_EDGE_OVERFLOW
                  and (it.el.style.verticalAlign or "top") != "top"):
                # ... or, anchored lower, hangs the last line's glyphs below the bottom.
                details["below_bottom_px"] = round(below, 4)
                details["room_above_px"] = round(-above, 4)
            out.append(
                Defect(
                    type="content_overflow",
                    eid=it.eid,
                    severity=round(ox + oy, 4),
                    details=details,
                    hint=_hint(ctx, it, cb, ox, oy),
                )
            )
    return out


def _height_for(it: Item, text_h: float, m: TextMetrics) -> float:
    """The box height that holds ``text_h`` px of text: plus the insets, or, in a preset
    whose text rectangle grows with the box (a triangle's lower half), what it solves to."""
    ins = it.el.style.insets
    grown = height_for_text(it.el, it.bbox.w, text_h, (ins.top + ins.bottom) if ins else 0.0)
    return text_h + m.insets_v if grown is None else grown


def _vertical(ctx: Ctx, it: Item, m: TextMetrics, cb: Box, oy: float, d: Draft) -> bool:
    """Fill ``d`` for a vertical overflow; return whether the target resolves it."""
    bb, buf = it.bbox, ctx.settings.HINT_BUFFER_PX
    fixes = True
    edges = ctx.settings.CONTENT_EDGE_OVERFLOW
    if edges and bb.y - cb.y > _EPS and it.el.style.verticalAlign in (None, "top"):
        fixes = False  # top-anchored text above its box: a taller box does not move it
    need = math.ceil(max(_height_for(it, cb.h, m), bb.h + oy) + buf)
    top, bottom = ctx.vertical_room(it)
    d.reason = f"contentBox.h({cb.h:g}) + insets({m.insets_v:g}) + HINT_BUFFER_PX({buf:g})"
    if bb.y >= top - _EPS and bb.y + need <= bottom + _EPS:
        d.h = need
    elif need <= bottom - top + _EPS:
        d.y, d.h = bottom - need, need
        d.reason += f", moved up to end at {bottom:g}"
    else:
        room = math.floor(bottom - top)
        if not it.frame_fixed:
            d.y, d.h = top, room
        fit = fit_height(m, room - m.insets_v - buf)
        d.font, d.line = fit.font, fit.line
        fixes = fixes and fit.fits
        d.reason += f" > free height {bottom - top:g}: shrink font (fontSize² rule)"
        if not fit.fits:
            d.reason += ", still too tall at min font and line height 1.0"
    return fixes


def _horizontal(ctx: Ctx, it: Item, m: TextMetrics, cb: Box, ox: float, d: Draft) -> bool:
    bb, buf, slide_w = it.bbox, ctx.settings.HINT_BUFFER_PX, ctx.slide_w
    fixes = True
    edges = ctx.settings.CONTENT_EDGE_OVERFLOW
    if edges and bb.x - cb.x > _EPS and it.el.style.textAlign in (None, "left", "justify"):
        fixes = False  # left-aligned text left of its box: a wider box does not move it
    need = math.ceil(max(cb.w + m.insets_h, bb.w + ox) + buf)
    why = f"contentBox.w({cb.w:g}) + insets({m.insets_h:g}) + HINT_BUFFER_PX({buf:g})"
    d.reason = f"{d.reason}; {why}" if d.reason else why
    if it.frame_fixed:  # turned or grouped: the text fits its own width or not at all
        fit = fit_width(m, bb.w - m.insets_h - buf)
        d.font = fit.font if d.font is None else min(d.font, fit.font)
        fixes = fixes and fit.fits
        d.reason += f" > its fixed width {bb.w:g}: shrink font"
    elif need <= slide_w:
        d.w = need
        if bb.x + need > slide_w:
            d.x = slide_w - need
    else:
        d.x, d.w = 0.0, slide_w
        fit = fit_width(m, slide_w - m.insets_h - buf)
        d.font = fit.font if d.font is None else min(d.font, fit.font)
        fixes = fixes and fit.fits
        d.reason += f" > slide width {slide_w:g}: shrink font"
    return fixes


def _hint(ctx: Ctx, it: Item, cb: Box, ox: float, oy: float) -> Hint:
    m = metrics(it)
    d = Draft(action="", reason="")
    fixes = True
    if oy > 0:
        fixes = _vertical(ctx, it, m, cb, oy, d) and fixes
    if ox > 0:
        fixes = _horizontal(ctx, it, m, cb, ox, d) and fixes
    if d.font is not None and d.font >= m.font - _EPS:
        d.font = None
    if d.line is not None and d.line >= m.line - _EPS:
        d.line = None
    bb = it.bbox
    grows_h = d.h is not None and abs(d.h - bb.h) > _EPS
    grows_w = d.w is not None and abs(d.w - bb.w) > _EPS
    if grows_h and grows_w:
        d.action = "resize"
    elif grows_h:
        d.action = "resize_height"
    elif grows_w:
        d.action = "resize_width"
    elif d.font is not None:
        d.action = "shrink_font"
    else:
        d.action = "reduce_lineHeight"
    d.fixes = fixes
    return finalize(ctx, it, d)
