"""What every detector works on: the visible elements paired with what the browser drew.

An ``Item`` joins an IR element (type, priority, current layout/style values that hints and
budgets are computed against) with its DOM record (bbox, safeBox, contentBox, zIndex, computed
font). Elements the fallback hid (``visible: False``) are left out entirely.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

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

    @cached_property
    def _peer_boxes(self) -> dict[int, tuple[list[Item], NDArray[np.float64]]]:
        """Non-decoration items by zIndex, with their safe boxes as rows x0, y0, x1, y1."""
        groups: dict[int, list[Item]] = {}
        for o in self.items:
            if not o.is_decoration:
                groups.setdefault(o.dom.zIndex, []).append(o)
        return {z: (its, np.array([(o.safe.x, o.safe.y, o.safe.right, o.safe.bottom)
                                   for o in its], dtype=np.float64).reshape(-1, 4))
                for z, its in groups.items()}

    def overlaps_peer(self, it: Item, box: Box, besides: Item) -> bool:
        """Whether ``box`` (``it`` moved, its safe box) overlaps by at least
        ``MIN_OVERLAP_AREA_PX`` a same-zIndex non-decoration element other than ``it``
        and ``besides``: vectorised, as a slide of stacked boxes asks it for every pair."""
        its, rows = self._peer_boxes.get(it.dom.zIndex, ([], np.zeros((0, 4))))
        if not its:
            return False
        w = np.minimum(rows[:, 2], box.right) - np.maximum(rows[:, 0], box.x)
        h = np.minimum(rows[:, 3], box.bottom) - np.maximum(rows[:, 1], box.y)
        area = np.where((w > 0) & (h > 0), w * h, 0.0)
        hits = np.flatnonzero((area > 0) & (area >= self.settings.MIN_OVERLAP_AREA_PX))
        return any(its[i] is not it and its[i] is not besides for i in hits)

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
