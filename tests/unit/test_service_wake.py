"""Idle workers and event streams are woken at once, and a missed wake-up costs nothing but
the poll."""

from __future__ import annotations

from pathlib import Path

from pptxagent.service.wake import Listener, wake, wake_workers


def test_a_queued_job_wakes_the_listening_worker(tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    (run / "worker-1.pid").write_text("1\n")
    worker = Listener(run, "worker-1")
    try:
        assert worker.listening
        assert worker.wait(0.01) is False  # nothing queued: the poll's timeout
        assert wake_workers(run) == 1
        assert worker.wait(5.0) is True
        assert worker.wait(0.01) is False  # every wake-up was consumed
    finally:
        worker.close()


def test_nobody_listening_is_no_error_and_a_name_is_held_once(tmp_path: Path) -> None:
    assert wake(tmp_path, ["worker-9"]) == 0
    first, second = Listener(tmp_path, "api"), Listener(tmp_path, "api")
    try:
        assert first.listening and not second.listening  # the second polls only
        assert second.wait(0.01) is False
        other = Listener(tmp_path / "elsewhere", "api")  # another service's folder
        assert other.listening
        other.close()
    finally:
        first.close()
        second.close()
