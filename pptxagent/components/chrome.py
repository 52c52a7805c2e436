"""What every ``title_only`` slide shares: the title placeholder, an optional subtitle line,
the accent rule under them, the citations at the bottom and the body region left between.

Also the small constructors of text, bars and cards every component uses, so roles,
fonts and the pack's shape style are applied the same way everywhere.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from pptxagent.components.base import Context
from pptxagent.components.geometry import (
    BODY_FLOOR_PT,
    LINE,
    SLIDE_H_PT,
    SLIDE_W_PT,
    XS,
    L,
    M,
    Rect,
    S,
    balanced_width,
    gap,
    longest_unbreakable,
    safe_area,
    text_height,
    text_width,
    title_zone,
    width_of,
)
from pptxagent.ir.compose import FontRole, Para, ShapeItem, ShapeSpec, TextRole, TextSpec
from pptxagent.ir.outline import OutlineSlide
from pptxagent.ir.theme import ColorRole, ThemePack

INSET = 3.6
TITLE_MAX_LINES = 3
RULE_W = 72.0
Anchor = Literal["top", "middle", "bottom"]
Align = Literal["left", "center", "right"]


def continued(title: str, part: tuple[int, int]) -> str:
    """``"Title (k/n)"`` for a continuation part, the title itself for a single slide."""
    k, n = part
    return f"{title} ({k}/{n})" if n > 1 else title


def slide_title(slide: OutlineSlide) -> str:
    """The slide's title, else the best text of its own to stand as one: a quote's author,
    a picture's caption, a comparison's two headings. Empty when the slide has none (the
    selection layer then uses the deck title)."""
    if slide.title:
        return slide.title
    if slide.quote is not None and slide.author:
        return slide.author
    if slide.image is not None and slide.caption:
        return slide.caption
    if slide.left is not None and slide.right is not None:
        return f"{slide.left.heading} | {slide.right.heading}"
    return ""


def para(text: str, size: float, *, color: ColorRole = "text", font: FontRole = "minor",
         bold: bool = False, italic: bool = False, align: Align = "left",
         bullet: bool = False, level: int = 0, after: float = 0, caps: bool = False) -> Para:
    return Para(text=text, size_pt=size, color=color, font=font, bold=bold, italic=italic,
                align=align, bullet=bullet, level=level, space_after_pt=after, caps=caps)


WORD_FIT = 0.94
"""Share of a line the widest unbreakable piece may take (the estimate's safety)."""
BULLET_INDENT_PT = 27.0
"""The writer's indent per bullet level (``ooxml.build`` ``BULLET_INDENT_EMU``)."""


def fit_words(paras: list[Para], width: float, role: TextRole, inset: float,
              floor_pt: float | None = None) -> list[Para]:
    """Paragraphs whose longest word (a KPI figure as a whole) would break mid-word in a box
    ``width`` wide get the size at which it fits on a line, never below the role's floor: a
    designer shrinks ``Rechtsschutzversicherungsgesellschaften`` rather than split it.
    ``floor_pt``: the role's floor (titles must give theirs: 1.5 × the theme's body)."""
    if role == "citation" or (role == "title" and floor_pt is None):
        return paras
    floor = BODY_FLOOR_PT if floor_pt is None else floor_pt
    out: list[Para] = []
    for p in paras:
        avail = (width - 2 * inset - (BULLET_INDENT_PT * (p.level + 1) if p.bullet else 0.0))
        em = (text_width(p.text.strip(), 1.0, p.bold) if role == "value"
              else longest_unbreakable(p.text, p.bold))
        if em > 0 and em * p.size_pt > avail * WORD_FIT:
            size = max(floor, min(p.size_pt, math.floor(avail * WORD_FIT / em * 2) / 2))
            p = p.model_copy(update={"size_pt": size})
        out.append(p)
    return out


def text(name: str, rect: Rect, role: TextRole, paras: list[Para], *,
         placeholder: Literal["title", "subtitle"] | None = None, anchor: Anchor = "top",
         inset: float = INSET, floor_pt: float | None = None) -> TextSpec:
    return TextSpec(name=name, box=rect.box(), role=role,
                    paragraphs=fit_words(paras, rect.w, role, inset, floor_pt),
                    placeholder=placeholder, anchor=anchor, inset_pt=inset)


def bar(name: str, rect: Rect, fill: ColorRole = "accent") -> ShapeSpec:
    """A plain accent shape (rule, side bar, strip, band)."""
    return ShapeSpec(name=name, box=rect.box(), preset="rect", fill=fill)


def card(name: str, rect: Rect, pack: ThemePack, fill: ColorRole = "surface") -> ShapeSpec:
    """A card in the pack's shape style (corner radius, outline, shadow)."""
    style = pack.shapes
    rounded = style.corner_radius > 0
    return ShapeSpec(name=name, box=rect.box(), preset="roundRect" if rounded else "rect",
                     fill=fill, rounded=rounded, line="line" if style.outline else None,
                     line_pt=style.outline_pt if style.outline else 0, shadow=style.shadow)


def card_pad(pack: ThemePack) -> float:
    """Padding inside a card: the scale's ``L`` step (never below ``M``)."""
    return max(gap(pack, L), gap(pack, M))


def citation_block(slide: OutlineSlide, area: Rect, pack: ThemePack,
                   color: ColorRole = "muted") -> tuple[TextSpec | None, float]:
    """The citations at the bottom of ``area``; returns the spec and the top it leaves."""
    if not slide.citations:
        return None, area.bottom
    size, minor = pack.type.small, width_of(pack, "minor")
    h = sum(text_height(c, size, area.w, wf=minor) - 2 * INSET for c in slide.citations) + 2 * INSET
    rect = Rect(area.left, area.bottom - h, area.right, area.bottom)
    paras = [para(c, size, color=color) for c in slide.citations]
    return text("citations", rect, "citation", paras, anchor="bottom"), rect.top


@dataclass
class Frame:
    """The chrome of a ``title_only`` slide and the body region left for the component."""

    shapes: list[ShapeItem]
    body: Rect
    tail: list[ShapeItem]
    """Shapes drawn after the component's (the citations)."""


def aligned_left(rect: Rect, width: float, align: Align, inset: float = 0.0) -> float:
    """The left edge of something ``width`` wide set in ``rect`` by ``align`` (``inset`` in
    from the side it hugs)."""
    if align == "center":
        return rect.left + (rect.w - width) / 2
    return rect.right - inset - width if align == "right" else rect.left + inset


def measured_title(label: str, pack: ThemePack) -> str:
    """A title as its width is estimated: in capitals when the pack draws it so."""
    return label.upper() if pack.title.caps else label


def _title_heights(slide: OutlineSlide, ctx: Context, width: float
                   ) -> tuple[float, float, float]:
    """The title's, the subtitle's and the whole block's estimated heights at ``width``."""
    pack = ctx.pack
    label = continued(slide_title(slide), ctx.part)
    th = max(text_height(measured_title(label, pack), pack.type.title, width,
                         bold=pack.title.bold, max_lines=TITLE_MAX_LINES,
                         wf=width_of(pack, "major")), pack.type.title * LINE + 2 * INSET)
    if not slide.subtitle:
        return th, 0.0, th
    sh = text_height(slide.subtitle, pack.type.subtitle, width, max_lines=2,
                     wf=width_of(pack, "minor"))
    return th, sh, th + gap(pack, XS) + sh


def _title_block(slide: OutlineSlide, ctx: Context, area: Rect, top: float | None,
                 bottom: float | None) -> tuple[list[ShapeItem], float]:
    """The title (and subtitle) from ``top`` down, or ending at ``bottom`` (a brand pack's
    title zone); returns the shapes and the bottom they reach."""
    pack = ctx.pack
    size, look = pack.type.title, pack.title
    label = continued(slide_title(slide), ctx.part)
    th, sh, block = _title_heights(slide, ctx, area.w)
    y0 = bottom - block if bottom is not None else (top if top is not None else area.top)
    narrow = min(area.w, balanced_width(measured_title(label, pack), size, area.w,
                                        bold=look.bold, wf=width_of(pack, "major")))
    left = aligned_left(area, narrow, look.align)
    title_rect = Rect(left, y0, left + narrow, y0 + th)
    title = para(label, size, font="major", color="title", bold=look.bold, align=look.align,
                 caps=look.caps)
    shapes: list[ShapeItem] = [
        text("title", title_rect, "title", [title],
             placeholder="title", anchor="bottom", floor_pt=1.5 * pack.type.body)]
    y = title_rect.bottom
    if slide.subtitle:
        sub = Rect(area.left, y + gap(pack, XS), area.right, y + gap(pack, XS) + sh)
        shapes.append(text("subtitle", sub, "subtitle", [
            para(slide.subtitle, pack.type.subtitle, color="muted", align=look.align)]))
        y = sub.bottom
    return shapes, y


def beside(rect: Rect, notch: tuple[float, float, float], align: Align = "left") -> Rect:
    """``rect`` narrowed to keep clear of a corner logo (``KeepOut.notch``) on its side; for
    centred text, on both sides alike, so it stays centred on the slide."""
    left, right, _ = notch
    if left - rect.left > rect.right - right:  # the logo is at the right
        out = Rect(rect.left, rect.top, min(rect.right, left), rect.bottom)
    else:
        out = Rect(max(rect.left, right), rect.top, rect.right, rect.bottom)
    if align != "center":
        return out
    d = max(out.left - rect.left, rect.right - out.right)
    return Rect(rect.left + d, rect.top, max(rect.left + d, rect.right - d), rect.bottom)


def standard_frame(slide: OutlineSlide, ctx: Context) -> Frame:
    """Title placeholder at the top of the safe area (sized to its estimated lines, at most
    three), the subtitle under it, an accent rule, citations at the bottom. A brand pack
    with a title rule on its master gets the title above that rule when it fits there (and
    no accent rule of ours)."""
    pack = ctx.pack
    area = safe_area(pack)
    zone = title_zone(pack)
    notch = pack.keep_out(SLIDE_W_PT, SLIDE_H_PT).notch
    align = pack.title.align
    head = area if notch is None else beside(area, notch, align)
    zone = zone if zone is None or notch is None else beside(zone, notch, align)
    if zone is not None and _title_heights(slide, ctx, zone.w)[2] <= zone.h:
        shapes, _ = _title_block(slide, ctx, zone, None, zone.bottom)
        body_top = area.top + gap(pack, S)
    else:
        shapes, y = _title_block(slide, ctx, head, area.top, None)
        rule_h = gap(pack, XS)
        rule_top = y + gap(pack, S)
        rule_left = aligned_left(head, RULE_W, align, INSET)
        rule = Rect(rule_left, rule_top, rule_left + RULE_W, rule_top + rule_h)
        shapes.append(bar("title-rule", rule))
        body_top = rule.bottom + gap(pack, L)
    if notch is not None:
        body_top = max(body_top, notch[2])
    cit, cit_top = citation_block(slide, area, pack)
    bottom = cit_top - gap(pack, M) if cit is not None else area.bottom
    body = Rect(area.left, body_top, area.right, bottom)
    if body.h < 4 * pack.type.body:  # a huge title: let the body keep a minimum of room
        body = Rect(body.left, max(body_top - gap(pack, L), bottom - 4 * pack.type.body),
                    body.right, bottom)
    return Frame(shapes=shapes, body=body, tail=[cit] if cit is not None else [])
