"""Where a table that does not fit may grow: only down, only into empty space.

A table's rows grow with their text and with the rows a fill adds; a table that overflows
its frame first takes more height below it, up to the first shape under it (another
element's safe zone, template art, the footers) or, with nothing below, no nearer the
slide's bottom edge than the table is to its side edge; the font shrinks only for what that space
cannot hold. It never moves or widens (its columns are the template's).
"""

from __future__ import annotations

import math

from pptxagent.ir import Defect, Edit, Element, SlideIR
from pptxagent.policy.room import box_of
from pptxagent.settings import Settings

GROW_SLACK_PX = 1.0
"""A grown table's frame is this much taller than its rows (rounding in the next layout)."""


def bottom_limit(ir: SlideIR, table: Element, settings: Settings) -> float:
    """The lowest y the table may reach: above every shape below it that it does not
    already touch, and inside the slide."""
    me = box_of(table)
    limit = ir.slide.h
    for o in ir.elements:
        if o.eid == table.eid or o.style.display == "none":
            continue
        b = box_of(o)
        if b.w * b.h <= 0 or b.x >= me.right or b.right <= me.x or b.y < me.bottom - 0.5:
            continue  # beside, above, or already under the table (background art)
        gap = settings.FIT_ART_GAP_PX if o.type == "decoration" else 2 * settings.SAFE_PADDING
        limit = min(limit, b.y - gap)
    if limit >= ir.slide.h:  # nothing below: keep the designer's side margin at the bottom
        limit -= max(min(me.x, ir.slide.w - me.right), 0.0)
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




def table_room(ir: SlideIR, el: Element, d: Defect, settings: Settings,
               ) -> tuple[dict[str, float], Element | None, Defect | None]:
    """For a table's ``content_overflow``: the height it takes in the empty space below it
    (a table grows as rows and text are added, as in PowerPoint), and — when that space
    cannot hold it — the table at that height with the overflow left over, for the font
    shrink (``fit.shrink_edit``; never below the min font)."""
    oy = float(d.details.get("overflow_y_px", 0.0))
    room = bottom_limit(ir, el, settings) - el.layout.y
    need = math.ceil(el.layout.h + oy + GROW_SLACK_PX)
    if oy > 0 and need <= room:
        return {"h": float(need)}, None, None
    grown = max(room, el.layout.h)
    layout = {"h": round(grown, 2)} if grown > el.layout.h + 0.5 else {}
    at_room = el.model_copy(update={"layout": el.layout.model_copy(update={"h": grown})})
    rest = max(oy - (grown - el.layout.h), 0.0)
    left = d.model_copy(update={"details": {**d.details, "overflow_y_px": rest}})
    return layout, at_room, left


__all__ = ["bottom_limit", "table_growth", "table_room"]
