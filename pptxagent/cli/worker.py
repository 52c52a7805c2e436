"""``pptxagent worker --broker redis://…``: run jobs (batch records, API jobs) sent as Celery
tasks, on this machine, against the shared database. Start one per machine; each runs
``--concurrency`` processes (default: the cores) that keep Chromium and LibreOffice warm."""

from __future__ import annotations

import os
from pathlib import Path

import click

from pptxagent.cli.common import handle_errors
from pptxagent.service.celery_app import run_worker
from pptxagent.service.config import DB_ENV, ServiceConfig


@click.command("worker")
@click.option("--broker", envvar="PPTXAGENT_BROKER", required=True, metavar="URL",
              help="The Celery broker (redis://host:6379/0).")
@click.option("--database-url", envvar=DB_ENV, required=True, metavar="URL",
              help="The shared database (postgresql+psycopg://…).")
@click.option("--store", "file_store", envvar="PPTXAGENT_FILE_STORE", metavar="URL",
              help="The file store templates and decks travel through (s3://… or file:///…).")
@click.option("--data-dir", type=click.Path(path_type=Path, file_okay=False),
              default=Path(".pptxagent-worker"), show_default=True,
              help="This machine's own folder: job scratch, templates fetched, logs.")
@click.option("-c", "--concurrency", type=click.IntRange(1, 64), default=None,
              help="Processes (default: the cores).")
@click.option("--timeout", "timeout_s", type=click.FloatRange(1, 86400), default=600.0,
              show_default=True, help="Seconds one job may take.")
@click.option("--restart-every", type=click.IntRange(1, 100000), default=25, show_default=True,
              help="Jobs after which a process restarts its engines.")
@click.option("--recycle-every", type=click.IntRange(1, 1000000), default=500,
              show_default=True, help="Jobs after which a process is replaced.")
@handle_errors
def command(broker: str, database_url: str, file_store: str | None, data_dir: Path,
            concurrency: int | None, timeout_s: float, restart_every: int,
            recycle_every: int) -> None:
    """Run pptxagent jobs from a Celery broker (one per machine)."""
    cfg = ServiceConfig.from_env(data_dir=data_dir, db_url=database_url, broker=broker,
                                 file_store=file_store, job_timeout_s=timeout_s,
                                 engine_restart_jobs=restart_every,
                                 recycle_jobs=recycle_every)
    run_worker(cfg, concurrency or os.cpu_count() or 1)
