"""Fault timings of the worker pool with the production lease (20 s) and supervisor (2 s).

    .venv/bin/python bench/service_faults.py [--job-timeout 30]

On ``pptxagent serve --workers 1`` (test hooks on, see ``pptxagent.service.hooks``):
(1) ``kill -9`` of the worker mid-render: seconds to ``job.retry``, to the terminal state, and
    until no process of the dead worker is left;
(2) a job that kills its worker every time: seconds to ``failed`` (2 attempts);
(3) a hung render (``hang_hard``, ignores the engine kill): seconds to ``failed`` (timeout)
    and until the next job succeeded on the replacement worker.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pptxagent.service import reaper  # noqa: E402
from tests.integration.service_support import (  # noqa: E402
    FILL_CONTENT,
    Api,
    all_events,
    free_port,
    serve_process,
    stop_process,
    submit_fill,
    wait_job,
)

TOKEN = "pxa_service-faults-bench-0123456789"


def hooked(hook: str) -> dict[str, Any]:
    content = copy.deepcopy(FILL_CONTENT)
    content["tokens"]["PPTXAGENT_TEST_HOOK"] = hook
    return content


def kill_mid_render(api: Api, prefix: str) -> dict[str, float]:
    with api.client() as c:
        job_id = submit_fill(c).json()["job_id"]
        while not any(e["type"] == "progress" for e in all_events(c, job_id)):
            time.sleep(0.1)
        worker = c.get(f"/api/jobs/{job_id}").json()["worker"]
        pid = int((api.data_dir / "run" / f"{worker}.pid").read_text())
        t0 = time.monotonic()
        os.kill(pid, signal.SIGKILL)
        retry = orphans_gone = None
        while True:
            now = time.monotonic() - t0
            if retry is None and any(e["type"] == "job.retry" for e in all_events(c, job_id)):
                retry = now
            if orphans_gone is None and not any(
                    w == worker for _, w in reaper.tagged_processes(prefix).values()):
                orphans_gone = now
            job = c.get(f"/api/jobs/{job_id}").json()
            if job["status"] in ("succeeded", "failed") and orphans_gone is not None:
                return {"to_retry_s": round(retry or -1, 2), "to_terminal_s": round(now, 2),
                        "orphans_gone_s": round(orphans_gone, 2), "status": job["status"],
                        "attempts": job["attempts"]}
            time.sleep(0.1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--job-timeout", type=float, default=30)
    args = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="bench-service-faults-"))
    proc = None
    try:
        port = free_port()
        proc = serve_process(data, port, TOKEN, workers=1,
                             env={"PPTXAGENT_TEST_HOOKS": "1", "PPTXAGENT_TIMEOUT_GRACE_S": "5"},
                             extra_args=("--job-timeout", str(args.job_timeout)))
        api = Api(f"http://127.0.0.1:{port}", data, TOKEN, proc=proc)
        prefix = reaper.service_tag(data, proc.pid)
        out: dict[str, Any] = {"lease_s": 20, "supervise_s": 2, "job_timeout_s": args.job_timeout}
        with api.client() as c:  # warm the worker first
            wait_job(c, submit_fill(c, quality_profile="fast").json()["job_id"])
        out["kill_9_mid_render"] = kill_mid_render(api, prefix)
        with api.client() as c:
            t0 = time.monotonic()
            job = wait_job(c, submit_fill(c, content=hooked("kill")).json()["job_id"])
            out["kills_its_worker_every_time"] = {
                "status": job["status"], "attempts": job["attempts"],
                "to_failed_s": round(time.monotonic() - t0, 2)}
            t0 = time.monotonic()
            hung = submit_fill(c, content=hooked("hang_hard")).json()["job_id"]
            nxt = submit_fill(c, quality_profile="fast").json()["job_id"]
            hung_job = wait_job(c, hung, timeout=args.job_timeout + 120)
            t_hung = time.monotonic() - t0
            next_job = wait_job(c, nxt, timeout=300)
            out["hung_render"] = {
                "status": hung_job["status"], "error": hung_job["error"]["kind"],
                "to_failed_s": round(t_hung, 2), "next_job": next_job["status"],
                "next_job_done_s": round(time.monotonic() - t0, 2)}
    finally:
        if proc is not None:
            stop_process(proc)
        shutil.rmtree(data, ignore_errors=True)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
