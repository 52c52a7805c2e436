"""Jobs as Celery tasks on many machines (``CeleryJobs``; ``pptxagent worker`` runs them).

A task names a job of the shared store (PostgreSQL); the worker that takes it claims that job
with a lease (``Store.claim_job_id``) and runs it with the same ``Worker`` as the local pool:
warm engines, heartbeat, the job's own time limit, its result in the store. The broker only
carries job ids; progress is read from the store, never from a result backend.

Settings (Celery's docs on reliability): ``acks_late`` with ``task_reject_on_worker_lost``
(a task whose worker process died is delivered again), a prefetch of 1 (a long record never
waits behind another on a busy worker), soft and hard time limits above the job's own limit
(backstops: the worker's watchdog ends a job first), ``worker_max_tasks_per_child`` (the
process is replaced every ``recycle_jobs`` jobs; its engines restart every
``engine_restart_jobs`` and after any timeout, as in the local pool, while the process keeps
its template cache), a visibility timeout longer
than the longest job (Redis would otherwise deliver a running task twice). Attempts are
bounded in the store, not by Celery: a job that kills its worker every time fails after
``max_attempts`` and is never run again. Engines start on a process's first task, not when
the pool forks.
"""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Sequence
from typing import Any

from celery import Celery, Task
from celery.signals import worker_process_shutdown

from pptxagent.pipeline.tools import kill_engines
from pptxagent.service.config import ServiceConfig
from pptxagent.service.workers import Worker
from pptxagent.store import Store

QUEUE = "pptxagent"
TASK = "pptxagent.run_job"
CONFIG_ENV = "PPTXAGENT_WORKER_CONFIG"
"""The worker command hands its ``ServiceConfig`` to the pool processes in this variable."""


def celery_settings(cfg: ServiceConfig) -> dict[str, Any]:
    limit, grace = cfg.job_timeout_s, cfg.timeout_grace_s
    return {
        "broker_url": cfg.broker,
        "broker_connection_retry_on_startup": True,
        "broker_transport_options": {"visibility_timeout": int(max(3600.0, 4 * limit))},
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "task_ignore_result": True,
        "task_default_queue": QUEUE,
        "task_serializer": "json",
        "accept_content": ["json"],
        "worker_prefetch_multiplier": 1,
        "task_soft_time_limit": limit + grace,
        "task_time_limit": limit + 2 * grace + 5,
        "worker_max_tasks_per_child": max(cfg.recycle_jobs, cfg.engine_restart_jobs),
        "worker_hijack_root_logger": False,
        "worker_send_task_events": False,
    }


def make_app(cfg: ServiceConfig) -> Celery:
    app = Celery("pptxagent")
    app.conf.update(celery_settings(cfg))
    app.task(name=TASK, bind=True)(_run_job)
    return app


def send_jobs(app: Celery, job_ids: Sequence[str]) -> None:
    for job_id in job_ids:
        app.send_task(TASK, args=[job_id], queue=QUEUE)


_worker: Worker | None = None


def _child() -> Worker:
    """This pool process's ``Worker`` (made on its first task: engines start lazily)."""
    global _worker
    if _worker is None:
        raw = os.environ.get(CONFIG_ENV)
        cfg = ServiceConfig.model_validate(json.loads(raw)) if raw else ServiceConfig.from_env()
        name = f"{socket.gethostname()}-{os.getpid()}"
        _worker = Worker(cfg, name, threading.Event())
    return _worker


def _run_job(task: Task, job_id: str) -> str:
    """A task: claim and run one job; a job another worker still holds (its lease is live) is
    tried again once that lease can have run out."""
    worker = _child()
    outcome: str = worker.run_id(job_id)
    if outcome == "busy":
        raise task.retry(countdown=worker.cfg.lease_s, max_retries=None)
    return outcome


def _engines_down(**_: object) -> None:
    """A pool process leaving (recycled, or the worker stopping) takes its engines along."""
    kill_engines()


worker_process_shutdown.connect(_engines_down, weak=False)


def run_worker(cfg: ServiceConfig, concurrency: int) -> None:
    """``pptxagent worker``: a Celery worker (prefork pool) for our queue, in this process.
    The database is migrated first; its connections are closed before the pool forks."""
    store = Store(cfg.database_url, data_dir=cfg.data_dir, file_store=cfg.file_store)
    store.migrate()
    store.close()
    for folder in (cfg.data_dir, cfg.run_dir, cfg.jobs_dir):
        folder.mkdir(parents=True, exist_ok=True)
    os.environ[CONFIG_ENV] = cfg.model_dump_json()
    app = make_app(cfg)
    app.worker_main(["worker", "-P", "prefork", "-c", str(concurrency), "-Q", QUEUE,
                     "-n", f"pptxagent-{os.getpid()}@{socket.gethostname()}",
                     "--loglevel", "INFO", "--without-gossip", "--without-mingle"])


__all__ = ["CONFIG_ENV", "QUEUE", "TASK", "celery_settings", "make_app", "run_worker",
           "send_jobs"]
