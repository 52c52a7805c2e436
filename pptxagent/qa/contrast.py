"""WCAG 2 contrast between a text run's colour and the pixels drawn behind its glyphs (pure).

Relative luminance L = 0.2126 R + 0.7152 G + 0.0722 B over linearised sRGB
(c ≤ 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4); ratio (L1 + 0.05) / (L2 + 0.05).
The background is the slide drawn without text, sampled inside every line rect of the run;
a run's ratio is a low percentile of the per-pixel ratios.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from pptxagent.ir import Box
from pptxagent.ir.qa import RunGlyphs
from pptxagent.qa.settings import QaSettings


def _linear(c: float) -> float:
    c = c / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


_LINEAR = np.array([_linear(v) for v in range(256)], dtype=np.float64)
_WEIGHTS = np.array([0.2126, 0.7152, 0.0722], dtype=np.float64)


def relative_luminance(rgb: Sequence[float]) -> float:
    r, g, b = (_linear(float(v)) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Sequence[float], b: Sequence[float]) -> float:
    """WCAG ratio of two sRGB colours (0-255 channels), ≥ 1."""
    la, lb = relative_luminance(a), relative_luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def hex_color(rgb: Sequence[float]) -> str:
    return "#" + "".join(f"{round(v):02x}" for v in rgb[:3])


def ink_color(rgba: Sequence[float]) -> str:
    """A text colour as a message names it: ``#000000 at 30 %`` when it is see-through (the
    ratio is of what is drawn, the colour blended over its backdrop)."""
    alpha = rgba[3] if len(rgba) > 3 else 1.0
    return hex_color(rgba) + (f" at {alpha * 100:.0f} %" if alpha < 0.995 else "")


def luminances(pixels: NDArray[np.uint8]) -> NDArray[np.float64]:
    """Relative luminance of every pixel of an (N × 3) or (H × W × 3) uint8 array."""
    lin = _LINEAR[pixels[..., :3]]
    result: NDArray[np.float64] = lin @ _WEIGHTS
    return result


def pixel_ratios(
    color: tuple[int, int, int, float], background: NDArray[np.uint8]
) -> NDArray[np.float64]:
    """Per-pixel ratio of the text colour (its alpha blended over each pixel) vs the pixel."""
    l_bg = luminances(background.reshape(-1, 3))
    alpha = color[3]
    if alpha >= 1.0:  # opaque text (nearly all): one luminance for every pixel
        l_fg: NDArray[np.float64] | float = float(
            luminances(np.array([color[:3]], dtype=np.uint8))[0])
    else:
        bg = background.reshape(-1, 3).astype(np.float64)
        fg = alpha * np.array(color[:3], dtype=np.float64) + (1 - alpha) * bg
        l_fg = luminances(np.clip(np.rint(fg), 0, 255).astype(np.uint8))
    hi, lo = np.maximum(l_fg, l_bg), np.minimum(l_fg, l_bg)
    ratios: NDArray[np.float64] = (hi + 0.05) / (lo + 0.05)
    return ratios


def is_large(run: RunGlyphs, settings: QaSettings) -> bool:
    """WCAG large text: ≥ 18 pt (24 px), or ≥ 14 pt (18.67 px) bold."""
    return run.font_px >= settings.LARGE_TEXT_PX - 1e-6 or (
        run.bold and run.font_px >= settings.LARGE_BOLD_TEXT_PX
    )


def required_ratio(run: RunGlyphs, settings: QaSettings) -> float:
    return settings.CONTRAST_LARGE if is_large(run, settings) else settings.CONTRAST_NORMAL


@dataclass(frozen=True)
class RunContrast:
    run: RunGlyphs
    ratio: float
    """The low percentile of the per-pixel ratios."""
    required: float
    background: tuple[int, int, int]
    """A background pixel at that percentile (for the message)."""
    pixels: int


def _paint(mask: NDArray[np.bool_], boxes: Sequence[Box], value: bool, inner: bool) -> None:
    h, w = mask.shape
    for b in boxes:
        if inner:  # pixel centres inside the box
            x0, y0 = math.floor(b.x + 0.5), math.floor(b.y + 0.5)
            x1, y1 = math.floor(b.right + 0.5), math.floor(b.bottom + 0.5)
        else:  # every pixel the box touches
            x0, y0 = math.floor(b.x), math.floor(b.y)
            x1, y1 = math.ceil(b.right), math.ceil(b.bottom)
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x1 > x0 and y1 > y0:
            mask[y0:y1, x0:x1] = value


def sample_mask(
    rects: Sequence[Box],
    shape: tuple[int, int],
    unknown: Sequence[Box] = (),
    only: Sequence[Box] | None = None,
) -> NDArray[np.bool_]:
    """Pixels (H × W) inside any of ``rects``, clipped to the slide, outside ``unknown`` and,
    when ``only`` is given, inside one of its boxes."""
    mask = np.zeros(shape, dtype=bool)
    _paint(mask, rects, True, inner=True)
    if only is not None:
        keep = np.zeros(shape, dtype=bool)
        _paint(keep, only, True, inner=True)
        mask &= keep
    _paint(mask, unknown, False, inner=False)
    return mask


def pixels_under(pixels: NDArray[np.uint8], mask: NDArray[np.bool_]) -> NDArray[np.uint8]:
    """``pixels[mask]`` (N × 3, row-major order) of an H × W × 3 array, 16× faster: each pixel
    taken as one 3-byte item, not as a row of three (that was most of a contrast check)."""
    if mask.shape != pixels.shape[:2]:
        raise IndexError(f"mask {mask.shape} does not match pixels {pixels.shape[:2]}")
    whole = np.ascontiguousarray(pixels[..., :3])
    items = whole.view(np.dtype((np.void, 3))).reshape(-1)
    picked: NDArray[np.uint8] = items[mask.reshape(-1)].view(np.uint8).reshape(-1, 3)
    return picked


def run_contrast(
    run: RunGlyphs,
    notext: NDArray[np.uint8],
    settings: QaSettings,
    unknown: Sequence[Box] = (),
    only: Sequence[Box] | None = None,
    keep: list[tuple[NDArray[np.float64], NDArray[np.uint8]]] | None = None,
    drawn: Callable[[Box], Box] | None = None,
) -> RunContrast | None:
    """The run's contrast against the no-text pixels under its line rects (less their top
    ``CONTRAST_SKIP_TOP``, above the glyphs); ``None`` when the
    run is fully transparent or shows too few pixels on the slide to judge. Its per-pixel
    ratios and those pixels are appended to ``keep`` when given (to judge a box's runs
    together). ``drawn``: where a rect measured upright is drawn, for turned text
    (``ir.drawn_box``)."""
    if run.color[3] < 0.05:
        return None
    skip = settings.CONTRAST_SKIP_TOP
    rects = [Box(x=r.x, y=r.y + skip * r.h, w=r.w, h=(1 - skip) * r.h) for r in run.rects]
    if drawn is not None:
        rects = [drawn(r) for r in rects]
    # Work on the rows and columns the run's rects cover, not the whole slide (a slide's
    # worth of boolean masks per run was most of the QA's own cost).
    h, w = notext.shape[0], notext.shape[1]
    x0 = max(0, math.floor(min((r.x for r in rects), default=0.0)))
    y0 = max(0, math.floor(min((r.y for r in rects), default=0.0)))
    x1 = min(w, math.ceil(max((r.right for r in rects), default=0.0)) + 1)
    y1 = min(h, math.ceil(max((r.bottom for r in rects), default=0.0)) + 1)
    if x1 <= x0 or y1 <= y0:
        return None
    sub = notext[y0:y1, x0:x1]

    def shifted(boxes: Sequence[Box]) -> list[Box]:
        return [Box(x=b.x - x0, y=b.y - y0, w=b.w, h=b.h) for b in boxes]

    mask = sample_mask(shifted(rects), (y1 - y0, x1 - x0), shifted(unknown),
                       None if only is None else shifted(only))
    bg = pixels_under(sub, mask)
    if len(bg) < settings.CONTRAST_MIN_PIXELS:
        return None
    ratios = pixel_ratios(run.color, bg)
    if run.stroke is not None and run.stroke_px >= settings.CONTRAST_OUTLINE_MIN_PX:
        # an outline wide enough draws the glyphs' shapes: white WordArt with a dark rim
        # reads on white
        ratios = np.maximum(ratios, pixel_ratios(run.stroke, bg))
    ratio = float(np.percentile(ratios, settings.CONTRAST_PERCENTILE))
    if keep is not None:
        keep.append((ratios, bg.reshape(-1, 3)))
    at = int(np.argmin(np.abs(ratios - ratio)))
    px = bg.reshape(-1, 3)[at]
    return RunContrast(
        run=run,
        ratio=ratio,
        required=required_ratio(run, settings),
        background=(int(px[0]), int(px[1]), int(px[2])),
        pixels=len(bg),
    )
