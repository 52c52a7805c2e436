"""Two-column comparison: two cards side by side, each with a coloured strip (``primary`` on
the left, ``secondary`` on the right), its heading and its bullets, all ``on_surface``."""

from __future__ import annotations

from pptxagent.components.base import Component, Context, Density, Slot, missing
from pptxagent.components.bullets import bullet_paras
from pptxagent.components.chrome import bar, card, card_pad, para, standard_frame, text
from pptxagent.components.geometry import LINE, XL, M, S, gap, stack, text_height, width_of
from pptxagent.components.split import split_bullets
from pptxagent.ir.compose import LayoutName, ShapeItem
from pptxagent.ir.outline import Column, OutlineSlide
from pptxagent.ir.theme import ColorRole

MAX_PER_SIDE = 5


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if slide.left is None and slide.right is None:
        raise missing(slide, ctx, "left/right", "comparison")
    frame = standard_frame(slide, ctx)
    pad = card_pad(pack)
    sides: list[tuple[str, Column | None, ColorRole]] = [
        ("left", slide.left, "primary"), ("right", slide.right, "secondary")]
    cols = frame.body.columns(2, gap(pack, XL))
    shapes: list[ShapeItem] = list(frame.shapes)
    hsize = pack.type.subtitle
    head_h = max(text_height(c.heading, hsize, cols[0].w - 2 * pad, bold=True,
                             wf=width_of(pack, "major"))
                 for _, c, _ in sides if c is not None)
    for (name, column, strip_color), rect in zip(sides, cols, strict=True):
        if column is None:
            continue
        inner = rect.inset(pad)
        strip, heading, box = stack(inner, [gap(pack, S), head_h, pack.type.body * LINE],
                                    [gap(pack, S), gap(pack, M)], flex=2)
        shapes += [card(f"{name}-card", rect, pack),
                   bar(f"{name}-strip", strip, fill=strip_color),
                   text(f"{name}-heading", heading, "heading",
                        [para(column.heading, hsize, color="on_surface", font="major",
                              bold=True)])]
        if column.bullets:
            shapes.append(text(f"{name}-bullets", box, "body",
                               bullet_paras(list(column.bullets), pack, color="on_surface")))
    shapes += frame.tail
    return shapes, "title_only"


def _units(slide: OutlineSlide) -> int:
    return max((len(c.bullets) for c in (slide.left, slide.right) if c is not None),
               default=0)


def _split(slide: OutlineSlide, n: int) -> list[OutlineSlide] | None:
    if n == 1:
        return [slide]
    if _units(slide) < n:
        return None
    cut: dict[str, list[Column]] = {}
    for name in ("left", "right"):
        col: Column | None = getattr(slide, name)
        if col is None:
            continue
        parts = split_bullets(list(col.bullets), n, allow_empty=True)
        if parts is None:
            return None
        cut[name] = [col.model_copy(update={"bullets": p}) for p in parts]
    return [slide.model_copy(update={**{k: v[i] for k, v in cut.items()},
                                     "kind": "comparison"}) for i in range(n)]


COMPARISON = Component(
    name="comparison",
    kinds=("comparison",),
    slots=(Slot("title", "title", "text"), Slot("left.heading", "heading", "on_surface"),
           Slot("left.bullets", "body", "on_surface"),
           Slot("right.heading", "heading", "on_surface"),
           Slot("right.bullets", "body", "on_surface"),
           Slot("citations", "citation", "muted")),
    density=Density(unit="bullets a side", min_units=0, max_units=MAX_PER_SIDE,
                    note="both columns split in step; headings repeat on every part"),
    min_body_pt=18,
    build=_build,
    units=_units,
    split_fn=_split,
)
