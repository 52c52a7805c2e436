"""``out_of_bounds`` (§5.1): a bbox past a slide edge by more than OOB_EPS_PX.

One defect per element and edge. The hint moves the element back in on that axis (x for
left/right, y for top/bottom) and, when it is larger than the slide, shrinks it to the slide.
"""

from __future__ import annotations

from pptxagent.diagnose.budget import Draft, finalize
from pptxagent.diagnose.context import Ctx, Item
from pptxagent.ir import Defect, Hint

_IN_DIRECTION = {"left": "right", "right": "left", "top": "down", "bottom": "up"}


def _edges(ctx: Ctx, it: Item) -> list[tuple[str, float]]:
    b = it.bbox
    return [
        ("left", -b.x),
        ("top", -b.y),
        ("right", b.right - ctx.slide_w),
        ("bottom", b.bottom - ctx.slide_h),
    ]


def _hint(ctx: Ctx, it: Item, edge: str) -> Hint:
    b = it.bbox
    horizontal = edge in ("left", "right")
    size, limit = (b.w, ctx.slide_w) if horizontal else (b.h, ctx.slide_h)
    pos = b.x if horizontal else b.y
    too_big = size > limit
    new_size = min(size, limit)
    new_pos = max(0.0, min(pos, limit - new_size))
    d = Draft(
        action="move_in_and_shrink" if too_big else "move_in",
        reason=f"bring the {edge} edge inside the slide (0..{limit:g})",
        move=_IN_DIRECTION[edge],
    )
    if horizontal:
        d.x = new_pos
        d.w = new_size if too_big else None
    else:
        d.y = new_pos
        d.h = new_size if too_big else None
    return finalize(ctx, it, d)


def detect(ctx: Ctx) -> list[Defect]:
    eps = ctx.settings.OOB_EPS_PX
    out: list[Defect] = []
    for it in ctx.items:
        for edge, by_px in _edges(ctx, it):
            if by_px > eps:
                out.append(
                    Defect(
                        type="out_of_bounds",
                        eid=it.eid,
                        severity=round(by_px, 4),
                        details={"edge": edge, "by_px": round(by_px, 4)},
                        hint=_hint(ctx, it, edge),
                    )
                )
    return out
