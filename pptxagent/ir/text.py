"""Text in the slide IR: paragraphs and runs with their effective fonts, and insets (shared
by text elements and table cells)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

VerticalAnchor = Literal["top", "middle", "bottom"]
TextAlign = Literal["left", "center", "right", "justify"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class Insets(_Model):
    """Text insets (OOXML ``lIns``/``tIns``/``rIns``/``bIns``) in px."""

    top: float = 0
    right: float = 0
    bottom: float = 0
    left: float = 0


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
