"""KPI cards: two to four cards in a row, each with an accent strip, the value at value size
(headings face), its label and an optional delta, all ``on_surface``."""

from __future__ import annotations

from pptxagent.components.base import Component, Context, Density, Slot, missing
from pptxagent.components.chrome import bar, card, card_pad, para, standard_frame, text
from pptxagent.components.geometry import XL, XS, Rect, S, gap, stack, text_height, width_of
from pptxagent.components.split import chunks
from pptxagent.ir.compose import LayoutName, ShapeItem
from pptxagent.ir.outline import Kpi, OutlineSlide
from pptxagent.ir.theme import ThemePack

MAX_CARDS = 4
STRIP_W = 48.0


def _heights(kpi: Kpi, width: float, pack: ThemePack) -> list[float]:
    """Strip, value, label and delta (if any) heights of one card's content."""
    t, minor = pack.type, width_of(pack, "minor")
    out = [gap(pack, XS), text_height(kpi.value, t.value, width, bold=True,
                                      wf=width_of(pack, "major")),
           text_height(kpi.label, t.body, width, wf=minor)]
    if kpi.delta:
        out.append(text_height(kpi.delta, t.body, width, wf=minor))
    return out


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if not slide.items:
        raise missing(slide, ctx, "items", "kpi-cards")
    frame = standard_frame(slide, ctx)
    items = list(slide.items)
    pad = card_pad(pack)
    cols = frame.body.columns(max(2, len(items)), gap(pack, XL))[: len(items)]
    if len(items) == 1:  # one card as wide as two would be, centred
        w = cols[0].w
        mid = frame.body.left + frame.body.w / 2
        cols = [Rect(mid - w / 2, frame.body.top, mid + w / 2, frame.body.bottom)]
    inner_w = cols[0].w - 2 * pad
    need = max(sum(hs) + gap(pack, S) * (len(hs) - 1)
               for hs in (_heights(k, inner_w, pack) for k in items)) + 2 * pad
    h = min(frame.body.h, max(need, frame.body.h * 0.6))
    top = frame.body.top + (frame.body.h - h) / 2
    shapes: list[ShapeItem] = list(frame.shapes)
    t = pack.type
    for i, (kpi, col) in enumerate(zip(items, cols, strict=False)):
        rect = Rect(col.left, top, col.right, top + h)
        inner = rect.inset(pad)
        rects = stack(inner, _heights(kpi, inner.w, pack), [gap(pack, S)] * 3, flex=2)
        strip = Rect(inner.left, rects[0].top, inner.left + min(STRIP_W, inner.w),
                     rects[0].bottom)
        shapes += [card(f"card-{i + 1}", rect, pack), bar(f"card-{i + 1}-strip", strip),
                   text(f"value-{i + 1}", rects[1], "value",
                        [para(kpi.value, t.value, color="on_surface", font="major",
                              bold=True)]),
                   text(f"label-{i + 1}", rects[2], "label",
                        [para(kpi.label, t.body, color="on_surface")])]
        if kpi.delta:
            shapes.append(text(f"delta-{i + 1}", rects[3], "delta",
                               [para(kpi.delta, t.body, color="on_surface", italic=True)]))
    shapes += frame.tail
    return shapes, "title_only"


def _units(slide: OutlineSlide) -> int:
    return len(slide.items or [])


def _split(slide: OutlineSlide, n: int) -> list[OutlineSlide] | None:
    parts = chunks(list(slide.items or []), n)
    if parts is None:
        return None
    return [slide.model_copy(update={"items": p, "kind": "kpis"}) for p in parts]


KPIS = Component(
    name="kpi-cards",
    kinds=("kpis",),
    slots=(Slot("title", "title", "text"), Slot("items.value", "value", "on_surface"),
           Slot("items.label", "label", "on_surface"), Slot("items.delta", "delta",
                                                              "on_surface"),
           Slot("citations", "citation", "muted")),
    density=Density(unit="cards", min_units=2, max_units=MAX_CARDS,
                    note="one row of 2–4 cards (a single KPI gets one wide card)"),
    min_body_pt=18,
    build=_build,
    units=_units,
    split_fn=_split,
)
