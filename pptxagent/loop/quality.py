"""Stop decisions and the 3-tier quality label (spec §8)."""

from __future__ import annotations

from collections.abc import Sequence

from pptxagent.ir import Diagnostics, Quality


def quality_label(diag: Diagnostics, fallback_applied: bool = False) -> Quality:
    """``success_clean`` / ``success_with_warnings`` / ``degraded`` of the final state.

    A rollout whose hard fallback ran is degraded even when the truncated slide measures
    clean: truncation hides content.
    """
    if fallback_applied or diag.summary.defect_count > 0:
        return "degraded"
    return "success_with_warnings" if diag.summary.warning_count > 0 else "success_clean"


def non_improving(counts: Sequence[int], severities: Sequence[float], k: int) -> bool:
    """Iteration ``k`` decreased neither ``defect_count`` nor ``total_severity`` vs ``k-1``."""
    if k == 0:
        return False
    return counts[k] >= counts[k - 1] and severities[k] >= severities[k - 1]


def stalled(counts: Sequence[int], severities: Sequence[float], threshold: int) -> bool:
    """The last ``threshold`` iterations were all non-improving."""
    last = len(counts) - 1
    if threshold <= 0 or last < threshold:
        return False
    return all(non_improving(counts, severities, k) for k in range(last - threshold + 1, last + 1))


def best_iteration(counts: Sequence[int], severities: Sequence[float]) -> int:
    """Lowest ``total_severity``, then lowest ``defect_count``, then earliest."""
    return min(range(len(counts)), key=lambda k: (severities[k], counts[k], k))
