"""How each picture of a slide is fitted into its frame: the image's own pixel size, the
``a:srcRect`` crop and ``a:stretch/a:fillRect`` insets, or a tile fill (read only).

Fractions are of the image (crop) or of the frame (fill rect): OOXML writes both in 1/1000 %
(``l="25000"`` = 25%). Sizes come from the image header (Pillow reads no pixels).
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from lxml import etree
from PIL import Image

from pptxagent.errors import PackageError
from pptxagent.ooxml.drawables import numbered
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.xml import qn

_EDGES = ("l", "t", "r", "b")


@dataclass(frozen=True)
class PictureFit:
    shape_id: int
    name: str
    media: str
    """The image part."""
    image_w: int
    image_h: int
    crop: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """``a:srcRect`` l, t, r, b as fractions of the image (negative = padding)."""
    fill: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    """``a:fillRect`` l, t, r, b as fractions of the frame."""
    tiled: bool = False


def _edges(el: etree._Element | None) -> tuple[float, float, float, float]:
    if el is None:
        return (0.0, 0.0, 0.0, 0.0)
    out: list[float] = []
    for edge in _EDGES:
        try:
            out.append(int(el.get(edge) or 0) / 100000)
        except ValueError:
            out.append(0.0)
    return out[0], out[1], out[2], out[3]


def _image_size(data: bytes) -> tuple[int, int] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(io.BytesIO(data)) as im:
                w, h = im.size
    except Exception:  # any undecodable image (EMF, truncated, bomb): no size, no verdict
        return None
    return (w, h) if w > 0 and h > 0 else None


def picture_fits(pkg: Package, slide_part: str) -> dict[tuple[int, int], PictureFit]:
    """Every ``p:pic`` of the slide (groups included) whose image size can be read, by
    shape id and occurrence (``OoxmlRef.occurrence``: some decks repeat an id)."""
    root = pkg.xml(slide_part)
    rels = {r.rid: r for r in pkg.rels(slide_part)}
    out: dict[tuple[int, int], PictureFit] = {}
    for pic, _, nth in numbered(root):
        if pic.tag != qn("p:pic"):
            continue
        c_nv_pr = pic.find(f"{qn('p:nvPicPr')}/{qn('p:cNvPr')}")
        blip_fill = pic.find(qn("p:blipFill"))
        blip = blip_fill.find(qn("a:blip")) if blip_fill is not None else None
        if c_nv_pr is None or blip_fill is None or blip is None:
            continue
        rel = rels.get(blip.get(qn("r:embed")) or "")
        if rel is None or rel.external or not pkg.has_part(rel.target):
            continue
        try:
            size = _image_size(pkg.read_bytes(rel.target))
            shape_id = int(c_nv_pr.get("id") or 0)
        except (PackageError, ValueError):
            continue
        if size is None:
            continue
        stretch = blip_fill.find(qn("a:stretch"))
        out[(shape_id, nth)] = PictureFit(
            shape_id=shape_id,
            name=c_nv_pr.get("name") or "",
            media=rel.target,
            image_w=size[0],
            image_h=size[1],
            crop=_edges(blip_fill.find(qn("a:srcRect"))),
            fill=_edges(stretch.find(qn("a:fillRect")) if stretch is not None else None),
            tiled=blip_fill.find(qn("a:tile")) is not None,
        )
    return out
