"""Pictures of scratch mode: the image placed in its frame and cropped to fill it, never
stretched (``a:srcRect`` from the image's pixel size).

Images PowerPoint shows as they are (PNG, JPEG, GIF, BMP, TIFF without an EXIF rotation) are
embedded byte for byte; a rotated camera JPEG is turned upright and re-encoded (JPEG), any
other format Pillow reads (WebP, …) becomes PNG.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from lxml import etree
from PIL import Image, ImageOps, UnidentifiedImageError
from pptx.shapes.shapetree import SlideShapes
from pptx.util import Emu

from pptxagent.errors import InputError
from pptxagent.ir.compose import Box, PictureSpec
from pptxagent.ooxml.xml import qn

EMBEDDABLE = frozenset({"PNG", "JPEG", "GIF", "BMP", "TIFF"})
ROTATABLE = frozenset({"JPEG", "MPO", "TIFF", "WEBP"})
EXIF_ORIENTATION = 0x0112
JPEG_QUALITY = 95


@dataclass(frozen=True)
class LoadedImage:
    """What gets embedded: the file itself or re-encoded bytes, with its upright size."""

    source: Path | bytes
    width: int
    height: int

    def stream(self) -> str | io.BytesIO:
        return io.BytesIO(self.source) if isinstance(self.source, bytes) else str(self.source)


def load_image(path: Path, what: str) -> LoadedImage:
    """The image at ``path`` ready to embed; InputError naming it if missing or unreadable."""
    try:
        with Image.open(path) as image:
            fmt = image.format or ""
            # camera photos carry an EXIF rotation (a PNG's would need decoding to find)
            rotated = (fmt in ROTATABLE
                       and image.getexif().get(EXIF_ORIENTATION, 1) not in (0, 1))
            if fmt in EMBEDDABLE and not rotated:
                return _checked(LoadedImage(path, *image.size), path, what)
            upright = ImageOps.exif_transpose(image)
            out = io.BytesIO()
            if fmt in ("JPEG", "MPO"):
                upright.convert("RGB").save(out, "JPEG", quality=JPEG_QUALITY)
            else:
                upright.save(out, "PNG")
            return _checked(LoadedImage(out.getvalue(), *upright.size), path, what)
    except FileNotFoundError as exc:
        raise InputError(f"{what}: image {path} does not exist") from exc
    except (OSError, UnidentifiedImageError, ValueError) as exc:
        raise InputError(f"{what}: image {path} cannot be read ({exc})") from exc


def _checked(image: LoadedImage, path: Path, what: str) -> LoadedImage:
    if image.width <= 0 or image.height <= 0:
        raise InputError(f"{what}: image {path} is empty")
    return image


def crop_for(image_w: int, image_h: int, box: Box) -> tuple[float, float, float, float]:
    """``(left, right, top, bottom)`` fractions to crop so the image fills ``box`` undistorted
    (centred)."""
    image_aspect = image_w / image_h
    frame_aspect = box.w / box.h
    if image_aspect > frame_aspect:
        side = (1 - frame_aspect / image_aspect) / 2
        return side, side, 0.0, 0.0
    side = (1 - image_aspect / frame_aspect) / 2
    return 0.0, 0.0, side, side


def add_picture(shapes: SlideShapes, spec: PictureSpec, where: str) -> etree._Element:
    """Add the picture to ``shapes``, cropped to fill its box; return its element."""
    path = Path(spec.path)
    what = f"{where} shape {spec.name!r}"
    image = load_image(path, what)
    box = spec.box
    try:
        pic = shapes.add_picture(image.stream(), Emu(box.x), Emu(box.y), Emu(box.w),
                                 Emu(box.h))
    except (OSError, ValueError, KeyError) as exc:  # an image format PowerPoint cannot hold
        raise InputError(f"{what}: image {path} cannot be placed ({exc})") from exc
    pic.name = spec.name
    element: etree._Element = pic._element
    c_nv_pr = element.find(f"{qn('p:nvPicPr')}/{qn('p:cNvPr')}")
    if c_nv_pr is not None:
        c_nv_pr.set("descr", path.name)
    left, right, top, bottom = crop_for(image.width, image.height, box)
    pic.crop_left, pic.crop_right, pic.crop_top, pic.crop_bottom = left, right, top, bottom
    return element
