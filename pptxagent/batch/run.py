"""Run a planned batch: a journal in OUTDIR, the records as jobs of the warm worker pool, the
report.

The journal is the job store (``pptxagent.store``, SQLite in ``OUTDIR/.pptxagent-batch``):
each record is a job of kind ``record`` keyed by its content, the template's hash, the
options and its file name. The pool is the service's (``service.pool``): N worker processes
that keep Chromium and LibreOffice warm, claim jobs with a lease, restart their engines every
N records and after any timeout, fail a record past its time limit, and retry once a record
whose worker died (then fail it: it never loops). A rerun skips what is done, redoes what a
killed batch left unfinished, and with ``--retry-failed`` what failed. Every deck is written
to a temporary file and renamed: nothing half-written, even after ``kill -9``.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shlex
import shutil
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import Any

from pptxagent.batch.places import LocalPlaces, RemotePlaces, review_dir
from pptxagent.batch.plan import BatchPlan, Planned
from pptxagent.batch.report import counts, write_review, write_summary
from pptxagent.errors import InputError
from pptxagent.service.config import TEST_HOOKS_ENV, ServiceConfig
from pptxagent.service.jobs import job_backend
from pptxagent.store import JobRow, Store

JOURNAL = ".pptxagent-batch"
KIND = "record"
ABANDONED = "abandoned: the batch ended before this record did"
CANCELLED = "cancelled"
POLL_S = 0.2
LOOKBACK = 200
"""A progress read starts this many event ids before the newest it saw (ids committed out of
order by concurrent workers)."""
SWEEP_S = 5.0
"""Every this often the batch also reads every pending job (a backstop of the cursor)."""
RowSink = Callable[[dict[str, Any]], None]


@dataclass
class Outcome:
    rows: list[dict[str, Any]]
    interrupted: bool = False
    skipped: int = 0
    ran: int = 0

    @property
    def exit_code(self) -> int:
        if self.interrupted:
            return 130
        c = counts(self.rows)
        return 1 if c["degraded"] or c["failed"] else 0


@contextlib.contextmanager
def _locked(journal: Path) -> Iterator[None]:
    journal.mkdir(parents=True, exist_ok=True)
    with (journal / "lock").open("w") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InputError(f"{journal.parent}: another batch is running on this folder"
                             ) from None
        yield


def _clean_leftovers(outdir: Path) -> None:
    """Temporary files a killed batch left (``.name.pptx.XXXX.tmp``)."""
    for tmp in outdir.glob(".*.pptx.*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()


def _row(p: Planned, job: JobRow | None) -> dict[str, Any]:
    base = {"number": p.record.number, "where": p.record.where, "file": p.name or None}
    if p.error is not None:
        return {**base, "file": None, "label": "failed", "seconds": 0.0, "issues": 0,
                "error": p.error}
    if job is None:
        return {**base, "label": "failed", "seconds": 0.0, "issues": 0, "error": "not run"}
    if job.status == "succeeded" and job.result:
        return {**base, **job.result}
    err = job.error or {}
    message = str(err.get("message") or err.get("reason") or "failed")
    if not message.startswith("record "):
        message = f"record {p.record.number} ({p.record.where}): {message}"
    return {**base, "label": "failed", "seconds": err.get("seconds", 0.0), "issues": 0,
            "error": message}


def _merge_rows(plan: BatchPlan, job: JobRow | None) -> list[dict[str, Any]]:
    """Merge: the one deck's result spread over its records (a slide range each)."""
    rows: list[dict[str, Any]] = []
    lead = next((p for p in plan.records if p.error is None), None)
    deck = _row(lead, job) if job is not None and lead is not None else None
    first = 1
    for p in plan.records:
        if p.error is not None or deck is None:
            rows.append(_row(p, None if deck is None else job))
            continue
        mine = range(first, first + p.slides)
        first += p.slides
        slides = [s for s in deck.get("slides") or [] if s.get("index") in mine]
        issues = [i for i in deck.get("open_issues") or [] if i.get("slide") in mine]
        quality = [s.get("quality") for s in slides]
        label = deck.get("label") if deck.get("label") == "failed" else (
            "degraded" if "degraded" in quality else "success_with_warnings"
            if "success_with_warnings" in quality else "success_clean")
        rows.append({"number": p.record.number, "where": p.record.where, "file": p.name,
                     "label": label, "seconds": deck.get("seconds"), "issues": len(issues),
                     "slides": slides, "open_issues": issues, "error": deck.get("error"),
                     "slide_range": [mine.start, mine.stop - 1],
                     "qa": [i for i in deck.get("qa") or [] if i.get("slide") in mine],
                     "slide_px": deck.get("slide_px"),
                     "thumbnails": [t for n, t in enumerate(deck.get("thumbnails") or [], 1)
                                    if n in mine],
                     "before": {n: t for n, t in (deck.get("before") or {}).items()
                                if int(n) in mine}})
    return rows


