"""The taboo set (§5.10 checkPatch) and stall/best/quality helpers (§8)."""

from __future__ import annotations

from loop_fakes import element, slide

from pptxagent.ir import Diagnostics, Patch, Summary
from pptxagent.loop.quality import best_iteration, non_improving, quality_label, stalled
from pptxagent.loop.taboo import TabooSet

IR = slide(element("b", "text", 60, y=100))
DOWN = Patch.model_validate({"edits": [{"eid": "b", "layout": {"y": 150}}]})
UP = Patch.model_validate({"edits": [{"eid": "b", "layout": {"y": 50}}]})


def test_recorded_fingerprint_is_refused_with_reason() -> None:
    taboo = TabooSet(IR)
    assert taboo.check_patch(DOWN).allowed
    taboo.record(taboo.fingerprint(DOWN))
    check = taboo.check_patch(DOWN)
    assert not check.allowed
    assert check.fingerprint == "b:move:down"
    assert "b:move:down" in check.reason
    assert taboo.check_patch(UP).allowed
    assert taboo.fingerprints == ["b:move:down"]


def test_empty_fingerprint_never_recorded() -> None:
    taboo = TabooSet(IR)
    taboo.record("")
    assert taboo.fingerprints == []


def test_non_improving_needs_both_metrics_not_decreased() -> None:
    assert non_improving([3, 3], [100, 120], 1)
    assert not non_improving([3, 3], [100, 90], 1)  # severity decreased
    assert not non_improving([3, 2], [100, 150], 1)  # count decreased
    assert not non_improving([3], [100], 0)


def test_stalled_after_threshold_consecutive() -> None:
    assert not stalled([3, 3], [100, 100], 2)
    assert stalled([3, 3, 3], [100, 100, 100], 2)
    assert not stalled([3, 3, 2], [100, 100, 50], 2)
    assert not stalled([3, 2, 2, 1], [100, 90, 95, 50], 2)


def test_best_iteration_tie_breaks() -> None:
    assert best_iteration([3, 1, 2], [100, 50, 50]) == 1  # lower count wins the tie
    assert best_iteration([2, 2, 2], [50, 50, 60]) == 0  # then earliest


def diag(defects: int, warnings: int) -> Diagnostics:
    return Diagnostics(
        defects=[],
        warnings=[],
        summary=Summary(defect_count=defects, total_severity=defects, warning_count=warnings),
    )


def test_quality_three_tiers() -> None:
    assert quality_label(diag(0, 0)) == "success_clean"
    assert quality_label(diag(0, 2)) == "success_with_warnings"
    assert quality_label(diag(1, 0)) == "degraded"
    assert quality_label(diag(0, 0), fallback_applied=True) == "degraded"
