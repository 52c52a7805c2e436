"""Table: a native table across the body at body size, its first row the header; a short one
sits balanced in the body area. Long
tables continue on further slides with the header repeated; wide ones are cut into column
groups that each keep the first (key) column."""

from __future__ import annotations

import math

from pptxagent.components.base import Component, Context, Density, Slot, missing
from pptxagent.components.chrome import standard_frame
from pptxagent.components.geometry import LINE, Rect, balanced_top
from pptxagent.components.split import chunks
from pptxagent.ir.compose import LayoutName, ShapeItem, TableSpec
from pptxagent.ir.outline import Cell, OutlineSlide

MAX_ROWS = 7
"""Rows per slide, the header row included."""
MAX_COLS = 6
CELL_PAD_PT = 10.0
"""Top + bottom cell margins (0.05 in each) plus a little air."""


def cell_text(cell: Cell) -> str:
    """A cell as written: ints as ints, floats by their shortest round-trip form."""
    if isinstance(cell, str):
        return cell
    if isinstance(cell, int):
        return str(cell)
    return repr(cell)


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if not slide.rows:
        raise missing(slide, ctx, "rows", "table")
    frame = standard_frame(slide, ctx)
    rows = [[cell_text(c) for c in r] for r in slide.rows or []]
    size = pack.type.body
    body = frame.body
    need = len(rows) * (size * LINE + CELL_PAD_PT)
    top = balanced_top(body, need) if ctx.part[1] == 1 else body.top  # parts stay alike
    rect = Rect(body.left, top, body.right, min(body.bottom, top + max(need, size)))
    table = TableSpec(name="table", box=rect.box(), rows=rows, header=True, font_pt=size)
    return [*frame.shapes, table, *frame.tail], "title_only"


def _units(slide: OutlineSlide) -> int:
    """Data rows (the header is repeated, not counted)."""
    return max(0, len(slide.rows or []) - 1)


def column_groups(ncols: int) -> list[list[int]]:
    """Column indices per part: all of them when they fit, else the key column plus up to
    ``MAX_COLS - 1`` others per group, balanced."""
    if ncols <= MAX_COLS:
        return [list(range(ncols))]
    rest = list(range(1, ncols))
    parts = chunks(rest, math.ceil(len(rest) / (MAX_COLS - 1))) or [rest]
    return [[0, *p] for p in parts]


def _split(slide: OutlineSlide, n: int) -> list[OutlineSlide] | None:
    rows = list(slide.rows or [])
    header, data = rows[:1], rows[1:]
    if n == 1:
        row_parts = [data]
    else:
        maybe = chunks(data, n)
        if maybe is None:
            return None
        row_parts = maybe
    groups = column_groups(len(rows[0]) if rows else 0)
    out: list[OutlineSlide] = []
    for cols in groups:
        for part in row_parts:
            cut = [[r[c] for c in cols] for r in header + part]
            out.append(slide.model_copy(update={"rows": cut, "kind": "table"}))
    return out


TABLE = Component(
    name="table",
    kinds=("table",),
    slots=(Slot("title", "title", "text"), Slot("rows", "table", "text"),
           Slot("citations", "citation", "muted")),
    density=Density(unit="data rows", min_units=1, max_units=MAX_ROWS - 1, max_cols=MAX_COLS,
                    note="≤ 7 rows with the header (repeated on every part) × ≤ 6 columns "
                         "(wider tables: column groups keeping the first column)"),
    min_body_pt=18,
    build=_build,
    units=_units,
    split_fn=_split,
)
