"""Faults of the worker pool, on a real ``pptxagent serve`` with real engines: a worker
``kill -9``'d mid-render, a job that kills its worker every time, hung renders, orphans.

The hooks (``PPTXAGENT_TEST_HOOKS=1``, see ``pptxagent.service.hooks``) only make a worker
misbehave; detection, retry, timeout and reaping are the production code's."""

from __future__ import annotations

import copy
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from pptxagent.service import reaper
from tests.integration.service_support import (
    FILL_CONTENT,
    Api,
    all_events,
    free_port,
    serve_process,
    stop_process,
    submit_fill,
    wait_job,
)

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]
LEASE_S = 4
JOB_TIMEOUT_S = 30
ENV = {"PPTXAGENT_TEST_HOOKS": "1", "PPTXAGENT_LEASE_S": str(LEASE_S),
       "PPTXAGENT_SUPERVISE_S": "1", "PPTXAGENT_JOB_TIMEOUT_S": str(JOB_TIMEOUT_S),
       "PPTXAGENT_TIMEOUT_GRACE_S": "3"}


@pytest.fixture(scope="module")
def faulty(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    data = tmp_path_factory.mktemp("faults")
    port = free_port()
    proc = serve_process(data, port, "pxa_fault-test-token-0123456789", workers=1, env=ENV)
    api = Api(f"http://127.0.0.1:{port}", data, "pxa_fault-test-token-0123456789", proc=proc)
    api.extra["prefix"] = reaper.service_tag(data, proc.pid)
    try:
        yield api
    finally:
        stop_process(proc)
    # a clean shutdown leaves no worker and no engine behind
    assert _tagged(api) == {}


def _tagged(api: Api) -> dict[int, tuple[str, str]]:
    return reaper.tagged_processes(str(api.extra["prefix"]))


def _hooked(hook: str) -> dict[str, Any]:
    content = copy.deepcopy(FILL_CONTENT)
    content["tokens"]["PPTXAGENT_TEST_HOOK"] = hook
    return content


def _worker_pid(api: Api, worker: str) -> int:
    return int((api.data_dir / "run" / f"{worker}.pid").read_text())


def _wait_event(c: httpx.Client, job_id: str, want: str, timeout: float = 120
                ) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job: dict[str, Any] = c.get(f"/api/jobs/{job_id}").json()
        events = all_events(c, job_id)
        if any(e["type"] == want for e in events) and job["worker"]:
            return job
        time.sleep(0.2)
    raise AssertionError(f"no {want} event in {timeout} s")


def test_kill_9_mid_render_is_retried_and_leaves_no_orphans(faulty: Api) -> None:
    with faulty.client() as c:
        job_id = submit_fill(c).json()["job_id"]
        job = _wait_event(c, job_id, "progress")  # the fill (a render) is running
        worker = job["worker"]
        engines = {pid for pid, (_, w) in _tagged(faulty).items() if w == worker}
        killed_at = time.monotonic()
        os.kill(_worker_pid(faulty, worker), signal.SIGKILL)
        final = wait_job(c, job_id, timeout=90)
        assert time.monotonic() - killed_at < 90
        types = [e["type"] for e in all_events(c, job_id)]
        assert "job.retry" in types
        assert final["status"] == "succeeded", final  # the second attempt, on a new worker
        assert final["attempts"] == 2 and final["result"]["worker"] != worker
        deadline = time.monotonic() + 60
        while any(w == worker for _, w in _tagged(faulty).values()):
            assert time.monotonic() < deadline, "orphans of the killed worker after 60 s"
            time.sleep(1)
        assert not [p for p in engines if reaper.pid_alive(p)]


def test_a_job_that_kills_its_worker_every_time_fails_after_two_attempts(faulty: Api) -> None:
    with faulty.client() as c:
        job_id = submit_fill(c, content=_hooked("kill")).json()["job_id"]
        final = wait_job(c, job_id, timeout=120)
        assert final["status"] == "failed" and final["attempts"] == 2
        assert "worker lost" in str(final["error"])
        types = [e["type"] for e in all_events(c, job_id)]
        assert types.count("job.started") == 2 and types.count("job.retry") == 1
        assert types[-1] == "job.failed"
        after = submit_fill(c, quality_profile="fast").json()["job_id"]
        assert wait_job(c, after)["status"] == "succeeded"


def test_hung_renders_time_out_and_the_next_job_succeeds(faulty: Api) -> None:
    with faulty.client() as c:
        ids = [submit_fill(c, content=_hooked("hang")).json()["job_id"],
               submit_fill(c, quality_profile="fast").json()["job_id"],
               submit_fill(c, content=_hooked("hang_hard")).json()["job_id"],
               submit_fill(c, quality_profile="fast").json()["job_id"]]
        hung, ok1, wedged, ok2 = (wait_job(c, i, timeout=150) for i in ids)
        for job in (hung, wedged):
            assert job["status"] == "failed" and job["error"]["kind"] == "timeout", job
            assert job["attempts"] == 1  # a timeout is not retried: it would hang again
            types = [e["type"] for e in all_events(c, job["id"])]
            assert types[-2:] == ["job.timeout", "job.failed"]
        assert ok1["status"] == "succeeded", ok1["error"]
        assert ok2["status"] == "succeeded", ok2["error"]
        assert ok1["result"]["worker"] == hung["worker"] or hung["worker"] is None
        # the wedged worker was replaced: the job after it ran on another worker
        assert ok2["result"]["worker"] != ok1["result"]["worker"]
