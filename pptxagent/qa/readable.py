"""Where in its box text stays readable (pure): the largest rectangle of a text box whose
backdrop gives the text's colours a contrast ratio of at least a target.

The correction pass uses it for text that lost its contrast because a longer text reached a
lighter part of what lies behind it (the sky of a photo, a shield's rim, the light end of a
gradient): the box is cut to that rectangle, and the text then fits there by font size
alone. The backdrop is judged in square cells, each by the same low percentile of its
per-pixel ratios as the contrast check, so a few stray pixels neither block nor free a cell.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from pptxagent.ir import Box
from pptxagent.qa.contrast import pixel_ratios

CELL_PX = 8
"""Side of the square cells the backdrop is judged in (slide px)."""


Color = tuple[int, int, int, float]


def ratio_map(notext: NDArray[np.uint8], box: Box, colors: Sequence[Color]
              ) -> tuple[NDArray[np.float64], int, int]:
    """Per pixel of ``box`` (clipped to the slide): the lowest ratio any of ``colors`` has
    against the backdrop there; with the pixel origin (x0, y0) of the map."""
    h, w = notext.shape[0], notext.shape[1]
    x0, y0 = max(0, math.floor(box.x)), max(0, math.floor(box.y))
    x1, y1 = min(w, math.ceil(box.right)), min(h, math.ceil(box.bottom))
    if x1 <= x0 or y1 <= y0 or not colors:
        return np.zeros((0, 0), dtype=np.float64), x0, y0
    sub = notext[y0:y1, x0:x1, :3]
    worst = np.full(sub.shape[:2], np.inf)
    for color in colors:
        worst = np.minimum(worst, pixel_ratios(color, sub).reshape(sub.shape[:2]))
    return worst, x0, y0


def safe_cells(ratios: NDArray[np.float64], target: float, percentile: float,
               cell: int = CELL_PX) -> NDArray[np.bool_]:
    """Cells (rows × cols) whose ``percentile`` of ratios reaches ``target``; the last row
    and column of cells may be partial (judged on the pixels they have)."""
    h, w = ratios.shape
    rows, cols = math.ceil(h / cell), math.ceil(w / cell)
    padded = np.full((rows * cell, cols * cell), np.nan)
    padded[:h, :w] = ratios
    blocks = padded.reshape(rows, cell, cols, cell).transpose(0, 2, 1, 3)
    low = np.nanpercentile(blocks.reshape(rows, cols, cell * cell), percentile, axis=-1)
    out: NDArray[np.bool_] = low >= target
    return out


def largest_rectangle(mask: NDArray[np.bool_]) -> tuple[int, int, int, int] | None:
    """(row, col, rows, cols) of the largest all-True rectangle of ``mask``; ties go to the
    first found (top-most, then left-most). None when no cell is True."""
    n_rows, n_cols = mask.shape
    heights = [0] * n_cols
    best: tuple[int, tuple[int, int, int, int]] | None = None
    for r in range(n_rows):
        for c in range(n_cols):
            heights[c] = heights[c] + 1 if mask[r, c] else 0
        stack: list[int] = []  # column indexes with increasing heights
        for c in range(n_cols + 1):
            hc = heights[c] if c < n_cols else 0
            while stack and heights[stack[-1]] >= hc:
                top = heights[stack.pop()]
                left = stack[-1] + 1 if stack else 0
                area = top * (c - left)
                if top and (best is None or area > best[0]):
                    best = (area, (r - top + 1, left, top, c - left))
            stack.append(c)
    return best[1] if best else None


def _side_cuts(ratios: NDArray[np.float64], target: float, percentile: float, step: int,
               min_share: float) -> list[tuple[int, int, int, int]]:
    """For each side of the map: the shallowest cut from that side (in ``step`` px) after
    which the rest reaches ``target`` at ``percentile``, as (row0, row1, col0, col1)."""
    h, w = ratios.shape
    out: list[tuple[int, int, int, int]] = []

    def ok(r0: int, r1: int, c0: int, c1: int) -> bool:
        return float(np.percentile(ratios[r0:r1, c0:c1], percentile)) >= target

    for side in ("left", "right", "top", "bottom"):
        span = w if side in ("left", "right") else h
        for d in range(step, int(span * (1 - min_share)) + 1, step):
            rect = {"left": (0, h, d, w), "right": (0, h, 0, w - d),
                    "top": (d, h, 0, w), "bottom": (0, h - d, 0, w)}[side]
            if ok(*rect):
                out.append(rect)
                break
    return out


def readable_rect(notext: NDArray[np.uint8], box: Box, colors: Sequence[Color],
                  target: float, *, percentile: float, min_share: float,
                  cell: int = CELL_PX) -> Box | None:
    """The largest part of ``box`` where text in ``colors`` has at least ``target`` against
    ``notext`` (slide pixels without text), or None when the readable part is under
    ``min_share`` of the box's area (the text could not fit there: cutting would not help).

    Candidates: the box cut from one side only (three of the designer's edges kept) as
    little as lets the rest reach ``target`` at a fifth of ``percentile`` (so text covering
    a fifth of it or more keeps ``target`` at ``percentile`` wherever it lies), and the
    largest rectangle of cells that each reach ``target`` at ``percentile``."""
    ratios, x0, y0 = ratio_map(notext, box, colors)
    if ratios.size == 0:
        return None
    h, w = ratios.shape
    strict = percentile / 5
    if float(np.percentile(ratios, strict)) >= target:
        return None  # readable all over: not where a cut helps
    rects = _side_cuts(ratios, target, strict, cell, min_share)
    mask = safe_cells(ratios, target, percentile, cell)
    found = largest_rectangle(mask)
    if found is not None:
        r, c, n_r, n_c = found
        rects.append((r * cell, min(h, (r + n_r) * cell), c * cell, min(w, (c + n_c) * cell)))
    if not rects:
        return None
    r0, r1, c0, c1 = max(rects, key=lambda t: (t[1] - t[0]) * (t[3] - t[2]))
    # Sides not cut keep their exact position (the map is whole pixels).
    x = box.x if c0 == 0 else float(x0 + c0)
    y = box.y if r0 == 0 else float(y0 + r0)
    x_end = box.right if c1 == w else float(x0 + c1)
    y_end = box.bottom if r1 == h else float(y0 + r1)
    cut = Box(x=x, y=y, w=x_end - x, h=y_end - y)
    if cut.w * cut.h < min_share * box.w * box.h:
        return None
    return cut
