"""Conflict chains and coordinated chain hints (§5.5).

Overlap defects are edges ``other → owner`` (higher → lower priority). The chain is the
longest such path (ties: the larger summed severity). Hints stack the members from the head
down: the head keeps its place; each next member goes to the previous member's (suggested)
safeBox bottom + SAFE_PADDING. If the tail would leave the slide, lower-priority members are
compressed first (text down to what its content needs at min font, images to
max(100 px, 25%)); if that is still not enough the chain is infeasible and the first member
that cannot fit gets ``needs_creative_solution`` with the arithmetic as its reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pptxagent.diagnose.budget import Draft, finalize
from pptxagent.diagnose.context import Ctx, Item
from pptxagent.diagnose.textfit import fit_height, metrics, min_height
from pptxagent.ir import BODY_TYPES, ChainHint, Defect

_EPS = 1e-6


@dataclass
class ChainResult:
    chain: list[str] = field(default_factory=list)
    feasible: bool | None = None
    hints: list[ChainHint] = field(default_factory=list)


def longest_chain(ctx: Ctx, overlaps: list[Defect]) -> list[str]:
    succ: dict[str, dict[str, float]] = {}
    nodes: set[str] = set()
    for d in overlaps:
        if d.owner_eid and d.other_eid:
            edges = succ.setdefault(d.other_eid, {})
            edges[d.owner_eid] = max(edges.get(d.owner_eid, 0.0), d.severity)
            nodes.update((d.owner_eid, d.other_eid))
    order = sorted(nodes, key=lambda e: ctx.item(e).rank())
    best: dict[str, tuple[int, float, list[str]]] = {n: (1, 0.0, [n]) for n in order}
    for n in order:  # owners always rank after others: rank order is topological
        length, sev, path = best[n]
        for m, edge_sev in succ.get(n, {}).items():
            cand = (length + 1, sev + edge_sev, [*path, m])
            if cand[:2] > best[m][:2]:
                best[m] = cand
    if not best:
        return []
    return max(best.values(), key=lambda b: b[:2])[2]


def _stack(ctx: Ctx, members: list[Item], heights: list[float]) -> list[float]:
    ys = [members[0].bbox.y]
    for i in range(1, len(members)):
        ys.append(ys[i - 1] + heights[i - 1] + 2 * ctx.pad)
    return ys


def _compress(heights: list[float], floors: list[float], excess: float) -> float:
    """Shrink members from the tail (lowest priority) up, never the head; return the rest."""
    for i in range(len(heights) - 1, 0, -1):
        if excess <= _EPS:
            break
        cut = min(excess, heights[i] - floors[i])
        if cut > 0:
            heights[i] -= cut
            excess -= cut
    return max(excess, 0.0)


def _member_hint(ctx: Ctx, it: Item, y: float, h: float, prev: str) -> tuple[ChainHint, float]:
    """The member's hint and its drawn bottom after the (clamped) hint."""
    b = it.bbox
    shrink = h < b.h - _EPS
    direction = "down" if y > b.y + _EPS else "up" if y < b.y - _EPS else ""
    action = f"move_{direction}" if direction else "keep"
    if shrink:
        action = f"{action}_and_shrink" if direction else "shrink"
    d = Draft(
        action=action,
        reason=f"{prev} safeBox bottom + SAFE_PADDING",
        y=y,
        h=h if shrink else None,
        move=direction or None,
    )
    if shrink and it.is_text:
        m = metrics(it)
        fit = fit_height(m, h - m.insets_v - ctx.settings.HINT_BUFFER_PX)
        d.font = fit.font if fit.font < m.font else None
        d.line = fit.line if fit.line < m.line else None
    hint = finalize(ctx, it, d)
    data = hint.model_dump(exclude_none=True, exclude={"target_eid"})
    data.pop("suggested_move", None)
    chain_hint = ChainHint(eid=it.eid, **data)
    lay = it.el.layout
    new_y = b.y + ((hint.suggested_y if hint.suggested_y is not None else lay.y) - lay.y)
    new_h = b.h + ((hint.suggested_h if hint.suggested_h is not None else lay.h) - lay.h)
    return chain_hint, new_y + new_h


def chain_hints(ctx: Ctx, overlaps: list[Defect]) -> ChainResult:
    chain = longest_chain(ctx, overlaps)
    if len(chain) < 2:
        return ChainResult()
    if any(ctx.item(e).el.type in BODY_TYPES for e in chain):
        # §5.9: a title heads the stack even below a higher-priority body (stable otherwise)
        chain.sort(key=lambda e: ctx.item(e).el.type != "title")
    members = [ctx.item(e) for e in chain]
    slide_h = ctx.slide_h
    heights = [m.bbox.h for m in members]
    floors = [heights[0]] + [min_height(m, ctx.settings.HINT_BUFFER_PX) for m in members[1:]]
    excess = _stack(ctx, members, heights)[-1] + heights[-1] - slide_h
    planned = list(heights)
    feasible = _compress(planned, floors, excess) <= _EPS if excess > 0 else True
    if not feasible:
        planned = list(heights)  # nothing is shrunk for nothing; members shrink only to fit
    hints = [ChainHint(eid=members[0].eid, action="keep")]
    bottom = members[0].bbox.bottom
    failed: str | None = None
    for i in range(1, len(members)):
        it = members[i]
        y = bottom + 2 * ctx.pad
        if failed is None and y + floors[i] > slide_h + _EPS:
            failed = it.eid
            reason = f"suggested_y({y:g}) + min_h({floors[i]:g}) > SLIDE_H({slide_h:g})"
        elif failed is not None:
            reason = f"follows {failed}, which does not fit"
        else:
            h = min(planned[i], slide_h - y)
            hint, bottom = _member_hint(ctx, it, y, h, members[i - 1].eid)
            hints.append(hint)
            continue
        hints.append(ChainHint(eid=it.eid, action="needs_creative_solution", reason=reason))
    return ChainResult(chain=chain, feasible=feasible and failed is None, hints=hints)
