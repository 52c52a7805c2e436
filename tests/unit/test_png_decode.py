"""The fast PNG path gives exactly Pillow's pixels, for Chromium's kind of PNG and others."""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from pptxagent.measure.png import decode_rgb


def _png(rgb: np.ndarray, filters: list[int], alpha: bool = False) -> bytes:
    """A PNG with the given per-row filter (0 None, 2 Up), as Chromium writes them."""
    h, w, _ = rgb.shape
    px = np.concatenate([rgb, np.full((h, w, 1), 255, np.uint8)], axis=2) if alpha else rgb
    rows, prev = [], np.zeros_like(px[0])
    for y in range(h):
        line = px[y] - prev if filters[y] == 2 else px[y]
        rows.append(bytes([filters[y]]) + line.astype(np.uint8).tobytes())
        prev = px[y]

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    head = struct.pack(">IIBBBBB", w, h, 8, 6 if alpha else 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 1)) + chunk(b"IEND", b""))


def _pillow(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("RGB"))


@pytest.mark.parametrize("pattern", ["up", "none", "mixed"])
@pytest.mark.parametrize("alpha", [False, True])
def test_chromium_style_png_decodes_to_pillows_pixels(pattern: str, alpha: bool) -> None:
    rng = np.random.default_rng(7)
    rgb = rng.integers(0, 256, size=(37, 23, 3), dtype=np.uint8)
    filters = {"up": [2] * 37, "none": [0] * 37, "mixed": [2, 0, 0, 2] * 9 + [2]}[pattern]
    png = _png(rgb, filters, alpha)
    got = decode_rgb(png)
    assert np.array_equal(got, _pillow(png))
    assert np.array_equal(got, rgb)


def test_other_pngs_go_through_pillow() -> None:
    buf = io.BytesIO()
    Image.new("P", (5, 4), 3).save(buf, format="PNG")  # a palette PNG
    got = decode_rgb(buf.getvalue())
    assert got.shape == (4, 5, 3)
    assert np.array_equal(got, _pillow(buf.getvalue()))


def test_a_size_mismatch_is_resized() -> None:
    png = _png(np.zeros((4, 6, 3), np.uint8), [2] * 4)
    assert decode_rgb(png, (3, 2)).shape == (2, 3, 3)
