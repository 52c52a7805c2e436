"""Data summary card: a native chart (the outline's categories and values exactly) and, when
the slide has a takeaway, a card beside it with an accent strip and the takeaway text."""

from __future__ import annotations

from pptxagent.components.base import Component, Context, Density, Slot, missing
from pptxagent.components.chrome import bar, card, card_pad, para, standard_frame, text
from pptxagent.components.geometry import XL, Rect, S, gap
from pptxagent.components.split import chunks
from pptxagent.ir.compose import ChartSpec, LayoutName, SeriesSpec, ShapeItem
from pptxagent.ir.outline import Chart, OutlineSlide

MAX_CATEGORIES = 12
SPLIT_TYPES = ("bar", "column")
"""Only bar and column charts are cut into continuation slides: a pie is one whole and a
line is one trend, so they keep every category on one slide."""
CHART_SHARE = 0.62
CHART_FONT_PT = 18.0


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    frame = standard_frame(slide, ctx)
    body = frame.body
    chart = slide.chart
    if chart is None:
        raise missing(slide, ctx, "chart", "data-card")
    shapes: list[ShapeItem] = list(frame.shapes)
    chart_rect = body
    if slide.takeaway:
        split_x = body.left + body.w * CHART_SHARE
        chart_rect = Rect(body.left, body.top, split_x - gap(pack, XL) / 2, body.bottom)
        side = Rect(split_x + gap(pack, XL) / 2, body.top, body.right, body.bottom)
        inner = side.inset(card_pad(pack))
        strip = Rect(inner.left, inner.top, inner.left + min(48.0, inner.w),
                     inner.top + gap(pack, S))
        shapes += [card("takeaway-card", side, pack), bar("takeaway-strip", strip),
                   text("takeaway", Rect(inner.left, strip.bottom + gap(pack, S),
                                         inner.right, inner.bottom), "body",
                        [para(slide.takeaway, pack.type.body, color="on_surface")])]
    shapes.insert(len(frame.shapes), ChartSpec(
        name="chart", box=chart_rect.box(), chart_type=chart.type,
        categories=list(chart.categories),
        series=[SeriesSpec(name=s.name, values=[float(v) for v in s.values])
                for s in chart.series],
        legend=len(chart.series) > 1 or chart.type == "pie",
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
)
