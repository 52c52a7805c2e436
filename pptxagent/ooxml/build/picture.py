"""Pictures of scratch mode: the image placed in its frame and cropped to fill it, never
stretched (``a:srcRect`` from the image's pixel size)."""

from __future__ import annotations

from pathlib import Path

from lxml import etree
from PIL import Image, UnidentifiedImageError
from pptx.shapes.shapetree import SlideShapes
from pptx.util import Emu

from pptxagent.errors import InputError
from pptxagent.ir.compose import Box, PictureSpec


def image_size(path: Path, what: str) -> tuple[int, int]:
    """``(width, height)`` in pixels of the image at ``path``; InputError if unreadable."""
    try:
        with Image.open(path) as image:
            width, height = image.size
    except FileNotFoundError as exc:
        raise InputError(f"{what}: image {path} does not exist") from exc
    except (OSError, UnidentifiedImageError, ValueError) as exc:
        raise InputError(f"{what}: image {path} cannot be read ({exc})") from exc
    if width <= 0 or height <= 0:
        raise InputError(f"{what}: image {path} is empty")
    return width, height


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
    width, height = image_size(path, what)
    box = spec.box
    try:
        pic = shapes.add_picture(str(path), Emu(box.x), Emu(box.y), Emu(box.w),
                                 Emu(box.h))
    except (OSError, ValueError, KeyError) as exc:  # an image format PowerPoint cannot hold
        raise InputError(f"{what}: image {path} cannot be placed ({exc})") from exc
    pic.name = spec.name
    left, right, top, bottom = crop_for(width, height, box)
    pic.crop_left, pic.crop_right, pic.crop_top, pic.crop_bottom = left, right, top, bottom
    element: etree._Element = pic._element
    return element
