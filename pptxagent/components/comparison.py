"""Comparison, in two variants (``variant``):

- ``columns``: two cards side by side, each with a coloured strip (``primary`` on the left,
  ``secondary`` on the right), its heading and its bullets, all ``on_surface``;
- ``versus``: a native table, the two headings as its header and the points paired row by row,
  for two sides with the same number of short points without sub-points (each row reads as
  one contrast)."""

from __future__ import annotations

from pptxagent.components.base import Candidate, Component, Context, Density, Slot, missing
from pptxagent.components.bullets import bullet_paras
from pptxagent.components.chrome import (
    Frame,
    bar,
    card,
    card_pad,
    para,
    standard_frame,
    text,
)
from pptxagent.components.geometry import (
    LINE,
    M,
    S,
    gap,
    grid_columns,
    stack,
    text_height,
    width_of,
)
from pptxagent.components.split import split_bullets
from pptxagent.components.table import CELL_INSET_PT, CELL_PAD_PT, table_rect
from pptxagent.ir.compose import LayoutName, ShapeItem, TableSpec
from pptxagent.ir.outline import Column, OutlineSlide, bullet_text
from pptxagent.ir.theme import ColorRole

MAX_PER_SIDE = 5
VERSUS_MAX_CHARS = 60
VARIANTS = ("columns", "versus")


def variant(slide: OutlineSlide, ctx: Context) -> list[Candidate]:
    cols = [c for c in (slide.left, slide.right) if c is not None]
    columns: Candidate = ("columns", "two columns of points")
    if len(cols) < 2:
        return [(columns[0], "one side only")]
    left, right = (c.bullets for c in cols)
    items = [bullet_text(b) for b in (*left, *right)]
    if len(left) != len(right) or len(left) < 2:
        return [(columns[0], f"{len(left)} and {len(right)} points do not pair up")]
    if any(level for _, level in items):
        return [(columns[0], "sub-points need a list's levels")]
    longest = max(len(t) for t, _ in items)
    if longest > VERSUS_MAX_CHARS:
        return [(columns[0], f"a point of {longest} characters (a versus table takes at "
                             f"most {VERSUS_MAX_CHARS})")]
    return [("versus", f"{len(left)} short points a side pair up row by row"), columns]


def _versus(slide: OutlineSlide, ctx: Context, frame: Frame) -> list[ShapeItem]:
    assert slide.left is not None and slide.right is not None
    pack, body = ctx.pack, frame.body
    rows = [[slide.left.heading, slide.right.heading],
            *[[bullet_text(a)[0], bullet_text(b)[0]]
              for a, b in zip(slide.left.bullets, slide.right.bullets, strict=True)]]
    size = pack.type.body
    col_w = body.w / 2 - 2 * CELL_INSET_PT
    wf = width_of(pack, "minor")
    need = sum(max(text_height(c, size, col_w, bold=r == 0, wf=wf) - 7.2 for c in row)
               + CELL_PAD_PT for r, row in enumerate(rows))
    rect = table_rect(body, need, len(rows), size, ctx.part[1] == 1)
    return [TableSpec(name="versus", box=rect.box(), rows=rows, header=True, font_pt=size)]


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if slide.left is None and slide.right is None:
        raise missing(slide, ctx, "left/right", "comparison")
    frame = standard_frame(slide, ctx)
    if ctx.variant == "versus":
        return [*frame.shapes, *_versus(slide, ctx, frame), *frame.tail], "title_only"
    pad = card_pad(pack)
    sides: list[tuple[str, Column | None, ColorRole]] = [
        ("left", slide.left, "primary"), ("right", slide.right, "secondary")]
    cols = grid_columns(pack, frame.body, 2)
    shapes: list[ShapeItem] = list(frame.shapes)
    hsize = pack.type.subtitle
    head_h = max(text_height(c.heading, hsize, cols[0].w - 2 * pad, bold=True,
                             wf=width_of(pack, "major"))
                 for _, c, _ in sides if c is not None)
    for (name, column, strip_color), rect in zip(sides, cols, strict=True):
        if column is None:
            continue
        inner = rect.inset(pad)
        strip, heading, box = stack(inner, [gap(pack, S), head_h, pack.type.body * LINE],
                                    [gap(pack, S), gap(pack, M)], flex=2)
        shapes += [card(f"{name}-card", rect, pack),
                   bar(f"{name}-strip", strip, fill=strip_color),
                   text(f"{name}-heading", heading, "heading",
                        [para(column.heading, hsize, color="on_surface", font="major",
                              bold=True)])]
        if column.bullets:
            shapes.append(text(f"{name}-bullets", box, "body",
                               bullet_paras(list(column.bullets), pack, color="on_surface")))
    shapes += frame.tail
    return shapes, "title_only"


def _units(slide: OutlineSlide) -> int:
    return max((len(c.bullets) for c in (slide.left, slide.right) if c is not None),
               default=0)


def _split(slide: OutlineSlide, n: int) -> list[OutlineSlide] | None:
    if n == 1:
        return [slide]
    if _units(slide) < n:
        return None
    cut: dict[str, list[Column]] = {}
    for name in ("left", "right"):
        col: Column | None = getattr(slide, name)
        if col is None:
            continue
        parts = split_bullets(list(col.bullets), n, allow_empty=True)
        if parts is None:
            return None
        cut[name] = [col.model_copy(update={"bullets": p}) for p in parts]
    return [slide.model_copy(update={**{k: v[i] for k, v in cut.items()},
                                     "kind": "comparison"}) for i in range(n)]


COMPARISON = Component(
    name="comparison",
    kinds=("comparison",),
    slots=(Slot("title", "title", "text"), Slot("left.heading", "heading", "on_surface"),
           Slot("left.bullets", "body", "on_surface"),
           Slot("right.heading", "heading", "on_surface"),
           Slot("right.bullets", "body", "on_surface"),
           Slot("citations", "citation", "muted")),
    density=Density(unit="bullets a side", min_units=0, max_units=MAX_PER_SIDE,
                    note="both columns split in step; headings repeat on every part"),
    min_body_pt=18,
    build=_build,
    units=_units,
    split_fn=_split,
    variant_fn=variant,
    variants=VARIANTS,
)
