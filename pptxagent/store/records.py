"""What the store hands out: frozen rows (no ORM objects, no sessions) and the tool-run record."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

JobStatus = Literal["queued", "running", "succeeded", "failed"]
TERMINAL: frozenset[str] = frozenset({"succeeded", "failed"})


class ToolRunRecord(BaseModel):
    """One audited tool call (same shape as the agent's ``AuditRecord``)."""

    model_config = ConfigDict(extra="ignore")

    tool: str
    status: Literal["ok", "error", "timeout", "invalid"]
    attempt: int = 1
    started_at: datetime
    duration_ms: float = 0.0
    input_hash: str
    output_hash: str | None = None
    artifacts: dict[str, str] = Field(default_factory=dict)
    summary: str = ""
    error: str | None = None
    started: bool = True


@dataclass(frozen=True)
class JobRow:
    id: str
    token_id: int
    deck_id: str
    kind: str
    status: str
    request: dict[str, Any]
    attempts: int
    max_attempts: int
    lease_owner: str | None
    lease_expires_at: datetime | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    result: dict[str, Any] | None
    error: dict[str, Any] | None
    last_seq: int

    @property
    def terminal(self) -> bool:
        """True once the job succeeded or failed (it never changes again)."""
        return self.status in TERMINAL


@dataclass(frozen=True)
class EventRow:
    id: int  # global, increasing across jobs
    job_id: str
    seq: int  # per job: 1, 2, 3 … without gaps
    ts: datetime
    stage: str
    type: str
    data: dict[str, Any]
    severity: str


@dataclass(frozen=True)
class ToolRunRow:
    id: int
    job_id: str
    tool: str
    status: str
    attempt: int
    started_at: datetime
    duration_ms: float
    input_hash: str
    output_hash: str | None
    artifacts: dict[str, str]
    summary: str
    error: str | None
    started: bool


@dataclass(frozen=True)
class DeckRow:
    id: str
    token_id: int
    created_at: datetime
    last_version: int


@dataclass(frozen=True)
class VersionRow:
    deck_id: str
    version: int
    job_id: str
    pptx_sha: str
    thumbnails: list[str]  # artifact sha256 per slide, in slide order
    score: float
    passes_used: int
    created_at: datetime


@dataclass(frozen=True)
class QualityRow:
    id: int
    deck_id: str
    version: int
    score: float
    report: dict[str, Any]  # stored in quality_reports.issues_json
    passes_used: int
    created_at: datetime


@dataclass(frozen=True)
class ArtifactRow:
    sha256: str
    kind: str
    size: int
    media_type: str
    created_at: datetime
