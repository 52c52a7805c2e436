"""Section break (layout ``section``): a full-bleed ``primary`` band across the middle with
the title placeholder and the subtitle on it (``on_primary``), an accent edge under the band.
"""

from __future__ import annotations

from pptxagent.components.base import Component, Context, Density, Slot
from pptxagent.components.chrome import bar, citation_block, continued, para, slide_title, text
from pptxagent.components.geometry import (
    BLEED_PREFIX,
    SLIDE_H_PT,
    SLIDE_W_PT,
    XS,
    L,
    Rect,
    S,
    balanced_width,
    gap,
    open_area,
    stack,
    text_height,
    width_of,
)
from pptxagent.ir.compose import LayoutName, ShapeItem
from pptxagent.ir.outline import OutlineSlide

BAND_MIN = 0.36


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    area = open_area(pack)
    cit, cit_top = citation_block(slide, area, pack)
    room = Rect(area.left, area.top, area.right, cit_top - gap(pack, L) if cit else cit_top)
    label = continued(slide_title(slide), ctx.part)
    size, sub_size = pack.type.title, pack.type.subtitle
    pad = gap(pack, L)
    title_h = text_height(label, size, room.w, bold=True, wf=width_of(pack, "major"))
    sub_h = text_height(slide.subtitle, sub_size, room.w,
                                 wf=width_of(pack, "minor")) if slide.subtitle else 0.0
    inner = title_h + (gap(pack, S) + sub_h if sub_h else 0.0)
    band_h = min(max(SLIDE_H_PT * BAND_MIN, inner + 2 * pad), room.h)
    band_top = max(room.top, room.top + (room.h - band_h) / 2)
    band = Rect(0, band_top, SLIDE_W_PT, band_top + band_h)
    edge = Rect(0, band.bottom, SLIDE_W_PT, band.bottom + gap(pack, XS))
    content = Rect(room.left, band.top + pad, room.right, band.bottom - pad)
    if inner < content.h:  # centre the text block in the band
        off = (content.h - inner) / 2
        content = Rect(content.left, content.top + off, content.right, content.bottom - off)
    title_rect, sub_rect = stack(content, [title_h, sub_h], [gap(pack, S)], flex=0)
    shapes: list[ShapeItem] = [
        bar(BLEED_PREFIX + "band", band, fill="primary"),
        bar(BLEED_PREFIX + "band-edge", edge, fill="accent"),
    ]
    narrow = balanced_width(label, size, title_rect.w, bold=True, wf=width_of(pack, "major"))
    title_rect = Rect(title_rect.left, title_rect.top, title_rect.left + narrow,
                      title_rect.bottom)
    shapes.append(text("title", title_rect,
                       "title", [para(label, size, font="major", bold=True,
                                      color="on_primary")],
                       placeholder="title", anchor="bottom", floor_pt=1.5 * pack.type.body))
    if slide.subtitle:
        shapes.append(text("subtitle", sub_rect,
                           "subtitle", [para(slide.subtitle, sub_size, color="on_primary")],
                           placeholder="subtitle"))
    if cit is not None:
        shapes.append(cit)
    return shapes, "section"


SECTION = Component(
    name="section",
    kinds=("section",),
    slots=(Slot("title", "title", "on_primary"), Slot("subtitle", "subtitle", "on_primary"),
           Slot("citations", "citation", "muted")),
    density=Density(unit="title", min_units=1, max_units=1,
                    note="one title and subtitle; never split"),
    min_body_pt=18,
    build=_build,
    sparse=True,
)
