"""Turn a detector's target (drawn/computed space) into a validated hint (§5.6, §2).

Detectors reason in what the browser drew: bbox px and computed font px. ``finalize`` maps the
target onto the IR fields a patch sets (the IR value moves by the same offset, a font by the
same ratio), clamps it to the slide, to the element's min font and, for priority ≥
``HIGH_PRIORITY``, to the per-patch budget (±``HIGH_PRIO_MOVE_PX`` for x/y, ±
``HIGH_PRIO_SIZE_BUDGET`` of the current value for w/h/fontSize/lineHeight). A hint is
``validated`` when its unbudgeted target resolves the defect and the clamped values still
change something; a budget-clamped hint stays validated (it is a step toward the target).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from pptxagent.diagnose.context import Ctx, Item
from pptxagent.ir import Hint

_EPS = 1e-6
POSITION_FIELDS = ("x", "y")
SIZE_FIELDS = ("w", "h")


@dataclass
class Draft:
    """A target in drawn space: bbox px for x/y/w/h, computed px / multiple for fonts."""

    action: str
    reason: str
    fixes: bool = True
    """Whether the unbudgeted target resolves the defect (else the hint is not validated)."""
    x: float | None = None
    y: float | None = None
    w: float | None = None
    h: float | None = None
    font: float | None = None
    line: float | None = None
    move: str | None = None
    """Direction (up/down/left/right) reported as ``suggested_move`` with the final value."""
    extra: dict[str, Any] = field(default_factory=dict)


def floor2(v: float) -> float:
    return math.floor(v * 100 + _EPS) / 100


def ceil2(v: float) -> float:
    return math.ceil(v * 100 - _EPS) / 100


def current_font(it: Item) -> float:
    """The IR's reference font size (falls back to the computed one)."""
    return it.el.style.fontSize or it.dom.computed.fontSize


def current_line(it: Item) -> float:
    return it.el.style.lineHeight or it.dom.computed.lineHeight


def font_to_ir(it: Item, computed: float) -> float:
    """The IR ``style.fontSize`` that renders at ``computed`` px (runs scale by ratio)."""
    return current_font(it) * computed / it.dom.computed.fontSize


def line_to_ir(it: Item, computed: float) -> float:
    return current_line(it) * computed / it.dom.computed.lineHeight


def _current(it: Item, name: str) -> float:
    if name == "fontSize":
        return current_font(it)
    if name == "lineHeight":
        return current_line(it)
    return float(getattr(it.el.layout, name))


def _to_ir(it: Item, d: Draft) -> dict[str, float]:
    out: dict[str, float] = {}
    lay, box = it.el.layout, it.bbox
    for name, target, ir_now, drawn_now in (
        ("x", d.x, lay.x, box.x),
        ("y", d.y, lay.y, box.y),
        ("w", d.w, lay.w, box.w),
        ("h", d.h, lay.h, box.h),
    ):
        if target is not None:
            out[name] = ir_now + (target - drawn_now)
    if d.font is not None and it.is_text:
        out["fontSize"] = font_to_ir(it, d.font)
    if d.line is not None and it.is_text:
        out["lineHeight"] = line_to_ir(it, d.line)
    return out


def _clamp_slide(ctx: Ctx, it: Item, vals: dict[str, float]) -> bool:
    """Clamp to the slide; return whether that moved a target (it then no longer resolves
    what the detector computed it for)."""
    before = dict(vals)
    lay = it.el.layout
    for size, limit in (("w", ctx.slide_w), ("h", ctx.slide_h)):
        if size in vals:
            vals[size] = min(max(vals[size], 1.0), limit)
    for pos, size, limit in (("x", "w", ctx.slide_w), ("y", "h", ctx.slide_h)):
        if pos in vals:
            extent = vals.get(size, float(getattr(lay, size)))
            vals[pos] = max(0.0, min(vals[pos], limit - extent))
    return any(abs(vals[k] - before[k]) > 0.01 for k in vals)


def _clamp_min_font(it: Item, vals: dict[str, float]) -> None:
    floor = it.min_font
    if "fontSize" in vals and floor is not None:
        vals["fontSize"] = max(vals["fontSize"], ceil2(font_to_ir(it, floor)))
    if "lineHeight" in vals:
        vals["lineHeight"] = max(vals["lineHeight"], 0.01)


def budget_bounds(ctx: Ctx, it: Item, name: str) -> tuple[float, float] | None:
    """Per-patch ``(low, high)`` for a field of a high-priority element, else None."""
    s = ctx.settings
    if it.el.priority < s.HIGH_PRIORITY:
        return None
    now = _current(it, name)
    if name in POSITION_FIELDS:
        return now - s.HIGH_PRIO_MOVE_PX, now + s.HIGH_PRIO_MOVE_PX
    return ceil2(now * (1 - s.HIGH_PRIO_SIZE_BUDGET)), floor2(now * (1 + s.HIGH_PRIO_SIZE_BUDGET))


def _clamp_budget(ctx: Ctx, it: Item, vals: dict[str, float]) -> list[str]:
    clamped: list[str] = []
    for name, v in vals.items():
        bounds = budget_bounds(ctx, it, name)
        if bounds is None:
            continue
        lo, hi = bounds
        if v < lo - _EPS or v > hi + _EPS:
            vals[name] = min(max(v, lo), hi)
            clamped.append(name)
    return clamped


def finalize(ctx: Ctx, it: Item, d: Draft) -> Hint:
    vals = _to_ir(it, d)
    off_slide = _clamp_slide(ctx, it, vals)
    _clamp_min_font(it, vals)
    asked = dict(vals)
    clamped = _clamp_budget(ctx, it, vals)
    for pos, size in (("y", "h"), ("x", "w")):
        if size in clamped and pos in vals and vals[size] > _current(it, size):
            # A growth the budget cut keeps the box over where it stood: a title asked to
            # move up 31 px and grow 67 % grew 15 % and still moved 31 px, its bottom 24 px
            # above the old one while its text overflowed there (it shrank each patch, and
            # stalled). (A cut shrink keeps its move: an overlap hint's way off a neighbour.)
            start, end = _current(it, pos), _current(it, pos) + _current(it, size)
            vals[pos] = min(max(asked[pos], end - vals[size]), start)
    clamped = sorted(set(clamped) | set(_clamp_budget(ctx, it, vals)))
    for name in vals:
        vals[name] = round(vals[name], 2) if name != "lineHeight" else round(vals[name], 3)
    changed = any(abs(v - _current(it, n)) > _EPS for n, v in vals.items())
    reason = d.reason
    extra = dict(d.extra)
    if clamped:
        extra["budget_clamped"] = clamped
        reason += "; budget-clamped: " + ", ".join(clamped)
    if not changed:
        reason += "; no change possible within slide, min font and budget"
    if off_slide:
        reason += "; clamped to the slide"
    if d.move is not None:
        axis = "y" if d.move in ("up", "down") else "x"
        if axis in vals:
            extra["suggested_move"] = {"direction": d.move, "value": vals[axis]}
    return Hint(
        action=d.action,
        target_eid=it.eid,
        suggested_x=vals.get("x"),
        suggested_y=vals.get("y"),
        suggested_w=vals.get("w"),
        suggested_h=vals.get("h"),
        suggested_fontSize=vals.get("fontSize"),
        suggested_lineHeight=vals.get("lineHeight"),
        reason=reason,
        validated=d.fixes and changed and not off_slide,
        **extra,
    )
