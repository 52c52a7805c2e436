"""One worker process of the local pool: claim a job from the database, run it, store the result.

A worker is a ``multiprocessing`` *spawn* child of the server. It keeps Chromium and
LibreOffice warm across jobs through the process-wide engines, claims jobs atomically with a
lease (``Store.claim_job``) and renews it from a heartbeat thread, runs
``pptxagent.agent.run_job`` with a ``ToolRunner`` whose audit writes ``tool_runs`` (plus a
``tool`` event naming the row) and whose ``ctx.emit`` writes ``job_events``, and stores a
succeeded job's deck as a new version with its quality report.

Limits: a job running past ``job_timeout_s`` is failed, the worker's engines are killed (the
blocked call fails at once) and, if the job still does not return within a short grace, the
worker exits (the supervisor starts a new one and reaps what it left). Engines restart after
``engine_restart_jobs`` jobs and after any timeout. The worker leaves when the server asks
(``stop``) or dies (parent gone).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import signal
import threading
import time
import traceback
from pathlib import Path
from typing import Any

from pptxagent.agent.core import AuditRecord, ToolContext, ToolResult
from pptxagent.agent.job import JobRequest, run_job
from pptxagent.agent.record import run_record
from pptxagent.agent.runner import ToolRunner, in_lane, lane
from pptxagent.agent.tools_qa import REGISTRY
from pptxagent.engines.chromium import get_chromium
from pptxagent.engines.libreoffice import get_libreoffice
from pptxagent.engines.reset import kill_engines
from pptxagent.service import hooks
from pptxagent.service.config import ServiceConfig
from pptxagent.service.names import labels_of, report_title
from pptxagent.service.reaper import SERVICE_VAR, WORKER_VAR
from pptxagent.service.staging import deliver, staged
from pptxagent.service.story import keep_pictures
from pptxagent.service.wake import API, Listener, wake
from pptxagent.store import Store, ToolRunRecord
from pptxagent.store.records import JobRow

log = logging.getLogger("pptxagent.worker")

IDLE_POLL_S = 0.5
MEDIA = {".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
         ".json": "application/json", ".png": "image/png", ".pdf": "application/pdf"}
EXIT_HUNG = 75


class Heartbeat:
    """Renews the lease of the running job every ``lease_s / 4`` seconds; records the worker's
    engine pids in its pid file on the way (for the supervisor)."""

    def __init__(self, store: Store, job_id: str, worker: str, lease_s: float,
                 mute: threading.Event) -> None:
        self._store, self._job, self._worker, self._lease = store, job_id, worker, lease_s
        self._stop = threading.Event()
        self._mute = mute
        self.lost = False
        self._thread = threading.Thread(target=self._run, name="pptxagent-heartbeat", daemon=True)

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        while not self._stop.wait(self._lease / 4):
            try:
                if not self._store.heartbeat(self._job, self._worker, self._lease):
                    self.lost = True  # expired and handed on, or finished by the watchdog
                    self._mute.set()
                    return
            except Exception:  # a database hiccup: the next beat tries again
                log.warning("heartbeat of job %s failed", self._job, exc_info=True)


class Watchdog:
    """The job's hard time limit: fail the job, kill the engines, and as a last resort the
    worker itself when the job does not return after that."""

    def __init__(self, store: Store, job_id: str, worker: str, timeout_s: float,
                 mute: threading.Event, grace_s: float) -> None:
        self._store, self._job, self._worker, self._timeout = store, job_id, worker, timeout_s
        self._grace = grace_s
        self._done = threading.Event()
        self._mute = mute
        self.fired = False
        self._thread = threading.Thread(target=self._run, name="pptxagent-watchdog", daemon=True)

    def __enter__(self) -> Watchdog:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()

    def _run(self) -> None:
        if self._done.wait(self._timeout):
            return
        self.fired = True
        self._mute.set()  # what the job still says after this is not recorded
        reason = f"timed out after {self._timeout:g} s (hard job limit); engines killed"
        with contextlib.suppress(Exception):
            self._store.add_event(self._job, "job.timeout", {"timeout_s": self._timeout},
                                  severity="error")
            self._store.finish_job(self._job, self._worker, ok=False,
                                   error={"kind": "timeout", "message": reason})
        kill_engines()
        hooks.release()
        if not self._done.wait(self._grace):
            log.error("job %s did not return %g s after its engines were killed: worker exits",
                      self._job, self._grace)
            os._exit(EXIT_HUNG)


class Worker:
    """The claim → run → store loop of one worker process."""

    def __init__(self, cfg: ServiceConfig, name: str, stop: threading.Event) -> None:
        self.cfg, self.name, self._stop = cfg, name, stop
        self.store = Store(cfg.database_url, data_dir=cfg.data_dir, file_store=cfg.file_store)
        self.jobs_done = 0
        self._data_prefix = str(cfg.data_dir.resolve())
        self._timeout_seen = False
        self._mute = threading.Event()
        """Set once the running job is no longer ours to record (timed out, lease lost)."""
        self._runs: dict[tuple[str, int], int] = {}
        """(tool, attempt) → tool_runs id, between the audit and its tool.finished event."""
        self._parent = os.getppid()
        self._wake = Listener(cfg.run_dir, name)

    def warm_up(self) -> None:
        """Start Chromium (in the tools' thread, where the tools will use it) and LibreOffice
        in the background: the worker claims jobs meanwhile, a first job waits for them."""
        lane().submit(_start_chromium)
        with contextlib.suppress(Exception):
            get_libreoffice().start_background()

    def loop(self) -> None:
        # No PR_SET_PDEATHSIG: it fires when the *thread* that spawned the worker ends (a
        # thread-pool thread of the server), not the server. The parent is checked instead.
        while not self._stop.is_set() and os.getppid() == self._parent:
            job = self.store.claim_job(self.name, self.cfg.lease_s)
            if job is None:
                self._wake.wait(IDLE_POLL_S)  # a queued job wakes it (``service.wake``)
                continue
            self.run(job)
            self._after_job()

    def run_id(self, job_id: str) -> str:
        """One given job (a Celery task): ``ran``, or why not (``Store.claim_job_id``)."""
        got = self.store.claim_job_id(job_id, self.name, self.cfg.lease_s)
        if isinstance(got, str):
            return got
        self.run(got)
        self._after_job()
        return "ran"

    def _after_job(self) -> None:
        self.jobs_done += 1
        if self._timeout_seen or self.jobs_done % self.cfg.engine_restart_jobs == 0:
            kill_engines()  # fresh Chromium and LibreOffice for the next job
            self._timeout_seen = False

    def _audit(self, job: JobRow, workdir: Path, rec: AuditRecord) -> None:
        """A tool run: its output files into the artifact store, its ``tool_runs`` row (with
        their sha256), then the event that names the row (the runner's ``tool.finished``, or
        ``tool.refused`` for an input refused unrun)."""
        if self._mute.is_set():
            return
        job_id = job.id
        kept = self._keep_outputs(job, workdir, rec.artifacts)
        row = self.store.record_tool_run(
            job_id, ToolRunRecord(**{**rec.model_dump(), "artifacts": kept}))
        if rec.status == "timeout":
            self._timeout_seen = True
        if rec.started:
            self._runs[(rec.tool, rec.attempt)] = row
        else:
            self.store.add_event(job_id, "tool.refused", {
                "tool_run_id": row, "tool": rec.tool, "status": rec.status,
                "error": rec.error}, stage=rec.tool, severity="warning")

    def _keep_outputs(self, job: JobRow, workdir: Path, artifacts: dict[str, str]
                      ) -> dict[str, str]:
        """name → sha256 of every output file under the job's work folder (kept after the
        folder is gone; downloadable by the job's token at ``/api/files/{sha}``)."""
        kept: dict[str, str] = {}
        root = workdir.resolve()
        for name, value in artifacts.items():
            path = Path(value).resolve()
            if path.is_file() and path.is_relative_to(root):
                kept[name] = self.store.put_artifact(
                    path, kind=f"tool:{name}"[:40], token_id=job.token_id,
                    media_type=MEDIA.get(path.suffix.lower(), "application/octet-stream"))
        return kept

    def _emit(self, job_id: str, kind: str, data: dict[str, Any]) -> None:
        if self._mute.is_set():
            return
        if kind == "tool.finished":
            row = self._runs.pop((str(data.get("tool")), int(data.get("attempt") or 0)), None)
            data = {**data, "tool_run_id": row}
        bad = data.get("ok") is False or data.get("status") in ("error", "timeout", "invalid")
        data = redact(data, self._data_prefix)
        self.store.add_event(job_id, kind, data, stage=str(data.get("tool") or ""),
                             severity="warning" if bad else "info")
        wake(self.cfg.run_dir, [API])  # the event streams send it now
        if self.cfg.test_hooks:
            hooks.on_event(kind, data)

    def run(self, job: JobRow) -> None:
        workdir = self.cfg.jobs_dir / job.id / f"attempt-{job.attempts}"
        shutil.rmtree(workdir, ignore_errors=True)
        workdir.mkdir(parents=True)
        self._mute.clear()
        self._runs.clear()
        with Heartbeat(self.store, job.id, self.name, self.cfg.lease_s, self._mute) as beat, \
                Watchdog(self.store, job.id, self.name, self.cfg.job_timeout_s, self._mute,
                         self.cfg.timeout_grace_s) as dog:
            try:
                if self.cfg.test_hooks:
                    hooks.arm(job.request)
                result, error = self._run_job(job, workdir)
            except Exception as exc:  # a crash is a bug, but it must not leave the job running
                log.exception("job %s crashed", job.id)
                result, error = None, {"kind": "internal", "message": f"{type(exc).__name__}: "
                                       f"{exc}", "trace": traceback.format_exc()[-2000:]}
            finally:
                hooks.disarm()
        if dog.fired:
            self._timeout_seen = True
            return  # the watchdog already failed the job
        if beat.lost:
            log.warning("job %s: lease lost while running; result dropped", job.id)
            return
        self.store.finish_job(job.id, self.name, ok=error is None,
                              result=redact(result, self._data_prefix),
                              error=redact(error, self._data_prefix))
        wake(self.cfg.run_dir, [API])
        if error is None:
            shutil.rmtree(self.cfg.jobs_dir / job.id, ignore_errors=True)

    def _run_tool(self, job: JobRow, runner: ToolRunner, ctx: ToolContext
                  ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """A ``kind: "tool"`` job: one call through the runner, which validates the input
        (refused input: audited ``started: false``, the tool never runs)."""
        name, raw = str(job.request.get("tool")), job.request.get("input")
        res = runner.run(name, raw if isinstance(raw, dict) else {}, ctx)
        out = {"tool": name, "ok": res.ok, "summary": res.summary, "metrics": res.metrics,
               "warnings": res.warnings, "worker": self.name}
        if res.ok:
            return out, None
        return None, {"kind": "tool", "message": res.error or res.summary, **out}

    def _run_job(self, job: JobRow, workdir: Path
                 ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        runner = ToolRunner(REGISTRY, lambda rec: self._audit(job, workdir, rec))
        ctx = ToolContext(workdir=workdir,
                          emit=lambda kind, data: self._emit(job.id, kind, data))
        if job.request.get("kind") == "tool":
            return self._run_tool(job, runner, ctx)
        if job.request.get("kind") == "record":  # a batch record: one whole fill
            if self.cfg.test_hooks:
                hooks.on_event("step.started", {"tool": "record"})
            with staged(job.request, workdir, self.cfg.data_dir / "templates") as request:
                row, ok = in_lane(lambda: run_record(request, workdir))
                if ok:
                    deliver(request, job.request, row)
            return ({**row, "worker": self.name}, None) if ok else \
                (None, {"kind": "record", "message": row["error"], **row})
        req = build_request(self.store, job.request, workdir)
        started = time.perf_counter()
        outcome = run_job(req, runner, ctx)
        took = time.perf_counter() - started
        if not outcome.ok or outcome.pptx is None:
            return None, {"kind": "job", "message": outcome.error or "the job produced no deck",
                          "plan": outcome.plan}
        report = {**keep_pictures(self.store, job.token_id, workdir, outcome.report or {}),
                  "critic": {"passes": outcome.passes_used, "score": outcome.score,
                             "gates": outcome.gates}}
        version = self.store.add_version(
            job.deck_id, job.id, pptx=outcome.pptx, report=report,
            thumbnails=list(outcome.thumbnails), score=outcome.score,
            passes_used=outcome.passes_used)
        return {"deck_id": job.deck_id, "version": version, "score": outcome.score,
                "passes_used": outcome.passes_used, "seconds": round(took, 3),
                "worker": self.name, "plan_steps": len(outcome.plan),
                "title": report_title(report), "labels": labels_of(report)}, None


def redact(value: Any, prefix: str) -> Any:
    """``value`` with the server's data folder in every string replaced by ``<data>``: job
    errors and events reach clients, the layout of the server's disk does not."""
    if isinstance(value, str):
        return value.replace(prefix, "<data>") if prefix else value
    if isinstance(value, dict):
        return {k: redact(v, prefix) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v, prefix) for v in value]
    return value


def build_request(store: Store, request: dict[str, Any], workdir: Path) -> JobRequest:
    """The agent's request: the uploaded template (an artifact id) copied into the job's own
    directory under a fixed name; pictures (``assets``: plain name → artifact id, names
    checked by the API) next to the content or outline file they are relative to. Never a
    path a client chose."""
    data = dict(request)
    template: Path | None = None
    sha = data.pop("template_sha", None)
    if sha:
        template = workdir / "template.pptx"
        shutil.copyfile(store.artifacts.path(str(sha)), template)
    assets: dict[str, str] = data.pop("assets", None) or {}
    if assets:
        inputs = workdir / "input"
        inputs.mkdir(parents=True, exist_ok=True)
        for name, asset in assets.items():
            target = inputs / name
            if target.parent != inputs:  # the API allows plain names only; never trust it here
                raise ValueError(f"asset name {name!r} is not a plain file name")
            shutil.copyfile(store.artifacts.path(asset), target)
        key, doc = (("content_file", data.get("content")) if data.get("kind") == "fill"
                    else ("outline_file", data.get("outline")))
        doc_file = inputs / ("content.json" if key == "content_file" else "outline.json")
        doc_file.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
        data[key] = doc_file
    return JobRequest.model_validate({**data, "template": template})


def worker_main(cfg_json: dict[str, Any], name: str, service_tag: str) -> None:
    """Entry point of a worker process (``multiprocessing`` spawn target). SIGTERM: leave
    after the running job."""
    stop = threading.Event()
    os.environ[SERVICE_VAR] = service_tag  # inherited by every engine: the reaper's tag
    os.environ[WORKER_VAR] = name
    with contextlib.suppress(Exception):
        os.setpgid(0, 0)  # its own process group: a Ctrl-C in the terminal is the server's
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    cfg = ServiceConfig.model_validate(cfg_json)
    if cfg.log_dir is not None:  # everything it and its engines print goes to its log
        cfg.log_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(cfg.log_dir / f"{name}.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.close(fd)
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s {name} %(levelname)s %(message)s")
    write_pid_file(cfg.run_dir, name)
    worker = Worker(cfg, name, stop)
    try:
        worker.warm_up()
        worker.loop()
    finally:
        kill_engines()
        (cfg.run_dir / f"{name}.pid").unlink(missing_ok=True)


def _start_chromium() -> ToolResult:
    try:
        get_chromium().start()
    except Exception as exc:  # the first tool that needs it reports the error
        return ToolResult(ok=False, error=str(exc))
    return ToolResult(ok=True, summary="Chromium started")


def write_pid_file(run_dir: Path, name: str) -> None:
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / f"{name}.pid").write_text(f"{os.getpid()}\n")



__all__ = ["Worker", "build_request", "worker_main"]
