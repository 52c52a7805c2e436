"""SVG shapes (``path``, ``circle``, ``ellipse``, ``rect``, ``line``, ``polyline``,
``polygon``) as subpaths of absolute moves, lines and cubic Béziers: what a DrawingML
``a:path`` draws with ``moveTo``, ``lnTo``, ``cubicBezTo`` and ``close``. Arcs and quadratic
curves become cubics (SVG 1.1 F.6 for the arcs)."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping

Segment = tuple[str, ...] | tuple[str, float, float] | tuple[float, ...]
Sub = list[tuple]  # type: ignore[type-arg]

KAPPA = 0.5522847498
_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def _tokens(d: str) -> list[str]:
    return _TOKEN.findall(d)


def _arc(x1: float, y1: float, rx: float, ry: float, phi_deg: float, large: bool,
         sweep: bool, x2: float, y2: float) -> list[tuple[float, ...]]:
    """The SVG arc from (x1, y1) to (x2, y2) as cubic Béziers ``(x1, y1, x2, y2, x, y)``."""
    if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
        return [(x1, y1, x2, y2, x2, y2)]
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(phi_deg)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    lam = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * yp / ry, -coef * ry * xp / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    k = 4 / 3 * math.tan(step / 4)
    out: list[tuple[float, ...]] = []

    def point(t: float) -> tuple[float, float]:
        x, y = rx * math.cos(t), ry * math.sin(t)
        return cos * x - sin * y + cx, sin * x + cos * y + cy

    def deriv(t: float) -> tuple[float, float]:
        x, y = -rx * math.sin(t), ry * math.cos(t)
        return cos * x - sin * y, sin * x + cos * y

    for i in range(n):
        a, b = t1 + i * step, t1 + (i + 1) * step
        (ax, ay), (bx, by) = point(a), point(b)
        (dax, day), (dbx, dby) = deriv(a), deriv(b)
        out.append((ax + k * dax, ay + k * day, bx - k * dbx, by - k * dby, bx, by))
    return out


def path_segments(d: str) -> list[Sub]:
    """``d`` as subpaths of ``("M", x, y)``, ``("L", x, y)``, ``("C", …6)`` and ``("Z",)``."""
    toks = _tokens(d)
    subs: list[Sub] = []
    cur: Sub = []
    x = y = sx = sy = 0.0
    last_ctrl: tuple[float, float] | None = None
    last_q: tuple[float, float] | None = None
    cmd = ""
    i = 0

    def num() -> float:
        nonlocal i
        v = float(toks[i])
        i += 1
        return v

    def flag() -> bool:
        nonlocal i
        tok = toks[i].lstrip("+")
        if len(tok) > 1 and tok[0] in "01":  # "01", "1.5": a flag is one digit
            toks[i] = tok[1:]
            return tok[0] == "1"
        i += 1
        return float(tok) != 0

    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]
            i += 1
            if cmd in "Zz":
                cur.append(("Z",))
                x, y = sx, sy
                last_ctrl = last_q = None
                continue
        elif not cmd or cmd in "Zz":  # numbers with no command to take them
            break
        rel = cmd.islower()
        c = cmd.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        ctrl: tuple[float, float] | None = None
        q: tuple[float, float] | None = None
        if c == "M":
            x, y = ox + num(), oy + num()
            if cur:
                subs.append(cur)
            cur = [("M", x, y)]
            sx, sy = x, y
            cmd = "l" if rel else "L"  # further pairs are lines
        elif c == "L":
            x, y = ox + num(), oy + num()
            cur.append(("L", x, y))
        elif c == "H":
            x = ox + num()
            cur.append(("L", x, y))
        elif c == "V":
            y = oy + num()
            cur.append(("L", x, y))
        elif c in "CS":
            if c == "C":
                x1, y1 = ox + num(), oy + num()
            else:
                x1, y1 = ((2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl
                          else (x, y))
            x2, y2 = ox + num(), oy + num()
            x, y = ox + num(), oy + num()
            cur.append(("C", x1, y1, x2, y2, x, y))
            ctrl = (x2, y2)
        elif c in "QT":
            if c == "Q":
                qx, qy = ox + num(), oy + num()
            else:
                qx, qy = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y)
            nx, ny = ox + num(), oy + num()
            cur.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                        nx + 2 / 3 * (qx - nx), ny + 2 / 3 * (qy - ny), nx, ny))
            x, y = nx, ny
            q = (qx, qy)
        elif c == "A":
            rx, ry, rot = num(), num(), num()
            large, sweep = flag(), flag()
            nx, ny = ox + num(), oy + num()
            cur += [("C", *b) for b in _arc(x, y, rx, ry, rot, large, sweep, nx, ny)]
            x, y = nx, ny
        last_ctrl, last_q = ctrl, q
    if cur:
        subs.append(cur)
    return subs


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> Sub:
    kx, ky = rx * KAPPA, ry * KAPPA
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy),
            ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)]


def _rect(x: float, y: float, w: float, h: float, rx: float, ry: float) -> Sub:
    rx, ry = min(rx, w / 2), min(ry, h / 2)
    if rx <= 0 or ry <= 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    kx, ky = rx * (1 - KAPPA), ry * (1 - KAPPA)
    r, b = x + w, y + h
    return [("M", x + rx, y), ("L", r - rx, y), ("C", r - kx, y, r, y + ky, r, y + ry),
            ("L", r, b - ry), ("C", r, b - ky, r - kx, b, r - rx, b), ("L", x + rx, b),
            ("C", x + kx, b, x, b - ky, x, b - ry), ("L", x, y + ry),
            ("C", x, y + ky, x + kx, y, x + rx, y), ("Z",)]


def _points(raw: str) -> list[tuple[float, float]]:
    vals = [float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)", raw)]
    return list(zip(vals[0::2], vals[1::2], strict=False))


def node_segments(tag: str, attrs: Mapping[str, str]) -> Iterator[Sub]:
    """The subpaths one SVG node draws (nothing for a tag it does not know)."""
    def f(key: str, default: float = 0.0) -> float:
        raw = attrs.get(key)
        return float(raw) if raw not in (None, "") else default

    if tag == "path":
        yield from path_segments(attrs.get("d", ""))
    elif tag == "circle":
        yield _ellipse(f("cx"), f("cy"), f("r"), f("r"))
    elif tag == "ellipse":
        yield _ellipse(f("cx"), f("cy"), f("rx"), f("ry"))
    elif tag == "rect":
        rx = f("rx", f("ry"))
        yield _rect(f("x"), f("y"), f("width"), f("height"), rx, f("ry", rx))
    elif tag == "line":
        yield [("M", f("x1"), f("y1")), ("L", f("x2"), f("y2"))]
    elif tag in ("polyline", "polygon"):
        pts = _points(attrs.get("points", ""))
        if pts:
            sub: Sub = [("M", *pts[0]), *[("L", *p) for p in pts[1:]]]
            yield [*sub, ("Z",)] if tag == "polygon" else sub
