"""Image: the picture in the body, its frame matching the picture's aspect (nothing cropped
away when it can be helped), the caption under it."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, UnidentifiedImageError

from pptxagent.components.base import Component, Context, Density, Slot
from pptxagent.components.chrome import para, standard_frame, text
from pptxagent.components.geometry import M, Rect, gap, text_height, width_of
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


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
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
)
