"""One composed slide: placeholders filled (the rest deleted), shapes in spec order (back to
front) with unique names, the pack's transition and the speaker notes."""

from __future__ import annotations

from lxml import etree
from pptx.presentation import Presentation as PresentationT
from pptx.slide import Slide, SlideLayout
from pptx.util import Pt

from pptxagent.ir.compose import (
    Box,
    ChartSpec,
    IconSpec,
    LayoutName,
    Para,
    PictureSpec,
    ShapeSpec,
    SlideSpec,
    TableSpec,
    TextSpec,
)
from pptxagent.ir.theme import ThemePack
from pptxagent.ooxml.build.chart import add_chart, place
from pptxagent.ooxml.build.picture import add_picture
from pptxagent.ooxml.build.shapes import icon_shape, preset_shape
from pptxagent.ooxml.build.table import add_table
from pptxagent.ooxml.build.text import fill_placeholder, text_box
from pptxagent.ooxml.build.xmlkit import make, sub
from pptxagent.ooxml.xml import qn

NOTES_PT = 12
_SLD = ("p:cSld", "p:clrMapOvr", "p:transition", "p:timing", "p:extLst")
_TITLE_TYPES = ("title", "ctrTitle")
_SUBTITLE_TYPES = ("subTitle", "body")


def _placeholders(tree: etree._Element) -> dict[str, etree._Element]:
    """The slide's placeholders copied from the layout: ``title`` and ``subtitle``."""
    found: dict[str, etree._Element] = {}
    for sp in tree.findall(qn("p:sp")):
        ph = sp.find(f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}")
        if ph is None:
            continue
        kind = ph.get("type", "body")
        role = ("title" if kind in _TITLE_TYPES else
                "subtitle" if kind in _SUBTITLE_TYPES else f"other-{len(found)}")
        found.setdefault(role, sp)
    return found


def _next_id(tree: etree._Element) -> int:
    return 1 + max((int(e.get("id", "0")) for e in tree.iter(qn("p:cNvPr"))), default=1)


def _unique(name: str, used: set[str]) -> str:
    unique, n = name, 1
    while unique in used:
        n += 1
        unique = f"{name} {n}"
    used.add(unique)
    return unique


def _transition(slide: Slide, kind: str) -> None:
    if kind == "none":
        return
    transition = make("p:transition", spd="med")
    sub(transition, f"p:{kind}")
    place(slide._element, transition, _SLD)


def _notes(slide: Slide, text: str) -> None:
    frame = slide.notes_slide.notes_text_frame
    if frame is None:  # pragma: no cover - python-pptx's notes master has a body placeholder
        return
    frame.text = text
    for para in frame.paragraphs:
        for run in para.runs:
            run.font.size = Pt(NOTES_PT)


def _empty_title(pack: ThemePack) -> TextSpec:
    """The title a slide keeps when its spec names none (every slide has a title)."""
    box = Box(x=0, y=0, w=1, h=1)
    return TextSpec(name="Title", box=box, role="title", placeholder="title",
                    paragraphs=[Para(text="", size_pt=pack.type.title, font="major")])


def _shape(item: TextSpec | ShapeSpec | ChartSpec | TableSpec | PictureSpec | IconSpec,
           slide: Slide,
           pack: ThemePack, where: str, holders: dict[str, etree._Element]) -> etree._Element:
    tree = slide.shapes._spTree
    if isinstance(item, TextSpec):
        holder = holders.pop(item.placeholder, None) if item.placeholder else None
        if holder is not None:
            fill_placeholder(holder, item, pack)
            return holder
        sp = text_box(item, pack, _next_id(tree))
        tree.append(sp)
        return sp
    if isinstance(item, ShapeSpec):
        sp = preset_shape(item, pack, _next_id(tree))
        tree.append(sp)
        return sp
    if isinstance(item, IconSpec):
        sp = icon_shape(item, pack, _next_id(tree))
        tree.append(sp)
        return sp
    if isinstance(item, ChartSpec):
        return add_chart(slide.shapes, item, pack, where)
    if isinstance(item, TableSpec):
        return add_table(slide.shapes, item, pack, where)
    return add_picture(slide.shapes, item, where)


def add_slide(prs: PresentationT, layouts: dict[LayoutName, SlideLayout], spec: SlideSpec,
              index: int, pack: ThemePack) -> Slide:
    """Append ``spec`` as a slide of ``prs``."""
    where = f"slide {index + 1}"
    slide: Slide = prs.slides.add_slide(layouts[spec.layout])
    c_sld = slide._element.find(qn("p:cSld"))
    if c_sld is not None:  # what drew it, for ``qa --scratch`` (PowerPoint shows nothing)
        c_sld.set("name", f"{spec.component}/{spec.variant}" if spec.variant
                  else spec.component)
    tree = slide.shapes._spTree
    holders = _placeholders(tree)
    items = list(spec.shapes)
    if not any(isinstance(i, TextSpec) and i.placeholder == "title" for i in items):
        title = holders.get("title")
        if title is not None:
            xfrm = title.find(f"{qn('p:spPr')}/{qn('a:xfrm')}")
            fill_placeholder(title, _empty_title(pack), pack)
            if xfrm is None:  # keep the layout's geometry
                holder_pr = title.find(qn("p:spPr"))
                if holder_pr is not None:
                    holder_pr.remove(holder_pr[0])
            holders.pop("title")
    used: set[str] = set()
    ordered: list[etree._Element] = []
    for item in items:
        element = _shape(item, slide, pack, where, holders)
        c_nv_pr = element.find(f"./*/{qn('p:cNvPr')}")
        if c_nv_pr is not None:
            c_nv_pr.set("name", _unique(item.name, used))
        ordered.append(element)
    for leftover in holders.values():  # layout placeholders the spec does not fill
        tree.remove(leftover)
    for element in ordered:  # spec order is z-order, placeholders included
        tree.remove(element)
        tree.append(element)
    _transition(slide, pack.transition)
    if spec.notes:
        _notes(slide, spec.notes)
    return slide
