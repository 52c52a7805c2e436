"""What the browser really drew (``dom_k.json``, spec §4). Slide-local px."""

from __future__ import annotations

import math

from pydantic import BaseModel, ConfigDict

from pptxagent.ir.slide import Element, SlideSize
from pptxagent.ir.textrect import text_insets


class Box(BaseModel):
    model_config = ConfigDict(frozen=True)

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def inflate(self, pad: float) -> Box:
        return Box(x=self.x - pad, y=self.y - pad, w=self.w + 2 * pad, h=self.h + 2 * pad)

    def intersection_area(self, other: Box) -> float:
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0.0

    def quarter_turned(self, cx: float, cy: float, turn: float) -> Box:
        """This box turned clockwise (y down) by ``turn`` degrees, a multiple of 90, about
        ``(cx, cy)``: exact, as a quarter turn keeps a box axis-aligned."""
        if turn % 90:
            raise ValueError(f"a quarter turn is a multiple of 90 degrees, not {turn}")
        quarters = round(turn / 90) % 4
        if quarters == 0:
            return self
        dx, dy = self.x + self.w / 2 - cx, self.cy - cy
        w, h = (self.h, self.w) if quarters % 2 else (self.w, self.h)
        nx, ny = ((-dy, dx), (-dx, -dy), (dy, -dx))[quarters - 1]
        return Box(x=cx + nx - w / 2, y=cy + ny - h / 2, w=w, h=h)


def drawn_box(el: Element, box: Box, back: bool = False) -> Box:
    """Where ``box``, measured upright in ``el``'s own frame, is drawn when ``el``'s text is
    turned (``Element.text_turn``) about the element's centre; ``back``: the reverse, from
    drawn to upright. Exact for quarter turns; for other angles the upright bounds of the
    turned box."""
    turn = el.text_turn()
    if not turn:
        return box
    lay = el.layout
    cx, cy = lay.x + lay.w / 2, lay.y + lay.h / 2
    turn = -turn if back else turn
    if not turn % 90:
        return box.quarter_turned(cx, cy, turn)
    a = math.radians(turn)
    cos, sin = math.cos(a), math.sin(a)
    xs, ys = [], []
    for x, y in ((box.x, box.y), (box.right, box.y), (box.x, box.bottom),
                 (box.right, box.bottom)):
        dx, dy = x - cx, y - cy
        xs.append(cx + dx * cos - dy * sin)
        ys.append(cy + dx * sin + dy * cos)
    return Box(x=min(xs), y=min(ys), w=max(xs) - min(xs), h=max(ys) - min(ys))


def drawn_insets(top: float, bottom: float, h: float, anchor: str | None
                 ) -> tuple[float, float]:
    """The top and bottom insets a box of height ``h`` draws its text with. They are its own
    unless they are taller than the box (a zero-height text box with 1-inch insets):
    PowerPoint keeps the box and lays the text against an inverted inset rectangle, so
    centred text is centred on ``h / 2 + (top - bottom) / 2`` and bottom-anchored text ends
    at ``h - bottom`` (no higher than the box's top here). A CSS box would grow to its padding
    instead and move the text down by the difference; these insets keep it in place.
    Top-anchored text starts at ``top`` either way."""
    if top + bottom <= h or anchor not in ("middle", "bottom"):
        return top, bottom
    if anchor == "middle":
        shift = max(-h, min(h, top - bottom))  # the centre's offset, kept inside the box
        return max(0.0, shift), max(0.0, -shift)
    return max(0.0, h - bottom), min(bottom, h)


def text_frame(el: Element, box: Box) -> Box:
    """The box ``el``'s text must fit in: its drawn ``box``, except when its top and bottom
    insets together exceed its height. The text then sits at an anchor line placed by
    ``drawn_insets``, and may take the insets' room around that line (what the CSS box grown
    to its padding gave it before): ``top`` above, ``bottom`` below."""
    ins = text_insets(el, box.w, box.h)
    if ins is None or ins.top + ins.bottom <= box.h:
        return box
    anchor = el.style.verticalAlign
    top, bottom = drawn_insets(ins.top, ins.bottom, box.h, anchor)
    if anchor == "middle":
        at = box.y + top + (box.h - top - bottom) / 2
    elif anchor == "bottom":
        at = box.y + box.h - bottom
    else:
        at = box.y + ins.top
    return Box(x=box.x, y=at - ins.top, w=box.w, h=ins.top + ins.bottom)


class Computed(BaseModel):
    fontSize: float
    lineHeight: float
    """Computed line height as a multiple of the font size (CSS px / font px)."""


class DomElement(BaseModel):
    eid: str
    bbox: Box
    safeBox: Box
    contentBox: Box | None = None
    textBox: Box | None = None
    """The text alone (glyph line boxes, no element boxes): compared with LibreOffice."""
    zIndex: int
    computed: Computed
    visible: bool = True
    rowHeights: list[float] | None = None
    """A table element's rows as drawn (px), top to bottom."""


class DomSnapshot(BaseModel):
    slide: SlideSize
    safe_padding: float
    elements: list[DomElement]

    def get(self, eid: str) -> DomElement | None:
        for el in self.elements:
            if el.eid == eid:
                return el
        return None


class RendererDelta(BaseModel):
    """Where a second renderer (LibreOffice) drew an element's text, relative to the browser's
    ``contentBox`` of the same state: edge offsets and the height ratio. Measured once on the
    packed deck; the diagnoser applies it to later browser measurements to predict where the
    second renderer would draw the text after a patch (``predict``)."""

    model_config = ConfigDict(frozen=True)

    d_left: float
    d_top: float
    d_right: float
    height_ratio: float

    @classmethod
    def between(cls, browser: Box, other: Box) -> RendererDelta:
        return cls(d_left=other.x - browser.x, d_top=other.y - browser.y,
                   d_right=other.right - browser.right,
                   height_ratio=other.h / browser.h if browser.h > 0 else 1.0)

    def predict(self, content: Box) -> Box:
        """The second renderer's text box for a state whose browser ``contentBox`` is this."""
        x = content.x + self.d_left
        return Box(x=x, y=content.y + self.d_top, w=max(0.0, content.right + self.d_right - x),
                   h=content.h * self.height_ratio)
