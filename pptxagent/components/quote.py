"""Quote / highlight: an accent bar beside the quotation at quote size (headings face,
italic), the attribution under it. With no slide title the author stands as the title and
the attribution line keeps only the role."""

from __future__ import annotations

from pptxagent.components.base import Component, Context, Density, Slot
from pptxagent.components.chrome import bar, para, slide_title, standard_frame, text
from pptxagent.components.geometry import XS, L, M, Rect, gap, text_height
from pptxagent.ir.compose import LayoutName, ShapeItem
from pptxagent.ir.outline import OutlineSlide

OPEN, CLOSE = "\u201c", "\u201d"
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
    frame = standard_frame(slide, ctx)
    body = frame.body
    by = attribution(slide)
    size = pack.type.body
    bar_w = gap(pack, M)
    box_left = body.left + bar_w + gap(pack, L)
    by_h = text_height(by, size, body.right - box_left) if by else 0.0
    q_bottom = body.bottom - (by_h + gap(pack, M) if by else 0.0)
    qtext = quoted(slide.quote or "")
    q_rect = Rect(box_left, body.top, body.right, max(q_bottom, body.top + pack.type.quote))
    est = text_height(qtext, pack.type.quote, q_rect.w)
    side = Rect(body.left, body.top + gap(pack, XS), body.left + bar_w,
                min(q_rect.bottom, body.top + max(est, 2 * pack.type.quote)))
    shapes: list[ShapeItem] = [
        *frame.shapes, bar("quote-bar", side),
        text("quote", q_rect, "quote",
             [para(qtext, pack.type.quote, font="major", italic=True)])]
    if by:
        shapes.append(text("author", Rect(box_left, q_rect.bottom + gap(pack, M), body.right,
                                          body.bottom), "author",
                           [para(by, size, color="muted")]))
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
)
