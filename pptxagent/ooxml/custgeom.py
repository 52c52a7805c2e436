"""``a:custGeom`` (freeform) paths as SVG path data in the path's own coordinate space.

Supports ``moveTo``, ``lnTo``, ``cubicBezTo``, ``quadBezTo``, ``arcTo`` and ``close`` with
literal coordinates or the built-in guides (``l t r b w h wd2 hd2 hc vc …``); a path naming
a guide of its ``a:gdLst`` is skipped (the shape then draws as its box).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from lxml import etree

from pptxagent.ooxml.theme import parse_int
from pptxagent.ooxml.xml import local_name, qn


@dataclass(frozen=True)
class CustomPath:
    w: float
    """Width of the path's coordinate space (the shape's extent when the XML gives none)."""
    h: float
    d: str
    fill: bool = True
    stroke: bool = True


class _Unknown(Exception):
    pass


def _value(raw: str | None, w: float, h: float) -> float:
    n = parse_int(raw)
    if n is not None:
        return float(n)
    named = {"l": 0.0, "t": 0.0, "r": w, "b": h, "w": w, "h": h, "wd2": w / 2, "hd2": h / 2,
             "hc": w / 2, "vc": h / 2, "wd4": w / 4, "hd4": h / 4, "ss": min(w, h),
             "ls": max(w, h)}
    if raw in named:
        return named[raw]
    raise _Unknown(raw)


def _num(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _angle(raw: str | None) -> float:
    return math.radians((parse_int(raw) or 0) / 60000)


def _arc(el: etree._Element, x: float, y: float, w: float, h: float) -> tuple[str, float, float]:
    wr, hr = _value(el.get("wR"), w, h), _value(el.get("hR"), w, h)
    st, sw = _angle(el.get("stAng")), _angle(el.get("swAng"))
    if wr <= 0 or hr <= 0:
        return "", x, y

    def param(a: float) -> float:  # a visual angle on the ellipse → its parameter
        return math.atan2(wr * math.sin(a), hr * math.cos(a))

    t0 = param(st)
    cx, cy = x - wr * math.cos(t0), y - hr * math.sin(t0)
    t1 = param(st + sw)
    ex, ey = cx + wr * math.cos(t1), cy + hr * math.sin(t1)
    large = 1 if abs(sw) > math.pi else 0
    sweep = 1 if sw > 0 else 0
    if abs(sw) >= 2 * math.pi - 1e-6:  # a full turn: two halves
        mx, my = cx - (x - cx), cy - (y - cy)
        d = (f"A{_num(wr)} {_num(hr)} 0 1 {sweep} {_num(mx)} {_num(my)} "
             f"A{_num(wr)} {_num(hr)} 0 1 {sweep} {_num(x)} {_num(y)}")
        return d, x, y
    return f"A{_num(wr)} {_num(hr)} 0 {large} {sweep} {_num(ex)} {_num(ey)}", ex, ey


def _path(path: etree._Element, w: float, h: float) -> str:
    out: list[str] = []
    x = y = 0.0
    for cmd in path:
        name = local_name(cmd.tag)
        pts = [(_value(p.get("x"), w, h), _value(p.get("y"), w, h))
               for p in cmd.iterfind(qn("a:pt"))]
        if name == "moveTo" and pts:
            x, y = pts[0]
            out.append(f"M{_num(x)} {_num(y)}")
        elif name == "lnTo" and pts:
            x, y = pts[0]
            out.append(f"L{_num(x)} {_num(y)}")
        elif name in ("cubicBezTo", "quadBezTo") and pts:
            letter = "C" if name == "cubicBezTo" else "Q"
            out.append(letter + " ".join(f"{_num(px)} {_num(py)}" for px, py in pts))
            x, y = pts[-1]
        elif name == "arcTo":
            d, x, y = _arc(cmd, x, y, w, h)
            if d:
                out.append(d)
        elif name == "close":
            out.append("Z")
    return " ".join(out)


def read_custom_geometry(sp_pr: etree._Element | None, ext: tuple[float, float]
                         ) -> tuple[CustomPath, ...]:
    """The paths of ``p:spPr/a:custGeom``; ``ext`` (EMU) stands in for a path without w/h."""
    geom = sp_pr.find(qn("a:custGeom")) if sp_pr is not None else None
    lst = geom.find(qn("a:pathLst")) if geom is not None else None
    if lst is None:
        return ()
    out: list[CustomPath] = []
    for path in lst.iterfind(qn("a:path")):
        w = float(parse_int(path.get("w")) or ext[0] or 1)
        h = float(parse_int(path.get("h")) or ext[1] or 1)
        try:
            d = _path(path, w, h)
        except _Unknown:
            return ()
        if d:
            out.append(CustomPath(w, h, d, fill=path.get("fill") != "none",
                                  stroke=path.get("stroke") not in ("0", "false")))
    return tuple(out)
