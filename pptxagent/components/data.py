"""Data summary: a native chart (the outline's categories and values exactly), styled from the
theme (its colour roles, no border, values written at the bars of a single series with the
gridlines then left out), in two variants (``variant``):

- ``takeaway``: the chart beside a card with an accent strip and the takeaway text (a slide
  with a takeaway);
- ``full``: the chart across the body; a takeaway, if any, on an accent-ruled line under it
  (a pie, or many categories, needs the width)."""

from __future__ import annotations

from pptxagent.components.base import Candidate, Component, Context, Density, Slot, missing
from pptxagent.components.chrome import bar, card, card_pad, para, standard_frame, text
from pptxagent.components.geometry import (
    XS,
    L,
    M,
    Rect,
    S,
    gap,
    grid_columns,
    in_lines,
    largest_step,
    text_height,
    width_of,
)
from pptxagent.components.split import chunks
from pptxagent.ir.compose import ChartSpec, LayoutName, SeriesSpec, ShapeItem
from pptxagent.ir.outline import Chart, OutlineSlide

MAX_CATEGORIES = 12
LABELLED_MAX = 12
"""A single series with at most this many categories has its values written on the chart."""
WIDE_AT = 8
"""Categories from which a bar or column chart asks for the whole width."""
VARIANTS = ("takeaway", "full")


UNDER_MAX = 0.35
"""A takeaway under a full-width chart takes at most this share of the body area."""


def _under_height(slide: OutlineSlide, ctx: Context, body: Rect) -> float:
    pack = ctx.pack
    return text_height(slide.takeaway or "", pack.type.body, body.w - gap(pack, L),
                       wf=width_of(pack, "minor"))


def variant(slide: OutlineSlide, ctx: Context) -> list[Candidate]:
    chart = slide.chart
    full: Candidate = ("full", "the chart across the body")
    if not slide.takeaway or chart is None:
        return [(full[0], "no takeaway: the chart takes the body")]
    card_c: Candidate = ("takeaway", "the takeaway in a card beside the chart")
    body = standard_frame(slide, ctx).body
    if _under_height(slide, ctx, body) > UNDER_MAX * body.h:
        return [(card_c[0], "a takeaway too long for a line under the chart")]
    if chart.type == "pie" or len(chart.categories) >= WIDE_AT:
        why = ("a pie" if chart.type == "pie"
               else f"{len(chart.categories)} categories")
        return [(full[0], f"{why} needs the width: the takeaway under it"), card_c]
    return [card_c, (full[0], "the takeaway under a full-width chart")]


def _under(slide: OutlineSlide, ctx: Context, body: Rect) -> tuple[Rect, list[ShapeItem]]:
    """The takeaway as a line under the chart (an accent rule on its left)."""
    pack = ctx.pack
    size = pack.type.body
    th = min(_under_height(slide, ctx, body), UNDER_MAX * body.h)
    top = body.bottom - th
    rule = Rect(body.left, top + gap(pack, XS), body.left + gap(pack, XS), body.bottom
                - gap(pack, XS))
    box = Rect(body.left + gap(pack, L), top, body.right, body.bottom)
    return (Rect(body.left, body.top, body.right, top - gap(pack, M)),
            [bar("takeaway-rule", rule),
             text("takeaway", box, "body", [para(slide.takeaway or "", size)])])
SPLIT_TYPES = ("bar", "column")
"""Only bar and column charts are cut into continuation slides: a pie is one whole and a
line is one trend, so they keep every category on one slide."""
CHART_SHARE = 0.62
TAKEAWAY_LINES = 5
CARD_SHARE = 0.5
CHART_FONT_PT = 18.0


