"""What every detector works on: the visible elements paired with what the browser drew.

An ``Item`` joins an IR element (type, priority, current layout/style values that hints and
budgets are computed against) with its DOM record (bbox, safeBox, contentBox, zIndex, computed
font). Elements the fallback hid (``visible: False``) are left out entirely.
"""

from __future__ import annotations

from dataclasses import dataclass

from pptxagent.errors import InputError
from pptxagent.ir import TEXT_TYPES, Box, DomElement, DomSnapshot, Element, SlideIR
from pptxagent.settings import DEFAULT_SETTINGS, Settings, min_font_for


class DomMismatchError(InputError):
    """The DOM snapshot and the IR do not describe the same elements."""


@dataclass(frozen=True)
class Item:
    el: Element
    dom: DomElement
    index: int
    """Position in the IR's element list (tie-breaks follow IR order)."""
    font_floor: float | None = None
    """§2 minimum font (computed px) of a text element, from the settings."""
    settings: Settings = DEFAULT_SETTINGS

    @property
    def eid(self) -> str:
        return self.el.eid

    @property
    def bbox(self) -> Box:
        return self.dom.bbox

    @property
    def safe(self) -> Box:
        return self.dom.safeBox

    @property
    def is_text(self) -> bool:
        return self.el.type in TEXT_TYPES

    @property
    def is_decoration(self) -> bool:
        return self.el.type == "decoration"

    @property
    def frame_fixed(self) -> bool:
        """Its box never moves or grows (``OoxmlRef.frame_fixed``): only its text can fit."""
        return self.el.source is not None and self.el.source.frame_fixed

    @property
    def min_font(self) -> float | None:
        """§2 minimum font (computed px); only text elements have one."""
        return self.font_floor if self.is_text else None

    def rank(self) -> tuple[int, float, int]:
        """Sort key: the first is the one that stays (higher priority, higher up, earlier)."""
        return (-self.el.priority, self.bbox.y, self.index)


@dataclass(frozen=True)
class Ctx:
    ir: SlideIR
    snapshot: DomSnapshot
    settings: Settings
    items: tuple[Item, ...]

    @property
    def slide_w(self) -> float:
        return self.ir.slide.w

    @property
    def slide_h(self) -> float:
        return self.ir.slide.h

    @property
    def pad(self) -> float:
        return self.settings.SAFE_PADDING

    def item(self, eid: str) -> Item:
        for it in self.items:
            if it.eid == eid:
                return it
        raise KeyError(eid)

    def solid_peers(self, it: Item) -> list[Item]:
        """Non-decoration elements on the same zIndex: what ``it`` must not collide with."""
        return [
            o
            for o in self.items
            if o is not it and not o.is_decoration and o.dom.zIndex == it.dom.zIndex
        ]

    def vertical_room(self, it: Item) -> tuple[float, float]:
        """``(top, bottom)`` limits ``it``'s bbox may grow into without leaving the slide or
        crowding a same-zIndex neighbour above/below (a neighbour already intruding pins the
        limit at the current edge); a fixed frame's own edges."""
        if it.frame_fixed:
            return it.bbox.y, it.bbox.bottom
        top, bottom = 0.0, self.slide_h
        gap = 2 * self.pad
        for o in self.solid_peers(it):
            if o.safe.x >= it.safe.right or o.safe.right <= it.safe.x:
                continue
            if o.bbox.cy > it.bbox.cy:
                bottom = min(bottom, max(o.bbox.y - gap, it.bbox.bottom))
            elif o.bbox.cy < it.bbox.cy:
                top = max(top, min(o.bbox.bottom + gap, it.bbox.y))
        return top, bottom


def build_context(ir: SlideIR, dom: DomSnapshot, settings: Settings) -> Ctx:
    """Pair IR elements with DOM records; a mismatch is an input error naming the eid."""
    by_eid: dict[str, DomElement] = {}
    for i, d in enumerate(dom.elements):
        if d.eid in by_eid:
            raise DomMismatchError(f"dom: $.elements[{i}]: duplicate eid {d.eid!r}")
        by_eid[d.eid] = d
    known = set(ir.eids())
    for i, d in enumerate(dom.elements):
        if d.eid not in known:
            raise DomMismatchError(
                f"dom: $.elements[{i}]: eid {d.eid!r} is not an element of the slide IR"
            )
    items: list[Item] = []
    for index, el in enumerate(ir.elements):
        drawn = by_eid.get(el.eid)
        if drawn is None:
            if el.style.display == "none":
                continue
            raise DomMismatchError(
                f"dom: element {el.eid!r} ($.elements[{index}] of the IR) was not measured"
            )
        if drawn.visible:
            items.append(Item(el=el, dom=drawn, index=index,
                              font_floor=min_font_for(el.priority, settings),
                              settings=settings))
    return Ctx(ir=ir, snapshot=dom, settings=settings, items=tuple(items))
