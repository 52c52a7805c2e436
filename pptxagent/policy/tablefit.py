"""Where a table that does not fit may grow: only down, only into empty space.

A table's rows grow with their text; when its font is at the minimum and it still
overflows its frame, the frame may take more height below it, up to the first shape under
it (another element's safe zone, template art, the footers) or the slide's bottom edge.
It never moves or widens (its columns are the template's).
"""

from __future__ import annotations

from pptxagent.ir import Box, Edit, Element, SlideIR
from pptxagent.settings import Settings


def _box(el: Element) -> Box:
    lay = el.layout
    return Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h)


def bottom_limit(ir: SlideIR, table: Element, settings: Settings) -> float:
    """The lowest y the table may reach: above every shape below it that it does not
    already touch, and inside the slide."""
    me = _box(table)
    limit = ir.slide.h
    for o in ir.elements:
        if o.eid == table.eid or o.style.display == "none":
            continue
        b = _box(o)
        if b.w * b.h <= 0 or b.x >= me.right or b.right <= me.x or b.y < me.bottom - 0.5:
            continue  # beside, above, or already under the table (background art)
        gap = settings.FIT_ART_GAP_PX if o.type == "decoration" else 2 * settings.SAFE_PADDING
        limit = min(limit, b.y - gap)
    return max(limit, me.bottom)


def table_growth(ir: SlideIR, edit: Edit, settings: Settings) -> dict[str, float]:
    """The layout part of an overflow edit for a table: its height only, clipped to the
    empty space below it (empty when there is none)."""
    el = ir.element(edit.eid)
    h = edit.layout.get("h")
    if h is None or h <= el.layout.h + 0.01:
        return {}
    room = bottom_limit(ir, el, settings) - el.layout.y
    new_h = round(min(h, room), 2)
    return {"h": new_h} if new_h > el.layout.h + 0.5 else {}


__all__ = ["bottom_limit", "table_growth"]
