"""Bullets: the title, an accent side bar along the text, the bullet list with its levels (a
sub-bullet stays with its parent when the list is split).

The list uses its space on purpose: a short one takes a larger size, up to the largest the
title's 1.5× hierarchy allows (and the subtitle size), as long as it fills at most
``FILL_TARGET`` of the body area; the block then sits balanced in the body area
(``geometry.balanced_top``), not stuck under the title. A long list keeps the body
size and the top; every part of a list split over slides keeps the body size (the parts look
alike).

Variants, chosen from the content's shape (``variant``): ``cards`` for two to four short
points without sub-points on a slide of their own (a card each, in a row, balanced in the body
area); ``list`` otherwise."""

from __future__ import annotations

import math

from pptxagent.components.base import Component, Context, Density, Slot, missing
from pptxagent.components.chrome import bar, card, card_pad, para, standard_frame, text
from pptxagent.components.geometry import (
    FILL_TARGET,
    XS,
    L,
    Rect,
    S,
    balanced_top,
    gap,
    paras_height,
    text_height,
    width_of,
)
from pptxagent.components.split import split_bullets
from pptxagent.ir.compose import LayoutName, Para, ShapeItem
from pptxagent.ir.outline import BulletItem, OutlineSlide, bullet_text
from pptxagent.ir.theme import ColorRole, ThemePack

MAX_BULLETS = 6
TITLE_RATIO = 1.5
CARD_MAX_CHARS = 70
"""A point this short (characters) fits a card; longer ones read better as a list."""
CARD_MIN_SHARE = 0.45
"""A card is at least this share of the body area's height."""
STRIP_W = 48.0


def variant(slide: OutlineSlide, ctx: Context) -> tuple[str, str]:
    """``cards`` or ``list``, and why."""
    items = [bullet_text(b) for b in slide.bullets or []]
    n = len(items)
    if ctx.part[1] > 1:
        return "list", "a list continued over slides stays a list"
    if not 2 <= n <= 4:
        return "list", f"{n} point(s): cards take 2 to 4"
    if any(level for _, level in items):
        return "list", "sub-points need a list's levels"
    longest = max(len(t) for t, _ in items)
    if longest > CARD_MAX_CHARS:
        return "list", f"a point of {longest} characters (cards take at most {CARD_MAX_CHARS})"
    return "cards", f"{n} short points (at most {CARD_MAX_CHARS} characters, no sub-points)"


def _cards(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    """A card per point, in a row: an accent strip, the point at the largest size the
    hierarchy allows that still fits the card in four lines."""
    pack = ctx.pack
    frame = standard_frame(slide, ctx)
    body = frame.body
    texts = [bullet_text(b)[0] for b in slide.bullets or []]
    pad = card_pad(pack)
    cols = body.columns(len(texts), gap(pack, L))
    inner_w = cols[0].w - 2 * pad
    wf = width_of(pack, "minor")
    size = pack.type.body
    top_size = min(pack.type.subtitle, pack.type.title / TITLE_RATIO)
    while size + 1 <= top_size + 1e-9 and all(
            text_height(t, size + 1, inner_w, wf=wf) <= 4 * (size + 1) * 1.3 for t in texts):
        size += 1
    text_h = max(text_height(t, size, inner_w, wf=wf) for t in texts)
    need = 2 * pad + gap(pack, XS) + gap(pack, S) + text_h
    h = min(body.h, max(need, CARD_MIN_SHARE * body.h))
    top = balanced_top(body, h)
    shapes: list[ShapeItem] = list(frame.shapes)
    for i, (t, col) in enumerate(zip(texts, cols, strict=True)):
        rect = Rect(col.left, top, col.right, top + h)
        inner = rect.inset(pad)
        strip = Rect(inner.left, inner.top, inner.left + min(STRIP_W, inner.w),
                     inner.top + gap(pack, XS))
        box = Rect(inner.left, strip.bottom + gap(pack, S), inner.right, inner.bottom)
        shapes += [card(f"card-{i + 1}", rect, pack), bar(f"card-{i + 1}-strip", strip),
                   text(f"point-{i + 1}", box, "body", [para(t, size, color="on_surface")])]
    return [*shapes, *frame.tail], "title_only"



def bullet_paras(items: list[BulletItem], pack: ThemePack,
                 color: ColorRole = "text", size: float | None = None) -> list[Para]:
    size = pack.type.body if size is None else size
    return [para(t, size, color=color, bullet=True, level=lv, after=gap(pack, S))
            for t, lv in map(bullet_text, items)]


def roomy_size(items: list[BulletItem], pack: ThemePack, width: float, height: float) -> float:
    """The largest whole-point size from the body size up to ``min(subtitle, title / 1.5)``
    at which the list fills at most ``FILL_TARGET`` of ``height`` (else the body size)."""
    best = pack.type.body
    top = min(pack.type.subtitle, pack.type.title / TITLE_RATIO)
    size = math.floor(best) + 1.0
    while size <= top + 1e-9:
        paras = bullet_paras(items, pack, size=size)
        if paras_height(paras, width, indent_pt=size, pack=pack) > FILL_TARGET * height:
            break
        best = size
        size += 1.0
    return best


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if not slide.bullets:
        raise missing(slide, ctx, "bullets", "bullets")
    if variant(slide, ctx)[0] == "cards":
        return _cards(slide, ctx)
    frame = standard_frame(slide, ctx)
    body = frame.body
    items = list(slide.bullets or [])
    left = body.left + gap(pack, S) + gap(pack, L)
    whole = ctx.part[1] == 1  # the parts of a split list keep one size
    size = roomy_size(items, pack, body.right - left, body.h) if whole else pack.type.body
    paras = bullet_paras(items, pack, size=size)
    est = paras_height(paras, body.right - left, indent_pt=size, pack=pack)
    top = balanced_top(body, est) if whole else body.top
    side = Rect(body.left, top + gap(pack, XS), body.left + gap(pack, S),
                min(body.bottom, top + max(est, 2 * size)))
    box = Rect(left, top, body.right, body.bottom)
    shapes = [*frame.shapes, bar("side-bar", side),
              text("bullets", box, "body", paras), *frame.tail]
    return shapes, "title_only"


def _units(slide: OutlineSlide) -> int:
    return len(slide.bullets or [])


def _split(slide: OutlineSlide, n: int) -> list[OutlineSlide] | None:
    parts = split_bullets(list(slide.bullets or []), n)
    if parts is None:
        return None
    return [slide.model_copy(update={"bullets": p, "kind": "bullets"}) for p in parts]


BULLETS = Component(
    name="bullets",
    kinds=("bullets",),
    slots=(Slot("title", "title", "text"), Slot("bullets", "body", "text"),
           Slot("citations", "citation", "muted")),
    density=Density(unit="bullets", min_units=1, max_units=MAX_BULLETS,
                    note="sub-bullets stay with their parent"),
    min_body_pt=18,
    build=_build,
    units=_units,
    split_fn=_split,
    variant_fn=variant,
)
