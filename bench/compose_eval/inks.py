"""The text colours LibreOffice drew in a box and their contrast with the box's backdrop
(the scratch judge's reading: a composed slide has no template to compare with, so a text
colour is judged on the most common colour of its box; text on a busy backdrop is left to
the masked check of ``bench/heldout/judge_contrast.py``)."""

from __future__ import annotations

import numpy as np
from PIL import Image

from bench.heldout.judge_contrast import ratio as _ratio
from pptxagent.engines.libreoffice import TextBox

PLAIN_SHARE = 0.4
"""A box is judged when its backdrop colour covers at least this share of it."""
INK_SHARE = 0.2
"""A text colour counts when it covers at least this share of the text's pixels and is not a
blend of the backdrop and a stronger text colour (antialiased edges)."""
BLEND_TOLERANCE = 12.0
"""How far (0-255 levels) a colour may lie off the backdrop-ink line and still be a blend."""


def _pixels(image: Image.Image, box: TextBox) -> np.ndarray | None:
    x0, y0 = max(0, int(box.x)), max(0, int(box.y))
    x1, y1 = min(image.width, int(box.x + box.w + 1)), min(image.height, int(box.y + box.h + 1))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    px: np.ndarray = np.asarray(image.convert("RGB").crop((x0, y0, x1, y1)),
                                dtype=float).reshape(-1, 3)
    return px


def backdrop(px: np.ndarray) -> np.ndarray:
    """The most common colour of a region (what is drawn behind the text in it)."""
    bins = (px // 16).astype(int) @ np.array([256, 16, 1])
    bg: np.ndarray = px[bins == np.bincount(bins).argmax()].mean(axis=0)
    return bg


def text_inks(image: Image.Image, box: TextBox) -> tuple[list[np.ndarray], np.ndarray] | None:
    """The text's colours (each covering ``INK_SHARE`` of the pixels that differ from the
    backdrop; antialiasing blends spread thin and drop out) and the backdrop LibreOffice drew
    in ``box``; None on a busy backdrop."""
    px = _pixels(image, box)
    if px is None:
        return None
    bg = backdrop(px)
    ink = px[_ratio(px, bg[None, :]) > 1.15]
    if len(ink) < 4 or len(ink) > (1 - PLAIN_SHARE) * len(px):
        return None  # a busy backdrop (picture, gradient): no single colour stands behind
    bins = (ink // 32).astype(int) @ np.array([64, 8, 1])
    counts = np.bincount(bins)
    inks = [ink[bins == b].mean(axis=0) for b in np.flatnonzero(counts >= INK_SHARE * len(ink))]
    return [c for c in inks if not _blend(c, bg, inks)], bg


def _blend(c: np.ndarray, bg: np.ndarray, inks: list[np.ndarray]) -> bool:
    """``c`` lies between the backdrop and a colour further from it (an antialiased edge)."""
    for d in inks:
        span = d - bg
        length = float(span @ span)
        if length <= float((c - bg) @ (c - bg)):
            continue
        t = float((c - bg) @ span) / length
        if 0.0 < t < 1.0 and float(np.linalg.norm(bg + t * span - c)) <= BLEND_TOLERANCE:
            return True
    return False


def text_contrast(image: Image.Image, box: TextBox) -> float | None:
    """The lowest contrast of the text colours LibreOffice drew in ``box`` against what it
    drew behind them."""
    found = text_inks(image, box)
    if found is None or not found[0]:
        return None
    inks, bg = found
    return float(min(_ratio(c[None, :], bg[None, :])[0] for c in inks))
