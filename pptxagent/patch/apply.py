"""Apply a policy's patch to the IR (spec §6) with the budgets of §2.

``apply_patch`` shallow-merges each edit's ``layout`` and ``style`` into a copy of the IR,
then clamps: high-priority elements (priority ≥ ``HIGH_PRIORITY``) may change a size
property (w, h, fontSize, lineHeight) by at most ``HIGH_PRIO_SIZE_BUDGET`` of its current
value and a position (x, y) by at most ``HIGH_PRIO_MOVE_PX``; every element stays inside
the slide when the requested values allow it, keeps non-negative sizes and never goes
below the minimum font of its priority. Every clamp is returned as an ``Override``.
The element set never changes and the input IR is never mutated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from pptxagent.errors import IRValidationError
from pptxagent.ir import Edit, Element, Layout, Override, Patch, SlideIR, Style, with_elements
from pptxagent.settings import Settings, min_font_for

LAYOUT_KEYS: tuple[str, ...] = ("x", "y", "w", "h", "zIndex")
SIZE_LAYOUT = ("w", "h")
SIZE_STYLE = ("fontSize", "lineHeight")
POSITION = ("x", "y")
EPS = 1e-6
"""Float noise (200 × 1.15 = 229.99999999999997) is not a clamp."""


@dataclass
class _Field:
    """One numeric field an edit asks for, with its allowed budget interval."""

    eid: str
    name: str  # "layout.y", "style.fontSize"
    current: float | None
    requested: float
    value: float
    lo: float = -math.inf
    hi: float = math.inf
    reasons: list[str] = field(default_factory=list)

    def clamp(self, lo: float, hi: float, reason: str) -> None:
        """Clamp into [lo, hi], never leaving the budget interval."""
        lo, hi = max(lo, self.lo), min(hi, self.hi)
        if lo > hi:
            return
        new = min(max(self.value, lo), hi)
        if abs(new - self.value) > EPS:
            self.value = new
            self.reasons.append(reason)

    def override(self) -> Override | None:
        if not self.reasons or self.value == self.requested:
            return None
        return Override(
            eid=self.eid,
            field=self.name,
            requested=self.requested,
            clamped_to=round(self.value, 4),
            reason="; ".join(self.reasons),
        )


def _fmt(v: float) -> str:
    return f"{v:g}"


def _number(value: object, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise IRValidationError(f"patch: {path}: expected a finite number, got {value!r}", path)
    return float(value)


def _check_edit(i: int, edit: Edit, eids: list[str]) -> None:
    if edit.eid not in eids:
        path = f"$.edits[{i}].eid"
        raise IRValidationError(
            f"patch: {path}: unknown element {edit.eid!r}; valid eids: {', '.join(eids)}", path
        )
    for key, value in edit.layout.items():
        path = f"$.edits[{i}].layout.{key}"
        if key not in LAYOUT_KEYS:
            raise IRValidationError(
                f"patch: {path}: unknown layout key {key!r}; allowed: {', '.join(LAYOUT_KEYS)}",
                path,
            )
        number = _number(value, path)
        if key == "zIndex" and not number.is_integer():
            raise IRValidationError(f"patch: {path}: zIndex must be an integer, got {value}", path)
    for key in SIZE_STYLE:
        if key in edit.style and edit.style[key] is not None:
            _number(edit.style[key], f"$.edits[{i}].style.{key}")


def _budget(f: _Field, kind: str, settings: Settings, cur: float) -> None:
    """Set the high-priority budget interval of ``f`` around its current value."""
    if kind == "size":
        b = settings.HIGH_PRIO_SIZE_BUDGET
        f.lo, f.hi = cur * (1 - b), cur * (1 + b)
        why = f"HIGH_PRIO_SIZE_BUDGET exceeded (max {b:.0%} of current {_fmt(cur)})"
    else:
        m = settings.HIGH_PRIO_MOVE_PX
        f.lo, f.hi = cur - m, cur + m
        why = f"HIGH_PRIO_MOVE_PX exceeded (max {_fmt(m)}px from current {_fmt(cur)})"
    if not f.lo - EPS <= f.value <= f.hi + EPS:
        f.value = min(max(f.value, f.lo), f.hi)
        f.reasons.append(why)


def _fields(el: Element, edit: Edit, settings: Settings) -> dict[str, _Field]:
    high = el.priority >= settings.HIGH_PRIORITY
    out: dict[str, _Field] = {}
    current: dict[str, float | None] = {
        "x": el.layout.x,
        "y": el.layout.y,
        "w": el.layout.w,
        "h": el.layout.h,
        "fontSize": el.style.fontSize,
        "lineHeight": el.style.lineHeight,
    }
    requests: dict[str, Any] = {k: v for k, v in edit.layout.items() if k != "zIndex"}
    requests.update({k: edit.style[k] for k in SIZE_STYLE if edit.style.get(k) is not None})
    for key, raw in requests.items():
        ns = "style" if key in SIZE_STYLE else "layout"
        cur = current[key]
        f = _Field(el.eid, f"{ns}.{key}", cur, float(raw), float(raw))
        if high and cur is not None:
            _budget(f, "move" if key in POSITION else "size", settings, cur)
        out[key] = f
    return out


def _bound_axis(fs: dict[str, _Field], el: Element, pos: str, size: str, limit: float) -> None:
    """Keep ``pos ≥ 0``, ``size ≥ 0`` and ``pos + size ≤ limit`` for requested fields."""
    p, s = fs.get(pos), fs.get(size)
    edge = "right" if pos == "x" else "bottom"
    if s is not None:
        s.clamp(0, math.inf, f"layout.{size} must be ≥ 0")
        s.clamp(-math.inf, limit, f"layout.{size} larger than the slide ({_fmt(limit)}px)")
    if p is not None:
        p.clamp(0, math.inf, f"slide bound: layout.{pos} must be ≥ 0")
    pv = p.value if p is not None else getattr(el.layout, pos)
    sv = s.value if s is not None else getattr(el.layout, size)
    if pv + sv <= limit:
        return
    why = f"slide bound: {pos} + {size} must be ≤ {_fmt(limit)} ({edge} edge)"
    if p is not None and limit - sv >= 0:
        p.clamp(0, limit - sv, why)
        pv = p.value
    if s is not None and pv + s.value > limit and limit - pv >= 0:
        s.clamp(0, limit - pv, why)


def _min_font(fs: dict[str, _Field], el: Element, settings: Settings) -> None:
    f = fs.get("fontSize")
    floor = min_font_for(el.priority, settings)
    if f is None or floor is None or not el.is_text or f.value >= floor:
        return
    cur = f.current if f.current is not None else floor
    # Never reduce below the minimum; a font already under it may only move up.
    target = floor if f.hi >= floor else max(min(cur, f.hi), f.value)
    if target != f.value:
        f.value = target
        f.reasons.append(f"min font {_fmt(floor)}px for priority {el.priority}")


def _merge(i: int, el: Element, edit: Edit, fs: dict[str, _Field]) -> Element:
    layout = {**el.layout.model_dump(), **edit.layout}
    style = {**el.style.model_dump(exclude_none=True), **edit.style}
    for key, f in fs.items():
        (style if key in SIZE_STYLE else layout)[key] = f.value
    if "zIndex" in edit.layout:
        layout["zIndex"] = int(edit.layout["zIndex"])
    try:
        new_style = Style.model_validate(style)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(p) for p in err["loc"])
        path = f"$.edits[{i}].style.{key}"
        raise IRValidationError(f"patch: {path}: {err['msg']}", path) from exc
    return el.model_copy(update={"layout": Layout.model_validate(layout), "style": new_style})


def apply_patch(ir: SlideIR, patch: Patch, settings: Settings) -> tuple[SlideIR, list[Override]]:
    """Return the patched copy of ``ir`` and every clamp applied (spec §6, §2)."""
    eids = ir.eids()
    for i, edit in enumerate(patch.edits):
        _check_edit(i, edit, eids)
    out = with_elements(ir, list(ir.elements))  # unedited elements shared (ir.slide docstring)
    overrides: list[Override] = []
    for i, edit in enumerate(patch.edits):
        idx = eids.index(edit.eid)
        el = out.elements[idx]
        fs = _fields(ir.elements[idx], edit, settings)
        _bound_axis(fs, el, "x", "w", ir.slide.w)
        _bound_axis(fs, el, "y", "h", ir.slide.h)
        _min_font(fs, el, settings)
        out.elements[idx] = _merge(i, el, edit, fs)
        overrides.extend(o for o in (f.override() for f in fs.values()) if o is not None)
    return out, overrides
