"""Put an image into a picture (``p:pic``) or an empty picture placeholder.

The image becomes a NEW media part of the slide (a media part other slides share is never
overwritten); the blip points at it, the frame stays, and the image fills the frame by
cropping (``a:srcRect``) without distortion.
"""

from __future__ import annotations

import copy
import warnings
from dataclasses import dataclass
from pathlib import Path

from lxml import etree
from PIL import Image, UnidentifiedImageError

from pptxagent.ooxml.package import Package
from pptxagent.ooxml.xml import qn

RT_IMAGE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"
_FORMATS: dict[str, tuple[str, str]] = {
    "PNG": ("png", "image/png"),
    "JPEG": ("jpeg", "image/jpeg"),
    "GIF": ("gif", "image/gif"),
    "BMP": ("bmp", "image/bmp"),
    "TIFF": ("tiff", "image/tiff"),
}
PICTURE_PH_TYPES = frozenset({"pic", "obj"})
"""Placeholder types PowerPoint lets a picture go into (a typeless placeholder is ``obj``)."""


@dataclass(frozen=True)
class ImageInfo:
    path: Path
    width: int
    height: int
    ext: str
    content_type: str


def read_image(path: Path) -> ImageInfo:
    """Pixel size and format; ValueError (with the reason) when it is not a supported image."""
    try:
        with warnings.catch_warnings():  # a big picture is the user's choice, not a warning
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                fmt = im.format or ""
                width, height = im.size
                im.verify()  # a PNG cut short or with a bad checksum is refused here
    except Image.DecompressionBombError as exc:  # refused for safety, like a zip bomb
        raise ValueError(f"{path}: image refused, too many pixels ({exc})") from exc
    except (UnidentifiedImageError, OSError, SyntaxError) as exc:
        raise ValueError(f"cannot read {path} as an image ({exc or type(exc).__name__})") \
            from exc
    if fmt not in _FORMATS:
        raise ValueError(f"{path}: image format {fmt or 'unknown'} is not supported "
                         f"(use {', '.join(sorted(_FORMATS))})")
    if width <= 0 or height <= 0:
        raise ValueError(f"{path}: image has no pixels")
    ext, ctype = _FORMATS[fmt]
    return ImageInfo(path, width, height, ext, ctype)


def crop_rect(img_w: float, img_h: float, frame_w: float, frame_h: float) -> dict[str, int]:
    """``a:srcRect`` attributes (1/1000 %) that crop the image to the frame's aspect, centred.

    A 2:1 image in a 1:1 frame crops 25% on the left and on the right.
    """
    if min(img_w, img_h, frame_w, frame_h) <= 0:
        return {}
    img_ar, frame_ar = img_w / img_h, frame_w / frame_h
    if abs(img_ar - frame_ar) < 1e-9:
        return {}
    if img_ar > frame_ar:
        side = round((1 - frame_ar / img_ar) / 2 * 100000)
        return {"l": side, "r": side} if side else {}
    side = round((1 - img_ar / frame_ar) / 2 * 100000)
    return {"t": side, "b": side} if side else {}


def is_picture_placeholder(shape: etree._Element) -> bool:
    """A placeholder (``p:sp``) a picture may go into: a picture placeholder, or a content
    placeholder that holds no text yet."""
    if shape.tag != qn("p:sp"):
        return False
    ph = shape.find(f"{qn('p:nvSpPr')}/{qn('p:nvPr')}/{qn('p:ph')}")
    if ph is None or ph.get("type", "obj") not in PICTURE_PH_TYPES:
        return False
    if ph.get("type") == "pic":
        return True
    return not "".join(t.text or "" for t in shape.iter(qn("a:t"))).strip()


def _new_media_name(pkg: Package, ext: str) -> str:
    taken = set(pkg.part_names())
    n = 1
    while f"/ppt/media/image{n}.{ext}" in taken:
        n += 1
    return f"/ppt/media/image{n}.{ext}"


def _add_media(pkg: Package, slide_part: str, info: ImageInfo) -> str:
    name = _new_media_name(pkg, info.ext)
    pkg.set_bytes(name, info.path.read_bytes(), info.content_type)
    return pkg.add_rel(slide_part, RT_IMAGE, name)


