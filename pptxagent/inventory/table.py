"""A table graphic frame → a text ``Element`` (role ``table``) with its ``Table`` structure.

Cell text takes its style from the cell's runs and paragraphs, then the cell's list style,
then the table style's text (colour, bold, font for the cell's region: whole table, banded
rows/columns, first/last row/column), then the master's ``p:otherStyle`` and the deck's
default text style. Fills and borders: the table style by region, then the cell's own
``a:tcPr``. The element's reference font size is the table's largest run, so the element's
font scale shrinks every cell run together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pptxagent.inventory.cascade import TextSources, effective_paragraphs, effective_run
from pptxagent.inventory.colors import ColorContext, resolve_alpha, resolve_color
from pptxagent.inventory.context import SlideContext
from pptxagent.inventory.visuals import mix_colors, ref_paint
from pptxagent.ir import Element, Insets, Layout, OoxmlRef, Paragraph, Style
from pptxagent.ir.table import CellLine, Table, TableCell, TableRow
from pptxagent.ooxml.fills import StyleRef
from pptxagent.ooxml.shapes import ShapeData
from pptxagent.ooxml.styles import RunProps
from pptxagent.ooxml.tables import (
    SIDES,
    CellData,
    FillData,
    LineData,
    StylePart,
    TableData,
    TableStyle,
    table_style,
)
from pptxagent.ooxml.xfrm import Xfrm
from pptxagent.units import emu_to_px

TABLE_PRIORITY = 60
DEFAULT_MARGINS = (91440, 91440, 45720, 45720)
"""``marL``, ``marR``, ``marT``, ``marB`` defaults: 0.1 in left/right, 0.05 in top/bottom."""
_ANCHOR = {"t": "top", "ctr": "middle", "b": "bottom"}


def _px(v: float) -> float:
    return round(emu_to_px(v), 2)


@dataclass(frozen=True)
class _Region:
    r0: int
    c0: int
    r1: int
    c1: int


def _parts(data: TableData, style: TableStyle | None, r: int, c: int,
           ) -> list[tuple[StylePart, _Region]]:
    """The style parts that apply to grid cell (r, c), weakest first, with their regions."""
    if style is None:
        return []
    nr, nc = len(data.rows), len(data.columns)
    f = data.flags
    whole = _Region(0, 0, nr - 1, nc - 1)
    row, col = _Region(r, 0, r, nc - 1), _Region(0, c, nr - 1, c)
    names: list[tuple[str, _Region]] = [("wholeTbl", whole)]
    if "bandCol" in f:
        i = c - (1 if "firstCol" in f else 0)
        if i >= 0 and not ("lastCol" in f and c == nc - 1):
            names.append(("band1V" if i % 2 == 0 else "band2V", col))
    if "bandRow" in f:
        i = r - (1 if "firstRow" in f else 0)
        if i >= 0 and not ("lastRow" in f and r == nr - 1):
            names.append(("band1H" if i % 2 == 0 else "band2H", row))
    for flag, hit, region in (("lastCol", c == nc - 1, col), ("firstCol", c == 0, col),
                              ("lastRow", r == nr - 1, row), ("firstRow", r == 0, row)):
        if flag in f and hit:
            names.append((flag, region))
    return [(style.parts[n], reg) for n, reg in names if n in style.parts]


def _edge_keys(reg: _Region, r: int, c: int, rs: int, cs: int) -> dict[str, str]:
    return {
        "left": "left" if c == reg.c0 else "insideV",
        "right": "right" if c + cs - 1 >= reg.c1 else "insideV",
        "top": "top" if r == reg.r0 else "insideH",
        "bottom": "bottom" if r + rs - 1 >= reg.r1 else "insideH",
    }


def _line(ln: LineData | None, ctx: SlideContext) -> CellLine | None:
    if ln is None or ln.none or ln.width <= 0:
        return None
    width = ln.width
    if ln.ref is not None and 0 < ln.ref <= len(ctx.styles.lines):
        themed = ctx.styles.lines[ln.ref - 1]
        if themed is not None and themed.width:
            width = themed.width
    color = resolve_color(ln.color, ctx.colors) if ln.color is not None else "#000000"
    return CellLine(width=round(emu_to_px(width), 3), color=color or "#000000")


def _fill(fill: FillData | None, colors: ColorContext, under: str | None) -> str | None:
    """The cell's colour; a see-through fill (``alpha``) is mixed over ``under`` (the table
    style's background, else the white slide) as it shows."""
    if fill is None or fill.none or fill.color is None:
        return under
    color = resolve_color(fill.color, colors)
    alpha = resolve_alpha(fill.color, colors)
    if color is None or alpha >= 1:
        return color
    return mix_colors(color, under or "#FFFFFF", alpha)


