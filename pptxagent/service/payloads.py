"""The typed parts of the API's answers: enums for statuses and event types, and models for a
job's options, result and error, an event's data and the quality report.

The store keeps these as JSON; they are validated into these models on the way out, so the
OpenAPI document (and a client generated from it) knows every field. Every model allows
fields it does not name (``additionalProperties``): a newer worker may add one, and a client
keeps it in its extra properties instead of failing.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_serializer

from pptxagent.pipeline.report import FillReport


class JobStatus(StrEnum):
    """A job's state: ``queued`` → ``running`` → ``succeeded`` | ``failed`` (a running job
    whose worker was lost goes back to ``queued`` while attempts remain)."""

    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class JobKind(StrEnum):
    """``fill`` a template, ``compose`` from an outline, run one ``tool``, or one batch
    ``record`` (``pptxagent batch``)."""

    FILL = "fill"
    COMPOSE = "compose"
    TOOL = "tool"
    RECORD = "record"


class EventType(StrEnum):
    """Every event a job records. ``job.*``: its state; ``tool.*``: each audited tool call
    (``tool.refused``: input refused, never started); ``step.*``: each plan step; ``plan``,
    ``critic``, ``correction``, ``failover``: the agent's decisions; ``progress``: a
    renderer's message."""

    JOB_QUEUED = "job.queued"
    JOB_STARTED = "job.started"
    JOB_RETRY = "job.retry"
    JOB_TIMEOUT = "job.timeout"
    JOB_SUCCEEDED = "job.succeeded"
    JOB_FAILED = "job.failed"
    TOOL_STARTED = "tool.started"
    TOOL_FINISHED = "tool.finished"
    TOOL_REFUSED = "tool.refused"
    STEP_STARTED = "step.started"
    STEP_FINISHED = "step.finished"
    PLAN = "plan"
    CRITIC = "critic"
    CORRECTION = "correction"
    FAILOVER = "failover"
    PROGRESS = "progress"


TERMINAL_EVENTS = frozenset({EventType.JOB_SUCCEEDED, EventType.JOB_FAILED})


class Severity(StrEnum):
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


class ToolRunStatus(StrEnum):
    """``invalid``: the input broke the tool's schema and the tool never started."""

    OK = "ok"
    ERROR = "error"
    TIMEOUT = "timeout"
    INVALID = "invalid"


class AgentMode(StrEnum):
    OFF = "off"
    BOUNDED = "bounded"


class QualityProfile(StrEnum):
    FAST = "fast"
    BALANCED = "balanced"
    HIGH_FIDELITY = "high_fidelity"


class JobErrorKind(StrEnum):
    """What failed: the hard ``timeout``, an ``internal`` crash, the ``tool`` of a tool job,
    a batch ``record``, or the ``job``'s plan. Absent when the job was cancelled or its
    worker was lost (``reason`` says so)."""

    TIMEOUT = "timeout"
    INTERNAL = "internal"
    TOOL = "tool"
    RECORD = "record"
    JOB = "job"


class _Open(BaseModel):
    """Open to fields it does not name; a field the stored JSON did not have is left out of
    the answer (what a client reads is what the store keeps)."""

    model_config = ConfigDict(extra="allow")

    # No return annotation on purpose: with one, pydantic would publish the annotation's
    # schema instead of the model's.
    @model_serializer(mode="wrap")
    def _as_stored(self, handler):  # type: ignore[no-untyped-def]
        out = handler(self)
        fields = type(self).model_fields
        unset = {key for name in fields.keys() - self.model_fields_set
                 for key in (name, fields[name].alias) if key}
        return {k: v for k, v in out.items() if k not in unset}


class JobOptions(_Open):
    """The options the job was started with (a field it was not given is null)."""

    agent_mode: AgentMode | None = None
    quality_profile: QualityProfile | None = None
    max_correction_passes: int | None = None
    theme: str | None = None


class JobResult(_Open):
    """A succeeded job's result. A fill or compose job: ``deck_id``, ``version`` (download
    it), ``score``, ``passes_used``, ``seconds``, ``plan_steps``; a tool job: ``tool``,
    ``ok``, ``summary``, ``metrics``, ``warnings``. Both name the ``worker``."""

    deck_id: str | None = None
    version: int | None = None
    score: float | None = None
    passes_used: int | None = None
    seconds: float | None = None
    plan_steps: int | None = None
    tool: str | None = None
    ok: bool | None = None
    summary: str | None = None
    metrics: dict[str, float | int | str] | None = None
    warnings: list[str] | None = None
    worker: str | None = None


class JobError(_Open):
    """Why a job failed: ``kind`` and ``message``, or ``reason`` (cancelled, worker lost)
    with the ``attempts`` used."""

    kind: JobErrorKind | None = None
    message: str | None = None
    reason: str | None = None
    attempts: int | None = None
    tool: str | None = None
    plan: list[dict[str, Any]] | None = None
    """The plan's steps (``kind: job``)."""


class PlanStep(_Open):
    step: str
    tool: str
    why: str = ""


class QaCounts(BaseModel):
    """What a render's visual QA found and what its QA correction pass made of it: ``found``
    (the template's own design aside), ``resolved`` / ``unresolved`` by the QA correction
    pass, ``open`` (left as found), ``accepted`` (the template's own), ``live`` (open +
    unresolved: what the critic's gates count); the slides the QA correction pass ran on
    (``corrected_slides``: kept; ``dropped_slides``: no better, the first result stands)."""

    found: int = 0
    resolved: int = 0
    unresolved: int = 0
    open: int = 0
    accepted: int = 0
    live: int = 0
    corrected_slides: int = 0
    dropped_slides: int = 0


