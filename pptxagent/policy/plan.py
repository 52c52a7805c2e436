"""A patch under construction: per-field writes with fix-order ranks, merged, then emitted.

Rules (spec §5.7, §6): every write carries the rank of the defect type it fixes (its index in
``FIX_ORDER``; lower is more important). A field already written keeps its value unless a
write of a strictly more important rank arrives, so the first writer in fix order wins while
writes to *different* fields of one element combine. ``build`` keeps values inside the slide
(and text at or above its Min Font) and drops fields that would not change anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from pptxagent.ir import Box, Edit, Element, Patch, SlideIR
from pptxagent.settings import Settings, min_font_for

LAYOUT_FIELDS: tuple[str, ...] = ("x", "y", "w", "h")
STYLE_FIELDS: tuple[str, ...] = ("fontSize", "lineHeight")
_EPS = 0.01


@dataclass(frozen=True)
class Write:
    value: float
    rank: int
    source: str
    """What asked for it (``chain_hint``, ``hint:<type>``, ``derived:<type>``), for notes."""


def movable(el: Element) -> bool:
    """An editable element whose box the repair may move or resize (not ``frame_fixed``)."""
    return editable(el) and not (el.source is not None and el.source.frame_fixed)


def editable(el: Element) -> bool:
    """Elements measured but excluded from repair (rotated, grouped, vertical) and the
    template's own shapes a fill did not touch (``frozen``) stay where they are."""
    return el.source is None or (el.source.repairable and not el.source.frozen)


