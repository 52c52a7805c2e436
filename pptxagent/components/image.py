"""Image, in two variants (``variant``):

- ``framed``: the picture in the body, its frame matching the picture's aspect (nothing
  cropped away), the caption under it;
- ``bleed``: the picture edge to edge across the top of the slide (``bleed-picture``), a
  ``primary`` caption band under it holding the title and the caption (``on_primary``):
  chosen when the picture's aspect is close to the room's, so little is cropped."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, UnidentifiedImageError

from pptxagent.components.base import Candidate, Component, Context, Density, Slot
from pptxagent.components.chrome import (
    bar,
    continued,
    para,
    slide_title,
    standard_frame,
    text,
)
from pptxagent.components.geometry import (
    BLEED_PREFIX,
    SLIDE_H_PT,
    SLIDE_W_PT,
    L,
    M,
    Rect,
    S,
    gap,
    safe_area,
    text_height,
    width_of,
)
from pptxagent.errors import InputError
from pptxagent.ir.compose import LayoutName, PictureSpec, ShapeItem
from pptxagent.ir.outline import OutlineSlide


def image_path(slide: OutlineSlide, ctx: Context) -> Path:
    raw = slide.image or ""
    path = Path(raw).expanduser()
    if not path.is_absolute():
        path = ctx.base_dir / path
    path = path.resolve()
    if not path.is_file():
        raise InputError(f"$.slides[{ctx.source}].image: {raw!r} not found "
                         f"(looked for {path})")
    return path


def image_size(path: Path, ctx: Context) -> tuple[int, int]:
    try:
        with Image.open(path) as im:
            return im.size
    except (UnidentifiedImageError, OSError) as exc:
        raise InputError(f"$.slides[{ctx.source}].image: {str(path)!r} is not a "
                         f"readable picture ({exc})") from exc


def fit(rect: Rect, w: int, h: int) -> Rect:
    """The largest rect of aspect ``w:h`` centred in ``rect``."""
    if w <= 0 or h <= 0:
        return rect
    aspect = w / h
    if rect.w / rect.h > aspect:
        fw = rect.h * aspect
        x = rect.left + (rect.w - fw) / 2
        return Rect(x, rect.top, x + fw, rect.bottom)
    fh = rect.w / aspect
    return Rect(rect.left, rect.top, rect.right, rect.top + fh)


VARIANTS = ("framed", "bleed")
BLEED_CROP = 0.15
"""At most this share of the picture cropped away for ``bleed`` to be preferred ..."""
BLEED_CROP_MAX = 0.3
"""... and at most this share for it to hold the picture at all."""


def _band(slide: OutlineSlide, ctx: Context) -> tuple[float, float, float]:
    """The caption band's top and the title's and caption's heights in it."""
    pack = ctx.pack
    area = safe_area(pack)
    t = pack.type
    title_h = text_height(continued(slide_title(slide), ctx.part), t.title, area.w,
                          max_lines=2, wf=width_of(pack, "major"))
    caption = slide.caption if slide.title else None
    cap_h = text_height(caption, t.body, area.w, wf=width_of(pack, "minor")) if caption else 0.0
    cit_h = sum(text_height(c, t.small, area.w) - 7.2 for c in slide.citations)
    inner = title_h + (gap(pack, S) + cap_h if cap_h else 0.0) + (
        gap(pack, S) + cit_h + 7.2 if cit_h else 0.0)
    return SLIDE_H_PT - pack.spacing.margin_pt - inner - gap(pack, L), title_h, cap_h


def _crop(slide: OutlineSlide, ctx: Context) -> float:
    w, h = image_size(image_path(slide, ctx), ctx)
    top = _band(slide, ctx)[0]
    room, pic = SLIDE_W_PT / top, w / h
    return 1 - min(room, pic) / max(room, pic)


