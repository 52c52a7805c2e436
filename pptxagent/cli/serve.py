"""``pptxagent serve``: the HTTP API and its local worker pool.

Migrates the database, makes sure a token exists (``$PPTXAGENT_TOKEN`` is registered when set;
otherwise a new token is created on the first start and printed once, to stdout — the database
keeps only its hash, and no log line ever shows a token), starts the worker processes and
uvicorn. SIGTERM or Ctrl-C close the event streams, stop the workers and their engines, exit.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from pptxagent.cli.common import err_console, handle_errors
from pptxagent.service.config import TOKEN_ENV, ServiceConfig
from pptxagent.service.server import build_server
from pptxagent.store import Store


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
@click.option("--job-timeout", type=float, help="Hard limit of one job in seconds.")
@click.option("--queue-cap", type=click.IntRange(1, 10_000),
              help="Queued + running jobs per token for new tokens (default 10).")
@click.option("--log-level", default="info", show_default=True,
              type=click.Choice(["critical", "error", "warning", "info", "debug"]))
@handle_errors
def command(host: str, port: int, data_dir: Path, db_url: str | None, workers: int,
            token_name: str, job_timeout: float | None, queue_cap: int | None,
            log_level: str) -> None:
    """Serve the HTTP API (OpenAPI at /docs) with a local pool of warm workers."""
    cfg = ServiceConfig.from_env(host=host, port=port, data_dir=data_dir, db_url=db_url,
                                 workers=workers, job_timeout_s=job_timeout,
                                 queue_cap=queue_cap)
    store = Store(cfg.database_url, data_dir=cfg.data_dir)
    store.migrate()
    given = os.environ.get(TOKEN_ENV)
    if given:
        store.create_token(token_name, max_queued=cfg.queue_cap, plaintext=given)
        err_console.print(f"pptxagent: using the token from ${TOKEN_ENV}")
    elif store.count_tokens() == 0:
        token = store.create_token(token_name, max_queued=cfg.queue_cap)
        click.echo(f"API token (shown once, store it now): {token}")
    where = "PostgreSQL" if store.is_postgres else f"SQLite in {cfg.data_dir}"
    store.close()
    err_console.print(f"pptxagent: serving http://{cfg.host}:{cfg.port} ({where}, "
                      f"{cfg.workers} worker(s)); API docs at /docs")
    build_server(cfg, log_level=log_level).run()
