"""The patch a policy proposes (spec §6) and the record of every budget clamp."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Edit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    eid: str = Field(min_length=1)
    layout: dict[str, float] = Field(default_factory=dict)
    style: dict[str, Any] = Field(default_factory=dict)


class Patch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    edits: list[Edit] = Field(default_factory=list)
    constraints: dict[str, Any] = Field(default_factory=lambda: {"no_add_remove": True})


class Override(BaseModel):
    """One clamp applied by ``apply_patch`` (trace ``overrides``)."""

    eid: str
    field: str
    requested: float
    clamped_to: float
    reason: str
