"""The local worker pool and its supervisor thread (in the server process).

``WorkerPool.start()`` reaps what an earlier service on the same data dir left behind, spawns
``cfg.workers`` worker processes (``multiprocessing`` spawn: a fresh interpreter each, no
state inherited from the web server) and a supervisor thread that, every ``supervise_s``:

* restarts a worker that died (``kill -9``, the OOM killer, a hook) after killing every process
  it left (its Chromium, soffice and UNO worker: found by the tag in their environment) and
  ending its job's lease at once (retried, or failed once it used its attempts);
* expires the leases of jobs whose worker stopped renewing them (``Store.expire_leases``): the
  job is queued again, or failed once it used its attempts;
* sweeps orphans of workers that are gone.

``stop()`` asks the workers to leave (SIGTERM: each finishes or drops its job), waits, then
kills them and everything they started.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
import time
import uuid
from dataclasses import dataclass
from multiprocessing.context import SpawnProcess
from typing import Any

from pptxagent.service import reaper
from pptxagent.service.config import ServiceConfig
from pptxagent.service.workers import worker_main
from pptxagent.store import Store

log = logging.getLogger("pptxagent.pool")

STOP_GRACE_S = 10.0
CRASH_LOOP_S = 10.0
"""A worker dying this soon after its start is restarted with a growing delay (1, 2, 4 … 60 s)."""


@dataclass
class Slot:
    index: int
    name: str
    process: SpawnProcess
    started_at: float
    restarts: int = 0
    dead_since: float | None = None


class WorkerPool:
    def __init__(self, cfg: ServiceConfig, store: Store) -> None:
        self.cfg = cfg
        self.store = store
        self.tag = reaper.service_tag(cfg.data_dir, os.getpid())
        self._ctx = multiprocessing.get_context("spawn")
        self._halt = threading.Event()
        self._slots: list[Slot] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.restarts = 0
        self.expired: list[str] = []
        self.reaped: list[int] = []

    # --- lifecycle ----------------------------------------------------------------------------
    def start(self) -> None:
        self.reaped += reaper.reap_stale_services(self.cfg.data_dir)
        self.cfg.run_dir.mkdir(parents=True, exist_ok=True)
        with self._lock:
            for i in range(self.cfg.workers):
                self._slots.append(self._spawn(i))
        self._thread = threading.Thread(target=self._supervise, name="pptxagent-supervisor",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Ask every worker to leave after its job (SIGTERM), wait, then kill what is left."""
        self._halt.set()
        if self._thread is not None:
            self._thread.join(self.cfg.supervise_s + 5)
        deadline = time.monotonic() + STOP_GRACE_S
        with self._lock:
            slots = list(self._slots)
        for slot in slots:
            if slot.process.is_alive():
                slot.process.terminate()
        for slot in slots:
            slot.process.join(max(0.1, deadline - time.monotonic()))
        for slot in slots:
            if slot.process.is_alive():
                slot.process.kill()
                slot.process.join(3)
                with contextlib.suppress(Exception):  # its job: queued again now
                    self.expired += self.store.expire_leases(worker=slot.name)
        self.reaped += reaper.reap(self.tag)

    # --- what tests and the API may look at -----------------------------------------------------
    def workers(self) -> list[dict[str, Any]]:
        with self._lock:
            return [{"name": s.name, "pid": s.process.pid, "alive": s.process.is_alive(),
                     "restarts": s.restarts} for s in self._slots]

    # --- supervision --------------------------------------------------------------------------
    def _spawn(self, index: int, restarts: int = 0) -> Slot:
        name = f"w{index}-{uuid.uuid4().hex[:8]}"
        proc = self._ctx.Process(
            target=worker_main, name=f"pptxagent-{name}",
            args=(self.cfg.model_dump(mode="json"), name, self.tag), daemon=False)
        proc.start()
        log.info("worker %s started (pid %s)", name, proc.pid)
        return Slot(index, name, proc, time.monotonic(), restarts)

    def _supervise(self) -> None:
        last_sweep = 0.0
        while not self._halt.wait(self.cfg.supervise_s):
            try:
                self._check_workers()
                expired = self.store.expire_leases()
                if expired:
                    log.warning("leases expired: %s", ", ".join(expired))
                    self.expired += expired
                if time.monotonic() - last_sweep > 30:
                    last_sweep = time.monotonic()
                    self._sweep()
            except Exception:  # the supervisor must outlive any one failure
                log.exception("supervisor pass failed")

    def _check_workers(self) -> None:
        with self._lock:
            for i, slot in enumerate(self._slots):
                if slot.process.is_alive() or self._halt.is_set():
                    continue
                now = time.monotonic()
                slot.dead_since = slot.dead_since or now
                if now - slot.started_at < CRASH_LOOP_S and now - slot.dead_since < min(
                        60.0, 2.0 ** slot.restarts):
                    continue  # died right after its start: back off before the next one
                code = slot.process.exitcode
                slot.process.join(0.1)
                killed = reaper.reap(self.tag, keep_workers=self._live_names())
                (self.cfg.run_dir / f"{slot.name}.pid").unlink(missing_ok=True)
                released = self.store.expire_leases(worker=slot.name)  # its job: now, not later
                self.expired += released
                log.warning("worker %s died (exit %s); reaped %d processes; released %s; "
                            "restarting", slot.name, code, len(killed), released or "no job")
                self.reaped += killed
                self.restarts += 1
                quick = slot.dead_since - slot.started_at < CRASH_LOOP_S
                self._slots[i] = self._spawn(slot.index, slot.restarts + 1 if quick else 0)

    def _live_names(self) -> list[str]:
        return [s.name for s in self._slots if s.process.is_alive()]

    def _sweep(self) -> None:
        with self._lock:
            live = self._live_names()
        killed = reaper.reap(self.tag, keep_workers=live)
        if killed:
            log.warning("reaped %d orphan engine processes", len(killed))
            self.reaped += killed


def stop_quietly(pool: WorkerPool | None) -> None:
    if pool is not None:
        with contextlib.suppress(Exception):
            pool.stop()


__all__ = ["WorkerPool", "stop_quietly"]
