"""Checks shared by the SQLite and PostgreSQL store tests (concurrency, lease expiry)."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pptxagent.store import Store, ToolRunRecord


def claim_under_threads(store: Store, threads: int = 8, per_thread: int = 20) -> float:
    """``threads`` workers drain ``threads × per_thread`` jobs: each is claimed exactly once
    (on a database with no other queued job).

    Returns the claims per second (a figure for the report, never asserted on)."""
    token = store.token_id(store.create_token("load", max_queued=threads * per_thread))
    assert token is not None
    ids = {store.submit_job(token, "fill", {"n": i}).id for i in range(threads * per_thread)}
    barrier = threading.Barrier(threads)

    def drain(worker: str) -> list[str]:
        barrier.wait()
        got = []
        while (job := store.claim_job(worker, lease_s=60)) is not None:
            assert job.status == "running" and job.lease_owner == worker and job.attempts == 1
            got.append(job.id)
        return got

    t0 = time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        results = list(pool.map(drain, [f"w{i}" for i in range(threads)]))
    rate = len(ids) / (time.perf_counter() - t0)
    claimed = Counter(j for got in results for j in got)
    assert set(claimed) == ids, "every job is claimed"
    assert max(claimed.values()) == 1, "no job is claimed twice"
    for job_id in list(ids)[:10]:
        job = store.get_job(job_id)
        assert job is not None and job.attempts == 1 and job.status == "running"
        assert [e.type for e in store.events(job_id)] == ["job.queued", "job.started"]
    return rate


def events_without_gaps(store: Store, writers: int = 8, each: int = 40) -> float:
    """``writers`` threads append to one job at once: seq is 1..n, no gap, no duplicate.

    Returns events inserted per second."""
    token = store.token_id(store.create_token("events"))
    assert token is not None
    job = store.submit_job(token, "fill", {})
    barrier = threading.Barrier(writers)

    def write(w: int) -> list[int]:
        barrier.wait()
        return [store.add_event(job.id, "step", {"w": w, "i": i}) for i in range(each)]

    t0 = time.perf_counter()
    with ThreadPoolExecutor(writers) as pool:
        seqs = [s for got in pool.map(write, range(writers)) for s in got]
    rate = len(seqs) / (time.perf_counter() - t0)
    n = writers * each + 1  # + job.queued
    assert sorted(seqs) == list(range(2, n + 1)), "every writer got a distinct seq"
    events = store.events(job.id, limit=10_000)
    assert [e.seq for e in events] == list(range(1, n + 1))
    assert [e.id for e in events] == sorted(e.id for e in events), "global ids follow seq"
    for w in range(writers):  # each writer's own events stay in its order
        mine = [e.data["i"] for e in events if e.data.get("w") == w]
        assert mine == list(range(each))
    assert store.events(job.id, after=n - 3)[0].seq == n - 2
    return rate


def lease_expiry_retries_then_fails(store: Store) -> None:
    """A job whose worker vanishes is requeued once, then failed after 2 attempts."""
    token = store.token_id(store.create_token("lease"))
    assert token is not None
    job = store.submit_job(token, "fill", {})
    first = store.claim_job("dead-1", lease_s=-1)  # a lease that has already run out
    assert first is not None and first.attempts == 1
    assert store.expire_leases() == [job.id]
    again = store.get_job(job.id)
    assert again is not None and again.status == "queued" and again.lease_owner is None
    assert store.finish_job(job.id, "dead-1", ok=True) is False, "the lost worker may not finish"
    second = store.claim_job("dead-2", lease_s=-1)
    assert second is not None and second.id == job.id and second.attempts == 2
    assert store.expire_leases() == [job.id]
    failed = store.get_job(job.id)
    assert failed is not None and failed.status == "failed" and failed.terminal
    assert failed.error is not None and "worker lost" in failed.error["reason"]
    assert store.claim_job("w", lease_s=60) is None
    assert store.expire_leases() == []
    types = [e.type for e in store.events(job.id)]
    assert types == ["job.queued", "job.started", "job.retry", "job.started", "job.failed"]
    retry, fail = store.events(job.id)[2], store.events(job.id)[4]
    assert retry.data["attempt"] == 1 and "worker lost" in retry.data["reason"]
    assert (retry.severity, fail.severity, fail.data["attempt"]) == ("warning", "error", 2)


def _work_in_process(url: str | None, data_dir: str, worker: str, out: Any) -> None:
    store = Store(url=url, data_dir=Path(data_dir))
    done = []
    while (job := store.claim_job(worker, lease_s=60)) is not None:
        store.add_event(job.id, "step.started", {"worker": worker}, stage="fill")
        assert store.heartbeat(job.id, worker, lease_s=60)
        store.add_event(job.id, "step.finished", {"worker": worker}, stage="fill")
        assert store.finish_job(job.id, worker, ok=True, result={"by": worker})
        done.append(job.id)
    store.close()
    out.put(done)


def workers_in_processes(store: Store, processes: int = 4, jobs: int = 60) -> float:
    """Worker PROCESSES (each with its own Store) run every job exactly once, events intact.

    Returns jobs per second (claim + 2 events + heartbeat + finish each)."""
    token = store.token_id(store.create_token("procs", max_queued=jobs))
    assert token is not None
    ids = {store.submit_job(token, "fill", {"n": i}).id for i in range(jobs)}
    url = None if store.dialect == "sqlite" else store.url
    store.close()  # no pooled connection crosses the fork
    ctx = multiprocessing.get_context("fork")
    out = ctx.Queue()
    t0 = time.perf_counter()
    procs = [
        ctx.Process(target=_work_in_process, args=(url, str(store.data_dir), f"p{i}", out))
        for i in range(processes)
    ]
    for p in procs:
        p.start()
    results = [out.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    rate = jobs / (time.perf_counter() - t0)
    claimed = Counter(j for got in results for j in got)
    assert set(claimed) == ids and max(claimed.values()) == 1
    for job_id in ids:
        job = store.get_job(job_id)
        assert job is not None and job.status == "succeeded" and job.attempts == 1
        events = store.events(job_id)
        assert [e.seq for e in events] == [1, 2, 3, 4, 5]
        assert [e.type for e in events][-1] == "job.succeeded"
    return rate


def odd_text_and_ids_are_safe(store: Store) -> None:
    """NUL characters (from extracted slide text) and junk ids never crash the store."""
    token = store.token_id(store.create_token("odd"))
    assert token is not None
    job = store.submit_job(token, "fill", {"text": "a\x00b", "k\x00": ["\x00"]})
    assert job.request == {"text": "a\ufffdb", "k\ufffd": ["\ufffd"]}
    seq = store.add_event(job.id, "step\x00", {"summary": "x\x00y"}, stage="fill\x00")
    ev = store.events(job.id, after=seq - 1)[0]
    assert (ev.type, ev.stage, ev.data) == ("step\ufffd", "fill\ufffd", {"summary": "x\ufffdy"})
    rec = ToolRunRecord(
        tool="qa.content_check",
        status="error",
        started_at=datetime.now(UTC),
        input_hash="sha256:" + "f" * 64,
        summary="bad\x00text",
        error="boom\x00",
        extra_field="ignored",  # extra fields of the agent's AuditRecord are dropped
    )
    store.record_tool_run(job.id, rec)
    (run,) = store.tool_runs(job.id)
    assert run.summary == "bad\ufffdtext" and run.input_hash.startswith("sha256:")
    for junk in ["", "x" * 5000, "a\x00b", "../" + job.id, job.id.upper()]:
        assert store.get_job(junk) is None and store.events(junk) == []
        assert store.get_deck(junk) is None and store.quality(junk, 1, token) is None
        assert store.versions(junk, token) == [] and store.tool_runs(junk) == []
        assert not store.cancel_job(junk, token)


def _migrate_in_process(url: str | None, data_dir: str, barrier: Any) -> None:
    store = Store(url=url, data_dir=Path(data_dir))
    barrier.wait(timeout=60)
    store.migrate()
    assert store.count_tokens() == 0
    store.close()


def concurrent_migrations(url: str | None, data_dir: Path, n: int = 4) -> None:
    """A service and its worker processes starting together all migrate one fresh database."""
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(n)
    procs = [
        ctx.Process(target=_migrate_in_process, args=(url, str(data_dir), barrier))
        for _ in range(n)
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=60)
    stuck = [p for p in procs if p.exitcode is None]
    for p in stuck:
        p.kill()
    assert not stuck, "a migrating process hung"
    assert [p.exitcode for p in procs] == [0] * n
    store = Store(url=url, data_dir=data_dir)
    try:
        token = store.token_id(store.create_token("after"))
        assert token is not None and store.submit_job(token, "fill", {}).status == "queued"
    finally:
        store.close()
