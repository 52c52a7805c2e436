"""The slide IR (AGENTS v2.5 §1), extended with what real templates need.

All geometry is slide-local CSS px (96 dpi). A plain IR element carries its text in
``content``; an element inventoried from a .pptx also carries ``paragraphs`` (runs with their
effective fonts) and ``source`` (where it lives in the OOXML). ``style.fontSize`` and
``style.lineHeight`` are the element's reference values: patches change them, and the
renderer and the OOXML write-back scale every paragraph and run by
``style.fontSize / baseFontSize`` (and likewise for line height).

The states of a refinement share what they do not change: a patched state is a new
``SlideIR`` whose unedited elements (and size and backdrop) are the previous state's own
objects (``with_elements``). So an element is never changed in place: a step copies it
(``model_copy(update=...)``, or a deep copy of the IR before changing several) and changes the
copy. Deep copies of every state took ~50 ms of a 30-slide fill's main thread.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from pptxagent.ir.table import Table
from pptxagent.ir.text import (
    Insets,
    Paragraph,
    TextAlign,
    VerticalAnchor,
    _Model,
)
from pptxagent.ir.visual import Paint, Visual

ElementType = Literal["title", "bullets", "image", "text", "decoration"]
TEXT_TYPES: frozenset[str] = frozenset({"title", "bullets", "text"})
BODY_TYPES: frozenset[str] = frozenset({"bullets", "text"})


class SlideSize(_Model):
    w: float = Field(1280, gt=0)
    h: float = Field(720, gt=0)


class Layout(_Model):
    x: float
    y: float
    w: float = Field(ge=0)
    h: float = Field(ge=0)
    zIndex: int = 10


class Style(_Model):
    fontSize: float | None = Field(None, gt=0)
    lineHeight: float | None = Field(None, gt=0)
    fontFamily: str | None = None
    color: str | None = None
    backgroundColor: str | None = None
    fontWeight: str | int | None = None
    fontStyle: str | None = None
    textAlign: TextAlign | None = None
    verticalAlign: VerticalAnchor | None = None
    insets: Insets | None = None
    wrap: bool | None = None
    # Set by the hard fallbacks (§7): truncate and hide.
    overflow: Literal["visible", "hidden"] | None = None
    textOverflow: Literal["clip", "ellipsis"] | None = None
    display: Literal["block", "none"] | None = None
    fitScale: float | None = Field(None, gt=0, le=1)
    """Set by the hard fallback ``shrink on overflow`` (fill): the box's own autofit scale
    (OOXML ``a:normAutofit/@fontScale``) drawn over ``fontSize``, which stays at the min font:
    text that does not fit at its min font is shown smaller inside its box, as PowerPoint's
    "shrink text on overflow" shows it, and the slide is degraded."""


class OoxmlRef(_Model):
    """Where an inventoried element lives in the package."""

    part: str
    shape_id: int
    name: str = ""
    ph_type: str | None = None
    ph_idx: int | None = None
    kind: str = "sp"
    """sp, pic, graphicFrame (table/chart/diagram), grpSp, cxnSp."""
    repairable: bool = True
    """False for shapes measured but excluded from repair (vertical or multi-column text,
    tables in groups or turned)."""
    occurrence: int = 0
    """Which of the part's shapes with ``shape_id`` this is, in document order (0: the first;
    some tools write one id on several shapes of a slide)."""
    frame_fixed: bool = False
    """True for text whose box the repair never moves or resizes (turned, or inside a group,
    whose coordinates are the group's): its text fits by font size, line spacing and insets
    alone."""
    frozen: bool = False
    """True for shapes a fill gave no new content (pictures, lines, art, untouched text): the
    template's design, never moved or resized by the repair."""


class Element(_Model):
    eid: str = Field(min_length=1)
    type: ElementType
    priority: int = Field(ge=0, le=100)
    content: str = ""
    layout: Layout
    style: Style = Field(default_factory=Style)
    paragraphs: list[Paragraph] | None = None
    baseFontSize: float | None = None
    baseLineHeight: float | None = None
    source: OoxmlRef | None = None
    role: str | None = None
    table: Table | None = None
    """Set for a table (``a:tbl``): its cells' text and geometry (``pptxagent.ir.table``)."""
    visual: Visual | None = None
    """Fill, outline, geometry or picture drawn under the element (never measured)."""

    @property
    def is_text(self) -> bool:
        return self.type in TEXT_TYPES

    def font_scale(self) -> float:
        """How much bigger (or smaller) the text is drawn than inventoried: the loop's font
        change, times the fallback's autofit scale."""
        fit = self.style.fitScale or 1.0
        if self.style.fontSize and self.baseFontSize:
            return self.style.fontSize / self.baseFontSize * fit
        return fit

    def line_scale(self) -> float:
        if self.style.lineHeight and self.baseLineHeight:
            return self.style.lineHeight / self.baseLineHeight
        return 1.0

    def text_turn(self) -> float:
        """How far PowerPoint turns the shape's text, clockwise degrees in [0, 360): its
        rotation, plus half a turn when it is flipped vertically (a horizontal flip mirrors
        the geometry, never the text)."""
        extra = self.layout.model_extra or {}
        turn = float(str(extra.get("rotation", 0) or 0)) + (180.0 if extra.get("flipV") else 0)
        return turn % 360


class Backdrop(_Model):
    """What is drawn behind a slide's elements: its background (slide, else layout, else
    master) and the master's and layout's non-placeholder shapes, back to front. Never
    measured, never patched."""

    fill: Paint | None = None
    art: list[Element] = Field(default_factory=list)


class SlideIR(_Model):
    """One slide: the unit the refinement loop works on (``ir_k.json``)."""

    slide: SlideSize = Field(default_factory=SlideSize)
    elements: list[Element]
    backdrop: Backdrop | None = None

    def element(self, eid: str) -> Element:
        for el in self.elements:
            if el.eid == eid:
                return el
        raise KeyError(eid)

    def eids(self) -> list[str]:
        return [el.eid for el in self.elements]


class DeckSlide(_Model):
    index: int = Field(ge=1)
    layout: str = ""
    part: str = ""
    elements: list[Element]
    backdrop: Backdrop | None = None


class DeckIR(_Model):
    """A whole deck as ``pptxagent inventory`` prints it."""

    slide: SlideSize
    slides: list[DeckSlide]

    def slide_ir(self, index: int) -> SlideIR:
        s = self.slides[index - 1]
        return SlideIR(slide=self.slide, elements=[e.model_copy(deep=True) for e in s.elements],
                       backdrop=s.backdrop)


def with_elements(ir: SlideIR, elements: list[Element]) -> SlideIR:
    """``ir`` with another element list; its size and backdrop shared (never changed in
    place, see the module's docstring)."""
    return ir.model_copy(update={"elements": elements})


def dump(model: BaseModel) -> dict[str, Any]:
    """The JSON form every file and report uses: no None fields."""
    return model.model_dump(mode="json", exclude_none=True)



for _m in (Element, SlideIR, DeckSlide, DeckIR):
    _m.model_rebuild()
