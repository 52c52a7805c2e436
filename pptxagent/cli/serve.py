"""``pptxagent serve``: the HTTP API and its local worker pool (or, with ``--broker``, Celery
workers on any machine: ``pptxagent worker``).

The flags are checked here, then the process becomes ``python -m pptxagent.service`` (same
pid, same terminal, same signals: ``pptxagent.service.main``), so the CLI's other commands
never import the web stack. That migrates the database, makes sure a token exists
(``$PPTXAGENT_TOKEN`` is registered when set; otherwise the first start creates one and
prints it once), starts the worker processes and uvicorn. SIGTERM or Ctrl-C close the event
streams, stop the workers and their engines, exit.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click
from pydantic import ValidationError

from pptxagent.cli.common import handle_errors
from pptxagent.errors import SettingError
from pptxagent.service.config import ServiceConfig


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to listen on (127.0.0.1: this machine only).")
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--data-dir", default=Path(".pptxagent"), show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Database (SQLite by default), artifacts and worker files.")
@click.option("--db", "db_url", metavar="URL",
              help="SQLAlchemy database URL, e.g. postgresql://user@host/db "
                   "(default: $PPTXAGENT_DATABASE_URL, else SQLite in --data-dir).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(0, 32),
              help="Worker processes (each keeps Chromium and LibreOffice warm).")
@click.option("--token-name", default="default", show_default=True,
              help="Name of the token created on the first start.")
@click.option("--job-timeout", type=float, help="Hard limit of one job in seconds (600).")
@click.option("--queue-cap", type=click.IntRange(1, 10_000),
              help="Queued + running jobs per token for new tokens (default 10).")
@click.option("--broker", envvar="PPTXAGENT_BROKER", metavar="URL",
              help="Send jobs as Celery tasks to `pptxagent worker` processes "
                   "(redis://host:6379/0) instead of the local pool.")
@click.option("--store", "file_store", envvar="PPTXAGENT_FILE_STORE", metavar="URL",
              help="With --broker: the file store the workers reach (s3://… or file:///…).")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
@handle_errors
def command(host: str, port: int, data_dir: Path, db_url: str | None, workers: int,
            token_name: str, job_timeout: float | None, queue_cap: int | None,
            broker: str | None, file_store: str | None, log_level: str) -> None:
    """Serve the HTTP API (OpenAPI at /docs) with a local pool of warm workers."""
    if broker and not file_store:
        raise SettingError("serve --broker: give the file store the workers reach (--store "
                           "s3://bucket/prefix or file:///shared/folder)")
    try:
        cfg = ServiceConfig.from_env(host=host, port=port, data_dir=data_dir, db_url=db_url,
                                     workers=0 if broker else workers,
                                     job_timeout_s=job_timeout, queue_cap=queue_cap,
                                     broker=broker, file_store=file_store)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SettingError(f"serve: {'.'.join(str(p) for p in err['loc'])}: "
                           f"{err['msg']}") from exc
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, "-m", "pptxagent.service", "--config-json",
                              cfg.model_dump_json(), "--token-name", token_name,
                              "--log-level", log_level])
