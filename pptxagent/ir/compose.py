"""What a component makes of an outline slide and the OOXML writer turns into a native
slide (scratch mode, issue 7): shapes with explicit geometry (EMU), text with explicit sizes
and typography/colour *roles* (never literal colours or font names), preset geometries,
native charts, tables and pictures.

``pptxagent.components`` produce ``SlideSpec``s, ``pptxagent.select`` chooses the component,
``pptxagent.ooxml.build`` writes them. Every slide has a title placeholder (``TextSpec`` with
``placeholder="title"``; its text may be empty on a layout that hides it).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from pptxagent.ir.outline import ChartType, SlideKind
from pptxagent.ir.theme import ColorRole

SLIDE_W_EMU = 12_192_000
SLIDE_H_EMU = 6_858_000
EMU_PER_PT = 12_700

LayoutName = Literal["title", "section", "title_only"]
"""The base layouts every composed deck has (each with a title placeholder):
``title`` (title + subtitle), ``section`` (title + subtitle on a band), ``title_only``."""
FontRole = Literal["major", "minor"]
TextRole = Literal[
    "title", "subtitle", "body", "value", "label", "delta", "quote", "author", "caption",
    "heading", "citation", "number",
]
"""Typography role of a text shape. ``citation`` is the only role below body size."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Box(_Model):
    x: int = Field(ge=0)
    y: int = Field(ge=0)
    w: int = Field(gt=0)
    h: int = Field(gt=0)


class Para(_Model):
    text: str
    level: int = Field(0, ge=0, le=4)
    bullet: bool = False
    size_pt: float = Field(gt=0)
    bold: bool = False
    italic: bool = False
    color: ColorRole = "text"
    font: FontRole = "minor"
    align: Literal["left", "center", "right"] = "left"
    caps: bool = False
    """Drawn in capitals (``cap="all"``), written as given."""
    space_before_pt: float = 0
    space_after_pt: float = 0


class TextSpec(_Model):
    kind: Literal["text"] = "text"
    name: str = Field(min_length=1)
    box: Box
    role: TextRole
    paragraphs: list[Para] = Field(min_length=1)
    placeholder: Literal["title", "subtitle"] | None = None
    """Fill the layout's placeholder of that type (geometry set to ``box``); else a text box."""
    anchor: Literal["top", "middle", "bottom"] = "top"
    inset_pt: float = 3.6
    fill: ColorRole | None = None
    """A text box may carry its own fill (a label on a band)."""


class ShapeSpec(_Model):
    kind: Literal["shape"] = "shape"
    name: str = Field(min_length=1)
    box: Box
    preset: Literal["rect", "roundRect", "ellipse", "line", "chevron", "homePlate",
                    "rightArrow", "triangle"] = "rect"
    fill: ColorRole | None = "surface"
    line: ColorRole | None = None
    line_pt: float = 0
    rounded: bool = False
    """``roundRect`` with the theme pack's corner radius."""
    shadow: bool = False


class SeriesSpec(_Model):
    name: str
    values: list[float]


class ChartSpec(_Model):
    kind: Literal["chart"] = "chart"
    name: str = Field(min_length=1)
    box: Box
    chart_type: ChartType
    categories: list[str]
    series: list[SeriesSpec]
    legend: bool = True
    font_pt: float = 14
    data_labels: bool = False
    """Each value written at its bar or point (few series: the reader needs no gridlines,
    which are then left out)."""


class TableSpec(_Model):
    kind: Literal["table"] = "table"
    name: str = Field(min_length=1)
    box: Box
    rows: list[list[str]]
    header: bool = True
    font_pt: float = 18
    emphasis: Literal["none", "key_column", "total_row"] = "none"
    """``key_column``: the first column in bold (it names the rows); ``total_row``: the last
    row in bold under a heavier accent rule (it sums the others)."""


class PictureSpec(_Model):
    kind: Literal["picture"] = "picture"
    name: str = Field(min_length=1)
    box: Box
    path: str
    """Absolute path of the image file; the picture is cropped to fill ``box``."""


class IconSpec(_Model):
    """An icon of the bundled set (``pptxagent.icons``) as a native freeform: its outline
    stroked in a colour role (a theme slot), no fill, in a square ``box``."""

    kind: Literal["icon"] = "icon"
    name: str = Field(min_length=1)
    box: Box
    icon: str = Field(min_length=1)
    color: ColorRole = "accent"


ShapeItem = Annotated[TextSpec | ShapeSpec | ChartSpec | TableSpec | PictureSpec | IconSpec,
                      Field(discriminator="kind")]


class SlideSpec(_Model):
    """One composed slide, back to front."""

    layout: LayoutName = "title_only"
    kind: SlideKind
    component: str
    reason: str = ""
    """Why the layout-selection policy chose this component (reported per slide)."""
    variant: str = ""
    """The component's variant for this content (bullets: ``list`` or ``cards``), chosen
    deterministically from the content's shape."""
    variant_reason: str = ""
    """Why that variant (the report's ``reason`` ends with it)."""
    variant_choices: int = 0
    """How many variants held the content (1: the rhythm could not have changed it)."""
    source: int = Field(0, ge=0)
    """0-based index of the outline slide this came from."""
    part: tuple[int, int] = (1, 1)
    """(k, n): this is continuation k of n (titled "… (k/n)" when n > 1)."""
    shapes: list[ShapeItem] = Field(default_factory=list)
    notes: str | None = None
