"""Table: a native table across the body at body size, its first row the header; a short one
sits balanced in the body area. Long
tables continue on further slides with the header repeated; wide ones are cut into column
groups that each keep the first (key) column.

Variants (``variant``), each only where the content says so: ``total-row`` when the last row
sums the others (its first cell says total), its row bold under an accent rule;
``key-column`` when the first column names the rows (text) and the others hold figures, the
column bold; ``plain`` always."""

from __future__ import annotations

import math
import re
from typing import Literal

from pptxagent.components.base import Candidate, Component, Context, Density, Slot, missing
from pptxagent.components.chrome import standard_frame
from pptxagent.components.geometry import FILL_TARGET, LINE, Rect, balanced_top
from pptxagent.components.split import chunks
from pptxagent.ir.compose import LayoutName, ShapeItem, TableSpec
from pptxagent.ir.outline import Cell, OutlineSlide

TOTAL = re.compile(r"^\s*(grand\s+)?(total|sum|overall|all|gesamt|summe|totale?|somme)\b",
                   re.IGNORECASE)
"""A last row whose first cell starts so is a total row."""
FIGURE = re.compile(r"^[\s+\-−–~≈<>]*[$€£¥]?\s*[\d.,]+\s*(%|[kKmMbB]|bn|M€|€|\$|pp|x|×)?\s*$")
"""A cell that reads as a figure (a number with its sign, currency or unit)."""
VARIANTS = ("plain", "key-column", "total-row")
MAX_ROWS = 7
"""Rows per slide, the header row included."""
MAX_COLS = 6
CELL_PAD_PT = 10.0
"""Top + bottom cell margins (0.05 in each) plus a little air."""
AIR = 1.8
"""A short table's rows are up to this many lines tall (air above and below the text)."""
CELL_INSET_PT = 7.2
"""A cell's left and right margins (0.1 in each, ``ooxml.build.table``)."""


def cell_text(cell: Cell) -> str:
    """A cell as written: ints as ints, floats by their shortest round-trip form."""
    if isinstance(cell, str):
        return cell
    if isinstance(cell, int):
        return str(cell)
    return repr(cell)


def _figure(cell: Cell) -> bool:
    return not isinstance(cell, str) or bool(FIGURE.match(cell))


def variant(slide: OutlineSlide, ctx: Context) -> list[Candidate]:
    rows = list(slide.rows or [])
    data = rows[1:]
    plain: Candidate = ("plain", "a header row")
    out: list[Candidate] = []
    if len(data) >= 2 and isinstance(data[-1][0], str) and TOTAL.match(data[-1][0]):
        out.append(("total-row", f"the last row ({data[-1][0]!r}) sums the others"))
    if (data and len(rows[0]) >= 2
            and all(isinstance(r[0], str) and not _figure(r[0]) for r in data)
            and sum(_figure(c) for r in data for c in r[1:]) >= 0.75 * len(data)
            * (len(rows[0]) - 1)):
        out.append(("key-column", "the first column names the rows, the others are figures"))
    return [*out, plain] if out else [(plain[0], "no key column or total row")]


EMPHASIS: dict[str, Literal["none", "key_column", "total_row"]] = {
    "plain": "none", "key-column": "key_column", "total-row": "total_row"}


def table_rect(body: Rect, need: float, rows: int, size: float, whole: bool) -> Rect:
    """Where a table ``need`` high with ``rows`` rows goes in ``body``: a whole (not split)
    table gets airier rows, up to the fill target, and sits balanced; the parts of a split
    table stay alike, at the top."""
    if whole:
        need = max(need, min(size * LINE * AIR, FILL_TARGET * body.h / rows) * rows)
    top = balanced_top(body, need) if whole else body.top
    return Rect(body.left, top, body.right, min(body.bottom, top + max(need, size)))


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if not slide.rows:
        raise missing(slide, ctx, "rows", "table")
    frame = standard_frame(slide, ctx)
    rows = [[cell_text(c) for c in r] for r in slide.rows or []]
    size = pack.type.body
    rect = table_rect(frame.body, len(rows) * (size * LINE + CELL_PAD_PT), len(rows), size,
                      ctx.part[1] == 1)
    table = TableSpec(name="table", box=rect.box(), rows=rows, header=True, font_pt=size,
                      emphasis=EMPHASIS.get(ctx.variant, "none"))
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
    variant_fn=variant,
    variants=VARIANTS,
)