def _pic_from_placeholder(sp: etree._Element) -> etree._Element:
    """A ``p:pic`` taking the placeholder's id, name, ``p:ph`` and ``p:spPr`` (frame)."""
    nv = sp.find(qn("p:nvSpPr"))
    assert nv is not None  # is_picture_placeholder checked it
    pic = etree.Element(qn("p:pic"))
    nvpic = etree.SubElement(pic, qn("p:nvPicPr"))
    cnv = nv.find(qn("p:cNvPr"))
    nvpic.append(copy.deepcopy(cnv) if cnv is not None else etree.Element(qn("p:cNvPr")))
    locks = etree.SubElement(etree.SubElement(nvpic, qn("p:cNvPicPr")), qn("a:picLocks"))
    locks.set("noGrp", "1")
    locks.set("noChangeAspect", "1")
    nvpr = nv.find(qn("p:nvPr"))
    nvpic.append(copy.deepcopy(nvpr) if nvpr is not None else etree.Element(qn("p:nvPr")))
    blipfill = etree.SubElement(pic, qn("p:blipFill"))
    etree.SubElement(blipfill, qn("a:blip"))
    etree.SubElement(etree.SubElement(blipfill, qn("a:stretch")), qn("a:fillRect"))
    sppr = sp.find(qn("p:spPr"))
    pic.append(copy.deepcopy(sppr) if sppr is not None else etree.Element(qn("p:spPr")))
    return pic


def _set_crop(blipfill: etree._Element, crop: dict[str, int]) -> None:
    old = blipfill.find(qn("a:srcRect"))
    if old is not None:
        blipfill.remove(old)
    if not blipfill.findall(qn("a:stretch")) and blipfill.find(qn("a:tile")) is None:
        etree.SubElement(etree.SubElement(blipfill, qn("a:stretch")), qn("a:fillRect"))
    rect = etree.Element(qn("a:srcRect"), {k: str(v) for k, v in crop.items()})
    blip = blipfill.find(qn("a:blip"))
    if blip is not None:
        blip.addnext(rect)
    else:
        blipfill.insert(0, rect)


def _drop_blip_extensions(blip: etree._Element) -> None:
    """Drop blip extensions pointing at other images (an SVG original would win over ours)."""
    ext_lst = blip.find(qn("a:extLst"))
    if ext_lst is None:
        return
    for ext in list(ext_lst):
        if any(el.get(qn("r:embed")) or el.get(qn("r:link")) for el in ext.iter()):
            ext_lst.remove(ext)
    if len(ext_lst) == 0:
        blip.remove(ext_lst)


def _drop_unused_rel(pkg: Package, slide_part: str, root: etree._Element, rid: str) -> None:
    """Remove a relationship no element of the slide uses any more, and its media part when
    nothing else in the package points at it."""
    for el in root.iter():
        if rid in (el.get(qn("r:embed")), el.get(qn("r:link")), el.get(qn("r:id")),
                   el.get(qn("r:pict"))):
            return
    rel = next((r for r in pkg.rels(slide_part) if r.rid == rid), None)
    pkg.remove_rel(slide_part, rid)
    if rel is None or rel.external or not rel.target.startswith("/ppt/media/"):
        return
    for name in ["/", *pkg.part_names()]:
        if name.endswith(".rels"):
            continue
        if any(not r.external and r.target == rel.target for r in pkg.rels(name)):
            return
    pkg.remove_part(rel.target)


def place_image(
    pkg: Package,
    slide_part: str,
    shape: etree._Element,
    info: ImageInfo,
    frame_px: tuple[float, float],
) -> etree._Element:
    """Show ``info`` in ``shape`` (a ``p:pic`` or an empty picture placeholder ``p:sp``).

    ``frame_px`` is the frame's (w, h) as drawn (the inventory's layout), used when the
    picture inherits its size from the layout. Returns the ``p:pic`` now on the slide.
    """
    if shape.tag == qn("p:sp"):
        if not is_picture_placeholder(shape):
            raise ValueError("the shape is neither a picture nor a picture placeholder")
        pic = _pic_from_placeholder(shape)
        shape.addprevious(pic)
        parent = shape.getparent()
        if parent is not None:
            parent.remove(shape)
    elif shape.tag == qn("p:pic"):
        pic = shape
    else:
        raise ValueError("the shape is neither a picture nor a picture placeholder")
    blipfill = pic.find(qn("p:blipFill"))
    blip = blipfill.find(qn("a:blip")) if blipfill is not None else None
    if blipfill is None or blip is None:
        raise ValueError("the picture has no a:blip to point at an image")
    old_rids = {v for el in blip.iter() for v in (el.get(qn("r:embed")), el.get(qn("r:link")))
                if v}
    _drop_blip_extensions(blip)
    if qn("r:link") in blip.attrib:
        del blip.attrib[qn("r:link")]
    blip.set(qn("r:embed"), _add_media(pkg, slide_part, info))
    for rid in sorted(old_rids):
        _drop_unused_rel(pkg, slide_part, pic.getroottree().getroot(), rid)
    ext = pic.find(f"{qn('p:spPr')}/{qn('a:xfrm')}/{qn('a:ext')}")
    frame_w, frame_h = frame_px
    if ext is not None:
        frame_w, frame_h = float(ext.get("cx", "0")), float(ext.get("cy", "0"))
    _set_crop(blipfill, crop_rect(info.width, info.height, frame_w, frame_h))
    return pic


__all__ = [
    "RT_IMAGE",
    "ImageInfo",
    "crop_rect",
    "is_picture_placeholder",
    "place_image",
    "read_image",
]
