"""Where a drawable sits on the slide: ``a:xfrm`` read through its groups (offsets and
scales, then each turned or flipped group's turn and flips about its centre)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from lxml import etree

from pptxagent.ooxml.theme import parse_int
from pptxagent.ooxml.xml import qn


@dataclass(frozen=True)
class Xfrm:
    """Offset and extent in slide EMU; ``rot`` in 60000ths of a degree, its groups' turns and
    flips applied (``turned``)."""

    x: float
    y: float
    w: float
    h: float
    rot: int = 0
    flip_h: bool = False
    flip_v: bool = False


Transform = tuple[float, float, float, float]
"""Child EMU → slide EMU: ``(scale_x, scale_y, dx, dy)``, ``x' = x * sx + dx``."""
IDENTITY: Transform = (1.0, 1.0, 0.0, 0.0)


def _num(el: etree._Element | None, attr: str, default: int = 0) -> int:
    if el is None:
        return default
    value = parse_int(el.get(attr))
    return default if value is None else value


Turn = tuple[float, float, int, bool, bool]
"""A turned or flipped group: its centre in slide EMU, ``rot`` (60000ths of a degree) and
its flips, applied to every member about that centre."""


def turned(x: float, y: float, w: float, h: float, rot: int, flips: tuple[bool, bool],
            turns: tuple[Turn, ...]) -> Xfrm:
    """A member's box, turn and flips once its groups' flips and turns (innermost first) are
    applied: its centre moves about each group's centre, its size stays."""
    cx, cy = x + w / 2, y + h / 2
    flip_h, flip_v = flips
    for gcx, gcy, grot, gflip_h, gflip_v in reversed(turns):
        if gflip_h:
            cx, rot, flip_h = 2 * gcx - cx, -rot, not flip_h
        if gflip_v:
            cy, rot, flip_v = 2 * gcy - cy, -rot, not flip_v
        if grot % 21600000:
            a = math.radians(grot / 60000)
            dx, dy = cx - gcx, cy - gcy
            cx = gcx + dx * math.cos(a) - dy * math.sin(a)
            cy = gcy + dx * math.sin(a) + dy * math.cos(a)
        rot += grot
    return Xfrm(x=cx - w / 2, y=cy - h / 2, w=w, h=h, rot=rot % 21600000,
                flip_h=flip_h, flip_v=flip_v)


def read_xfrm(xfrm: etree._Element | None, tf: Transform,
               turns: tuple[Turn, ...] = ()) -> Xfrm | None:
    if xfrm is None:
        return None
    off, ext = xfrm.find(qn("a:off")), xfrm.find(qn("a:ext"))
    if off is None or ext is None:
        return None
    sx, sy, dx, dy = tf
    return turned(
        _num(off, "x") * sx + dx, _num(off, "y") * sy + dy,
        max(_num(ext, "cx"), 0) * sx, max(_num(ext, "cy"), 0) * sy,
        _num(xfrm, "rot"),
        (xfrm.get("flipH") in ("1", "true"), xfrm.get("flipV") in ("1", "true")),
        turns,
    )


def group_turn(gxfrm: etree._Element | None, tf: Transform) -> Turn | None:
    """The group's own turn and flips about its centre (None when it has neither)."""
    box = read_xfrm(gxfrm, tf)
    if box is None or not (box.rot or box.flip_h or box.flip_v):
        return None
    return (box.x + box.w / 2, box.y + box.h / 2, box.rot, box.flip_h, box.flip_v)


def extent(xfrm: etree._Element | None) -> tuple[float, float]:
    ext = xfrm.find(qn("a:ext")) if xfrm is not None else None
    return float(_num(ext, "cx")), float(_num(ext, "cy"))


def group_transform(xfrm: etree._Element | None, tf: Transform) -> Transform:
    if xfrm is None:
        return tf
    off, ext = xfrm.find(qn("a:off")), xfrm.find(qn("a:ext"))
    ch_off, ch_ext = xfrm.find(qn("a:chOff")), xfrm.find(qn("a:chExt"))
    if off is None or ext is None:
        return tf
    cx, cy = _num(ext, "cx"), _num(ext, "cy")
    ccx, ccy = _num(ch_ext, "cx", cx), _num(ch_ext, "cy", cy)
    kx = cx / ccx if ccx > 0 else 1.0
    ky = cy / ccy if ccy > 0 else 1.0
    # local child x -> group parent coords: off.x + (x - chOff.x) * kx; then the outer tf.
    px = _num(off, "x") - _num(ch_off, "x") * kx
    py = _num(off, "y") - _num(ch_off, "y") * ky
    sx, sy, dx, dy = tf
    return (kx * sx, ky * sy, px * sx + dx, py * sy + dy)


__all__ = ["IDENTITY", "Transform", "Turn", "Xfrm", "extent", "group_transform", "group_turn",
           "read_xfrm", "turned"]
