"""Finishing passes of the hints policy, run on the whole plan after the per-defect edits.

They look at where elements will really end up (``PatchPlan.effective_box``: budgets and
slide bounds applied) and close the gaps a single hint leaves, so that one patch fixes as
much as one patch can:

- an overlap this patch itself creates (a move-in onto a neighbour): the lower-priority
  element is moved clear, else squeezed beside;
- an overlap the owner cannot clear within its budget: the other element (§5.4 allows it,
  within its own budget) moves away by what is left — unless an unclamped chain says
  ``keep``;
- an overflow the new box will not cover (budget-clamped growth, no room): the font shrinks
  by the uncovered ratio, never below Min Font.
"""

from __future__ import annotations

from pptxagent.ir import BODY_TYPES, FIX_ORDER, Box, Diagnostics, Element
from pptxagent.policy.plan import PatchPlan, movable, shrink_font
from pptxagent.policy.space import clear_of

SETTLE_RANK = -1
"""The settle pass may re-place what this patch itself moved into another element."""
OVERLAP_RANK = FIX_ORDER.index("overlap")
OVERFLOW_RANK = FIX_ORDER.index("content_overflow")


def settle_new_overlaps(plan: PatchPlan) -> None:
    """Move the lower-priority element out of any overlap this patch itself creates."""
    pad = plan.settings.SAFE_PADDING
    thr = plan.settings.MIN_OVERLAP_AREA_PX
    laid: dict[str, Box] = {}  # each element's box before this patch, with its padding

    def layout_box(eid: str) -> Box:
        if eid not in laid:
            laid[eid] = _layout_box(plan, eid)
        return laid[eid]

    for el in sorted(plan.ir.elements, key=lambda e: -e.priority):
        if not plan.touched(el.eid):
            continue
        for other_eid, _ in plan.obstacles(el.eid):
            mine = plan.effective_box(el.eid).inflate(pad)
            if mine.intersection_area(plan.effective_box(other_eid).inflate(pad)) < thr:
                continue
            other = plan.element(other_eid)
            assert other is not None
            before = layout_box(el.eid).intersection_area(layout_box(other_eid))
            if before >= thr:
                continue  # an old overlap: diagnostics report it, hints above handled it
            if _below_title(plan, el, other):
                continue
            mover, fixed = (other, el) if other.priority <= el.priority else (el, other)
            if not movable(mover):
                mover, fixed = fixed, mover
            clear_of(plan, mover, fixed.eid, SETTLE_RANK, "settle:new_overlap")


def _below_title(plan: PatchPlan, a: Element, b: Element) -> bool:
    """A title and a body that collide: the body goes under the title (§5.9 reading order;
    moving either the other way would undo a topology fix). True when handled."""
    kinds = {a.type, b.type}
    if "title" not in kinds or not kinds & BODY_TYPES or a.type == b.type:
        return False
    title, body = (a, b) if a.type == "title" else (b, a)
    if not movable(body):
        return False
    t, bb = plan.effective_box(title.eid), plan.box(body.eid)
    y = t.bottom + 2 * plan.settings.SAFE_PADDING
    h = max(1.0, min(bb.h, plan.slide_h - y))
    plan.set_box(body.eid, SETTLE_RANK, "settle:below_title", y=y, h=h if h < bb.h else None)
    shrink_font(plan, body, h / bb.h if bb.h else 1.0, SETTLE_RANK, "settle:below_title")
    return True


def _layout_box(plan: PatchPlan, eid: str) -> Box:
    el = plan.element(eid)
    assert el is not None
    lay = el.layout
    return Box(x=lay.x, y=lay.y, w=lay.w, h=lay.h).inflate(plan.settings.SAFE_PADDING)


def push_back_others(plan: PatchPlan, diag: Diagnostics) -> None:
    """Overlaps the owner's edit leaves open: move the other element away by the rest."""
    pad, thr = plan.settings.SAFE_PADDING, plan.settings.MIN_OVERLAP_AREA_PX
    chain = diag.summary.chain_hints
    clamped = any((ch.model_extra or {}).get("budget_clamped") for ch in chain)
    keep = set() if clamped else {ch.eid for ch in chain if ch.action == "keep"}
    for d in sorted((d for d in diag.defects if d.type == "overlap"), key=lambda d: -d.severity):
        owner, other = plan.element(d.owner_eid or d.eid), plan.element(d.other_eid)
        if owner is None or other is None or not movable(other) or other.eid in keep:
            continue
        ob, tb = plan.effective_box(owner.eid), plan.effective_box(other.eid)
        so, st = ob.inflate(pad), tb.inflate(pad)
        if so.intersection_area(st) < thr:
            continue
        pen_y = min(so.bottom, st.bottom) - max(so.y, st.y)
        pen_x = min(so.right, st.right) - max(so.x, st.x)
        if pen_y <= pen_x:
            field, value = "y", tb.y - pen_y if tb.cy <= ob.cy else tb.y + pen_y
        else:
            left = tb.x + tb.w / 2 <= ob.x + ob.w / 2
            field, value = "x", tb.x - pen_x if left else tb.x + pen_x
        moved = tb.model_copy(update={field: value})
        inside = moved.x >= 0 and moved.y >= 0 and moved.right <= plan.slide_w and (
            moved.bottom <= plan.slide_h)
        if inside and not _hits_third(plan, other.eid, owner.eid, moved):
            plan.set(other.eid, "layout", field, value, OVERLAP_RANK, "finish:push_back_other")


def _hits_third(plan: PatchPlan, eid: str, owner_eid: str, box: Box) -> bool:
    """Would ``eid`` at ``box`` overlap an element other than ``owner_eid``?"""
    pad, thr = plan.settings.SAFE_PADDING, plan.settings.MIN_OVERLAP_AREA_PX
    return any(box.inflate(pad).intersection_area(plan.effective_box(o).inflate(pad)) >= thr
               for o, _ in plan.obstacles(eid) if o != owner_eid)


def shrink_for_uncovered_overflow(plan: PatchPlan, diag: Diagnostics) -> None:
    """An overflow whose new box will not hold the measured content: shrink the font."""
    buf = plan.settings.HINT_BUFFER_PX
    for d in diag.defects:
        el = plan.element(d.subject)
        if d.type != "content_overflow" or el is None or not el.is_text:
            continue
        if d.hint is not None and d.hint.suggested_fontSize is not None:
            continue  # the diagnostics already chose a font for this box
        eff = plan.effective_box(el.eid)
        ratio = 1.0
        for over, size, new in (("overflow_y_px", el.layout.h, eff.h),
                                ("overflow_x_px", el.layout.w, eff.w)):
            amount = d.details.get(over)
            if isinstance(amount, int | float) and amount > 0:
                ratio = min(ratio, max(new - buf, 1.0) / (size + amount))
        shrink_font(plan, el, ratio, OVERFLOW_RANK, "finish:uncovered_overflow")
