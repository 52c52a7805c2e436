"""The base of a composed deck: python-pptx's default template made 16:9 and themed.

Keeps exactly the three layouts scratch mode uses, found by purpose (``p:sldLayout@type``):
``title`` (Title Slide), ``section`` (Section Header), ``title_only`` (Title Only). Writes the
pack into the theme part (``a:clrScheme``, ``a:fontScheme``, name), the master's ``p:clrMap``
(a dark pack swaps bg/tx), a solid ``bg1`` master background, the pack's sizes into the master
text styles and the pack's logo on the master.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.presentation import Presentation as PresentationT
from pptx.slide import SlideLayout, SlideMaster
from pptx.util import Emu

from pptxagent.errors import InputError
from pptxagent.ir.compose import SLIDE_H_EMU, SLIDE_W_EMU, LayoutName
from pptxagent.ir.theme import SCHEME_SLOTS, FontFaces, ThemePack
from pptxagent.ooxml.build.art import master_art
from pptxagent.ooxml.build.layouts import pack_geometry
from pptxagent.ooxml.build.xmlkit import make, sub
from pptxagent.ooxml.xml import parse_xml, qn, serialize

BASE_W_EMU = 9_144_000
"""Width of python-pptx's 4:3 default template."""
LAYOUT_TYPES: dict[LayoutName, str] = {
    "title": "title", "section": "secHead", "title_only": "titleOnly",
}
LAYOUT_NAMES: dict[LayoutName, str] = {
    "title": "Title Slide", "section": "Section Header", "title_only": "Title Only",
}
_DARK_MAP = {"bg1": "dk1", "tx1": "lt1", "bg2": "dk2", "tx2": "lt2"}
_LIGHT_MAP = {"bg1": "lt1", "tx1": "dk1", "bg2": "lt2", "tx2": "dk2"}


def _scale_x(root: etree._Element) -> None:
    """Stretch a 4:3 part to 16:9: every ``a:off@x`` and ``a:ext@cx`` by 4/3."""
    factor = SLIDE_W_EMU / BASE_W_EMU
    for off in root.iter(qn("a:off"), qn("a:chOff")):
        off.set("x", str(round(int(off.get("x", "0")) * factor)))
    for ext in root.iter(qn("a:ext"), qn("a:chExt")):
        if ext.get("cx") is not None:
            ext.set("cx", str(round(int(ext.get("cx", "0")) * factor)))


def _neutral_layout(root: etree._Element) -> None:
    """Layout text styles that would fight explicit run formatting (all caps) go."""
    for element in root.iter(qn("a:defRPr")):
        if "cap" in element.attrib:
            del element.attrib["cap"]


def _keep_layouts(master: SlideMaster) -> dict[LayoutName, SlideLayout]:
    by_type = {layout._element.get("type", ""): layout for layout in master.slide_layouts}
    by_name = {layout.name: layout for layout in master.slide_layouts}
    kept: dict[LayoutName, SlideLayout] = {}
    for name, kind in LAYOUT_TYPES.items():
        layout = by_type.get(kind) or by_name.get(LAYOUT_NAMES[name])
        if layout is None:  # pragma: no cover - python-pptx's template has all three
            raise InputError(f"base template has no {LAYOUT_NAMES[name]!r} layout")
        kept[name] = layout
    keep_ids = {id(layout._element) for layout in kept.values()}
    for layout in list(master.slide_layouts):
        if id(layout._element) not in keep_ids:
            master.slide_layouts.remove(layout)
    return kept


def _master_background(master: SlideMaster) -> None:
    c_sld = master._element.find(qn("p:cSld"))
    assert c_sld is not None
    old = c_sld.find(qn("p:bg"))
    if old is not None:
        c_sld.remove(old)
    bg = make("p:bg")
    pr = sub(bg, "p:bgPr")
    fill = sub(pr, "a:solidFill")
    sub(fill, "a:schemeClr", val="bg1")
    sub(pr, "a:effectLst")
    c_sld.insert(0, bg)


def _clr_map(master: SlideMaster, dark: bool) -> None:
    clr_map = master._element.find(qn("p:clrMap"))
    assert clr_map is not None
    for key, value in (_DARK_MAP if dark else _LIGHT_MAP).items():
        clr_map.set(key, value)


def _text_styles(master: SlideMaster, pack: ThemePack) -> None:
    """Master title/body sizes from the pack (slides set theirs explicitly; new slides a
    designer adds start from these)."""
    styles = master._element.find(qn("p:txStyles"))
    assert styles is not None
    sizes = {"p:titleStyle": pack.type.title, "p:bodyStyle": pack.type.body}
    for tag, size in sizes.items():
        style = styles.find(qn(tag))
        if style is None:
            continue
        for level in range(1, 10):
            rpr = style.find(f"{qn(f'a:lvl{level}pPr')}/{qn('a:defRPr')}")
            if rpr is not None:
                rpr.set("sz", str(round(size * 100)))


def _font(parent: etree._Element, faces: FontFaces) -> None:
    for old in list(parent):
        parent.remove(old)
    sub(parent, "a:latin", typeface=faces.latin)
    sub(parent, "a:ea", typeface=faces.ea)
    sub(parent, "a:cs", typeface=faces.cs)


def theme_xml(blob: bytes, pack: ThemePack) -> bytes:
    """The theme part with the pack's name, 12 colours and major/minor fonts."""
    root = parse_xml(blob, "theme")
    root.set("name", pack.name)
    elements = root.find(qn("a:themeElements"))
    assert elements is not None
    scheme = elements.find(qn("a:clrScheme"))
    assert scheme is not None
    scheme.set("name", pack.name)
    for old in list(scheme):
        scheme.remove(old)
    for slot in SCHEME_SLOTS:
        slot_el = etree.SubElement(scheme, qn(f"a:{slot}"))
        etree.SubElement(slot_el, qn("a:srgbClr"), val=getattr(pack.colors, slot).upper())
    fonts = elements.find(qn("a:fontScheme"))
    assert fonts is not None
    fonts.set("name", pack.name)
    for tag, faces in (("a:majorFont", pack.fonts.major), ("a:minorFont", pack.fonts.minor)):
        font_el = fonts.find(qn(tag))
        assert font_el is not None
        _font(font_el, faces)
    return serialize(root)


def _theme(master: SlideMaster, pack: ThemePack) -> None:
    part = master.part.part_related_by(RT.THEME)
    part.blob = theme_xml(part.blob, pack)


def base_presentation(
    pack: ThemePack, pack_dir: Path | None
) -> tuple[PresentationT, dict[LayoutName, SlideLayout]]:
    """A new 16:9 presentation carrying the pack, and its three layouts by purpose."""
    prs = Presentation()
    prs.slide_width, prs.slide_height = Emu(SLIDE_W_EMU), Emu(SLIDE_H_EMU)
    size = prs.part._element.find(qn("p:sldSz"))
    if size is not None and "type" in size.attrib:
        del size.attrib["type"]
    master = prs.slide_master
    layouts = _keep_layouts(master)
    _scale_x(master._element)
    for layout in layouts.values():
        _scale_x(layout._element)
        _neutral_layout(layout._element)
    pack_geometry(master._element, {k: v._element for k, v in layouts.items()}, pack)
    _master_background(master)
    _clr_map(master, pack.dark)
    _text_styles(master, pack)
    _theme(master, pack)
    master_art(master, pack, pack_dir)
    return prs, layouts
