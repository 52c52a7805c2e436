"""The one job interface, two implementations. Jobs live in the store (the database is the
only truth for their state); a backend only makes them run:

- ``LocalJobs`` (the default, nothing to set up): the worker pool of this machine
  (``service.pool``), whose workers claim queued jobs; ``dispatch`` wakes an idle one.
- ``CeleryJobs`` (many machines): ``dispatch`` sends one Celery task per job to the broker
  (Redis); ``pptxagent worker`` processes on any machine take them and run each job with the
  same ``Worker`` against the shared database (``service.celery_app``).

The API and ``pptxagent batch`` call ``job_backend`` and never know which one runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pptxagent.service.celery_app import make_app, send_jobs
from pptxagent.service.config import ServiceConfig
from pptxagent.service.pool import WorkerPool, stop_quietly
from pptxagent.service.wake import wake_workers
from pptxagent.store import Store


class JobBackend(Protocol):
    def start(self) -> None: ...

    def stop(self) -> None: ...

    def dispatch(self, job_ids: Sequence[str]) -> None:
        """Jobs just queued in the store: have them run."""
        ...


class LocalJobs:
    def __init__(self, cfg: ServiceConfig, store: Store) -> None:
        self.cfg = cfg
        self.pool = WorkerPool(cfg, store) if cfg.workers > 0 else None

    def start(self) -> None:
        if self.pool is not None:
            self.pool.start()

    def stop(self) -> None:
        stop_quietly(self.pool)

    def dispatch(self, job_ids: Sequence[str]) -> None:
        wake_workers(self.cfg.run_dir)  # an idle worker claims it now, not at its next poll


class CeleryJobs:
    def __init__(self, cfg: ServiceConfig) -> None:
        assert cfg.broker is not None
        self.cfg = cfg
        self.app = make_app(cfg)

    def start(self) -> None:
        return None

    def stop(self) -> None:
        self.app.close()

    def dispatch(self, job_ids: Sequence[str]) -> None:
        send_jobs(self.app, job_ids)


def job_backend(cfg: ServiceConfig, store: Store) -> LocalJobs | CeleryJobs:
    return CeleryJobs(cfg) if cfg.broker else LocalJobs(cfg, store)


__all__ = ["CeleryJobs", "JobBackend", "LocalJobs", "job_backend"]