def _beside(slide: OutlineSlide, ctx: Context, body: Rect) -> tuple[Rect, list[ShapeItem]]:
    """The takeaway in a card beside the chart, as large as the hierarchy allows in at most
    ``TAKEAWAY_LINES`` lines, the card as tall as it needs (at least ``CARD_SHARE`` of the
    body) and centred on the chart's height."""
    pack = ctx.pack
    thirds = grid_columns(pack, body, 3)  # the chart two thirds of the grid, the card one
    chart_rect = Rect(thirds[0].left, body.top, thirds[1].right, body.bottom)
    side = Rect(thirds[2].left, body.top, thirds[2].right, body.bottom)
    pad = card_pad(pack)
    width = side.w - 2 * pad
    wf = width_of(pack, "minor")
    words = slide.takeaway or ""
    size = largest_step(pack, lambda s: in_lines(words, s, width, TAKEAWAY_LINES, wf))
    need = 2 * pad + gap(pack, S) * 2 + text_height(words, size, width, wf=wf)
    h = min(body.h, max(need, CARD_SHARE * body.h))
    top = body.top + (body.h - h) / 2
    rect = Rect(side.left, top, side.right, top + h)
    inner = rect.inset(pad)
    strip = Rect(inner.left, inner.top, inner.left + min(48.0, inner.w),
                 inner.top + gap(pack, S))
    box = Rect(inner.left, strip.bottom + gap(pack, S), inner.right, inner.bottom)
    return chart_rect, [card("takeaway-card", rect, pack), bar("takeaway-strip", strip),
                        text("takeaway", box, "body",
                             [para(words, size, color="on_surface")], anchor="middle")]


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    frame = standard_frame(slide, ctx)
    body = frame.body
    chart = slide.chart
    if chart is None:
        raise missing(slide, ctx, "chart", "data-card")
    shapes: list[ShapeItem] = list(frame.shapes)
    chart_rect = body
    if slide.takeaway and ctx.variant == "full":
        chart_rect, under = _under(slide, ctx, body)
        shapes += under
    elif slide.takeaway:
        chart_rect, side = _beside(slide, ctx, body)
        shapes += side
    shapes.insert(len(frame.shapes), ChartSpec(
        name="chart", box=chart_rect.box(), chart_type=chart.type,
        categories=list(chart.categories),
        series=[SeriesSpec(name=s.name, values=[float(v) for v in s.values])
                for s in chart.series],
        legend=len(chart.series) > 1 or chart.type == "pie",
        data_labels=(len(chart.series) == 1 and chart.type != "pie"
                     and len(chart.categories) <= LABELLED_MAX),
        font_pt=max(CHART_FONT_PT, pack.type.body * 0.9)))
    shapes += frame.tail
    return shapes, "title_only"


def _units(slide: OutlineSlide) -> int:
    chart = slide.chart
    if chart is None or chart.type not in SPLIT_TYPES:
        return 1
    return len(chart.categories)


def _split(slide: OutlineSlide, n: int) -> list[OutlineSlide] | None:
    chart = slide.chart
    if n == 1:
        return [slide]
    if chart is None or chart.type not in SPLIT_TYPES:
        return None
    ranges = chunks(list(range(len(chart.categories))), n)
    if ranges is None:
        return None
    out: list[OutlineSlide] = []
    for idx in ranges:
        a, b = idx[0], idx[-1] + 1
        part = Chart(type=chart.type, categories=chart.categories[a:b],
                     series=[s.model_copy(update={"values": s.values[a:b]})
                             for s in chart.series])
        out.append(slide.model_copy(update={"chart": part, "kind": "data"}))
    return out


DATA = Component(
    name="data-card",
    kinds=("data",),
    slots=(Slot("title", "title", "text"), Slot("chart", "chart", "background"),
           Slot("takeaway", "body", "on_surface"), Slot("citations", "citation", "muted")),
    density=Density(unit="categories", min_units=1, max_units=MAX_CATEGORIES,
                    note="bar/column split by categories; line and pie never split"),
    min_body_pt=18,
    build=_build,
    units=_units,
    split_fn=_split,
    variant_fn=variant,
    variants=VARIANTS,
)
