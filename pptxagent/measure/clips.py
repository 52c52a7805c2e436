"""Which page regions to screenshot (pure): slide-px boxes → page clips, merged so the
number of captures and the pixels captured are both small.

A screenshot through the DevTools protocol costs a fixed ~30 ms (a new frame, the round
trip) plus time per pixel (raster, PNG, decode: ~30 ms per megapixel). Two regions are taken
as one clip when the pixels the union adds cost less than a second capture would.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pptxagent.engines.chromium import Clip
from pptxagent.ir import Box

CAPTURE_COST_PX = 1_000_000
"""A capture's fixed cost in pixels: merge two regions when their union adds fewer."""


def page_clip(box: Box, origin: tuple[float, float], size: tuple[int, int],
              pad: float = 2.0) -> Clip | None:
    """``box`` (slide px, grown by ``pad``) on the page of a slide drawn at ``origin`` (whole
    page px) with ``size`` (w, h), cut to the slide and rounded out to whole pixels; ``None``
    when nothing of it is on the slide."""
    w, h = size
    x0 = max(0, math.floor(box.x - pad))
    y0 = max(0, math.floor(box.y - pad))
    x1 = min(w, math.ceil(box.right + pad))
    y1 = min(h, math.ceil(box.bottom + pad))
    if x1 <= x0 or y1 <= y0:
        return None
    return (origin[0] + x0, origin[1] + y0, float(x1 - x0), float(y1 - y0))


def union(a: Clip, b: Clip) -> Clip:
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    return (x0, y0, max(a[0] + a[2], b[0] + b[2]) - x0, max(a[1] + a[3], b[1] + b[3]) - y0)


def _area(c: Clip) -> float:
    return c[2] * c[3]


def merge_clips(clips: Sequence[Clip], max_side: float,
                cost_px: float = CAPTURE_COST_PX) -> list[Clip]:
    """Merge ``clips`` top to bottom: the next clip joins the current one when the union adds
    fewer than ``cost_px`` pixels beyond the two and stays within ``max_side`` px each way."""
    out: list[Clip] = []
    for c in sorted(clips, key=lambda c: (c[1], c[0])):
        if out:
            cur = out[-1]
            merged = union(cur, c)
            if (max(merged[2], merged[3]) <= max_side
                    and _area(merged) - _area(cur) - _area(c) < cost_px):
                out[-1] = merged
                continue
        out.append(c)
    return out


def overlap(a: Clip, b: Clip) -> Clip | None:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return None if x1 <= x0 or y1 <= y0 else (x0, y0, x1 - x0, y1 - y0)
