"""Hero title: the deck's opening slide (layout ``title``), its title at the hero size (never
below the title size).

The title placeholder (``ctrTitle``) at hero size on the background, an accent rule under it,
and a full-bleed ``primary`` band across the bottom holding the subtitle placeholder
(``on_primary``) and the citations.
"""

from __future__ import annotations

from pptxagent.components.base import Component, Context, Density, Slot
from pptxagent.components.chrome import INSET, RULE_W, bar, continued, para, slide_title, text
from pptxagent.components.geometry import (
    BLEED_PREFIX,
    SLIDE_H_PT,
    SLIDE_W_PT,
    XS,
    L,
    M,
    Rect,
    balanced_width,
    gap,
    open_area,
    text_height,
    width_of,
)
from pptxagent.ir.compose import LayoutName, ShapeItem
from pptxagent.ir.outline import OutlineSlide

BAND_MIN = 0.32
"""The band covers at least this share of the slide height."""


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    area = open_area(pack)
    sub_size, small = pack.type.subtitle, pack.type.small
    minor = width_of(pack, "minor")
    sub_h = text_height(slide.subtitle, sub_size, area.w, wf=minor) if slide.subtitle else 0.0
    cit_h = sum(text_height(c, small, area.w, wf=minor) - 2 * INSET for c in slide.citations)
    cit_h = cit_h + 2 * INSET if slide.citations else 0.0
    content = sub_h + (gap(pack, M) + cit_h if cit_h else 0.0)
    band_top = min(SLIDE_H_PT * (1 - BAND_MIN), area.bottom - content - gap(pack, L))
    band_top = max(band_top, area.top + SLIDE_H_PT * 0.25)
    rule_h = gap(pack, XS)
    rule_top = band_top - gap(pack, L) - rule_h
    label = continued(slide_title(slide), ctx.part)
    hero_size = max(pack.type.hero, pack.type.title)
    narrow = balanced_width(label, hero_size, area.w, bold=True, wf=width_of(pack, "major"))
    title_rect = Rect(area.left, area.top, area.left + narrow, rule_top - gap(pack, M))
    shapes: list[ShapeItem] = [
        bar(BLEED_PREFIX + "band", Rect(0, band_top, SLIDE_W_PT, SLIDE_H_PT), fill="primary"),
        bar("title-rule", Rect(area.left + INSET, rule_top, area.left + INSET + RULE_W * 1.5,
                               rule_top + rule_h)),
        text("title", title_rect, "title",
             [para(label, max(pack.type.hero, pack.type.title), font="major", bold=True)],
             placeholder="title", anchor="bottom", floor_pt=1.5 * pack.type.body),
    ]
    inner_top = band_top + gap(pack, L)
    cit_top = area.bottom - cit_h
    if slide.subtitle:
        bottom = cit_top - gap(pack, M) if cit_h else area.bottom
        shapes.append(text("subtitle", Rect(area.left, inner_top, area.right, bottom),
                           "subtitle", [para(slide.subtitle, sub_size, color="on_primary")],
                           placeholder="subtitle"))
    if slide.citations:
        shapes.append(text("citations", Rect(area.left, cit_top, area.right, area.bottom),
                           "citation", [para(c, small, color="on_primary")
                                        for c in slide.citations], anchor="bottom"))
    return shapes, "title"


HERO = Component(
    name="hero",
    kinds=("title",),
    slots=(Slot("title", "title", "text"), Slot("subtitle", "subtitle", "on_primary"),
           Slot("citations", "citation", "on_primary")),
    density=Density(unit="title", min_units=1, max_units=1,
                    note="one title and subtitle; never split"),
    min_body_pt=18,
    build=_build,
    sparse=True,
)
