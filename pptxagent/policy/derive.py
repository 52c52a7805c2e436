"""Edits the hints policy works out itself when a defect carries no usable hint (spec §7 step 2).

Each function writes into a ``PatchPlan`` at the defect's fix-order rank. ``alternate=True``
asks for the other strategy (used when the first patch is taboo, §5.10): shrink the font
instead of growing the box, shrink instead of moving in, move the other element instead of
the owner.
"""

from __future__ import annotations

import math

from pptxagent.ir import Defect, Element
from pptxagent.policy.plan import PatchPlan, budget_cap, movable, shrink_font
from pptxagent.policy.space import clear_of, free_below, free_right
from pptxagent.settings import min_font_for


def _num(details: dict[str, object], key: str) -> float:
    v = details.get(key)
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else 0.0


def overflow(plan: PatchPlan, d: Defect, el: Element, rank: int, alternate: bool) -> None:
    """Grow into the free space (budget-aware); shrink the font for what is left over."""
    src = "derived:content_overflow"
    box = plan.box(el.eid)
    buf = plan.settings.HINT_BUFFER_PX
    oy, ox = _num(d.details, "overflow_y_px"), _num(d.details, "overflow_x_px")
    ratio = 1.0
    if oy > 0:
        need = box.h + oy + buf
        new_h = box.h
        if not alternate:
            cap = budget_cap(el, box.h, plan.settings, grow=True)
            new_h = max(box.h, min(need, free_below(plan, el.eid, box) - box.y, cap))
            if not plan.set(el.eid, "layout", "h", new_h, rank, src):
                new_h = box.h  # a fixed frame (or an outranked write): the font does it all
        ratio = min(ratio, max(new_h - buf, 1.0) / (box.h + oy))
    if ox > 0:
        need = box.w + ox + buf
        new_w = box.w
        if not alternate:
            cap = budget_cap(el, box.w, plan.settings, grow=True)
            new_w = max(box.w, min(need, free_right(plan, el.eid, box) - box.x, cap))
            if not plan.set(el.eid, "layout", "w", new_w, rank, src):
                new_w = box.w
        ratio = min(ratio, max(new_w - buf, 1.0) / (box.w + ox))
    # Content height grows at least linearly with the font: a linear shrink never falls short.
    shrink_font(plan, el, ratio, rank, src)


def out_of_bounds(plan: PatchPlan, d: Defect, el: Element, rank: int, alternate: bool) -> None:
    """Move back inside the slide (alternate: shrink the side that sticks out)."""
    src = "derived:out_of_bounds"
    b = plan.box(el.eid)
    sw, sh = plan.slide_w, plan.slide_h
    by = _num(d.details, "by_px")
    edge = str(d.details.get("edge", ""))
    right = b.right - sw if b.right > sw else (by if "right" in edge else 0.0)
    bottom = b.bottom - sh if b.bottom > sh else (by if "bottom" in edge else 0.0)
    left = -b.x if b.x < 0 else (by if "left" in edge else 0.0)
    top = -b.y if b.y < 0 else (by if "top" in edge else 0.0)
    if left > 0:
        shrink = alternate or b.w > sw
        plan.set_box(el.eid, rank, src, x=b.x + left, w=b.w - left if shrink else None)
    elif right > 0:
        if alternate or b.w > sw:
            plan.set_box(el.eid, rank, src, w=max(1.0, b.w - right))
        else:
            plan.set_box(el.eid, rank, src, x=b.x - right)
    if top > 0:
        shrink = alternate or b.h > sh
        plan.set_box(el.eid, rank, src, y=b.y + top, h=b.h - top if shrink else None)
    elif bottom > 0:
        if alternate or b.h > sh:
            plan.set_box(el.eid, rank, src, h=max(1.0, b.h - bottom))
        else:
            plan.set_box(el.eid, rank, src, y=b.y - bottom)


def font_too_small(plan: PatchPlan, d: Defect, el: Element, rank: int) -> None:
    """Raise the IR font so the measured font reaches the minimum (keeps the run ratios)."""
    cur, floor = _num(d.details, "current"), _num(d.details, "min")
    floor = floor or (min_font_for(el.priority, plan.settings) or 0.0)
    if floor <= 0:
        return
    font = el.style.fontSize
    target = floor if not font or cur <= 0 else font * floor / cur
    plan.set(el.eid, "style", "fontSize", math.ceil(target * 2) / 2, rank, "derived:font_too_small")


def topology(plan: PatchPlan, d: Defect, rank: int, alternate: bool) -> None:
    """Title above every body it sits below (§5.9). The title rises as far as its move budget
    allows (alternate: stays); each body still not below it goes under the title's bottom,
    shortened (and its font shrunk) to fit the slide. Also completes a budget-clamped hint."""
    src = "derived:layout_topology"
    title = plan.element(str(d.details.get("title_eid") or d.eid or d.owner_eid or ""))
    listed = d.details.get("violated_by")
    names = listed if isinstance(listed, list) else [d.details.get("body_eid") or d.other_eid]
    bodies = [el for el in (plan.element(str(n)) for n in names) if el is not None]
    if title is None or not bodies:
        return
    if not alternate:
        top = min([plan.box(title.eid).y] + [plan.box(b.eid).y for b in bodies])
        if title.priority >= plan.settings.HIGH_PRIORITY:
            top = max(top, title.layout.y - plan.settings.HIGH_PRIO_MOVE_PX)
        plan.set(title.eid, "layout", "y", top, rank, src)
    t = plan.box(title.eid)
    for body in bodies:
        b = plan.box(body.eid)
        if b.cy > t.cy or not movable(body):
            continue
        y = t.bottom + 2 * plan.settings.SAFE_PADDING
        if body.priority >= plan.settings.HIGH_PRIORITY:  # budgeted: go as far as allowed
            y = min(y, body.layout.y + plan.settings.HIGH_PRIO_MOVE_PX)
        h = max(1.0, min(b.h, plan.slide_h - y))
        plan.set_box(body.eid, rank, src, y=y, h=h if h < b.h else None)
        shrink_font(plan, body, h / b.h if b.h else 1.0, rank, src)


def overlap(plan: PatchPlan, d: Defect, rank: int, alternate: bool) -> None:
    """Move the owner (lower priority) into free space, else squeeze it beside the other;
    alternate: the other element yields instead."""
    owner, other = plan.element(d.owner_eid or d.eid), plan.element(d.other_eid)
    if owner is None or other is None:
        return
    mover, fixed = (other, owner) if alternate else (owner, other)
    if not movable(mover):
        mover, fixed = fixed, mover
    clear_of(plan, mover, fixed.eid, rank, "derived:overlap")
