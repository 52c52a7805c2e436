"""A table element's structure (``Element.table``): columns, rows, cells with their text.

Geometry in px, colours as ``#RRGGBB``, everything resolved by the inventory (cell margins,
the table style's fills, borders and text colour, merges). Row heights are minimums: a row
grows with its text, as in PowerPoint. Cell runs carry their template font sizes; the
element's ``font_scale()`` scales them (and the row minimums) like any text element's runs.
"""

from __future__ import annotations

from pydantic import Field

from pptxagent.ir.text import Insets, Paragraph, VerticalAnchor, _Model


class CellLine(_Model):
    """A drawn cell edge."""

    width: float = Field(ge=0)
    color: str


class TableCell(_Model):
    paragraphs: list[Paragraph] = Field(default_factory=list)
    gridSpan: int = Field(1, ge=1)
    rowSpan: int = Field(1, ge=1)
    hMerge: bool = False
    """Covered by the cell to its left (``gridSpan``): not drawn."""
    vMerge: bool = False
    """Covered by the cell above (``rowSpan``): not drawn."""
    margins: Insets = Field(default_factory=Insets)
    anchor: VerticalAnchor = "top"
    fill: str | None = None
    borders: dict[str, CellLine] = Field(default_factory=dict)
    """``left``/``right``/``top``/``bottom`` edges that are drawn (absent: no line)."""
    vert: str | None = None
    """Vertical text (``a:tcPr/@vert``: ``vert``, ``vert270``, ``eaVert`` …)."""

    @property
    def text(self) -> str:
        return "\n".join(p.text for p in self.paragraphs)


class TableRow(_Model):
    h: float = Field(ge=0)
    """Minimum height (``a:tr/@h``) in px at the template's font size."""
    cells: list[TableCell] = Field(default_factory=list)


class Table(_Model):
    columns: list[float]
    """Column widths (``a:gridCol/@w``) in px."""
    rows: list[TableRow]
    styleId: str | None = None


__all__ = ["CellLine", "Table", "TableCell", "TableRow"]
