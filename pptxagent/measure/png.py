"""PNG bytes → an RGB array, fast for the screenshots Chromium takes, exact for any PNG.

Chromium's screenshots with ``optimizeForSpeed`` are 8-bit RGB(A), not interlaced, and
filter every row with "None" or "Up": inflate the data and undo "Up" with a running sum down
each column, one row at a time in place (uint8 wraps mod 256, as the filter does; numpy's
own ``cumsum`` down axis 0 is 20× slower). That skips Pillow's decoder and the copy
``numpy.asarray`` makes of a Pillow image. Any other PNG (palette, 16-bit, interlaced,
Sub/Average/Paeth filters) goes through Pillow.
"""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
from numpy.typing import NDArray
from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {2: 3, 6: 4}
"""PNG colour type → channels (RGB, RGBA)."""


def _fast(png: bytes) -> NDArray[np.uint8] | None:
    """The RGB pixels when the PNG is the simple kind Chromium writes, else ``None``."""
    if not png.startswith(SIGNATURE):
        return None
    pos, head, idat = 8, None, []
    while pos + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            if len(data) != 13:
                return None
            head = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            idat.append(data)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if head is None or not idat:
        return None
    w, h, depth, colour, _compression, _filter, interlace = head
    channels = _CHANNELS.get(colour)
    if depth != 8 or channels is None or interlace != 0 or w == 0 or h == 0:
        return None
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error:
        return None
    stride = w * channels + 1
    if len(raw) != stride * h:
        return None
    rows = np.frombuffer(raw, dtype=np.uint8).reshape(h, stride)
    filters = rows[:, 0]
    if np.any((filters != 0) & (filters != 2)):
        return None
    px: NDArray[np.uint8] = rows[:, 1:].copy()  # writable, contiguous rows
    for y in np.flatnonzero(filters == 2).tolist():  # undo "Up" row by row, in place
        if y > 0:  # the first row's prior row is zeros
            np.add(px[y - 1], px[y], out=px[y])
    pixels = px.reshape(h, w, channels)
    return pixels if channels == 3 else np.ascontiguousarray(pixels[:, :, :3])


def decode_rgb(png: bytes, size: tuple[int, int] | None = None) -> NDArray[np.uint8]:
    """``png`` as an H × W × 3 uint8 array (alpha dropped: screenshots are opaque), resized
    to ``size`` (w, h) when it differs."""
    arr = _fast(png)
    if arr is not None and (size is None or (arr.shape[1], arr.shape[0]) == size):
        return arr
    with Image.open(io.BytesIO(png)) as im:
        rgb = im.convert("RGB")
        if size is not None and rgb.size != size:
            rgb = rgb.resize(size)
        return np.asarray(rgb, dtype=np.uint8)
