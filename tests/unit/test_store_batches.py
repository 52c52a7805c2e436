"""A batch's jobs in the store: submitted by the thousand in one go, claimed by id with
bounded attempts (Celery mode), given up after a killed batch, and read back by what finished
since a cursor (not by every pending id)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pptxagent.store import Store


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    s = Store(None, data_dir=tmp_path)
    s.migrate()
    return s


def _token(store: Store) -> int:
    tid = store.token_id(store.create_token("batch", max_queued=2**31 - 1, plaintext="b"))
    assert tid is not None
    return tid


def test_submit_many_and_read_what_finished_since(store: Store) -> None:
    tid = _token(store)
    ids = store.submit_many(tid, "record", [{"key": f"k{i}"} for i in range(1200)])
    assert len(ids) == len(set(ids)) == 1200
    cursor = store.last_event_id()
    for job_id in ids[:3]:
        got = store.claim_job_id(job_id, "w1", 20)
        assert not isinstance(got, str)
        store.finish_job(job_id, "w1", ok=True, result={"n": 1})
    done, newest = store.finished_since(tid, "record", cursor)
    assert sorted(j.id for j in done) == sorted(ids[:3]) and newest > cursor
    assert store.finished_since(tid, "record", newest)[0] == []
    assert store.cancel_queued(tid, "record") == 1197
    assert len(store.finished_since(tid, "record", newest)[0]) == 1197


def test_a_job_claimed_by_id_is_busy_while_leased_and_fails_once_its_attempts_are_used(
        store: Store) -> None:
    tid = _token(store)
    (job_id,) = store.submit_many(tid, "record", [{"key": "k"}], max_attempts=2)
    first = store.claim_job_id(job_id, "w1", 20)
    assert not isinstance(first, str) and first.attempts == 1
    assert store.claim_job_id(job_id, "w2", 20) == "busy"  # w1's lease is live
    store.expire_leases(worker="w1")  # w1 died: queued again, one attempt left
    second = store.claim_job_id(job_id, "w2", 0.001)
    assert not isinstance(second, str) and second.attempts == 2
    time.sleep(0.01)  # w2 dies too: its lease runs out
    assert store.claim_job_id(job_id, "w3", 20) == "done"
    job = store.get_job(job_id)
    assert job is not None and job.status == "failed" and "2 attempt(s)" in str(job.error)
    assert store.claim_job_id("0" * 32, "w3", 20) == "missing"


def test_a_killed_batchs_jobs_are_given_up(store: Store) -> None:
    tid = _token(store)
    ids = store.submit_many(tid, "record", [{"key": "a"}, {"key": "b"}])
    store.claim_job_id(ids[0], "w1", 20)
    assert store.give_up_active(tid, "record", "abandoned") == 2
    assert {j.status for j in store.jobs_of(tid, "record")} == {"failed"}
