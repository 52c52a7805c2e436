"""What the browser really drew (``dom_k.json``, spec §4). Slide-local px."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from pptxagent.ir.slide import Element, SlideSize


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


def text_frame(el: Element, box: Box) -> Box:
    """The box ``el``'s text must fit in: its drawn ``box``, except when its top and bottom
    insets together exceed its height (a zero-height footnote box with 1-inch insets). The
    renderer then places the text where PowerPoint does, at an anchor line outside the
    inset rectangle, and the text may take the insets' room around that line (what the
    CSS box grown to its padding gave it before): ``top`` above, ``bottom`` below."""
    ins = el.style.insets
    if ins is None or ins.top + ins.bottom <= box.h:
        return box
    anchor = el.style.verticalAlign or "top"
    if anchor == "middle":
        shift = max(-box.h, min(box.h, ins.top - ins.bottom))
        at = box.y + (box.h + shift) / 2
    elif anchor == "bottom":
        at = box.y + max(0.0, box.h - ins.bottom)
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
