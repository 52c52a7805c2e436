"""KPIs, in two variants (``variant``):

- ``cards``: two to four cards in a row, each with an accent strip, the value at value size
  (headings face), its label and an optional delta, all ``on_surface``;
- ``numbers``: a big-number row on the background, no cards: each value larger than the
  value size (as large as its column allows, up to 1.25 ×) in the ``accent`` role, its label
  and delta under it, thin rules between the columns. Preferred for one to three figures;
  it holds four when every value still fits its column at the value size."""

from __future__ import annotations

from pptxagent.components.base import Candidate, Component, Context, Density, Slot, missing
from pptxagent.components.chrome import (
    INSET,
    WORD_FIT,
    Frame,
    bar,
    card,
    card_pad,
    para,
    standard_frame,
    text,
)
from pptxagent.components.geometry import (
    XS,
    Rect,
    S,
    balanced_top,
    gap,
    grid_columns,
    largest_step,
    safe_area,
    stack,
    text_height,
    text_width,
    width_of,
)
from pptxagent.components.iconset import ICON_SCALE, card_icons
from pptxagent.components.split import chunks
from pptxagent.ir.compose import IconSpec, LayoutName, ShapeItem
from pptxagent.ir.outline import Kpi, OutlineSlide
from pptxagent.ir.theme import ThemePack

MAX_CARDS = 4
STRIP_W = 48.0
RULE_PT = 1.0
BIG = 1.25
"""The ``numbers`` variant's value size over the pack's value size, at most."""
VARIANTS = ("cards", "numbers")


def _value_fits(items: list[Kpi], width: float, size: float) -> bool:
    # as ``chrome.fit_words`` judges a figure, so the size chosen is the size drawn
    return all(text_width(k.value.strip(), size, bold=True) <= (width - 2 * INSET) * WORD_FIT
               for k in items)


def variant(slide: OutlineSlide, ctx: Context) -> list[Candidate]:
    items = list(slide.items or [])
    pack = ctx.pack
    if not items:
        return [("cards", "no figures")]
    cols = grid_columns(pack, safe_area(pack), max(2, len(items)))
    fits = _value_fits(items, cols[0].w, pack.type.value)
    cards: Candidate = ("cards", f"{len(items)} figure(s) in cards")
    if not fits:
        return [(cards[0], "a value too wide for a big-number column: cards")]
    numbers: Candidate = ("numbers", f"{len(items)} figure(s) as a big-number row")
    frame = standard_frame(slide, ctx)
    if _row(items, frame, ctx)[-1] > frame.body.h:
        return [(cards[0], "labels too long for a big-number row: cards")]
    if len(items) <= 3:
        return [numbers, cards]
    return [(cards[0], f"{len(items)} figures: cards keep four apart"), numbers]


def _heights(kpi: Kpi, width: float, pack: ThemePack, icon: bool = False) -> list[float]:
    """Strip (or icon), value, label and delta (if any) heights of one card's content."""
    t, minor = pack.type, width_of(pack, "minor")
    head = ICON_SCALE * t.body if icon else gap(pack, XS)
    out = [head, text_height(kpi.value, t.value, width, bold=True, wf=width_of(pack, "major")),
           text_height(kpi.label, t.body, width, wf=minor)]
    if kpi.delta:
        out.append(text_height(kpi.delta, t.body, width, wf=minor))
    return out