def _merge_key(plan: BatchPlan) -> str:
    """Merge: the one job's key (every good record carries it)."""
    return next((p.key for p in plan.records if p.error is None), "")


class _Interrupt:
    """Ctrl-C (or SIGTERM): stop taking records; the ones in flight finish."""

    def __init__(self) -> None:
        self.flag = threading.Event()
        self.again = threading.Event()
        """A second Ctrl-C: do not wait for the records in flight."""
        self._old: dict[int, Any] = {}

    def __enter__(self) -> _Interrupt:
        for sig in (signal.SIGINT, signal.SIGTERM):
            self._old[sig] = signal.signal(sig, self._handle)
        return self

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.flag.is_set():
            self.again.set()
        self.flag.set()

    def __exit__(self, *exc: object) -> None:
        for sig, old in self._old.items():
            signal.signal(sig, old)


def _requests(plan: BatchPlan, journal: Path, todo: list[Planned], places: LocalPlaces
              ) -> list[dict[str, Any]]:
    opts = plan.opts
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for p in todo:
        if p.key in seen:  # merge: one job for every record
            continue
        seen.add(p.key)
        shutil.rmtree(review_dir(journal, p.record.number), ignore_errors=True)
        content = plan.merged if opts.merge else p.content
        out.append({"kind": KIND, "number": p.record.number, "where": p.record.where,
                    "template": places.template(), "content": content,
                    "out": places.out(p.name), "key": p.key,
                    "profile": opts.profile, "strict": opts.strict,
                    "settings": opts.settings, "review_dir": places.review(p.record.number),
                    "columns": p.columns})
    return out


def _done(job: JobRow | None, p: Planned, outdir: Path, retry_failed: bool,
          places: LocalPlaces) -> bool:
    """Whether the journal's last job of a record stands (nothing to run again)."""
    if job is None:
        return False
    if job.status == "succeeded":
        return (outdir / p.name).is_file() or places.recover(p.name, p.record.number)
    if job.status == "failed":
        reason = str((job.error or {}).get("reason", ""))
        return not retry_failed and reason not in (ABANDONED, CANCELLED)
    return False


def run_batch(plan: BatchPlan, on_start: Callable[[int, list[dict[str, Any]], int], None],
              on_row: RowSink) -> Outcome:
    """Run ``plan``: ``on_start(total, rows known at once, records already done)``, then
    ``on_row`` as each record finishes."""
    opts = plan.opts
    outdir = opts.outdir
    if outdir.exists() and not outdir.is_dir():
        raise InputError(f"-o {outdir}: is a file; give a folder")
    journal = outdir / JOURNAL
    outdir.mkdir(parents=True, exist_ok=True)
    with _locked(journal):
        _clean_leftovers(outdir)
        store = Store(opts.database_url if opts.broker else None, data_dir=journal)
        store.migrate()
        name = journal_name(outdir)
        token = store.token_id(store.create_token("batch", max_queued=2**31 - 1,
                                                  plaintext=name))
        assert token is not None
        places = _places(plan, journal, name)
        store.give_up_active(token, KIND, ABANDONED)
        last: dict[str, JobRow] = {}
        for job in store.jobs_of(token, KIND):
            last[str(job.request.get("key"))] = job
        todo = [p for p in plan.records if p.error is None
                and not _done(last.get(p.key), p, outdir, opts.retry_failed, places)]
        keep = {p.key for p in todo}
        skipped = [p for p in plan.records if p.error is None and p.key not in keep]
        bad = [p for p in plan.records if p.error is not None]  # error rows from the start
        early = [r for r in (_merge_rows(plan, last.get(_merge_key(plan)))
                             if opts.merge and not todo else
                             [_row(p, last.get(p.key)) for p in [*skipped, *bad]]) if r]
        on_start(len(plan.records), early, len(skipped))
        requests = _requests(plan, journal, todo, places)
        ids = store.submit_many(token, KIND, requests) if todo else []
        jobs = _drive(plan, store, token, ids, on_row, journal, places) if ids else ({}, False)
        by_key = {**last, **{str(j.request.get("key")): j for j in jobs[0].values()}}
        store.close()
    rows = (_merge_rows(plan, by_key.get(_merge_key(plan))) if opts.merge
            else [_row(p, by_key.get(p.key)) for p in plan.records])
    lead = next((p.record.number for p in plan.records if p.error is None), 0)
    for row in rows:  # the worker names them in its job's review folder
        folder = review_dir(journal, lead if opts.merge else int(row["number"]))
        row["thumbnails"] = [str(folder / t) for t in row.get("thumbnails") or []]
        row["before"] = {n: str(folder / t) for n, t in (row.get("before") or {}).items()}
    meta = {"template": str(opts.template), "data": str(opts.data),
            "profile": opts.profile, "merge": opts.merge}
    write_summary(outdir, rows, meta)
    write_review(outdir, rows, meta)
    return Outcome(rows, interrupted=jobs[1], skipped=len(skipped), ran=len(ids))


