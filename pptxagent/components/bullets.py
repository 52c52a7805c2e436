"""Bullets: the title, an accent side bar along the text, the bullet list at body size with
its levels (a sub-bullet stays with its parent when the list is split)."""

from __future__ import annotations

from pptxagent.components.base import Component, Context, Density, Slot, missing
from pptxagent.components.chrome import bar, para, standard_frame, text
from pptxagent.components.geometry import XS, L, Rect, S, gap, paras_height
from pptxagent.components.split import split_bullets
from pptxagent.ir.compose import LayoutName, Para, ShapeItem
from pptxagent.ir.outline import BulletItem, OutlineSlide, bullet_text
from pptxagent.ir.theme import ColorRole, ThemePack

MAX_BULLETS = 6


def bullet_paras(items: list[BulletItem], pack: ThemePack,
                 color: ColorRole = "text") -> list[Para]:
    size = pack.type.body
    return [para(t, size, color=color, bullet=True, level=lv, after=gap(pack, S))
            for t, lv in map(bullet_text, items)]


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if not slide.bullets:
        raise missing(slide, ctx, "bullets", "bullets")
    frame = standard_frame(slide, ctx)
    body = frame.body
    paras = bullet_paras(list(slide.bullets or []), pack)
    side = Rect(body.left, body.top, body.left + gap(pack, S), body.bottom)
    box = Rect(side.right + gap(pack, L), body.top, body.right, body.bottom)
    est = paras_height(paras, box.w, indent_pt=pack.type.body, pack=pack)
    side = Rect(side.left, side.top + gap(pack, XS), side.right,
                min(side.bottom, side.top + max(est, 2 * pack.type.body)))
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
)
