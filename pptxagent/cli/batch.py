"""``pptxagent batch TEMPLATE.pptx DATA -o OUTDIR``: one template × every record of a
spreadsheet (CSV, XLSX, JSON Lines, a JSON array), every deck checked, resumable.

Prints a live bar (rate, ETA, counts per label) on a terminal, or ``--json``: one JSON line
per finished record. Ctrl-C stops taking records, lets the ones in flight finish (a second
Ctrl-C does not wait), writes the summary of what is done and prints the command that
resumes. Exit 0: every record clean or with warnings; 1: some record degraded or failed; 2:
the input as a whole is bad (nothing written); 130: interrupted.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from pptxagent.batch.plan import BatchOptions, check_remote, plan_batch
from pptxagent.batch.report import counts, public
from pptxagent.batch.run import Outcome, resume_command, run_batch
from pptxagent.cli.common import handle_errors
from pptxagent.service.config import DB_ENV
from pptxagent.settings import Settings

_err = Console(stderr=True, highlight=False, soft_wrap=True)
_SHORT = {"success_clean": "clean", "success_with_warnings": "warnings",
          "degraded": "degraded", "failed": "failed"}


class _Display:
    """The live bar, or JSON lines (``--json``), as records finish."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json
        self.rows: list[dict[str, Any]] = []
        self.bar: Progress | None = None
        self.task: TaskID | None = None

    def _counts(self) -> str:
        c = counts(self.rows)
        return "  ".join(f"{_SHORT[k]} {v}" for k, v in c.items())

    def start(self, total: int, done: list[dict[str, Any]], resumed: int) -> None:
        self.rows = list(done)
        if resumed:
            _err.print(f"resuming: {resumed} of {total} record(s) already done", markup=False)
        if self.as_json:
            return
        self.bar = Progress(TextColumn("[bold]batch"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
                            TextColumn("eta"), TimeRemainingColumn(),
                            TextColumn("{task.fields[counts]}"), console=_err,
                            transient=False)
        self.bar.start()
        self.task = self.bar.add_task("batch", total=total, completed=len(done),
                                      rate="", counts=self._counts())

    def row(self, row: dict[str, Any]) -> None:
        self.rows.append(row)
        if self.as_json:
            click.echo(json.dumps(public(row), ensure_ascii=False))
            return
        if self.bar is not None and self.task is not None:
            task = self.bar.tasks[0]
            speed = task.speed or 0.0
            self.bar.update(self.task, advance=1, counts=self._counts(),
                            rate=f"{speed:.2f}/s" if speed else "")

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _close(outcome: Outcome, outdir: Path) -> None:
    c = counts(outcome.rows)
    _err.print(f"{len(outcome.rows)} record(s): " + ", ".join(f"{v} {_SHORT[k]}"
                                                             for k, v in c.items())
               + f" ({outcome.ran} run, {outcome.skipped} already done)", markup=False)
    _err.print(f"summary: {outdir / 'summary.csv'}, {outdir / 'summary.json'}; "
               f"review: {outdir / 'review.html'}", markup=False)


@click.command("batch")
@click.argument("template", type=click.Path(path_type=Path, dir_okay=False))
@click.argument("data", type=click.Path(path_type=Path, dir_okay=False))
@click.option("-o", "--out", "outdir", required=True, type=click.Path(path_type=Path),
              help="The folder for the decks, summary.csv/json, review.html and the journal.")
@click.option("--sheet", help="The XLSX sheet to read (default: the first).")
@click.option("--content", "content", type=click.Path(path_type=Path, dir_okay=False),
              help="A content.json every record shares; {{column}} values come from the record.")
@click.option("--name", "name", metavar="PATTERN",
              help='File name per record, e.g. "{client}-{period}.pptx" (default: 0001.pptx …).')
@click.option("--merge", is_flag=True, help="One deck: the template's slides once per record.")
@click.option("--profile", type=click.Choice(["fast", "balanced", "high_fidelity"]),
              default="balanced", show_default=True,
              help="fast: no LibreOffice cross-check; high_fidelity: a degraded record is "
                   "filled again with a correction pass's settings.")
@click.option("-j", "--jobs", type=click.IntRange(1, 32), default=None,
              help="Worker processes (default: the cores).")
@click.option("--strict", is_flag=True,
              help="A missing value fails its record; a column that names no token is bad input.")
@click.option("--retry-failed", is_flag=True, help="Run the records that failed last time again.")
@click.option("--timeout", "timeout_s", type=click.FloatRange(1, 86400), default=300.0,
              show_default=True, help="Seconds one record may take.")
@click.option("--restart-every", type=click.IntRange(1, 100000), default=25, show_default=True,
              help="Records after which a worker restarts its engines.")
@click.option("--set", "sets", multiple=True, metavar="NAME=VALUE", help="Override a setting.")
@click.option("--json", "as_json", is_flag=True, help="One JSON line per finished record.")
@click.option("--broker", envvar="PPTXAGENT_BROKER", metavar="URL",
              help="Run the records as Celery tasks on `pptxagent worker` processes "
                   "(redis://host:6379/0) instead of a local pool.")
@click.option("--database-url", envvar=DB_ENV, metavar="URL",
              help="With --broker: the shared database (postgresql+psycopg://…) the workers use.")
@click.option("--store", "file_store", envvar="PPTXAGENT_FILE_STORE", metavar="URL",
              help="With --broker: where templates and decks travel (s3://bucket/prefix or "
                   "file:///shared/folder).")
@handle_errors
def command(template: Path, data: Path, outdir: Path, sheet: str | None,
            content: Path | None, name: str | None, merge: bool, profile: str,
            jobs: int | None, strict: bool, retry_failed: bool, timeout_s: float,
            restart_every: int, sets: tuple[str, ...], as_json: bool, broker: str | None,
            database_url: str | None, file_store: str | None) -> None:
    """Fill TEMPLATE.pptx once per record of DATA (CSV, XLSX, JSON Lines or a JSON array)
    into OUTDIR, checking every deck; rerun the same command to resume."""
    opts = BatchOptions(
        template=template, data=data, outdir=outdir, sheet=sheet, content=content,
        name=name, merge=merge, profile=profile,  # type: ignore[arg-type]
        jobs=jobs or os.cpu_count() or 1, strict=strict, retry_failed=retry_failed,
        timeout_s=timeout_s, restart_every=restart_every,
        settings=dict(Settings.parse_pairs(sets)), as_json=as_json, broker=broker,
        database_url=database_url, file_store=file_store)
    if broker:
        check_remote(opts)
    plan = plan_batch(opts)
    display = _Display(as_json)
    try:
        outcome = run_batch(plan, display.start, display.row)
    finally:
        display.stop()
    _close(outcome, outdir)
    if outcome.interrupted:
        argv = ["pptxagent", *sys.argv[1:]]
        _err.print(f"interrupted: the decks done are kept. Resume with:\n  "
                   f"{resume_command(argv)}", markup=False)
    sys.exit(outcome.exit_code)
