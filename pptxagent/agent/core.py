"""The tool contract (agentic-upgrade §5.1): what a tool is, what it returns, what it sees,
and the audit record of one run."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field

ToolKind = Literal["engine", "pure"]
RunStatus = Literal["ok", "error", "timeout", "invalid"]
Emit = Callable[[str, dict[str, Any]], None]


class ToolResult(BaseModel):
    """What every tool returns (§5.1). ``artifacts`` maps a name to a file path or id."""

    ok: bool
    summary: str = ""
    artifacts: dict[str, str] = Field(default_factory=dict)
    metrics: dict[str, float | int | str] = Field(default_factory=dict)
    warnings: list[str] = Field(default_factory=list)
    error: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)
    """Structured output a later step reads (a report, signals); hashed with the rest."""


class ToolInput(BaseModel):
    """Base of every tool's input model: unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")


class Tool(Protocol):
    """``name``, ``kind``, ``timeout_s`` and ``Input`` are plain class attributes in every
    tool (read-only here so a tool's own input model type checks)."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> ToolKind: ...
    @property
    def timeout_s(self) -> float: ...
    @property
    def Input(self) -> type[BaseModel]: ...

    def run(self, inp: BaseModel, ctx: ToolContext) -> ToolResult: ...


def _no_emit(event: str, payload: dict[str, Any]) -> None:
    return None


@dataclass
class ToolContext:
    """What a tool run sees: its job's work folder and the job's event sink
    (``emit(event_type, payload)`` → job_events)."""

    workdir: Path
    emit: Emit = _no_emit
    research: Any = None
    """A ``ResearchProvider`` for the research tools (None: the local fake)."""
    planner: Any = None
    """A planner for ``run_job`` (None: the deterministic one; see ``agent.planner``)."""
    extra: dict[str, Any] = field(default_factory=dict)


class AuditRecord(BaseModel):
    """One tool run (same shape as the store's ``ToolRunRecord``). ``started`` False: the
    input was refused before the tool ran."""

    tool: str
    status: RunStatus
    attempt: int
    started_at: datetime
    duration_ms: float
    input_hash: str
    output_hash: str | None
    artifacts: dict[str, str] = Field(default_factory=dict)
    summary: str = ""
    error: str | None = None
    started: bool = True


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces: the same value always gives the same text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=str)


def sha256_json(value: Any) -> str:
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def result_hash(result: ToolResult) -> str:
    return sha256_json(result.model_dump(mode="json"))


__all__ = ["AuditRecord", "Emit", "RunStatus", "Tool", "ToolContext", "ToolInput", "ToolKind",
           "ToolResult", "canonical_json", "result_hash", "sha256_json"]
