"""What the API answers (published in the OpenAPI document) and the generate options."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from pptxagent.service.names import OPTION_KEYS, changes, source_of, title_of
from pptxagent.service.payloads import (
    AgentMode,
    EventData,
    EventType,
    JobError,
    JobKind,
    JobOptions,
    JobResult,
    JobStatus,
    QaStory,
    QualityProfile,
    QualityReport,
    Severity,
    SlideLabels,
    ToolRunStatus,
    VersionChange,
)
from pptxagent.service.story import story_of
from pptxagent.store import DeckRow, EventRow, JobRow, QualityRow, ToolRunRow, VersionRow

PPTX_MEDIA = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


class Problem(BaseModel):
    """Every 4xx: what is wrong and, for a JSON document, where (its JSON path)."""

    detail: str
    path: str | None = None
    field: str | None = None


class GenerateOptions(BaseModel):
    """The form fields besides the files, validated (a fault is a 422 naming the field)."""

    model_config = ConfigDict(extra="forbid")

    agent_mode: AgentMode = AgentMode.BOUNDED
    quality_profile: QualityProfile = QualityProfile.BALANCED
    max_correction_passes: int = Field(1, ge=0)
    theme: str | None = Field(None, max_length=200)


class Accepted(BaseModel):
    job_id: str
    deck_id: str
    status: JobStatus
    job_url: str
    events_url: str


class JobOut(BaseModel):
    id: str
    deck_id: str
    kind: JobKind
    status: JobStatus
    attempts: int
    max_attempts: int
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    options: JobOptions
    result: JobResult | None
    error: JobError | None
    last_seq: int
    worker: str | None
    """The worker holding the job's lease while it runs."""
    events_url: str
    deck_title: str | None = None
    """The deck's title: its first slide's title, else the outline's (``service.names``)."""
    source: str | None = None
    """Where the deck came from: the template's or the outline's file name."""
    submitted_by: str | None = None
    """The name of the token that submitted the job."""
    duration_s: float | None = None
    """Seconds from start to finish (so far, while it runs); None while queued."""
    labels: SlideLabels | None = None
    """A finished fill or compose: how many slides carry each quality label."""
    revises: int | None = None
    """A revision: the deck's version it started from."""

    @classmethod
    def of(cls, j: JobRow, submitted_by: str | None = None) -> JobOut:
        opts = {k: v for k, v in j.request.items() if k in OPTION_KEYS}
        error = None if j.error is None else JobError.model_validate(untraced(j.error))
        labels = (j.result or {}).get("labels")
        revises = j.request.get("revises")
        return cls(id=j.id, deck_id=j.deck_id, kind=JobKind(j.kind), status=JobStatus(j.status),
                   attempts=j.attempts, max_attempts=j.max_attempts, created_at=j.created_at,
                   started_at=j.started_at, finished_at=j.finished_at,
                   options=JobOptions.model_validate(opts),
                   result=None if j.result is None else JobResult.model_validate(j.result),
                   error=error, last_seq=j.last_seq, worker=j.lease_owner,
                   events_url=f"/api/jobs/{j.id}/events",
                   deck_title=title_of(j.request, j.result), source=source_of(j.request),
                   submitted_by=submitted_by, duration_s=_duration(j),
                   labels=SlideLabels.model_validate(labels) if isinstance(labels, dict)
                   else None,
                   revises=revises if isinstance(revises, int) and revises > 0 else None)


def _duration(j: JobRow) -> float | None:
    if j.started_at is None or j.status == "queued":  # a retry waits: no clock runs
        return None
    end = j.finished_at or datetime.now(UTC)
    return round(max(0.0, (end - j.started_at).total_seconds()), 3)


class EventOut(BaseModel):
    id: int
    """The event's seq within its job: 1, 2, 3 … without gaps (the ``after`` cursor)."""
    job_id: str
    ts: datetime
    type: EventType
    stage: str
    """The tool the event is about, else empty."""
    severity: Severity
    data: EventData

    @classmethod
    def of(cls, e: EventRow) -> EventOut:
        return cls(id=e.seq, job_id=e.job_id, ts=e.ts, type=EventType(e.type), stage=e.stage,
                   severity=Severity(e.severity),
                   data=EventData.model_validate(untraced(e.data)))


