"""``overlap`` (§5.3, §5.4) and the ``occlusion_suspected`` warning.

Pairs of visible non-decoration elements whose safeBoxes intersect by at least
MIN_OVERLAP_AREA_PX: the same zIndex is an ``overlap`` defect, different zIndex an
``occlusion_suspected`` warning. The owner (the one asked to move) is the lower priority; on a
tie the one lower on the slide, then the later in the IR.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from pptxagent.diagnose.budget import Draft, finalize
from pptxagent.diagnose.context import Ctx, Item
from pptxagent.diagnose.textfit import fit_height, metrics, min_height
from pptxagent.ir import BODY_TYPES, Box, Defect, DiagWarning, Hint

_ORDER = ("down", "up", "right", "left")


@dataclass(frozen=True)
class Pair:
    owner: Item
    other: Item
    area: float


def pairs(ctx: Ctx) -> list[Pair]:
    """Every pair of non-decoration elements with a reportable safeBox intersection, in slide
    order; at most ``MAX_OVERLAP_PAIRS`` (same-zIndex overlaps first, the largest first), as a
    slide of hundreds of stacked boxes has a quadratic number of them, each with a hint."""
    solid = [it for it in ctx.items if not it.is_decoration]
    rows = np.array([(it.safe.x, it.safe.y, it.safe.right, it.safe.bottom) for it in solid],
                    dtype=np.float64).reshape(-1, 4)
    least = ctx.settings.MIN_OVERLAP_AREA_PX
    found: list[tuple[int, int, float]] = []
    for i in range(len(solid)):  # one row of the pair matrix at a time, vectorised
        rest = rows[i + 1:]
        w = np.minimum(rest[:, 2], rows[i, 2]) - np.maximum(rest[:, 0], rows[i, 0])
        h = np.minimum(rest[:, 3], rows[i, 3]) - np.maximum(rest[:, 1], rows[i, 1])
        areas = np.where((w > 0) & (h > 0), w * h, 0.0)
        found += [(i, i + 1 + int(j), float(areas[j])) for j in np.flatnonzero(areas >= least)]
    cap = ctx.settings.MAX_OVERLAP_PAIRS
    if len(found) > cap:  # overlaps (same zIndex) before occlusion warnings, largest first

        def rank(k: int) -> tuple[bool, float]:
            i, j, size = found[k]
            return solid[i].dom.zIndex != solid[j].dom.zIndex, -size

        kept = set(sorted(range(len(found)), key=rank)[:cap])
        found = [f for k, f in enumerate(found) if k in kept]
    out: list[Pair] = []
    for i, j, size in found:
        a, b = solid[i], solid[j]
        owner, other = (a, b) if a.rank() > b.rank() else (b, a)
        out.append(Pair(owner=owner, other=other, area=size))
    return out


def _crowds(ctx: Ctx, it: Item, other: Item, moved: Box) -> bool:
    """Whether a moved ``it`` would overlap a same-zIndex element besides ``other``."""
    return ctx.overlaps_peer(it, moved.inflate(ctx.pad), other)


def _moves(ctx: Ctx, it: Item, other: Item) -> list[tuple[str, float, Box]]:
    """Moves clearing ``other``'s safeBox that keep ``it`` inside the slide."""
    b, t, pad = it.bbox, other.safe, ctx.pad
    cands = {
        "down": b.model_copy(update={"y": float(math.ceil(t.bottom + pad))}),
        "up": b.model_copy(update={"y": float(math.floor(t.y - pad - b.h))}),
        "right": b.model_copy(update={"x": float(math.ceil(t.right + pad))}),
        "left": b.model_copy(update={"x": float(math.floor(t.x - pad - b.w))}),
    }
    out: list[tuple[str, float, Box]] = []
    for direction in _ORDER:
        box = cands[direction]
        inside = box.x >= 0 and box.y >= 0
        inside = inside and box.right <= ctx.slide_w and box.bottom <= ctx.slide_h
        if inside:
            out.append((direction, abs(box.x - b.x) + abs(box.y - b.y), box))
    return out