class EventData(_Open):
    """An event's payload; which fields it has depends on the event's ``type``:

    * ``job.queued``: ``kind``, ``deck_id``; ``job.started``: ``attempt``, ``worker``;
      ``job.retry`` / ``job.failed``: ``attempt``, ``reason``, or (failed) ``error``;
      ``job.timeout``: ``timeout_s``;
    * ``tool.started``: ``tool``, ``attempt``, ``input_hash``; ``tool.finished``: also
      ``status``, ``duration_ms``, ``output_hash``, ``tool_run_id`` (its ``tool_runs``
      row); ``tool.refused``: ``tool``, ``status``, ``error``, ``tool_run_id``;
    * ``step.started``: ``step``, ``tool``, ``why``; ``step.finished``: also ``ok``,
      ``duration_ms``, ``summary``, ``error``;
    * ``plan``: ``path``, ``reason``, ``planner``, ``note``, ``signals``, ``max_passes``,
      ``steps``; ``critic`` (the agent's verdict on one render, ``pass`` 0 the first and N
      after critic correction pass N): ``pass``, ``score``, ``gates``, ``issues``,
      ``correct``, ``why``, ``kept``, ``qa`` (the render's visual QA story, ``QaCounts``);
      ``correction`` (a critic correction pass starts): ``pass``, ``why``, ``settings``;
      ``failover``:
      ``step``, ``tool``, ``error``, ``to``; ``progress``: ``tool``, ``message``.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    kind: JobKind | None = None
    deck_id: str | None = None
    attempt: int | None = None
    worker: str | None = None
    reason: str | None = None
    timeout_s: float | None = None
    error: JobError | str | None = None
    """A failed job's error (``job.failed``), or a step's or tool's error message."""
    tool: str | None = None
    status: ToolRunStatus | None = None
    duration_ms: float | None = None
    input_hash: str | None = None
    output_hash: str | None = None
    tool_run_id: int | None = None
    step: str | None = None
    why: str | None = None
    ok: bool | None = None
    summary: str | None = None
    message: str | None = None
    path: str | None = None
    planner: str | None = None
    note: str | None = None
    signals: dict[str, Any] | None = None
    max_passes: int | None = None
    steps: list[PlanStep] | None = None
    pass_: int | None = Field(None, alias="pass")
    score: float | None = None
    gates: dict[str, bool] | None = None
    issues: dict[str, int] | None = None
    correct: bool | None = None
    kept: bool | None = None
    settings: dict[str, Any] | None = None
    to: str | None = None
    qa: QaCounts | None = None


class SlideLabels(BaseModel):
    """How many slides of a deck carry each quality label."""

    success_clean: int = 0
    success_with_warnings: int = 0
    degraded: int = 0


class ChangeKind(StrEnum):
    """What a version changed against the version before: its ``content`` (or outline),
    its ``template``, its ``options`` (profile, agent mode, passes, theme), its pictures
    (``assets``)."""

    CONTENT = "content"
    TEMPLATE = "template"
    OPTIONS = "options"
    ASSETS = "assets"


class VersionChange(BaseModel):
    """One change of a version against the one before, e.g. ``options``: ``quality_profile:
    balanced → fast``."""

    what: ChangeKind
    detail: str


class QaTotals(_Open):
    """Visual QA issues by status; the open ones by kind and by severity."""

    by_status: dict[str, int] = Field(default_factory=dict)
    open_by_kind: dict[str, int] = Field(default_factory=dict)
    open_by_severity: dict[str, int] = Field(default_factory=dict)


class CriticSummary(BaseModel):
    """The agent critic's last verdict on the kept render: ``passes`` (critic correction
    passes run), ``score`` and ``gates``."""

    passes: int = 0
    score: float | None = None
    gates: dict[str, bool] = Field(default_factory=dict)


class QaStory(BaseModel):
    """One version's quality story, in one vocabulary: the render's **visual QA** found
    issues; its **QA correction pass** (the fill's own, at most one per slide) resolved some;
    the **re-check** left ``counts.live`` open; the **critic** (the agent) judged the gates
    and ran ``critic_passes`` **critic correction passes** (each a whole new render).
    ``summary`` says it in one sentence; the slides' labels, the counts and the job's events
    tell the same."""

    counts: QaCounts
    qa_correction_slides: list[int] = Field(default_factory=list)
    """Slides the QA correction pass ran on and kept."""
    qa_correction_dropped: list[int] = Field(default_factory=list)
    """Slides it ran on and dropped (no better: the first result stands)."""
    critic_passes: int = 0
    gates: dict[str, bool] = Field(default_factory=dict)
    score: float | None = None
    labels: dict[str, int] = Field(default_factory=dict)
    """Slides per quality label."""
    summary: str


class QualityReport(FillReport):
    """The fill or compose report of a version: per slide its quality, defects, changes and
    visual QA issues (``slides``), tokens left unresolved, the QA totals. Server paths are
    reduced to file names."""

    model_config = ConfigDict(extra="allow")

    template: str = ""
    output: str = ""
    qa: QaTotals = Field(default_factory=QaTotals)  # type: ignore[assignment]
    critic: CriticSummary | None = None
    """The critic's last verdict (a version stored before it was kept has none)."""


__all__ = [
    "TERMINAL_EVENTS",
    "AgentMode",
    "ChangeKind",
    "CriticSummary",
    "EventData",
    "EventType",
    "JobError",
    "JobErrorKind",
    "JobKind",
    "JobOptions",
    "JobResult",
    "JobStatus",
    "PlanStep",
    "QaCounts",
    "QaStory",
    "QaTotals",
    "QualityProfile",
    "QualityReport",
    "Severity",
    "SlideLabels",
    "ToolRunStatus",
    "VersionChange",
]
