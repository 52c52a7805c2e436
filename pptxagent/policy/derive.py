"""Edits the hints policy works out itself when a defect carries no usable hint (spec §7 step 2).

Each function writes into a ``PatchPlan`` at the defect's fix-order rank. ``alternate=True``
asks for the other strategy (used when the first patch is taboo, §5.10): shrink the font
instead of growing the box, shrink instead of moving in, move the other element instead of
the owner.
"""

from __future__ import annotations

import math

from pptxagent.ir import Box, Defect, Element
from pptxagent.policy.plan import PatchPlan, budget_cap, editable
from pptxagent.settings import min_font_for


def _num(details: dict[str, object], key: str) -> float:
    v = details.get(key)
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else 0.0


def free_below(plan: PatchPlan, eid: str, box: Box) -> float:
    """The lowest y ``eid`` may extend to without entering another element's safe zone."""
    return _free_limit(plan, eid, box, vertical=True)


def free_right(plan: PatchPlan, eid: str, box: Box) -> float:
    """The largest x ``eid`` may extend to without entering another element's safe zone."""
    return _free_limit(plan, eid, box, vertical=False)


def _free_limit(plan: PatchPlan, eid: str, box: Box, vertical: bool) -> float:
    gap = 2 * plan.settings.SAFE_PADDING
    limit = plan.slide_h if vertical else plan.slide_w
    for _, o in plan.obstacles(eid):
        across = (o.x < box.right and box.x < o.right) if vertical else (
            o.y < box.bottom and box.y < o.bottom)
        start, mine = (o.y, box.y) if vertical else (o.x, box.x)
        if across and start >= mine + 1:
            limit = min(limit, start - gap)
    return limit


def shrink_font(plan: PatchPlan, el: Element, ratio: float, rank: int, source: str) -> None:
    """Scale the font by ``ratio`` (< 1), within the size budget and never below Min Font."""
    font = plan.font(el.eid)
    if font is None or not el.is_text or ratio >= 1:
        return
    target = max(font * ratio, budget_cap(el, font, plan.settings, grow=False))
    floor = min_font_for(el.priority)
    if floor is not None:
        target = max(target, min(floor, font))
    plan.set(el.eid, "style", "fontSize", target, rank, source)


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
            plan.set(el.eid, "layout", "h", new_h, rank, src)
        ratio = min(ratio, max(new_h - buf, 1.0) / (box.h + oy))
    if ox > 0:
        need = box.w + ox + buf
        new_w = box.w
        if not alternate:
            cap = budget_cap(el, box.w, plan.settings, grow=True)
            new_w = max(box.w, min(need, free_right(plan, el.eid, box) - box.x, cap))
            plan.set(el.eid, "layout", "w", new_w, rank, src)
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
    floor = floor or (min_font_for(el.priority) or 0.0)
    if floor <= 0:
        return
    font = el.style.fontSize
    target = floor if not font or cur <= 0 else font * floor / cur
    plan.set(el.eid, "style", "fontSize", math.ceil(target * 2) / 2, rank, "derived:font_too_small")


def topology(plan: PatchPlan, d: Defect, rank: int) -> None:
    """Title above body: the title takes the top slot, the body goes below it."""
    src = "derived:layout_topology"
    title_eid = str(d.details.get("title_eid") or d.eid or d.owner_eid or "")
    body_eid = str(d.details.get("body_eid") or d.other_eid or "")
    if plan.element(title_eid) is None or plan.element(body_eid) is None:
        return
    t, b = plan.box(title_eid), plan.box(body_eid)
    top = min(t.y, b.y)
    plan.set_box(title_eid, rank, src, y=top)
    body_y = max(b.y, top + t.h + 2 * plan.settings.SAFE_PADDING)
    plan.set_box(body_eid, rank, src, y=body_y)
    if body_y + b.h > plan.slide_h:
        plan.set_box(body_eid, rank, src, h=max(1.0, plan.slide_h - body_y))


def _candidates(plan: PatchPlan, mover: Box, fixed: Box) -> list[tuple[float, str, float]]:
    """Positions that clear ``fixed``'s safe zone: (distance, field, value), nearest first."""
    gap = 2 * plan.settings.SAFE_PADDING
    opts = [
        ("y", fixed.bottom + gap, plan.slide_h - mover.h),
        ("y", fixed.y - gap - mover.h, plan.slide_h - mover.h),
        ("x", fixed.right + gap, plan.slide_w - mover.w),
        ("x", fixed.x - gap - mover.w, plan.slide_w - mover.w),
    ]
    out: list[tuple[float, str, float]] = []
    for field, value, hi in opts:
        if 0 <= value <= hi:
            cur = mover.y if field == "y" else mover.x
            out.append((abs(value - cur), field, value))
    return sorted(out)


def _collides(plan: PatchPlan, eid: str, box: Box) -> bool:
    pad = plan.settings.SAFE_PADDING
    safe = box.inflate(pad)
    return any(safe.intersection_area(o.inflate(pad)) >= plan.settings.MIN_OVERLAP_AREA_PX
               for _, o in plan.obstacles(eid))


def move_clear(plan: PatchPlan, mover: Element, fixed_eid: str, rank: int, src: str) -> bool:
    """Move ``mover`` to the nearest spot clear of ``fixed`` (and, if possible, of all else)."""
    m, f = plan.box(mover.eid), plan.box(fixed_eid)
    cands = _candidates(plan, m, f)
    if not cands:
        return False
    for _, field, value in cands:
        moved = m.model_copy(update={field: value})
        if not _collides(plan, mover.eid, moved):
            plan.set(mover.eid, "layout", field, value, rank, src)
            return True
    _, field, value = cands[0]
    plan.set(mover.eid, "layout", field, value, rank, src)
    return True


def squeeze_beside(plan: PatchPlan, mover: Element, fixed_eid: str, rank: int, src: str) -> None:
    """No room to move: put ``mover`` on its side of ``fixed`` and shrink it to what is left."""
    m, f = plan.box(mover.eid), plan.box(fixed_eid)
    gap = 2 * plan.settings.SAFE_PADDING
    if m.cy >= f.cy:
        y = min(f.bottom + gap, plan.slide_h - 1)
        h = max(1.0, min(m.h, plan.slide_h - y))
        plan.set_box(mover.eid, rank, src, y=y, h=h)
        ratio = h / m.h if m.h else 1.0
    else:
        h = max(1.0, min(m.h, f.y - gap - m.y))
        plan.set_box(mover.eid, rank, src, h=h)
        ratio = h / m.h if m.h else 1.0
    shrink_font(plan, mover, ratio, rank, src)


def overlap(plan: PatchPlan, d: Defect, rank: int, alternate: bool) -> None:
    """Move the owner (lower priority) into free space; alternate: move the other one."""
    src = "derived:overlap"
    owner, other = plan.element(d.owner_eid or d.eid), plan.element(d.other_eid)
    if owner is None or other is None:
        return
    mover, fixed = (other, owner) if alternate else (owner, other)
    if not editable(mover):
        mover, fixed = fixed, mover
    if move_clear(plan, mover, fixed.eid, rank, src):
        return
    squeeze_beside(plan, mover, fixed.eid, rank, src)