class PatchPlan:
    """The writes one policy step wants, keyed by eid and ``(namespace, field)``."""

    def __init__(self, ir: SlideIR, settings: Settings) -> None:
        self.ir = ir
        self.settings = settings
        self.slide_w = ir.slide.w
        self.slide_h = ir.slide.h
        self._by_eid = {el.eid: el for el in ir.elements}
        self.writes: dict[str, dict[tuple[str, str], Write]] = {}
        self._effective: dict[str, Box] = {}
        """``effective_box`` per eid, dropped when a layout write changes it (the settle pass
        asks it for every pair of boxes)."""

    # -- reading ---------------------------------------------------------------------------
    def element(self, eid: str | None) -> Element | None:
        return self._by_eid.get(eid) if eid else None

    def box(self, eid: str) -> Box:
        """The element's layout box as this plan would leave it."""
        el = self._by_eid[eid]
        w = self.writes.get(eid, {})
        vals = {f: w[("layout", f)].value if ("layout", f) in w else getattr(el.layout, f)
                for f in LAYOUT_FIELDS}
        return Box(x=vals["x"], y=vals["y"], w=vals["w"], h=vals["h"])

    def effective_box(self, eid: str) -> Box:
        """``box`` after the budget clamps ``apply_patch`` will apply (§2) and the slide
        bounds: where the element will really end up."""
        box = self._effective.get(eid)
        if box is None:
            box = self._effective[eid] = self._clamped_box(eid)
        return box

    def _clamped_box(self, eid: str) -> Box:
        el, b, s = self._by_eid[eid], self.box(eid), self.settings
        x, y, w, h = b.x, b.y, b.w, b.h
        if el.priority >= s.HIGH_PRIORITY:
            lay, mv, r = el.layout, s.HIGH_PRIO_MOVE_PX, s.HIGH_PRIO_SIZE_BUDGET
            x, y = _clamp(x, lay.x - mv, lay.x + mv), _clamp(y, lay.y - mv, lay.y + mv)
            w, h = _clamp(w, lay.w * (1 - r), lay.w * (1 + r)), _clamp(h, lay.h * (1 - r),
                                                                       lay.h * (1 + r))
        w, h = min(w, self.slide_w), min(h, self.slide_h - max(y, 0.0))
        return Box(x=_clamp(x, 0.0, self.slide_w - w), y=_clamp(y, 0.0, self.slide_h - h),
                   w=w, h=max(h, 1.0))

    def font(self, eid: str) -> float | None:
        w = self.writes.get(eid, {}).get(("style", "fontSize"))
        return w.value if w else self._by_eid[eid].style.fontSize

    def touched(self, eid: str) -> bool:
        return bool(self.writes.get(eid))

    def obstacles(self, eid: str) -> list[tuple[str, Box]]:
        """Planned boxes of the elements that may not overlap ``eid`` (§5.3: same zIndex,
        no decoration, not hidden)."""
        me = self._by_eid[eid]
        out: list[tuple[str, Box]] = []
        if me.type == "decoration":
            return out
        for el in self.ir.elements:
            if el.eid == eid or el.type == "decoration" or el.style.display == "none":
                continue
            if el.layout.zIndex != me.layout.zIndex:
                continue
            out.append((el.eid, self.box(el.eid)))
        return out

    # -- writing ---------------------------------------------------------------------------
    def set(self, eid: str | None, ns: str, field: str, value: float | None, rank: int,
            source: str) -> bool:
        """Record one field write; False when refused (unknown eid, locked, outranked)."""
        el = self.element(eid)
        if el is None or value is None or not editable(el) or eid is None:
            return False
        if ns == "style" and not el.is_text:
            return False
        if ns == "layout" and not movable(el):
            return False
        fields = self.writes.setdefault(eid, {})
        cur = fields.get((ns, field))
        if cur is not None and rank >= cur.rank:
            return False
        fields[(ns, field)] = Write(float(value), rank, source)
        if ns == "layout":
            self._effective.pop(eid, None)
        return True

    def set_box(self, eid: str, rank: int, source: str, **vals: float | None) -> None:
        for f, v in vals.items():
            self.set(eid, "layout", f, v, rank, source)

    # -- emitting --------------------------------------------------------------------------
    def build(self) -> Patch:
        edits: list[Edit] = []
        for eid, fields in self.writes.items():
            el = self._by_eid[eid]
            layout = self._layout_values(el, fields)
            style = self._style_values(el, fields)
            if layout or style:
                edits.append(Edit(eid=eid, layout=layout, style=style))
        return Patch(edits=edits)

    def _layout_values(self, el: Element, fields: dict[tuple[str, str], Write]) -> dict[str, float]:
        b = self.box(el.eid)
        x, y, w, h = b.x, b.y, b.w, b.h
        w = min(max(w, 1.0), self.slide_w)
        h = min(max(h, 1.0), self.slide_h)
        if ("layout", "x") in fields:
            x = min(max(x, 0.0), self.slide_w - w)
        elif ("layout", "w") in fields:
            w = min(w, max(1.0, self.slide_w - x))
        if ("layout", "y") in fields:
            y = min(max(y, 0.0), self.slide_h - h)
        elif ("layout", "h") in fields:
            h = min(h, max(1.0, self.slide_h - y))
        final = {"x": x, "y": y, "w": w, "h": h}
        out: dict[str, float] = {}
        for f in LAYOUT_FIELDS:
            if ("layout", f) in fields and abs(final[f] - getattr(el.layout, f)) > _EPS:
                out[f] = round(final[f], 2)
        return out

    def _style_values(self, el: Element, fields: dict[tuple[str, str], Write]) -> dict[str, float]:
        out: dict[str, float] = {}
        for f in STYLE_FIELDS:
            wr = fields.get(("style", f))
            if wr is None:
                continue
            cur = getattr(el.style, f)
            value = wr.value
            if f == "fontSize":
                value = self._floor_font(el, value)
            if value <= 0 or (cur is not None and abs(value - cur) <= _EPS):
                continue
            out[f] = round(value, 2)
        return out

    def _floor_font(self, el: Element, value: float) -> float:
        """Never shrink text below its Min Font (§2); below it already: never shrink further."""
        floor = min_font_for(el.priority, self.settings)
        cur = el.style.fontSize
        if floor is None or value >= floor:
            return value
        return max(value, min(floor, cur)) if cur is not None else floor


def _clamp(v: float, lo: float, hi: float) -> float:
    return min(max(v, lo), hi) if lo <= hi else v


def budget_cap(el: Element, current: float, settings: Settings, grow: bool) -> float:
    """The farthest one patch may take a size property of ``el`` (§2: ±15% on priority ≥ 80)."""
    if el.priority < settings.HIGH_PRIORITY:
        return float("inf") if grow else 0.0
    ratio = settings.HIGH_PRIO_SIZE_BUDGET
    return current * (1 + ratio) if grow else current * (1 - ratio)


def shrink_font(plan: PatchPlan, el: Element, ratio: float, rank: int, source: str) -> None:
    """Scale the font by ``ratio`` (< 1), within the size budget and never below Min Font."""
    font = plan.font(el.eid)
    if font is None or not el.is_text or ratio >= 1:
        return
    target = max(font * ratio, budget_cap(el, font, plan.settings, grow=False))
    floor = min_font_for(el.priority, plan.settings)
    if floor is not None:
        target = max(target, min(floor, font))
    plan.set(el.eid, "style", "fontSize", target, rank, source)
