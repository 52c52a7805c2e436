"""What PowerPoint draws behind a slide's own shapes: background, master and layout art."""

from __future__ import annotations

from dataclasses import replace

from pptxagent.inventory import visuals
from pptxagent.inventory.context import SlideContext
from pptxagent.inventory.elements import to_element
from pptxagent.ir import Backdrop, Element, Paint
from pptxagent.ooxml.diagram import read_diagram_shapes
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.shapes import SlideDoc


def background_paint(ctx: SlideContext) -> Paint | None:
    """The slide's ``p:bg``, else the layout's, else the master's."""
    return visuals.background_paint((ctx.slide, ctx.layout, ctx.master), ctx.styles, ctx.colors)


def art_docs(ctx: SlideContext) -> list[SlideDoc]:
    """Master then layout, as ``showMasterSp`` allows (the slide's hides both)."""
    if not ctx.slide.show_master_sp:
        return []
    docs: list[SlideDoc] = []
    if ctx.master is not None and (ctx.layout is None or ctx.layout.show_master_sp):
        docs.append(ctx.master)
    if ctx.layout is not None:
        docs.append(ctx.layout)
    return docs


def _diagrams(ctx: SlideContext, pkg: Package) -> list[Element]:
    """The drawn shapes of the slide's SmartArt (never measured, never patched)."""
    out: list[Element] = []
    for shape in ctx.slide.shapes:
        if shape.graphic != "diagram" or shape.hidden or shape.xfrm is None:
            continue
        drawn = read_diagram_shapes(pkg, ctx.slide.part, shape.target, shape.xfrm)
        for n, (part, text_box) in enumerate(drawn):
            pieces = [part]
            if text_box is not None and part.text is not None:  # text in its own box
                if part.xfrm is not None:  # turns with its shape, then by its own angle
                    # (a hexagon turned 90° with text at -90° reads upright, as LibreOffice
                    # and PowerPoint draw it)
                    text_box = replace(text_box,
                                       rot=(part.xfrm.rot + text_box.rot) % 21_600_000)
                pieces = [replace(part, text=None),  # the shape: its fill, outline, shadow
                          replace(part, xfrm=text_box, paint=None, line=None, fill_ref=None,
                                  ln_ref=None, use_bg_fill=False, shadow=None,
                                  effect_ref=None, fill_set=True, fill=None,
                                  style_fill=None)]  # its text only: no second fill
            for k, piece in enumerate(pieces):
                el = to_element(piece, ctx, f"d{shape.shape_id}_{n}_{k}")
                if el is not None and el.source is not None and not el.source.name:
                    el.source.name = shape.name  # PowerPoint names the frame, not its shapes
                if el is not None and (el.visual is not None or el.is_text):
                    out.append(el)
    return out


def backdrop_for(ctx: SlideContext, pkg: Package | None = None) -> Backdrop | None:
    art: list[Element] = []
    for doc in art_docs(ctx):
        prefix = "m" if doc is ctx.master else "l"
        for n, shape in enumerate(doc.shapes):
            if shape.ph is not None or shape.hidden:
                continue
            el = to_element(shape, ctx, f"{prefix}{n}")
            if el is None or (el.visual is None and not el.is_text):
                continue
            if el.source is not None:
                el.source.part = doc.part
            art.append(el)
    if pkg is not None:
        art += _diagrams(ctx, pkg)
    fill = background_paint(ctx)
    if fill is None and not art:
        return None
    return Backdrop(fill=fill, art=art)