def _background(style: TableStyle | None, ctx: SlideContext) -> str | None:
    """The table style's ``a:tblBg`` as one colour (a gradient's stops averaged)."""
    if style is None:
        return None
    paint = None
    if style.background is not None and style.background.color is not None:
        return _fill(style.background, ctx.colors, None)
    if style.background_ref is not None:
        idx, color = style.background_ref
        paint = ref_paint(StyleRef(idx, color), ctx.styles, ctx.colors)
    if paint is None or paint.kind not in ("solid", "gradient"):
        return None
    if paint.kind == "solid":
        return paint.color if (paint.alpha or 1) >= 1 else mix_colors(paint.color or "#FFFFFF",
                                                                  "#FFFFFF", paint.alpha or 1)
    stops = paint.stops or []
    if not stops:
        return None
    mixed = stops[0].color
    for i, st in enumerate(stops[1:], start=2):
        mixed = mix_colors(st.color, mixed, 1 / i)
    return mixed


@dataclass
class _Grid:
    data: TableData
    style: TableStyle | None
    ctx: SlideContext
    end_sizes: list[float] = field(default_factory=list)
    background: str | None = None

    def sources(self, cell: CellData, parts: list[StylePart]) -> TextSources:
        ref = RunProps()
        for p in parts:
            ref = RunProps(
                latin=p.font or ref.latin,
                color=p.text_color or ref.color,
                bold=p.bold if p.bold is not None else ref.bold,
                italic=p.italic if p.italic is not None else ref.italic,
            )
        own = cell.text.lst_style if cell.text is not None else None
        styles = (own,) if own is not None else ()
        return TextSources(
            list_styles=(*styles, self.ctx.tx_styles.other, self.ctx.default_style),
            style_ref=ref if ref != RunProps() else None,
            theme=self.ctx.theme,
            colors=self.ctx.colors,
        )

    def cell(self, r: int, c: int, cell: CellData) -> tuple[TableCell, dict[str, LineData]]:
        rs, cs = cell.row_span, cell.grid_span
        parts = _parts(self.data, self.style, r, c)
        fill: FillData | None = self.data.fill
        lines: dict[str, LineData] = {}
        for part, reg in parts:
            fill = part.fill or fill
            for side, key in _edge_keys(reg, r, c, rs, cs).items():
                if key in part.lines:
                    lines[side] = part.lines[key]
        fill = cell.fill or fill
        lines.update(cell.lines)
        paras: list[Paragraph] = []
        if cell.text is not None:
            src = self.sources(cell, [p for p, _ in parts])
            paras = effective_paragraphs(cell.text.paragraphs, src)
            for p in cell.text.paragraphs:  # an empty cell's size: its end-of-paragraph run
                size = effective_run("", p.end_props, src, p.props.level or 0,
                                     p.run_defaults).fontSize
                self.end_sizes.append(size or 0.0)
        mar = [v if v is not None else d for v, d in zip(cell.margins, DEFAULT_MARGINS,
                                                         strict=True)]
        out = TableCell(
            paragraphs=paras,
            gridSpan=cs,
            rowSpan=rs,
            hMerge=cell.h_merge,
            vMerge=cell.v_merge,
            margins=Insets(left=_px(mar[0]), right=_px(mar[1]), top=_px(mar[2]),
                           bottom=_px(mar[3])),
            anchor=_ANCHOR.get(cell.anchor or "t", "top"),
            fill=_fill(fill, self.ctx.colors, self.background),
            vert=cell.vert,
        )
        return out, lines