def _shrink(ctx: Ctx, it: Item, other: Item) -> Draft:
    """No move fits: take the larger free band above/below ``other`` and shrink into it."""
    t, pad, buf = other.safe, ctx.pad, ctx.settings.HINT_BUFFER_PX
    below_y = float(math.ceil(t.bottom + pad))
    room_below = ctx.slide_h - below_y
    room_above = float(math.floor(t.y - pad))
    down = room_below >= room_above
    y, room = (below_y, room_below) if down else (0.0, room_above)
    d = Draft(
        action="move_down_and_shrink" if down else "move_up_and_shrink",
        reason=f"no move clears {other.eid} inside the slide; free band {max(room, 0):g}px",
        y=y,
        h=max(room, 1.0),
        move="down" if down else "up",
    )
    if it.is_text:
        m = metrics(it)
        fit = fit_height(m, room - m.insets_v - buf)
        d.font = fit.font if fit.font < m.font else None
        d.line = fit.line if fit.line < m.line else None
        d.fixes = fit.fits and room > 0
        if not d.fixes:
            d.reason += ": the text does not fit at min font and line height 1.0"
    else:
        need = min_height(it, buf)
        d.fixes = room >= need
        if not d.fixes:
            d.reason += f" < min_h({need:g})"
    return d


def _keeps_order(it: Item, other: Item, box: Box) -> bool:
    """Whether ``it`` moved to ``box`` keeps a title above a body (§5.9) it collides with."""
    if it.el.type == "title" and other.el.type in BODY_TYPES:
        return not box.cy > other.bbox.cy
    if it.el.type in BODY_TYPES and other.el.type == "title":
        return not other.bbox.cy > box.cy
    return True


def _body_below_title(ctx: Ctx, it: Item, other: Item) -> Hint:
    """A title and a body collide and no owner move keeps the title on top: the body (which
    may be the higher priority, §5.4) goes under the title's safeBox."""
    title, body = (it, other) if it.el.type == "title" else (other, it)
    d = Draft(
        action="move_down",
        reason=f"keep {title.eid} above {body.eid} (§5.9): clear the title safeBox bottom edge",
        y=float(math.ceil(title.safe.bottom + ctx.pad)),
        move="down",
    )
    return finalize(ctx, body, d)


def _hint(ctx: Ctx, it: Item, other: Item) -> Hint:
    moves = [m for m in _moves(ctx, it, other) if _keeps_order(it, other, m[2])]
    if not moves and not _keeps_order(it, other, it.bbox.model_copy(update={"y": ctx.slide_h})):
        return _body_below_title(ctx, it, other)
    if not moves:
        return finalize(ctx, it, _shrink(ctx, it, other))
    direction, _, box = min(
        moves,
        key=lambda m: (_crowds(ctx, it, other, m[2]), m[1], _ORDER.index(m[0])),
    )
    axis = "y" if direction in ("up", "down") else "x"
    edge = {"down": "bottom", "up": "top", "right": "right", "left": "left"}[direction]
    d = Draft(
        action=f"move_{direction}",
        reason=f"clear {other.eid} safeBox {edge} edge",
        move=direction,
    )
    setattr(d, axis, getattr(box, axis))
    return finalize(ctx, it, d)


def _severity(ctx: Ctx, p: Pair) -> tuple[float, str]:
    if p.owner.is_text or p.other.is_text:
        mult = ctx.settings.TEXT_OVERLAP_SEVERITY_MULT
        return p.area * mult, f"×{mult:g} (text involved)"
    return p.area, "×1 (no text)"


def detect(ctx: Ctx) -> tuple[list[Defect], list[DiagWarning]]:
    defects: list[Defect] = []
    warnings: list[DiagWarning] = []
    for p in pairs(ctx):
        area = round(p.area, 4)
        if p.owner.dom.zIndex == p.other.dom.zIndex:
            severity, note = _severity(ctx, p)
            defects.append(
                Defect(
                    type="overlap",
                    owner_eid=p.owner.eid,
                    other_eid=p.other.eid,
                    severity=round(severity, 4),
                    details={"overlap_area_px": area, "severity_note": note},
                    hint=_hint(ctx, p.owner, p.other),
                )
            )
        else:
            top = p.owner if p.owner.dom.zIndex > p.other.dom.zIndex else p.other
            warnings.append(
                DiagWarning(
                    type="occlusion_suspected",
                    owner_eid=p.owner.eid,
                    other_eid=p.other.eid,
                    details={"overlap_area_px": area, "top_eid": top.eid},
                )
            )
    return defects, warnings
