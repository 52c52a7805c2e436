"""What the browser really drew (``dom_k.json``, spec §4). Slide-local px."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from pptxagent.ir.slide import SlideSize


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