def pool_config(journal: Path, jobs: int, n: int, timeout_s: float, restart_every: int,
                broker: str | None, database_url: str | None) -> ServiceConfig:
    """The worker pool a batch (or ``pptxagent eval``) runs its jobs on."""
    return ServiceConfig(data_dir=journal, workers=max(1, min(jobs, n)),
                         job_timeout_s=timeout_s, engine_restart_jobs=restart_every,
                         max_attempts=2, lease_s=20.0, supervise_s=1.0,
                         timeout_grace_s=10.0, log_dir=journal / "logs", broker=broker,
                         db_url=database_url if broker else None,
                         test_hooks=os.environ.get(TEST_HOOKS_ENV) == "1")


def drive(cfg: ServiceConfig, store: Store, token: int, kind: str, ids: list[str],
          on_job: Callable[[JobRow], JobRow]) -> tuple[dict[str, JobRow], bool]:
    """Run the submitted jobs (the local pool, or Celery) until every one has finished (or
    Ctrl-C: queued jobs are cancelled, the ones in flight finish; a second Ctrl-C stops
    waiting). ``on_job`` sees each finished job once and returns the job to keep."""
    backend = job_backend(cfg, store)
    finished: dict[str, JobRow] = {}
    pending = list(ids)
    interrupted = False
    cursor, swept = store.last_event_id(), time.monotonic()
    with _Interrupt() as stop:
        backend.start()
        try:
            backend.dispatch(ids)
            while pending and not stop.again.is_set():
                if stop.flag.is_set() and not interrupted:
                    interrupted = True
                    store.cancel_queued(token, kind, CANCELLED)
                # What finished since the last read; every SWEEP_S, every pending job.
                seen, newest = store.finished_since(token, kind, max(0, cursor - LOOKBACK))
                cursor = max(cursor, newest)
                if time.monotonic() - swept > SWEEP_S:
                    seen, swept = seen + store.jobs_by_id(pending), time.monotonic()
                wanted = set(pending)
                for job in seen:
                    if job.terminal and job.id in wanted and job.id not in finished:
                        if interrupted and (job.error or {}).get("reason") == CANCELLED:
                            finished[job.id] = job
                        else:
                            finished[job.id] = on_job(job)
                pending = [i for i in pending if i not in finished]
                if pending:
                    stop.flag.wait(POLL_S) if not interrupted else time.sleep(POLL_S)
        finally:
            backend.stop()
    return finished, interrupted


def _drive(plan: BatchPlan, store: Store, token: int, ids: list[str], on_row: RowSink,
           journal: Path, places: LocalPlaces) -> tuple[dict[str, JobRow], bool]:
    """The batch's jobs on the pool; each finished deck is brought into OUTDIR as it is
    seen and reported."""
    opts = plan.opts
    cfg = pool_config(journal, opts.jobs, len(ids), opts.timeout_s, opts.restart_every,
                      opts.broker, opts.database_url)
    planned = {p.key: p for p in plan.records if p.key}

    def seen(job: JobRow) -> JobRow:
        kept = _collected(job, planned, places)
        _report(plan, planned, kept, on_row)
        return kept

    return drive(cfg, store, token, KIND, ids, seen)


def _collected(job: JobRow, planned: dict[str, Planned], places: LocalPlaces) -> JobRow:
    """A finished job, its deck and thumbnails brought here (Celery mode); a deck that cannot
    be fetched fails the record, saying why."""
    p = planned.get(str(job.request.get("key")))
    if job.status != "succeeded" or p is None or not job.result:
        return job
    try:
        places.collect(job.result, p.name, p.record.number)
    except Exception as exc:  # the file store is down: the record's deck is not here
        return replace(job, status="failed", error={
            "message": f"its deck could not be fetched from the file store "
                       f"({type(exc).__name__}: {exc})"})
    return job


def journal_name(outdir: Path) -> str:
    """The journal's name in a shared store: one per output folder of one machine."""
    where = f"{socket.gethostname()}:{os.path.realpath(outdir)}"
    return "pptxagent-batch-" + hashlib.sha256(where.encode()).hexdigest()[:24]


def _places(plan: BatchPlan, journal: Path, name: str) -> LocalPlaces:
    opts = plan.opts
    if not opts.broker:
        return LocalPlaces(opts.template, opts.outdir, journal)
    assert opts.file_store is not None
    remote = RemotePlaces(opts.template, opts.outdir, journal, opts.file_store, name,
                          plan.template_sha)
    remote.upload()
    return remote


def _report(plan: BatchPlan, planned: dict[str, Planned], job: JobRow, on_row: RowSink) -> None:
    p = planned.get(str(job.request.get("key")))
    if p is None:
        return
    if plan.opts.merge:
        for row in _merge_rows(plan, job):
            on_row(row)
    else:
        on_row(_row(p, job))


def resume_command(argv: list[str]) -> str:
    """The command that resumes this batch (the same command: the journal skips what is
    done)."""
    return " ".join(shlex.quote(a) for a in argv)


__all__ = ["JOURNAL", "Outcome", "resume_command", "run_batch"]
