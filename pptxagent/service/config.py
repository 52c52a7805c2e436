"""The service's settings: one validated model, filled from flags and ``PPTXAGENT_*`` env vars.

Nothing here is read at import time: ``ServiceConfig.from_env()`` reads the environment when
it is called, so a test or ``pptxagent serve`` decides what the service sees.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

DB_ENV = "PPTXAGENT_DATABASE_URL"
TOKEN_ENV = "PPTXAGENT_TOKEN"
TEST_HOOKS_ENV = "PPTXAGENT_TEST_HOOKS"

# env var -> field, for the settings the serve command has no flag for
_ENV_FIELDS: dict[str, str] = {
    "PPTXAGENT_UPLOAD_CAP_BYTES": "upload_cap_bytes",
    "PPTXAGENT_QUEUE_CAP": "queue_cap",
    "PPTXAGENT_JOB_TIMEOUT_S": "job_timeout_s",
    "PPTXAGENT_LEASE_S": "lease_s",
    "PPTXAGENT_TIMEOUT_GRACE_S": "timeout_grace_s",
    "PPTXAGENT_ENGINE_RESTART_JOBS": "engine_restart_jobs",
    "PPTXAGENT_MAX_ATTEMPTS": "max_attempts",
    "PPTXAGENT_SUPERVISE_S": "supervise_s",
    "PPTXAGENT_BROKER": "broker",
    "PPTXAGENT_FILE_STORE": "file_store",
}


class ServiceConfig(BaseModel):
    """Everything ``create_app`` and the worker pool need (picklable: the workers get a copy)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    data_dir: Path = Path(".pptxagent")
    """The database (SQLite by default), the artifacts, the workers' pid files and logs."""
    db_url: str | None = None
    """SQLAlchemy URL (``postgresql+psycopg://…``); None → ``$PPTXAGENT_DATABASE_URL``, else
    SQLite in ``data_dir``."""
    host: str = "127.0.0.1"
    port: int = Field(8000, ge=0, le=65535)
    workers: int = Field(1, ge=0, le=32)
    """Worker processes of the local pool; 0 runs the API alone (jobs wait in the queue)."""
    upload_cap_bytes: int = Field(50 * 1024 * 1024, ge=1024)
    """A request body larger than this is refused with 413 while it streams in."""
    queue_cap: int = Field(10, ge=1, le=10_000)
    """Queued + running jobs per token (the tokens this service creates get it)."""
    max_correction_passes: int = Field(2, ge=0, le=2)
    """Server policy: a request asking for more correction passes is a 422."""
    job_timeout_s: float = Field(600.0, gt=0)
    """Hard limit of one job: its worker's engines are killed, then the worker itself."""
    timeout_grace_s: float = Field(10.0, gt=0)
    """After the hard limit killed a job's engines: how long it may take to return before the
    worker process itself is ended."""
    lease_s: float = Field(20.0, ge=1.0)
    """A claimed job's lease; the worker's heartbeat renews it every lease_s / 4."""
    max_attempts: int = Field(2, ge=1, le=10)
    """A job whose worker dies this many times is failed, not retried again."""
    engine_restart_jobs: int = Field(25, ge=1)
    """A worker restarts Chromium and LibreOffice after this many jobs."""
    recycle_jobs: int = Field(500, ge=1)
    """Celery mode: a pool process is replaced after this many jobs
    (``worker_max_tasks_per_child``: Python's own memory); its engines restart more often
    (``engine_restart_jobs``) while it keeps what it learnt of the templates."""
    supervise_s: float = Field(2.0, gt=0)
    """How often the supervisor checks workers, expires leases and reaps orphans."""
    retry_after_s: int = Field(10, ge=1)
    """Retry-After of a 429 (queue full)."""
    sse_poll_s: float = Field(0.3, ge=0.05, le=5.0)
    sse_ping_s: float = Field(15.0, gt=0)
    broker: str | None = None
    """A Celery broker URL (``redis://host:6379/0``): jobs run as Celery tasks on
    ``pptxagent worker`` processes (any machine) instead of the local pool."""
    file_store: str | None = None
    """Where files travel between machines in Celery mode (``s3://bucket/prefix`` or
    ``file:///shared/folder``: ``store.files``)."""
    log_dir: Path | None = None
    """Workers log here (``<name>.log``, their output too) instead of to the terminal (a
    batch keeps its terminal for its progress)."""
    test_hooks: bool = False
    """Honour the test-only hooks (``$PPTXAGENT_TEST_HOOKS=1``): never in production."""

    @model_validator(mode="after")
    def _absolute_dir(self) -> ServiceConfig:
        object.__setattr__(self, "data_dir", self.data_dir.expanduser().absolute())
        return self

    @property
    def database_url(self) -> str | None:
        """The URL the store opens (None: its SQLite file in ``data_dir``)."""
        return self.db_url or os.environ.get(DB_ENV) or None

    @property
    def run_dir(self) -> Path:
        """Pid files of the workers and their engines (for the reaper)."""
        return self.data_dir / "run"

    @property
    def jobs_dir(self) -> Path:
        """Per-job scratch directories of the workers."""
        return self.data_dir / "jobs"

    @property
    def uploads_dir(self) -> Path:
        return self.data_dir / "uploads"

    @classmethod
    def from_env(cls, **overrides: Any) -> ServiceConfig:
        """Defaults, then ``PPTXAGENT_*`` variables, then explicit overrides (None = unset)."""
        values: dict[str, Any] = {}
        for var, name in _ENV_FIELDS.items():
            raw = os.environ.get(var)
            if raw:
                values[name] = raw
        if os.environ.get(TEST_HOOKS_ENV) == "1":
            values["test_hooks"] = True
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls.model_validate(values)
