"""The deterministic, offline refinement policy (spec §5.5–5.7, §6, §7): diagnostics → one patch.

Order of work: the conflict-chain batch (``summary.chain_hints``; a creative fallback for the
flagged member of an infeasible chain), then every defect in fix order — its hint when it
carries values, else an edit worked out here (``derive``). Per field the first writer in fix
order wins (``PatchPlan``). Finishing passes (``finish``) then look at where elements will
really land under the budgets and close what single hints leave open (overlaps the patch
creates, owner moves cut short by the budget, overflow the new box will not hold), so that a
feasible slide is clean within ``MAX_ITER`` patches — usually one. A taboo patch (§5.10) is
replaced once by the alternate strategy; if that is taboo too, the answer is an empty patch.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel

from pptxagent.ir import FIX_ORDER, ChainHint, Defect, Diagnostics, Patch, SlideIR, Summary
from pptxagent.policy import derive, finish
from pptxagent.policy.base import PolicyContext
from pptxagent.policy.plan import PatchPlan, movable, shrink_font
from pptxagent.settings import Settings, min_font_for

_HINT_FIELDS: dict[str, tuple[str, str]] = {
    "suggested_x": ("layout", "x"),
    "suggested_y": ("layout", "y"),
    "suggested_w": ("layout", "w"),
    "suggested_h": ("layout", "h"),
    "suggested_fontSize": ("style", "fontSize"),
    "suggested_lineHeight": ("style", "lineHeight"),
}
_MOVE_FIELD = {"down": "y", "up": "y", "right": "x", "left": "x"}
OVERLAP_RANK = finish.OVERLAP_RANK


def _number(v: object) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def hint_values(hint: BaseModel) -> Iterator[tuple[str, str, float]]:
    """``(namespace, field, value)`` for every target value a hint (or chain hint) carries."""
    data = {**hint.model_dump(exclude_none=True), **(hint.model_extra or {})}
    for key, (ns, field) in _HINT_FIELDS.items():
        v = _number(data.get(key))
        if v is not None:
            yield ns, field, v
    move = data.get("suggested_move")
    if isinstance(move, dict):
        axis = _MOVE_FIELD.get(str(move.get("direction", "")).lower())
        value = _number(move.get("value", move.get("target", move.get(f"suggested_{axis}"))))
        if axis and value is not None:
            yield "layout", axis, value


def _apply_values(plan: PatchPlan, eid: str, hint: BaseModel, rank: int, src: str) -> bool:
    used = False
    el = plan.element(eid)
    for ns, field, value in hint_values(hint):
        done = plan.set(eid, ns, field, value, rank, src)
        # a move or resize refused because the box is fixed did nothing: not a used hint
        used = used or done or ns != "layout" or el is None or movable(el)
    return used


def _creative(plan: PatchPlan, eid: str, prev: str | None) -> None:
    """Infeasible chain member: take the space left below its predecessor, font toward min."""
    el = plan.element(eid)
    if el is None or not movable(el):
        return
    src = "creative:chain_infeasible"
    box = plan.box(eid)
    gap = 2 * plan.settings.SAFE_PADDING
    y = plan.effective_box(prev).bottom + gap if prev and plan.element(prev) else box.y
    floor = min_font_for(el.priority, plan.settings)
    min_h = (floor or 12.0) * 1.5 if el.is_text else 32.0
    remaining = plan.slide_h - y
    if remaining < min_h:
        y, remaining = plan.slide_h - min_h, min_h
    h = min(box.h, remaining)
    plan.set_box(eid, OVERLAP_RANK, src, y=y, h=h)
    shrink_font(plan, el, 0.0 if h < box.h else 1.0, OVERLAP_RANK, src)


def apply_chain(plan: PatchPlan, summary: Summary) -> None:
    """§5.5/§6: a feasible chain's hints go in as one batch; ``keep`` is a no-op."""
    prev: str | None = None
    for ch in summary.chain_hints:
        if ch.action != "keep":
            used = _apply_values(plan, ch.eid, ch, OVERLAP_RANK, "chain_hint")
            if not used and (summary.chain_feasible is False or _is_flagged(ch)):
                _creative(plan, ch.eid, prev)
        prev = ch.eid


def _is_flagged(ch: ChainHint) -> bool:
    return ch.action in {"needs_creative_solution", "creative"}


def _derive(plan: PatchPlan, d: Defect, rank: int, alternate: bool) -> None:
    if d.type == "layout_topology":
        derive.topology(plan, d, rank, alternate)
        return
    if d.type == "overlap":
        derive.overlap(plan, d, rank, alternate)
        return
    el = plan.element(d.subject)
    if el is None:
        return
    if d.type == "font_too_small":
        derive.font_too_small(plan, d, el, rank)
    elif d.type == "content_overflow":
        derive.overflow(plan, d, el, rank, alternate)
    elif d.type == "out_of_bounds":
        derive.out_of_bounds(plan, d, el, rank, alternate)


def ordered_defects(diag: Diagnostics) -> list[Defect]:
    """Fix order (§5.7), the most severe first within a type."""
    return sorted(diag.defects, key=lambda d: (FIX_ORDER.index(d.type), -d.severity))


def plan_patch(
    ir: SlideIR, diag: Diagnostics, settings: Settings, alternate: bool = False
) -> Patch:
    """The hints policy's patch for one step; ``alternate`` ignores hints and flips strategy."""
    plan = PatchPlan(ir, settings)
    if not alternate:
        apply_chain(plan, diag.summary)
    for d in ordered_defects(diag):
        rank = FIX_ORDER.index(d.type)
        if not alternate and d.hint is not None:
            target = d.hint.target_eid or d.eid or d.owner_eid
            used = bool(target) and _apply_values(plan, str(target), d.hint, rank, f"hint:{d.type}")
            if used and d.type != "layout_topology":
                continue  # topology: the hint may be budget-clamped; derive completes it
        _derive(plan, d, rank, alternate)
    finish.settle_new_overlaps(plan)
    finish.push_back_others(plan, diag)
    finish.shrink_for_uncovered_overflow(plan, diag)
    return plan.build()


class HintsPolicy:
    """Apply the diagnostics' hints (§7 step 1), resolve the rest deterministically (step 2)."""

    name = "hints"

    def propose(self, ir: SlideIR, diag: Diagnostics, ctx: PolicyContext) -> Patch:
        patch = plan_patch(ir, diag, ctx.settings)
        if not patch.edits:
            return patch
        verdict = ctx.check(patch)
        if verdict.allowed:
            return patch
        ctx.notes.append(
            f"hints: patch {verdict.fingerprint} is taboo ({verdict.reason}); "
            "trying the alternate strategy"
        )
        alt = plan_patch(ir, diag, ctx.settings, alternate=True)
        if alt.edits:
            again = ctx.check(alt)
            if again.allowed:
                return alt
            ctx.notes.append(f"hints: alternate patch {again.fingerprint} is taboo too")
        ctx.notes.append("hints: no untried patch left; proposing an empty patch")
        return Patch()
