"""IR element → what the Jinja templates draw: positions and CSS computed once, in Python.

The templates only loop and escape; every number and style string is made here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from pptxagent.errors import InputError
from pptxagent.ir import Element, SlideIR, Visual, drawn_insets
from pptxagent.ir.textrect import text_insets
from pptxagent.render import css
from pptxagent.render.art import ArtContext, paint_node
from pptxagent.render.images import ImageTable, image_src
from pptxagent.render.table import TableView, table_view
from pptxagent.render.text import (
    DEFAULT_FONT_PX,
    DEFAULT_LINE_HEIGHT,
    ParaView,
    para_view,
    spill,
    text_lines,
)

NO_PAINT = Markup("")
_JUSTIFY = {"top": "flex-start", "middle": "center", "bottom": "flex-end"}


@dataclass(frozen=True, slots=True)
class ElementView:
    eid: str
    kind: str
    """``text`` (text nodes + <br>), ``paras``, ``box`` (decoration, image, missing image).

    An image is a box whose CSS class (``im<n>``, from the document's ``ImageTable``) paints
    the picture as a covering, centred background: ``object-fit: cover`` without an ``<img>``
    per element, so a deck embeds each picture once. Its contents are empty (no rects)."""
    style: str
    lines: list[str] = field(default_factory=list)
    paragraphs: list[ParaView] = field(default_factory=list)
    css_class: str = "el"
    measured: bool = True
    """False for master/layout art text: drawn without ``data-eid``, never measured."""
    paint: Markup = NO_PAINT
    """The element's paint node (fill, outline, picture), drawn just before it."""
    table: TableView | None = None


@dataclass(frozen=True, slots=True)
class SlideView:
    index: int
    style: str
    elements: list[ElementView]
    backdrop: list[ElementView] = field(default_factory=list)
    """Background and master/layout art, drawn first in a ``div.backdrop``."""
    backdrop_style: str = ""


SLIDE_GAP_PX = 40
"""Vertical gap between stacked slide containers in a deck document (at least)."""
ART_Z = 10
"""z-index of a decoration's paint: the text layer, so paints interleave with the text and
pictures in document order as PowerPoint draws them."""


def _paint(el: Element, where: str, art: ArtContext, z: int | None) -> Markup:
    if el.visual is None or el.style.display == "none":
        return Markup("")
    lay = el.layout
    return Markup(paint_node(el.visual, (lay.x, lay.y, lay.w, lay.h), z, art, where))


def _backdrop(ir: SlideIR, index: int, art: ArtContext) -> list[ElementView]:
    bd = ir.backdrop
    if bd is None:
        return []
    out: list[ElementView] = []
    if bd.fill is not None and bd.fill.kind != "none":
        node = paint_node(Visual(fill=bd.fill), (0, 0, ir.slide.w, ir.slide.h), None, art,
                          f"slide {index}: backdrop")
        out.append(ElementView("", "box", "", measured=False, paint=Markup(node)))
    for el in bd.art:
        where = f"slide {index}: backdrop art {el.eid!r}"
        view = _element_view(el, where, None, art.images, el.visual is not None)
        out.append(ElementView(view.eid, view.kind if el.is_text else "none", view.style,
                               view.lines, view.paragraphs, view.css_class + " art",
                               measured=False, paint=_paint(el, where, art, None),
                               table=view.table))
    return out


def slide_view(
    ir: SlideIR, index: int, assets_dir: Path | None, images: ImageTable,
    art: ArtContext | None = None,
) -> SlideView:
    seen: set[str] = set()
    views: list[ElementView] = []
    for i, el in enumerate(ir.elements):
        if el.eid in seen:
            raise InputError(f"slide {index}: elements[{i}]: duplicate eid {el.eid!r}")
        seen.add(el.eid)
        views.append(element_view(el, f"slide {index}: element {el.eid!r}", assets_dir, images,
                                  art))
    style = css.declarations([("width", css.px(ir.slide.w)), ("height", css.px(ir.slide.h))])
    # The gap below a slide rounds its height up to a whole px: every slide of a document
    # starts on a whole px, so it is laid out and rasterised as it would be alone (a slide
    # 793.7 px tall would shift the next one by a fraction of a px, and its pixels with it).
    gap = css.declarations([("margin-bottom",
                             css.px(SLIDE_GAP_PX + math.ceil(ir.slide.h) - ir.slide.h))])
    if art is None:
        return SlideView(index=index, style=f"{style};{gap}", elements=views)
    return SlideView(index=index, style=f"{style};{gap}", elements=views,
                     backdrop=_backdrop(ir, index, art), backdrop_style=style)


def _box(el: Element) -> list[tuple[str, str]]:
    lay = el.layout
    decl = [
        ("left", css.px(lay.x)),
        ("top", css.px(lay.y)),
        ("width", css.px(lay.w)),
        ("height", css.px(lay.h)),
        ("z-index", str(lay.zIndex)),
    ]
    if el.style.display == "none":
        decl.append(("display", "none"))
    return decl


def element_view(
    el: Element, where: str, assets_dir: Path | None, images: ImageTable,
    art: ArtContext | None = None,
) -> ElementView:
    """The element's view; with ``art`` its visual becomes a paint node drawn just before it
    and the element itself draws nothing but its text."""
    view = _element_view(el, where, assets_dir, images, art is not None and el.visual is not None)
    if art is None or el.visual is None:
        return view
    z = ART_Z if el.type == "decoration" and el.layout.zIndex < ART_Z else el.layout.zIndex
    return ElementView(view.eid, view.kind, view.style, view.lines, view.paragraphs,
                       view.css_class, paint=_paint(el, where, art, z), table=view.table)


def _element_view(
    el: Element, where: str, assets_dir: Path | None, images: ImageTable, painted: bool
) -> ElementView:
    decl = _box(el)
    st = el.style
    if st.backgroundColor and not painted:
        bg = css.color(st.backgroundColor, f"{where}: style.backgroundColor")
        decl.append(("background-color", bg))
    if el.table is not None:
        style, table = table_view(el, decl, where)
        return ElementView(el.eid, "table", style, table=table)
    if el.type == "image" and painted:
        return ElementView(el.eid, "box", css.declarations(decl))
    if el.type == "image":
        src = image_src(el.content, assets_dir)
        if src:
            cls = f"el im {images.css_class(src)}"
            return ElementView(el.eid, "box", css.declarations(decl), css_class=cls)
        return ElementView(el.eid, "box", css.declarations(decl), css_class="el img-missing")
    if el.type == "decoration":
        return ElementView(el.eid, "box", css.declarations(decl))
    return _text_view(el, decl, where)


def _text_view(el: Element, decl: list[tuple[str, str]], where: str) -> ElementView:
    st = el.style
    font_px = (st.fontSize or DEFAULT_FONT_PX) * (st.fitScale or 1.0)
    line_h = st.lineHeight or DEFAULT_LINE_HEIGHT
    ins = text_insets(el)  # the body's insets and its geometry's text rectangle
    if ins is not None:
        top, bottom = drawn_insets(ins.top, ins.bottom, el.layout.h, st.verticalAlign)
        pad = " ".join(css.px(v) for v in (top, ins.right, bottom, ins.left))
        decl.append(("padding", pad))
    decl += [
        ("font-family", css.font_family(st.fontFamily, f"{where}: style.fontFamily")),
        ("font-size", css.px(font_px)),
        ("line-height", css.num(line_h)),
        ("color", css.color(st.color, f"{where}: style.color") if st.color else "#000"),
        ("text-align", st.textAlign or "left"),
        # pre-line, not pre-wrap: a space at a soft wrap must not hang past the box (the
        # spec's Range union would count it as overflow; PowerPoint does not draw it).
        ("white-space", "pre-line" if st.wrap is not False else "pre"),
    ]
    if st.fontWeight is not None:
        decl.append(("font-weight", css.font_weight(st.fontWeight, f"{where}: style.fontWeight")))
    if st.fontStyle:
        decl.append(("font-style", css.font_style(st.fontStyle, f"{where}: style.fontStyle")))
    decl += css.writing_mode(str((st.model_extra or {}).get("vert") or ""))
    truncated = st.overflow == "hidden"
    if truncated:
        decl += [("overflow", "hidden"), ("text-overflow", st.textOverflow or "ellipsis")]
    anchor = st.verticalAlign or "top"
    vertical = bool((st.model_extra or {}).get("vert"))
    lines_spill = spill(el, st.textAlign) if el.paragraphs is None else []
    if el.paragraphs is None and truncated and st.wrap is not False and not vertical:
        inner = el.layout.h - (ins.top + ins.bottom if ins else 0)
        lines = max(1, math.floor(inner / (font_px * line_h) + 1e-6))
        decl += [("display", "-webkit-box"), ("-webkit-box-orient", "vertical")]
        decl.append(("-webkit-line-clamp", str(lines)))
    elif (anchor != "top" or lines_spill) and st.display != "none":
        decl += [("display", "flex"), ("flex-direction", "column")]
        decl.append(("justify-content", _JUSTIFY[anchor]))
        if lines_spill:  # the lines' one anonymous block spills as ``spill`` says
            decl.append(("align-items", lines_spill[1][1]))
    # Turned text is drawn turned about its box's centre (``rot``: the measuring scripts lay it
    # upright again, so every measurement stays in the shape's own frame).
    turn = el.text_turn()
    cls = "el"
    if turn:
        decl.append(("transform", f"rotate({css.num(turn)}deg)"))
        cls = "el rot"
    style = css.declarations(decl)
    if el.paragraphs is None:
        return ElementView(el.eid, "text", style, lines=text_lines(el.content), css_class=cls)
    paras = [para_view(el, p, f"{where}: paragraphs[{i}]", first=i == 0)
             for i, p in enumerate(el.paragraphs)]
    return ElementView(el.eid, "paras", style, paragraphs=paras, css_class=cls)


