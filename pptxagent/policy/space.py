"""Free-space geometry for the hints policy: how far a box may grow, where it can move to clear
another element's safe zone, and how to squeeze it beside that element when no move fits.

All boxes are the plan's target boxes; two elements are clear of each other when their boxes
are ``2 × SAFE_PADDING`` apart (their safe boxes then just touch).
"""

from __future__ import annotations

from pptxagent.ir import Box, Element
from pptxagent.policy.plan import PatchPlan, movable, shrink_font

SIDES = ("right", "left", "below", "above")


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


def collides(plan: PatchPlan, eid: str, box: Box) -> bool:
    """Would ``eid`` at ``box`` overlap any other element's safe zone (§5.3 threshold)?"""
    pad = plan.settings.SAFE_PADDING
    safe = box.inflate(pad)
    return any(safe.intersection_area(o.inflate(pad)) >= plan.settings.MIN_OVERLAP_AREA_PX
               for _, o in plan.obstacles(eid))


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


def move_clear(
    plan: PatchPlan, mover: Element, fixed_eid: str, rank: int, src: str, strict: bool
) -> bool:
    """Move ``mover`` to the nearest spot inside the slide clear of ``fixed``; ``strict``: and
    clear of every other element too. False when there is no such spot."""
    m, f = plan.box(mover.eid), plan.box(fixed_eid)
    for _, field, value in _candidates(plan, m, f):
        if not strict or not collides(plan, mover.eid, m.model_copy(update={field: value})):
            return plan.set(mover.eid, "layout", field, value, rank, src)
    return False


def squeezed(plan: PatchPlan, m: Box, f: Box, side: str, keep_aspect: bool) -> Box | None:
    """``m`` shrunk into the band on ``side`` of ``f`` (None when too little would be left)."""
    sw, sh = plan.slide_w, plan.slide_h
    gap = 2 * plan.settings.SAFE_PADDING
    if side in ("right", "left"):
        # Narrowed, never pushed sideways: the box keeps its outer edge (a text column's
        # alignment line; squeezing a body left of a footer box once moved it to x = 0).
        if side == "right":
            x = f.right + gap
            avail = min(m.right, sw) - x
        else:
            x = max(m.x, 0.0)
            avail = f.x - gap - x
        w = min(m.w, avail)
        h = m.h * w / m.w if keep_aspect and m.w > 0 else m.h
        y = min(max(m.y, 0.0), sh - h)
    else:
        avail = sh - (f.bottom + gap) if side == "below" else f.y - gap
        h = min(m.h, avail)
        w = m.w * h / m.h if keep_aspect and m.h > 0 else m.w
        y = f.bottom + gap if side == "below" else f.y - gap - h
        x = min(max(m.x, 0.0), sw - w)
    if min(w, h) < plan.settings.MIN_SIDE_PX or w < m.w / 4 or h < m.h / 4:
        return None
    return Box(x=x, y=y, w=w, h=h)


def squeeze_beside(
    plan: PatchPlan, mover: Element, fixed_eid: str, rank: int, src: str, strict: bool
) -> bool:
    """No room to move: shrink ``mover`` into the roomiest band beside ``fixed`` (images keep
    their aspect ratio, text shrinks its font by the same ratio); ``strict``: only a band
    clear of every other element. False for a mover whose box may not change."""
    if not movable(mover):
        return False
    m, f = plan.box(mover.eid), plan.box(fixed_eid)
    best: tuple[tuple[bool, float], Box] | None = None
    for side in SIDES:
        nb = squeezed(plan, m, f, side, keep_aspect=not mover.is_text)
        if nb is None:
            continue
        score = (not collides(plan, mover.eid, nb), nb.w * nb.h)
        if strict and not score[0]:
            continue
        if best is None or score > best[0]:
            best = (score, nb)
    if best is None:
        return False
    nb = best[1]
    plan.set_box(mover.eid, rank, src, x=nb.x, y=nb.y, w=nb.w, h=nb.h)
    shrink_font(plan, mover, min(nb.w / m.w, nb.h / m.h), rank, src)
    return True


def clear_of(plan: PatchPlan, mover: Element, fixed_eid: str, rank: int, src: str) -> bool:
    """Clear ``mover`` of ``fixed``: a free move, else a free squeeze, else the nearest move or
    squeeze even if it touches a third element. False when nothing fits in the slide."""
    return any(
        step(plan, mover, fixed_eid, rank, src, strict)
        for strict in (True, False)
        for step in (move_clear, squeeze_beside)
    )
