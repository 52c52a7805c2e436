"""Load on the service: N jobs submitted at once to ``pptxagent serve`` (2 workers by default).

    .venv/bin/python bench/service_load.py [--jobs 20] [--workers 2] [--profile fast]

Starts ``pptxagent serve`` on a free port with a fresh SQLite data dir and a queue cap of
``--jobs`` for its token, submits ``--jobs`` fill jobs from as many threads at once, then one
more (which must get 429 + Retry-After), waits for every job, and checks per job: exactly one
terminal state and the terminal event last, event ids 1..n without gaps, every tool event
naming its ``tool_runs`` row and every row its event. Prints the figures (submit latency, queue
wait, run time, end-to-end, throughput) as a table and as JSON. Exit 1 when a check fails.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.integration.service_support import (  # noqa: E402
    Api,
    all_events,
    check_tool_events,
    free_port,
    serve_process,
    stop_process,
    submit_fill,
    wait_job,
)

TOKEN = "pxa_service-load-bench-0123456789"


def _ts(value: str) -> float:
    return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def check_job(api: Api, job: dict[str, Any]) -> tuple[list[str], int, int]:
    """Problems found (empty: fine), number of events, number of tool runs."""
    problems: list[str] = []
    with api.client() as c:
        events = all_events(c, job["id"])
        runs = c.get(f"/api/jobs/{job['id']}/tool-runs").json()
    ids = [e["id"] for e in events]
    if ids != list(range(1, len(ids) + 1)):
        problems.append(f"event ids not 1..n: {ids}")
    terminal = [e["type"] for e in events if e["type"] in ("job.succeeded", "job.failed")]
    if len(terminal) != 1 or events[-1]["type"] != terminal[0]:
        problems.append(f"terminal events {terminal}, last {events[-1]['type']}")
    if terminal and terminal[0] != f"job.{job['status']}":
        problems.append(f"status {job['status']} but terminal event {terminal[0]}")
    try:
        n_runs = check_tool_events(events, runs)
    except AssertionError as exc:
        problems.append(f"tool events vs tool_runs: {exc}")
        n_runs = len(runs)
    return problems, len(events), n_runs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--jobs", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--profile", default="fast", choices=["fast", "balanced", "high_fidelity"])
    ap.add_argument("--keep", action="store_true", help="keep the data dir")
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="bench-service-load-"))
    port = free_port()
    t0 = time.perf_counter()
    proc = serve_process(data, port, TOKEN, workers=args.workers,
                         extra_args=("--queue-cap", str(args.jobs)),
                         env={"PPTXAGENT_LEASE_S": "20"})
    started_s = time.perf_counter() - t0
    api = Api(f"http://127.0.0.1:{port}", data, TOKEN, proc=proc)
    try:
        report = run(api, args)
    finally:
        stop_process(proc)
        if not args.keep:
            shutil.rmtree(data, ignore_errors=True)
    report["server_start_s"] = round(started_s, 2)
    print(json.dumps(report, indent=2))
    sys.exit(0 if report["ok"] else 1)


def run(api: Api, args: argparse.Namespace) -> dict[str, Any]:
    submitted: list[tuple[int, float, dict[str, Any]]] = []
    lock = threading.Lock()
    gate = threading.Barrier(args.jobs)

    def submit(i: int) -> None:
        with api.client(timeout=120) as c:
            gate.wait()
            t = time.perf_counter()
            r = submit_fill(c, quality_profile=args.profile)
            took = time.perf_counter() - t
            with lock:
                submitted.append((r.status_code, took, r.json()))

    t_submit = time.perf_counter()
    threads = [threading.Thread(target=submit, args=(i,)) for i in range(args.jobs)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    with api.client() as c:
        over = submit_fill(c, quality_profile=args.profile)
        jobs = [wait_job(c, body["job_id"], timeout=60 * args.jobs)
                for code, _, body in submitted if code == 202]
    wall = time.perf_counter() - t_submit
    codes = sorted(code for code, _, _ in submitted)
    problems: dict[str, list[str]] = {}
    n_events = n_runs = 0
    for job in jobs:
        found, ne, nr = check_job(api, job)
        n_events += ne
        n_runs += nr
        if found:
            problems[job["id"]] = found
    waits = [_ts(j["started_at"]) - _ts(j["created_at"]) for j in jobs if j["started_at"]]
    runs = [_ts(j["finished_at"]) - _ts(j["started_at"]) for j in jobs if j["started_at"]]
    e2e = [_ts(j["finished_at"]) - _ts(j["created_at"]) for j in jobs]
    worker_s = [j["result"]["seconds"] for j in jobs if j["result"]]
    posts = [took for _, took, _ in submitted]
    statuses = {s: sum(j["status"] == s for j in jobs) for s in ("succeeded", "failed")}
    ok = (codes == [202] * args.jobs and over.status_code == 429
          and "retry-after" in over.headers and not problems
          and statuses["succeeded"] + statuses["failed"] == args.jobs)
    report: dict[str, Any] = {
        "ok": ok, "jobs": args.jobs, "workers": args.workers, "profile": args.profile,
        "submit_codes": {str(k): codes.count(k) for k in set(codes)},
        "over_cap": {"status": over.status_code, "retry_after": over.headers.get("retry-after")},
        "terminal": statuses, "events": n_events, "tool_runs": n_runs,
        "problems": problems,
        "post_s": {"p50": round(statistics.median(posts), 3), "max": round(max(posts), 3)},
        "queue_wait_s": {"p50": round(statistics.median(waits), 2),
                         "max": round(max(waits), 2)},
        "run_s": {"p50": round(statistics.median(runs), 2), "max": round(max(runs), 2)},
        "worker_run_job_s": {"p50": round(statistics.median(worker_s), 2)} if worker_s else {},
        "end_to_end_s": {"p50": round(statistics.median(e2e), 2), "p95": round(_pct(e2e, .95), 2),
                         "max": round(max(e2e), 2)},
        "wall_all_done_s": round(wall, 2),
        "throughput_jobs_per_min": round(60 * len(jobs) / wall, 1),
        "cpus": os.cpu_count(), "load_avg_1m": round(os.getloadavg()[0], 2),
    }
    return report


if __name__ == "__main__":
    main()
