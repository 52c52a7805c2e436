"""Diagnostics with math hints (``diag_k.json``, spec §5)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

DefectType = Literal[
    "layout_topology", "font_too_small", "content_overflow", "out_of_bounds", "overlap"
]
WarningType = Literal["occlusion_suspected"]

FIX_ORDER: tuple[str, ...] = (
    "layout_topology",
    "font_too_small",
    "content_overflow",
    "out_of_bounds",
    "overlap",
)
"""§5.7: the order in which defect types are resolved."""


class Hint(BaseModel):
    """A target-state suggestion (§5.6): values to set, never deltas."""

    model_config = ConfigDict(extra="allow")

    action: str
    target_eid: str | None = None
    suggested_x: float | None = None
    suggested_y: float | None = None
    suggested_w: float | None = None
    suggested_h: float | None = None
    suggested_fontSize: float | None = None
    suggested_lineHeight: float | None = None
    reason: str | None = None
    validated: bool = False


class Defect(BaseModel):
    model_config = ConfigDict(extra="allow")

    type: DefectType
    eid: str | None = None
    owner_eid: str | None = None
    other_eid: str | None = None
    severity: float
    details: dict[str, Any] = Field(default_factory=dict)
    hint: Hint | None = None

    @property
    def subject(self) -> str:
        """The element this defect asks to change."""
        return self.eid or self.owner_eid or ""


class DiagWarning(BaseModel):
    model_config = ConfigDict(extra="allow")

    type: WarningType
    owner_eid: str
    other_eid: str
    details: dict[str, Any] = Field(default_factory=dict)


class ChainHint(BaseModel):
    model_config = ConfigDict(extra="allow")

    eid: str
    action: str
    suggested_y: float | None = None
    suggested_h: float | None = None
    suggested_fontSize: float | None = None
    validated: bool | None = None
    reason: str | None = None


class Summary(BaseModel):
    defect_count: int
    total_severity: float
    warning_count: int
    conflict_chain: list[str] = Field(default_factory=list)
    chain_feasible: bool | None = None
    chain_hints: list[ChainHint] = Field(default_factory=list)
    fix_order: list[str] = Field(default_factory=lambda: list(FIX_ORDER))


class Diagnostics(BaseModel):
    defects: list[Defect]
    warnings: list[DiagWarning]
    summary: Summary

    @property
    def defect_types(self) -> list[str]:
        return sorted({d.type for d in self.defects}, key=FIX_ORDER.index)

    @property
    def warning_types(self) -> list[str]:
        return sorted({w.type for w in self.warnings})
