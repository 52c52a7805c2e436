"""Fix order (§5.7) and the summary totals (§5.8)."""

from __future__ import annotations

from pptxagent.diagnose.chains import ChainResult
from pptxagent.diagnose.context import Ctx
from pptxagent.ir import FIX_ORDER, Defect, DiagWarning, Summary


def in_fix_order(ctx: Ctx, defects: list[Defect]) -> list[Defect]:
    """Topology, font, overflow, out-of-bounds, overlap; within a type the most severe first,
    then IR order."""
    index = {it.eid: it.index for it in ctx.items}
    return sorted(
        defects,
        key=lambda d: (FIX_ORDER.index(d.type), -d.severity, index.get(d.subject, 0)),
    )


def summarize(defects: list[Defect], warnings: list[DiagWarning], chain: ChainResult) -> Summary:
    """Warnings are reported but count toward neither defect_count nor total_severity."""
    return Summary(
        defect_count=len(defects),
        total_severity=round(sum(d.severity for d in defects), 4),
        warning_count=len(warnings),
        conflict_chain=chain.chain,
        chain_feasible=chain.feasible,
        chain_hints=chain.hints,
        fix_order=list(FIX_ORDER),
    )
