"""Jobs by the thousand: a batch's records submitted in one transaction, looked up by the
key that identifies each record's work (resume), and the jobs a killed batch left queued or
running given up so a rerun submits them afresh."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from sqlalchemy import func, insert, select, update

from pptxagent.store.base import StoreBase, job_row
from pptxagent.store.db import to_json
from pptxagent.store.jobs import ACTIVE, JobsMixin
from pptxagent.store.models import Deck, Job, JobEvent, utcnow
from pptxagent.store.records import JobRow

CHUNK = 500


class BatchMixin(StoreBase):
    def submit_many(self, token_id: int, kind: str, requests: Sequence[dict[str, Any]],
                    *, max_attempts: int = 2) -> list[str]:
        """Queue one job per request (each a deck of its own, event ``job.queued``), in one
        transaction per ``CHUNK``; no per-token queue cap (the caller owns the queue).
        Returns the job ids in order."""
        ids: list[str] = []
        for start in range(0, len(requests), CHUNK):
            chunk = [json.loads(to_json(r)) for r in requests[start:start + CHUNK]]
            with self._write() as s:
                decks = [Deck(token_id=token_id, last_version=0) for _ in chunk]
                s.add_all(decks)
                s.flush()
                jobs = [Job(token_id=token_id, deck_id=d.id, kind=kind, status="queued",
                            request=r, attempts=0, max_attempts=max(1, max_attempts),
                            last_seq=1) for d, r in zip(decks, chunk, strict=True)]
                s.add_all(jobs)
                s.flush()
                s.execute(insert(JobEvent), [
                    {"job_id": j.id, "seq": 1, "ts": utcnow(), "stage": "",
                     "event_type": "job.queued", "payload_json": {"kind": kind},
                     "severity": "info"} for j in jobs])
                ids += [j.id for j in jobs]
        return ids

    def jobs_of(self, token_id: int, kind: str) -> list[JobRow]:
        """Every job of ``kind`` of the token, oldest first."""
        q = (select(Job).where(Job.token_id == token_id, Job.kind == kind)
             .order_by(Job.created_at, Job.id))
        with self._read() as s:
            return [job_row(j) for j in s.scalars(q)]

    def jobs_by_id(self, ids: Sequence[str]) -> list[JobRow]:
        """The jobs with these ids (any order; unknown ids left out)."""
        out: list[JobRow] = []
        with self._read() as s:
            for start in range(0, len(ids), CHUNK):
                q = select(Job).where(Job.id.in_(list(ids[start:start + CHUNK])))
                out += [job_row(j) for j in s.scalars(q)]
        return out

    def last_event_id(self) -> int:
        """The newest event's id (0 when there is none): where a progress read starts."""
        with self._read() as s:
            return int(s.scalar(select(func.max(JobEvent.id))) or 0)

    def finished_since(self, token_id: int, kind: str, after: int
                       ) -> tuple[list[JobRow], int]:
        """The token's jobs of ``kind`` that finished (succeeded or failed) with an event id
        above ``after``, and the newest such id: a progress read that costs what finished,
        not what is pending. (Concurrent writers may commit ids out of order: read again
        from a little before the last id, and keep a slower full read as a backstop.)"""
        q = (select(JobEvent.job_id, func.max(JobEvent.id))
             .join(Job, Job.id == JobEvent.job_id)
             .where(Job.token_id == token_id, Job.kind == kind, JobEvent.id > after,
                    JobEvent.event_type.in_(("job.succeeded", "job.failed")))
             .group_by(JobEvent.job_id))
        with self._read() as s:
            rows = s.execute(q).all()
        newest = max((int(r[1]) for r in rows), default=after)
        return self.jobs_by_id([str(r[0]) for r in rows]), newest

    def give_up_active(self, token_id: int, kind: str, reason: str) -> int:
        """Fail the token's queued or running jobs of ``kind`` (a batch killed before it
        finished left them): ``job.failed`` {reason}. Returns how many."""
        n = 0
        with self._write() as s:
            rows = s.execute(select(Job.id).where(Job.token_id == token_id, Job.kind == kind,
                                                  Job.status.in_(ACTIVE))).all()
            for (job_id,) in rows:
                seq = JobsMixin._bump(s, job_id, Job.status.in_(ACTIVE), status="failed",
                                      finished_at=utcnow(), lease_owner=None,
                                      lease_expires_at=None, error={"reason": reason})
                if seq is not None:
                    JobsMixin._insert_event(s, job_id, seq, "job.failed", {"reason": reason},
                                            severity="warning")
                    n += 1
        return n

    def cancel_queued(self, token_id: int, kind: str, reason: str = "cancelled") -> int:
        """Fail every still-queued job of ``kind`` of the token at once (Ctrl-C)."""
        with self._write() as s:
            res = s.execute(update(Job).where(Job.token_id == token_id, Job.kind == kind,
                                              Job.status == "queued")
                            .values(status="failed", finished_at=utcnow(),
                                    error={"reason": reason}, last_seq=Job.last_seq + 1)
                            .returning(Job.id, Job.last_seq)
                            .execution_options(synchronize_session=False)).all()
            if res:
                s.execute(insert(JobEvent), [
                    {"job_id": job_id, "seq": seq, "ts": utcnow(), "stage": "",
                     "event_type": "job.failed", "payload_json": {"reason": reason},
                     "severity": "warning"} for job_id, seq in res])
            return len(res)


    def claim_job_id(self, job_id: str, worker: str, lease_s: float) -> JobRow | str:
        """Take one given job (a Celery task names it): queued, or running with a lease that
        ran out (its worker died), and with attempts left. Otherwise why not: ``"done"``
        (finished, or failed now because its attempts are used up), ``"busy"`` (another
        worker's lease is live: try again when it runs out), ``"missing"``."""
        now = utcnow()
        claimable = (Job.status == "queued") | ((Job.status == "running")
                                               & (Job.lease_expires_at < now))
        with self._write() as s:
            row = s.execute(select(Job.status, Job.attempts, Job.max_attempts,
                                   Job.lease_expires_at).where(Job.id == job_id)).first()
            if row is None:
                return "missing"
            if row.status not in ACTIVE:
                return "done"
            if row.attempts >= row.max_attempts and (row.status == "queued" or (
                    row.lease_expires_at is not None and row.lease_expires_at < now)):
                reason = f"worker lost: {row.attempts} attempt(s) used"
                seq = JobsMixin._bump(s, job_id, Job.status.in_(ACTIVE), status="failed",
                                      finished_at=now, lease_owner=None, lease_expires_at=None,
                                      error={"reason": reason, "attempts": row.attempts})
                if seq is not None:
                    JobsMixin._insert_event(s, job_id, seq, "job.failed",
                                            {"reason": reason}, severity="error")
                return "done"
            seq = JobsMixin._bump(s, job_id, claimable, status="running",
                                  attempts=Job.attempts + 1, lease_owner=worker,
                                  lease_expires_at=now + timedelta(seconds=lease_s),
                                  started_at=now)
            if seq is None:
                return "busy"
            job = s.scalars(select(Job).where(Job.id == job_id)).one()
            JobsMixin._insert_event(s, job_id, seq, "job.started",
                                    {"attempt": job.attempts, "worker": worker})
            return job_row(job)


__all__ = ["BatchMixin"]
