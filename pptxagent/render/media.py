"""Pictures of a package as ``data:`` URIs, read and converted once per part.

The IR names a picture ``pkg:/ppt/media/image3.png``; the caller hands the renderer a
``MediaStore`` that reads the bytes (from the ``Package`` it has open). Each part is converted
once and cached: TIFF and BMP become PNG (Pillow), big photos are scaled down to at most
``max_px`` on their long side, SVG passes as is, EMF/WMF/EMZ/WMZ (which Chromium cannot
draw) become SVG (``engines.metafile``); what still cannot be drawn (WDP/JXR, unreadable
bytes, a metafile the converter refuses) gives ``None`` and the renderer draws a neutral
fill.
"""

from __future__ import annotations

import base64
import contextlib
import io
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

from PIL import Image

from pptxagent.engines.metafile import to_svg

PKG_PREFIX = "pkg:"
MAX_PX = 1600
"""Long side of an embedded photo: 1.25× a 1280 px slide, plenty for a 320-1280 px render."""
_SMALL_BYTES = 200_000
"""Below this a PNG/JPEG/GIF is embedded as it is (no decode needed)."""
_PASS = {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif"}
_UNDRAWABLE = frozenset({"wdp", "jxr"})
METAFILE_BUDGET_S = 20.0
"""Seconds of metafile conversion one ``MediaStore`` (one deck) may spend."""


class _Reader(Protocol):
    def has_part(self, name: str) -> bool: ...
    def read_bytes(self, name: str) -> bytes: ...


@dataclass(frozen=True)
class Picture:
    uri: str
    width: int
    """Natural size in px (0 when unknown, e.g. SVG)."""
    height: int


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Pillow's warning for a picture over 89 Mpx, silenced (it is the deck's picture, not a
    fault; over 179 Mpx Pillow refuses it, which is handled)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        yield


def _kind(name: str, data: bytes) -> str:
    head = data[:16]
    if head.startswith(b"\x89PNG"):
        return "png"
    if head.startswith(b"\xff\xd8"):
        return "jpeg"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if head.startswith(b"BM"):
        return "bmp"
    if head.startswith((b"II*\x00", b"MM\x00*")):
        return "tiff"
    if head[:4] in (b"\x01\x00\x00\x00", b"\xd7\xcd\xc6\x9a") or name.lower().endswith(
        (".emf", ".wmf", ".emz", ".wmz")
    ):
        return "metafile"
    if b"<svg" in data[:2048] or name.lower().endswith(".svg"):
        return "svg"
    return name.rsplit(".", 1)[-1].lower()


def _uri(mime: str, data: bytes) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def convert(name: str, data: bytes, max_px: int = MAX_PX, metafiles: bool = True
            ) -> Picture | None:
    """``data`` (the part ``name``) as something Chromium draws, or ``None`` (also for a
    metafile when ``metafiles`` is off)."""
    kind = _kind(name, data)
    if kind in _UNDRAWABLE or (kind == "metafile" and not metafiles):
        return None
    if kind == "metafile":
        svg = to_svg(data)
        return None if svg is None else Picture(_uri("image/svg+xml", svg), 0, 0)
    if kind == "svg":
        return Picture(_uri("image/svg+xml", data), 0, 0)
    try:
        with _quiet(), Image.open(io.BytesIO(data)) as im:
            w, h = im.size
            if kind in _PASS and (len(data) < _SMALL_BYTES or max(w, h) <= max_px):
                return Picture(_uri(_PASS[kind], data), w, h)
            im.load()
            scale = min(1.0, max_px / max(w, h, 1))
            out = im.resize((max(1, round(w * scale)), max(1, round(h * scale)))) \
                if scale < 1 else im.copy()
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    buf = io.BytesIO()
    if kind == "jpeg" and out.mode in ("RGB", "L", "CMYK"):
        out.convert("RGB").save(buf, "JPEG", quality=85)
        return Picture(_uri("image/jpeg", buf.getvalue()), w, h)
    if out.mode not in ("RGB", "RGBA", "L", "LA", "P"):
        out = out.convert("RGBA")
    out.save(buf, "PNG")
    return Picture(_uri("image/png", buf.getvalue()), w, h)


class MediaStore:
    """Resolves ``pkg:`` picture references to converted, cached pictures. Converting takes
    at most ``METAFILE_BUDGET_S`` of metafile work per store (a deck of hundreds of distinct
    hostile metafiles cannot take 10 s each): past it, metafiles are neutral fills."""

    def __init__(self, read: Callable[[str], bytes | None], max_px: int = MAX_PX) -> None:
        self._read = read
        self._max_px = max_px
        self._cache: dict[str, Picture | None] = {}
        self._spent = 0.0

    @classmethod
    def for_package(cls, pkg: _Reader) -> MediaStore:
        def read(name: str) -> bytes | None:
            return pkg.read_bytes(name) if pkg.has_part(name) else None

        return cls(read)

    def picture(self, ref: str) -> Picture | None:
        if not ref.startswith(PKG_PREFIX):
            return None
        name = ref[len(PKG_PREFIX):]
        if name not in self._cache:
            try:
                data = self._read(name)
            except (OSError, ValueError, KeyError):
                data = None
            t0 = time.monotonic()
            self._cache[name] = None if data is None else convert(
                name, data, self._max_px, metafiles=self._spent < METAFILE_BUDGET_S)
            if data is not None and _kind(name, data) == "metafile":
                self._spent += time.monotonic() - t0
        return self._cache[name]