def untraced(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` without the internal traceback a crash keeps for the server's log (``trace``,
    at any depth): a client sees the error's kind and message, never the server's code."""
    return {k: untraced(v) if isinstance(v, dict) else v for k, v in data.items()
            if k != "trace"}


class ToolRunOut(BaseModel):
    id: int
    tool: str
    status: ToolRunStatus
    attempt: int
    started: bool
    started_at: datetime
    duration_ms: float
    input_hash: str
    output_hash: str | None
    artifacts: dict[str, str]
    summary: str
    error: str | None

    @classmethod
    def of(cls, r: ToolRunRow) -> ToolRunOut:
        return cls(id=r.id, tool=r.tool, status=ToolRunStatus(r.status), attempt=r.attempt,
                   started=r.started,
                   started_at=r.started_at, duration_ms=r.duration_ms, input_hash=r.input_hash,
                   output_hash=r.output_hash, artifacts=r.artifacts, summary=r.summary,
                   error=r.error)


class VersionOut(BaseModel):
    version: int
    job_id: str
    score: float
    passes_used: int
    """Critic correction passes the agent ran for this version (the fill's own visual QA
    correction pass is in the quality report's ``story``)."""
    created_at: datetime
    pptx_url: str
    quality_url: str
    thumbnail_urls: list[str]
    thumbnail_shas: list[str] = Field(default_factory=list)
    """Each slide picture's sha256 (the same picture in two versions: the slide did not
    change; ``/api/files/{sha}`` serves it too)."""
    title: str | None = None
    """The deck's title in this version (its first slide's title)."""
    labels: SlideLabels | None = None
    changes: list[VersionChange] = Field(default_factory=list)
    """What changed against the version before (empty for the first)."""

    @classmethod
    def of(cls, v: VersionRow, job: JobRow | None = None,
           previous: JobRow | None = None) -> VersionOut:
        """``job``: the job that made it; ``previous``: the job of the version before."""
        base = f"/api/decks/{v.deck_id}/versions/{v.version}"
        result = job.result if job is not None else None
        labels = (result or {}).get("labels")
        return cls(version=v.version, job_id=v.job_id, score=v.score, passes_used=v.passes_used,
                   created_at=v.created_at, pptx_url=f"{base}/pptx",
                   quality_url=f"/api/decks/{v.deck_id}/quality/{v.version}",
                   thumbnail_urls=[f"{base}/thumbnails/{n}"
                                   for n in range(1, len(v.thumbnails) + 1)],
                   thumbnail_shas=list(v.thumbnails),
                   title=title_of(job.request, result) if job is not None else None,
                   labels=SlideLabels.model_validate(labels) if isinstance(labels, dict)
                   else None,
                   changes=[VersionChange.model_validate(c) for c in changes(
                       previous.request if previous is not None else None, job.request)]
                   if job is not None else [])


def versions_out(versions: list[VersionRow], jobs: list[JobRow]) -> list[VersionOut]:
    """The versions with their titles and changes (``jobs``: the deck's jobs)."""
    by_id = {j.id: j for j in jobs}
    out: list[VersionOut] = []
    prev: JobRow | None = None
    for v in versions:
        job = by_id.get(v.job_id)
        out.append(VersionOut.of(v, job, prev))
        prev = job or prev
    return out


class DeckOut(BaseModel):
    id: str
    created_at: datetime
    last_version: int
    versions: list[VersionOut]
    jobs: list[JobOut]
    title: str | None = None
    """Its latest version's title (its first slide's), else the outline's."""
    source: str | None = None
    """The template's or outline's file name its latest job was given."""

    @classmethod
    def of(cls, d: DeckRow, versions: list[VersionRow], jobs: list[JobRow],
           submitted_by: str | None = None) -> DeckOut:
        """``jobs``: newest first."""
        done = [j for j in jobs if j.status == "succeeded"] or jobs
        return cls(id=d.id, created_at=d.created_at, last_version=d.last_version,
                   versions=versions_out(versions, jobs),
                   jobs=[JobOut.of(j, submitted_by) for j in jobs],
                   title=title_of(done[0].request, done[0].result) if done else None,
                   source=source_of(jobs[0].request) if jobs else None)


class QualityOut(BaseModel):
    deck_id: str
    version: int
    score: float
    passes_used: int
    """Critic correction passes (the agent's); the QA correction pass is in ``story``."""
    created_at: datetime
    report: QualityReport
    story: QaStory
    """The version's quality story in one vocabulary (``service.story``)."""

    @classmethod
    def of(cls, q: QualityRow, report: dict[str, Any] | None = None) -> QualityOut:
        """``report``: the stored report as it is shown (scrubbed), else the stored one."""
        shown = q.report if report is None else report
        return cls(deck_id=q.deck_id, version=q.version, score=q.score,
                   passes_used=q.passes_used, created_at=q.created_at,
                   report=QualityReport.model_validate(shown),
                   story=story_of(shown, q.passes_used, q.score))