def variant(slide: OutlineSlide, ctx: Context) -> list[Candidate]:
    framed: Candidate = ("framed", "the whole picture in a frame of its own aspect")
    crop = _crop(slide, ctx)
    if crop > BLEED_CROP_MAX:
        return [(framed[0], f"edge to edge would crop {crop:.0%} of the picture")]
    bleed: Candidate = ("bleed", f"edge to edge crops {crop:.0%} of the picture")
    return [bleed, framed] if crop <= BLEED_CROP else [framed, bleed]


def _bleed(slide: OutlineSlide, ctx: Context) -> list[ShapeItem]:
    pack = ctx.pack
    area = safe_area(pack)
    t = pack.type
    top, title_h, cap_h = _band(slide, ctx)
    shapes: list[ShapeItem] = [
        PictureSpec(name=BLEED_PREFIX + "picture", box=Rect(0, 0, SLIDE_W_PT, top).box(),
                    path=str(image_path(slide, ctx))),
        bar(BLEED_PREFIX + "band", Rect(0, top, SLIDE_W_PT, SLIDE_H_PT), fill="primary")]
    y = top + gap(pack, L)
    title = Rect(area.left, y, area.right, y + title_h)
    shapes.append(text("title", title, "title",
                       [para(continued(slide_title(slide), ctx.part), t.title, font="major",
                             color="on_primary")], placeholder="title",
                       floor_pt=1.5 * t.body))
    y = title.bottom
    caption = slide.caption if slide.title else None
    if caption:
        cap = Rect(area.left, y + gap(pack, S), area.right, y + gap(pack, S) + cap_h)
        shapes.append(text("caption", cap, "caption",
                           [para(caption, t.body, color="on_primary")]))
    if slide.citations:
        cit_h = sum(text_height(c, t.small, area.w) - 7.2 for c in slide.citations) + 7.2
        shapes.append(text("citations", Rect(area.left, area.bottom - cit_h, area.right,
                                             area.bottom), "citation",
                           [para(c, t.small, color="on_primary") for c in slide.citations],
                           anchor="bottom"))
    return shapes


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if ctx.variant == "bleed":
        return _bleed(slide, ctx), "title_only"
    frame = standard_frame(slide, ctx)
    body = frame.body
    path = image_path(slide, ctx)
    w, h = image_size(path, ctx)
    # with no title of its own the caption heads the slide (``slide_title``), not repeated
    caption = slide.caption if slide.title else None
    shapes: list[ShapeItem] = list(frame.shapes)
    pic_room = body
    cap_rect: Rect | None = None
    if caption:
        size = pack.type.body
        ch = text_height(caption, size, body.w, wf=width_of(pack, "minor"))
        cap_top = max(body.top + body.h * 0.4, body.bottom - ch)
        cap_rect = Rect(body.left, cap_top, body.right, body.bottom)
        pic_room = Rect(body.left, body.top, body.right, cap_top - gap(pack, M))
    pic = fit(pic_room, w, h)
    shapes.append(PictureSpec(name="picture", box=pic.box(), path=str(path)))
    if cap_rect is not None and caption:
        if pic.bottom < pic_room.bottom:  # the caption follows the picture up
            cap_rect = Rect(cap_rect.left, pic.bottom + gap(pack, M), cap_rect.right,
                            cap_rect.bottom)
        shapes.append(text("caption", cap_rect, "caption",
                           [para(caption, pack.type.body, color="muted")]))
    shapes += frame.tail
    return shapes, "title_only"


IMAGE = Component(
    name="image",
    kinds=("image",),
    slots=(Slot("title", "title", "text"), Slot("image", "picture", "background"),
           Slot("caption", "caption", "muted"), Slot("citations", "citation", "muted")),
    density=Density(unit="picture", min_units=1, max_units=1, note="one picture; never split"),
    min_body_pt=18,
    build=_build,
    variant_fn=variant,
    variants=VARIANTS,
    sparse_variants=("bleed",),
)
