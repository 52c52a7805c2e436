"""Quote / highlight: an accent bar beside the quotation at quote size (headings face,
italic), the attribution under it. With no slide title the author stands as the title and
the attribution line keeps only the role."""

from __future__ import annotations

from pptxagent.components.base import Component, Context, Density, Slot, missing
from pptxagent.components.chrome import bar, para, slide_title, standard_frame, text
from pptxagent.components.geometry import XS, L, M, Rect, gap, stack, text_height, width_of
from pptxagent.ir.compose import LayoutName, ShapeItem
from pptxagent.ir.outline import OutlineSlide

OPEN, CLOSE = "\u201c", "\u201d"
HEADROOM = 1.3
"""The quotation box is this much taller than its estimated text."""
MARKS = "\"'\u201c\u201d\u2018\u2019\u00ab\u00bb\u300c\u300e"


def quoted(q: str) -> str:
    """The quotation in typographic marks unless it already carries its own."""
    return q if q[:1] in MARKS else f"{OPEN}{q}{CLOSE}"


def attribution(slide: OutlineSlide) -> str:
    title = slide_title(slide)
    parts = [p for p in (slide.author, slide.role) if p]
    if slide.author and not slide.title and title == slide.author:
        parts = [p for p in (slide.role,) if p]  # the author already heads the slide
    return "\u2014 " + ", ".join(parts) if parts else ""


def _build(slide: OutlineSlide, ctx: Context) -> tuple[list[ShapeItem], LayoutName]:
    pack = ctx.pack
    if not slide.quote:
        raise missing(slide, ctx, "quote", "quote")
    frame = standard_frame(slide, ctx)
    body = frame.body
    by = attribution(slide)
    size = pack.type.body
    bar_w = gap(pack, M)
    box_left = body.left + bar_w + gap(pack, L)
    by_h = text_height(by, size, body.right - box_left,
                                wf=width_of(pack, "minor")) if by else 0.0
    qtext = quoted(slide.quote or "")
    est = text_height(qtext, pack.type.quote, body.right - box_left,
                      wf=width_of(pack, "major"))
    # the quotation with headroom (the measurement decides what fits), the attribution
    # right under it, the block centred in the body
    block_h = est * HEADROOM + (gap(pack, M) + by_h if by else 0.0)
    off = max(0.0, (body.h - block_h) / 2)
    block = Rect(box_left, body.top + off, body.right, body.bottom - off)
    q_rect, by_rect = stack(block, [est, by_h], [gap(pack, M)], flex=0)
    side = Rect(body.left, q_rect.top + gap(pack, XS), body.left + bar_w,
                max(q_rect.top + gap(pack, XS) + 1, q_rect.bottom - gap(pack, XS)))
    shapes: list[ShapeItem] = [
        *frame.shapes, bar("quote-bar", side),
        text("quote", q_rect, "quote",
             [para(qtext, pack.type.quote, font="major", italic=True)], anchor="middle")]
    if by:
        shapes.append(text("author", by_rect, "author", [para(by, size, color="muted")]))
    shapes += frame.tail
    return shapes, "title_only"


QUOTE = Component(
    name="quote",
    kinds=("quote",),
    slots=(Slot("title", "title", "text"), Slot("quote", "quote", "text"),
           Slot("author", "author", "muted"), Slot("citations", "citation", "muted")),
    density=Density(unit="quote", min_units=1, max_units=1,
                    note="one quotation; never split (an overlong one is reported)"),
    min_body_pt=18,
    build=_build,
    sparse=True,
)