def _share_own_lines(data: TableData, lines: list[list[dict[str, LineData]]]) -> None:
    """A line a cell sets on its own edge (``a:lnR``) is the neighbour's edge too, unless the
    neighbour sets that edge itself."""
    for r, row in enumerate(data.rows):
        for c, cell in enumerate(row.cells):
            for side, (dr, dc, other) in {"right": (0, 1, "left"), "left": (0, -1, "right"),
                                          "bottom": (1, 0, "top"), "top": (-1, 0, "bottom")
                                          }.items():
                rr, cc = r + dr * (cell.row_span if dr > 0 else 1), c + dc * (
                    cell.grid_span if dc > 0 else 1)
                if side not in cell.lines or not (0 <= rr < len(lines)):
                    continue
                if not 0 <= cc < len(lines[rr]):
                    continue
                if other not in data.rows[rr].cells[cc].lines:
                    lines[rr][cc][other] = cell.lines[side]


def read_table_ir(data: TableData, ctx: SlideContext) -> tuple[Table, float | None]:
    """The table, and the size its empty cells would write in (largest end-of-paragraph
    size), the reference size of a table without text."""
    style = table_style(ctx.table_styles, data.style_id)
    grid = _Grid(data, style, ctx, background=_background(style, ctx))
    rows: list[TableRow] = []
    all_lines: list[list[dict[str, LineData]]] = []
    for r, row in enumerate(data.rows):
        cells: list[TableCell] = []
        row_lines: list[dict[str, LineData]] = []
        for c, cell in enumerate(row.cells):
            tc, lines = grid.cell(r, c, cell)
            cells.append(tc)
            row_lines.append(lines)
        rows.append(TableRow(h=_px(row.height), cells=cells))
        all_lines.append(row_lines)
    _share_own_lines(data, all_lines)
    for row_ir, row_lines in zip(rows, all_lines, strict=True):
        for tc, lines in zip(row_ir.cells, row_lines, strict=True):
            tc.borders = {s: ln for s in SIDES if (ln := _line(lines.get(s), ctx))}
    table = Table(columns=[_px(w) for w in data.columns], rows=rows, styleId=data.style_id)
    return table, max(grid.end_sizes, default=0.0) or None


def _reference(table: Table) -> tuple[Paragraph | None, list[float]]:
    """The first paragraph with text, and every shown run's size (every run's when no run
    shows text)."""
    ref: Paragraph | None = None
    sizes: list[float] = []
    every: list[float] = []
    for row in table.rows:
        for cell in row.cells:
            if cell.hMerge or cell.vMerge:
                continue
            for p in cell.paragraphs:
                if p.text.strip() and ref is None:
                    ref = p
                sizes += [r.fontSize for r in p.runs if r.fontSize and r.text.strip()]
                every += [r.fontSize for r in p.runs if r.fontSize]
    return ref, sizes or every


def table_element(shape: ShapeData, ctx: SlideContext, eid: str, xfrm: Xfrm,
                  layout: Layout) -> Element | None:
    """The text element of a table frame (``None`` if ``shape`` holds no table)."""
    if shape.table is None:
        return None
    table, empty_size = read_table_ir(shape.table, ctx)
    rows_h = sum(r.h for r in table.rows)
    cols_w = sum(table.columns)
    # The table is as wide as its columns; a frame a rounding error short is not an overflow.
    layout = layout.model_copy(update={"w": max(layout.w, round(cols_w, 2)),
                                       "h": layout.h if rows_h > layout.h + 1 else max(
                                           layout.h, round(rows_h, 2))})
    ref, sizes = _reference(table)
    style: dict[str, object] = {"insets": Insets(), "verticalAlign": "top", "wrap": True}
    if sizes or empty_size:
        style["fontSize"] = max(sizes) if sizes else empty_size
    if ref is not None and ref.runs:
        run = ref.runs[0]
        style.update(lineHeight=ref.lineHeight, fontFamily=run.fontFamily, color=run.color)
    repairable = not (xfrm.rot % 21600000 or shape.group_depth > 0)
    source = OoxmlRef(part=ctx.slide.part, shape_id=shape.shape_id, name=shape.name,
                      ph_type=(shape.ph.type or "obj") if shape.ph is not None else None,
                      ph_idx=shape.ph.idx if shape.ph is not None else None,
                      kind=shape.kind, repairable=repairable, graphic="table",
                      occurrence=shape.occurrence)
    font, line = style.get("fontSize"), style.get("lineHeight")
    return Element(
        eid=eid,
        type="text",
        priority=TABLE_PRIORITY,
        content=shape.table_text or "",
        layout=layout,
        style=Style.model_validate(style),
        baseFontSize=font if isinstance(font, float) else None,
        baseLineHeight=line if isinstance(line, float) else None,
        source=source,
        role="table",
        table=table,
    )
