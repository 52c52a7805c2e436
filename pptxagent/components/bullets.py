"""Bullets: the title, an accent side bar along the text, the bullet list with its levels (a
sub-bullet stays with its parent when the list is split).

The list uses its space on purpose: a short one takes a larger size, up to the largest the
title's 1.5× hierarchy allows (and the subtitle size), as long as it fills at most
``FILL_TARGET`` of the body area; the block then sits balanced in the body area
(``geometry.balanced_top``), not stuck under the title. A long list keeps the body
size and the top; every part of a list split over slides keeps the body size (the parts look
alike).

Variants, chosen from the content's shape (``variant``; drawn by ``components.points``):
``steps`` for the points of a title that names a sequence (numbered badges), ``cards`` for two
to four short points, ``grid`` for four to six short points (two rows of cards), ``list``
otherwise and always as the alternative. Sub-points and continued lists stay a list."""

from __future__ import annotations

import re

from pptxagent.components import points
from pptxagent.components.base import Candidate, Component, Context, Density, Slot, missing
from pptxagent.components.chrome import bar, para, standard_frame, text
from pptxagent.components.geometry import (
    FILL_TARGET,
    XS,
    L,
    Rect,
    S,
    balanced_top,
    gap,
    largest_step,
    paras_height,
)
from pptxagent.components.iconset import card_icons, given_of
from pptxagent.components.split import split_bullets
from pptxagent.ir.compose import LayoutName, Para, ShapeItem
from pptxagent.ir.outline import BulletItem, OutlineSlide, bullet_text
from pptxagent.ir.theme import ColorRole, ThemePack

MAX_BULLETS = 6
CARD_MAX_CHARS = 70
"""A point this short (characters) fits a card; longer ones read better as a list."""
GRID_MAX_CHARS = 90
"""A point this short fits a tile of a two-row grid."""
STEP_MAX_CHARS = 160
SEQUENCE = re.compile(
    r"\b(steps?|process|roadmap|phases?|stages?|sequence|procedure|workflow|how to|"
    r"how we|getting started|in order)\b", re.IGNORECASE)
"""A title with one of these words introduces a sequence: its points are numbered steps."""
NUMBERED = re.compile(r"^\s*(\d+|[a-z])[.)]\s", re.IGNORECASE)
"""A point numbered in its own text keeps its number as written (a list, not badges)."""
VARIANTS = ("list", "cards", "grid", "steps")


def variant(slide: OutlineSlide, ctx: Context) -> list[Candidate]:
    """The variants that hold the points, the one their shape asks for first."""
    items = [bullet_text(b) for b in slide.bullets or []]
    n = len(items)
    if ctx.part[1] > 1:
        return [("list", "a list continued over slides stays a list")]
    if any(level for _, level in items):
        return [("list", "sub-points need a list's levels")]
    longest = max((len(t) for t, _ in items), default=0)
    out: list[Candidate] = []
    title = slide.title or ""
    frame = standard_frame(slide, ctx)
    texts = [t for t, _ in items]
    numbered = any(NUMBERED.match(t) for t, _ in items)
    if (2 <= n <= MAX_BULLETS and SEQUENCE.search(title) and not numbered
            and longest <= STEP_MAX_CHARS and points.fits("steps", texts, frame, ctx)):
        word = SEQUENCE.search(title)
        out.append(("steps", f"{n} points after a title that names a sequence "
                             f"({word.group(0) if word else ''!r}): numbered steps"))
    if 2 <= n <= 4 and longest <= CARD_MAX_CHARS and points.fits("cards", texts, frame, ctx):
        out.append(("cards", f"{n} short points (at most {CARD_MAX_CHARS} characters, no "
                             "sub-points)"))
    if (4 <= n <= MAX_BULLETS and longest <= GRID_MAX_CHARS
            and points.fits("grid", texts, frame, ctx)):
        out.append(("grid", f"{n} short points (at most {GRID_MAX_CHARS} characters): two "
                            "rows of cards"))
    why = (f"{n} point(s), the longest {longest} characters"
           if not out else "a plain list holds the same points")
    out.append(("list", why))
    return out


def _roomy(slide: OutlineSlide, ctx: Context) -> list[ShapeItem]:
    frame = standard_frame(slide, ctx)
    texts = [bullet_text(b)[0] for b in slide.bullets or []]
    if ctx.variant == "steps":
        drawn = points.steps(texts, frame, ctx)
    else:
        names = card_icons(slide, texts, given_of(list(slide.bullets or [])))
        draw = points.cards if ctx.variant == "cards" else points.grid
        drawn = draw(texts, frame, ctx, names)
    return [*frame.shapes, *drawn, *frame.tail]


def bullet_paras(items: list[BulletItem], pack: ThemePack,
                 color: ColorRole = "text", size: float | None = None) -> list[Para]:
    size = pack.type.body if size is None else size
    return [para(t, size, color=color, bullet=True, level=lv, after=gap(pack, S))
            for t, lv in map(bullet_text, items)]


def roomy_size(items: list[BulletItem], pack: ThemePack, width: float, height: float) -> float:
    """The largest whole-point size from the body size up to ``min(subtitle, title / 1.5)``
    at which the list fills at most ``FILL_TARGET`` of ``height`` (else the body size)."""
    def short(size: float) -> bool:
        paras = bullet_paras(items, pack, size=size)
        return paras_height(paras, width, indent_pt=size, pack=pack) <= FILL_TARGET * height

    return largest_step(pack, short)


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if not slide.bullets:
        raise missing(slide, ctx, "bullets", "bullets")
    if ctx.variant in ("cards", "grid", "steps"):
        return _roomy(slide, ctx), "title_only"
    frame = standard_frame(slide, ctx)
    body = frame.body
    items = list(slide.bullets or [])
    left = body.left + gap(pack, S) + gap(pack, L)
    whole = ctx.part[1] == 1  # the parts of a split list keep one size
    size = roomy_size(items, pack, body.right - left, body.h) if whole else pack.type.body
    paras = bullet_paras(items, pack, size=size)
    est = paras_height(paras, body.right - left, indent_pt=size, pack=pack)
    top = balanced_top(body, est)  # a part too: the partition keeps parts of a height
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
    variants=VARIANTS,
)
