"""Rollout records: ``trace.jsonl`` lines (extended format, §3) and ``result.json`` (§8)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from pptxagent.ir.patch import Override

Quality = Literal["success_clean", "success_with_warnings", "degraded"]
Action = Literal["patch", "stop_success", "stop_stall", "stop_max_iter", "stop_no_patch"]


class TraceLine(BaseModel):
    iter: int
    defect_count: int
    total_severity: float
    warning_count: int
    defect_types: list[str]
    warning_types: list[str] = Field(default_factory=list)
    action: str
    applied_hints: list[dict[str, Any]] = Field(default_factory=list)
    overrides: list[Override] = Field(default_factory=list)
    fallbacks: list[dict[str, Any]] = Field(default_factory=list)
    quality: Quality | None = None
    taboo_refused: list[str] = Field(default_factory=list)
    rollback_to: int | None = None
    notes: list[str] = Field(default_factory=list)
    """What the policy reported while deciding this line's action (retries, fallbacks)."""
    """After a stall: the iteration rolled back to (the final output)."""


class RolloutResult(BaseModel):
    defect_count_per_iter: list[int]
    total_severity_per_iter: list[float]
    warning_count_per_iter: list[int]
    iterations_to_converge: int
    final_defect_types: list[str]
    final_warning_types: list[str]
    quality: Quality
    budget_overrides: int
    taboo_fingerprints: list[str]
    final_iter: int
    stop_reason: str = ""
    fallbacks: list[dict[str, Any]] = Field(default_factory=list)
    qa: dict[str, Any] | None = None
    """The visual QA of the final state (beyond §8): open issues by kind and severity; the
    issues themselves are in ``qa.json``. An open critical issue makes the slide degraded."""
