"""The slide IR (AGENTS v2.5 §1), extended with what real templates need.

All geometry is slide-local CSS px (96 dpi). A plain IR element carries its text in
``content``; an element inventoried from a .pptx also carries ``paragraphs`` (runs with their
effective fonts) and ``source`` (where it lives in the OOXML). ``style.fontSize`` and
``style.lineHeight`` are the element's reference values: patches change them, and the
renderer and the OOXML write-back scale every paragraph and run by
``style.fontSize / baseFontSize`` (and likewise for line height).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pptxagent.ir.visual import Paint, Visual

ElementType = Literal["title", "bullets", "image", "text", "decoration"]
TEXT_TYPES: frozenset[str] = frozenset({"title", "bullets", "text"})
BODY_TYPES: frozenset[str] = frozenset({"bullets", "text"})
VerticalAnchor = Literal["top", "middle", "bottom"]
TextAlign = Literal["left", "center", "right", "justify"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class SlideSize(_Model):
    w: float = Field(1280, gt=0)
    h: float = Field(720, gt=0)


class Layout(_Model):
    x: float
    y: float
    w: float = Field(ge=0)
    h: float = Field(ge=0)
    zIndex: int = 10


class Insets(_Model):
    """Text insets (OOXML ``lIns``/``tIns``/``rIns``/``bIns``) in px."""

    top: float = 0
    right: float = 0
    bottom: float = 0
    left: float = 0


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


class Run(_Model):
    text: str
    fontSize: float | None = Field(None, gt=0)
    fontFamily: str | None = None
    bold: bool | None = None
    italic: bool | None = None
    underline: bool | None = None
    color: str | None = None


class Paragraph(_Model):
    text: str = ""
    level: int = Field(0, ge=0, le=8)
    runs: list[Run] = Field(default_factory=list)
    align: TextAlign | None = None
    lineHeight: float | None = Field(None, gt=0)
    spaceBefore: float = 0
    spaceAfter: float = 0
    spaceBeforePct: float | None = None
    """Set when the template gives space before as a share of the font size (``a:spcPct``):
    it then shrinks and grows with the font, as in PowerPoint."""
    spaceAfterPct: float | None = None
    marginLeft: float = 0
    indent: float = 0
    bullet: str | None = None
    bulletColor: str | None = None
    bulletFont: str | None = None


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
    """False for shapes measured but excluded from repair (rotated, grouped, tables)."""


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
    visual: Visual | None = None
    """Fill, outline, geometry or picture drawn under the element (never measured)."""

    @property
    def is_text(self) -> bool:
        return self.type in TEXT_TYPES

    def font_scale(self) -> float:
        if self.style.fontSize and self.baseFontSize:
            return self.style.fontSize / self.baseFontSize
        return 1.0

    def line_scale(self) -> float:
        if self.style.lineHeight and self.baseLineHeight:
            return self.style.lineHeight / self.baseLineHeight
        return 1.0


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


def dump(model: BaseModel) -> dict[str, Any]:
    """The JSON form every file and report uses: no None fields."""
    return model.model_dump(mode="json", exclude_none=True)