def _row(items: list[Kpi], frame: Frame, ctx: Context
         ) -> tuple[list[Rect], float, float, float, float, float]:
    """The big-number row's columns, value size, value/label/delta heights and its height."""
    pack, body, t = ctx.pack, frame.body, ctx.pack.type
    n = len(items)
    cols = grid_columns(pack, body, n, pack.spacing.columns // 2 if n == 1 else None)
    size = largest_step(pack, lambda s: _value_fits(items, cols[0].w, s), t.value,
                        t.value * BIG)
    minor, major = width_of(pack, "minor"), width_of(pack, "major")
    w = cols[0].w
    value_h = max(text_height(k.value, size, w, bold=True, wf=major) for k in items)
    label_h = max(text_height(k.label, t.body, w, wf=minor) for k in items)
    delta_h = max((text_height(k.delta, t.body, w, wf=minor) for k in items if k.delta),
                  default=0.0)
    need = value_h + gap(pack, S) + label_h + (gap(pack, XS) + delta_h if delta_h else 0.0)
    return cols, size, value_h, label_h, delta_h, need


def _numbers(items: list[Kpi], frame: Frame, ctx: Context) -> list[ShapeItem]:
    """The big-number row: columns across the body, a rule between each two."""
    pack, body, t = ctx.pack, frame.body, ctx.pack.type
    g = pack.spacing.gutter()
    cols, size, value_h, label_h, delta_h, need = _row(items, frame, ctx)
    need = min(need, body.h)
    top = balanced_top(body, need)
    out: list[ShapeItem] = []
    for i, (kpi, col) in enumerate(zip(items, cols, strict=True)):
        v = Rect(col.left, top, col.right, top + value_h)
        lab = Rect(col.left, v.bottom + gap(pack, S), col.right,
                   v.bottom + gap(pack, S) + label_h)
        out += [text(f"value-{i + 1}", v, "value",
                     [para(kpi.value, size, color="accent", font="major", bold=True,
                           align="center")], anchor="bottom"),
                text(f"label-{i + 1}", lab, "label",
                     [para(kpi.label, t.body, align="center")])]
        if kpi.delta:
            d = Rect(col.left, lab.bottom + gap(pack, XS), col.right,
                     lab.bottom + gap(pack, XS) + delta_h)
            out.append(text(f"delta-{i + 1}", d, "delta",
                            [para(kpi.delta, t.body, color="muted", italic=True,
                                  align="center")]))
        if i:
            x = col.left - g / 2
            half = RULE_PT / 2
            out.insert(0, bar(f"rule-{i}", Rect(x - half, top, x + half, top + need),
                              fill="line"))
    return out


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if not slide.items:
        raise missing(slide, ctx, "items", "kpi-cards")
    frame = standard_frame(slide, ctx)
    if ctx.variant == "numbers":
        return [*frame.shapes, *_numbers(list(slide.items), frame, ctx), *frame.tail], \
            "title_only"
    items = list(slide.items)
    pad = card_pad(pack)
    # one card as wide as two would be, centred
    cols = grid_columns(pack, frame.body, len(items),
                        pack.spacing.columns // 2 if len(items) == 1 else None)
    inner_w = cols[0].w - 2 * pad
    names = card_icons(slide, [k.label for k in items], [k.icon for k in items])

    def need_for(icons: bool) -> float:
        return max(sum(hs) + gap(pack, S) * (len(hs) - 1)
                   for hs in (_heights(k, inner_w, pack, icons) for k in items)) + 2 * pad

    need = need_for(names is not None)
    if need > frame.body.h and names is not None:  # no room for icons: strips
        names, need = None, need_for(False)
    h = min(frame.body.h, max(need, frame.body.h * 0.6))
    top = frame.body.top + (frame.body.h - h) / 2
    shapes: list[ShapeItem] = list(frame.shapes)
    t = pack.type
    for i, (kpi, col) in enumerate(zip(items, cols, strict=False)):
        rect = Rect(col.left, top, col.right, top + h)
        inner = rect.inset(pad)
        rects = stack(inner, _heights(kpi, inner.w, pack, names is not None),
                      [gap(pack, S)] * 3, flex=2)
        head: ShapeItem
        if names is not None:
            side = rects[0].h
            head = IconSpec(name=f"card-{i + 1}-icon", icon=names[i], color="accent",
                            box=Rect(inner.left, rects[0].top, inner.left + side,
                                     rects[0].top + side).box())
        else:
            head = bar(f"card-{i + 1}-strip", Rect(inner.left, rects[0].top, inner.left
                                                   + min(STRIP_W, inner.w), rects[0].bottom))
        shapes += [card(f"card-{i + 1}", rect, pack), head,
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
    variant_fn=variant,
    variants=VARIANTS,
)
