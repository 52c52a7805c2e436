"""A composed master's brand art: the pack's logo, in its template's corner, and its simple
master art (``ThemePack.art``: bands, rules, picture strips), each in a theme slot so Design →
Variants recolours it, drawn behind the placeholders."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from lxml import etree
from pptx.parts.slide import SlideMasterPart
from pptx.slide import SlideMaster

from pptxagent.ir.brand import ArtShape, Box
from pptxagent.ir.compose import EMU_PER_PT, SLIDE_H_EMU, SLIDE_W_EMU
from pptxagent.ir.theme import ThemePack
from pptxagent.ooxml.build.picture import load_image
from pptxagent.ooxml.build.xmlkit import emu_pt, make, scheme_clr, sub, xfrm
from pptxagent.ooxml.xml import qn

LOGO_MAX_H_EMU = 548_640
"""0.6 in: a logo placed in the margin band."""
LOGO_MAX_W_EMU = 1_828_800
ASPECT_TOLERANCE = 0.1
"""A logo box whose shape is within this of the picture's keeps the template's exact box."""
BRAND_LOGO_MAX_H = 0.15
"""A logo kept in its template's corner is at most this share of the slide's height."""


def _resolve(name: str, pack_dir: Path | None) -> Path:
    """A file the pack names (``load_pack`` makes them absolute; a pack built in code may
    name them relative to ``pack_dir``)."""
    path = Path(name)
    return pack_dir / path if not path.is_absolute() and pack_dir is not None else path


def _picture_xml(shape_id: int, name: str, rid: str,
                 box: tuple[int, int, int, int]) -> etree._Element:
    pic = make("p:pic")
    nv = sub(pic, "p:nvPicPr")
    sub(nv, "p:cNvPr", id=str(shape_id), name=name, descr=name)
    sub(sub(nv, "p:cNvPicPr"), "a:picLocks", noChangeAspect="1")
    sub(nv, "p:nvPr")
    blip_fill = sub(pic, "p:blipFill")
    blip = sub(blip_fill, "a:blip")
    blip.set(qn("r:embed"), rid)
    sub(sub(blip_fill, "a:stretch"), "a:fillRect")
    sp_pr = sub(pic, "p:spPr")
    sp_pr.append(xfrm(*box))
    sub(sub(sp_pr, "a:prstGeom", prst="rect"), "a:avLst")
    return pic


def _emu_box(box: Box) -> tuple[int, int, int, int]:
    x, y, w, h = box
    left, top = round(x * SLIDE_W_EMU), round(y * SLIDE_H_EMU)
    return (left, top, round((x + w) * SLIDE_W_EMU) - left,
            round((y + h) * SLIDE_H_EMU) - top)


def _logo_box(pack: ThemePack, width_px: int, height_px: int) -> tuple[int, int, int, int]:
    """The template's corner and height when the pack has a ``logo_box`` (the width follows
    the picture, hugging the box's outer side); else top right in the margin band."""
    margin = round(pack.spacing.margin_pt * EMU_PER_PT)
    if pack.logo_box is None:
        height = min(LOGO_MAX_H_EMU, round(margin * 0.6))
        width = round(height * width_px / height_px)
        if width > LOGO_MAX_W_EMU:
            width, height = LOGO_MAX_W_EMU, round(LOGO_MAX_W_EMU * height_px / width_px)
        return SLIDE_W_EMU - margin - width, max(0, (margin - height) // 2), width, height
    left, top, box_w, box_h = _emu_box(pack.logo_box)
    stretch = (box_w / max(1, box_h)) / (width_px / max(1, height_px))
    if abs(stretch - 1) <= ASPECT_TOLERANCE and box_h <= BRAND_LOGO_MAX_H * SLIDE_H_EMU:
        return left, top, box_w, box_h  # the template's own box (a slide of its shape)
    height = min(box_h, round(BRAND_LOGO_MAX_H * SLIDE_H_EMU))
    width = round(height * width_px / height_px)
    if width > box_w:
        width, height = box_w, round(box_w * height_px / width_px)
    x = left + box_w - width if left + box_w / 2 > SLIDE_W_EMU / 2 else left
    y = top + box_h - height if top + box_h / 2 > SLIDE_H_EMU / 2 else top
    return x, y, width, height


def _band(shape_id: int, art: ArtShape, name: str) -> etree._Element:
    sp = make("p:sp")
    nv = sub(sp, "p:nvSpPr")
    sub(nv, "p:cNvPr", id=str(shape_id), name=name)
    sub(sub(nv, "p:cNvSpPr"), "a:spLocks", noGrp="1")
    sub(nv, "p:nvPr")
    sp_pr = sub(sp, "p:spPr")
    sp_pr.append(xfrm(*_emu_box(art.box)))
    sub(sub(sp_pr, "a:prstGeom", prst="rect"), "a:avLst")
    assert art.color is not None
    sub(sp_pr, "a:solidFill").append(scheme_clr(art.color))
    sub(sub(sp_pr, "a:ln"), "a:noFill")
    return sp


def _rule(shape_id: int, art: ArtShape, name: str) -> etree._Element:
    """A line along the box's long side, through its middle."""
    x, y, w, h = _emu_box(art.box)
    box = (x, y + h // 2, w, 0) if w >= h else (x + w // 2, y, 0, h)
    cxn = make("p:cxnSp")
    nv = sub(cxn, "p:nvCxnSpPr")
    sub(nv, "p:cNvPr", id=str(shape_id), name=name)
    sub(nv, "p:cNvCxnSpPr")
    sub(nv, "p:nvPr")
    sp_pr = sub(cxn, "p:spPr")
    sp_pr.append(xfrm(*box))
    sub(sub(sp_pr, "a:prstGeom", prst="line"), "a:avLst")
    ln = sub(sp_pr, "a:ln", w=emu_pt(art.line_pt))
    assert art.color is not None
    sub(ln, "a:solidFill").append(scheme_clr(art.color))
    return cxn


def master_art(master: SlideMaster, pack: ThemePack, pack_dir: Path | None) -> None:
    """The pack's art (behind the placeholders, in the pack's order) and logo on ``master``."""
    tree = master._element.find(f"{qn('p:cSld')}/{qn('p:spTree')}")
    assert tree is not None
    part = cast(SlideMasterPart, master.part)
    next_id = 1 + max(int(e.get("id", "0")) for e in tree.iter(qn("p:cNvPr")))
    at = 2  # after p:nvGrpSpPr and p:grpSpPr
    for i, art in enumerate(pack.art, 1):
        name = f"Brand {art.kind} {i}"
        if art.kind == "band":
            el = _band(next_id, art, name)
        elif art.kind == "rule":
            el = _rule(next_id, art, name)
        else:
            assert art.image is not None
            image = load_image(_resolve(art.image, pack_dir),
                               f"theme pack {pack.name!r} art[{i - 1}]")
            _, rid = part.get_or_add_image_part(image.stream())
            el = _picture_xml(next_id, name, rid, _emu_box(art.box))
        tree.insert(at, el)
        at, next_id = at + 1, next_id + 1
    if pack.logo:
        image = load_image(_resolve(pack.logo, pack_dir), f"theme pack {pack.name!r} logo")
        box = _logo_box(pack, image.width, image.height)
        _, rid = part.get_or_add_image_part(image.stream())
        tree.append(_picture_xml(next_id, "Logo", rid, box))
