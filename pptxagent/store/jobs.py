"""Jobs and their events: submit, atomic claim with a lease, heartbeat, expiry, finish.

Every state change writes its event in the same transaction. Event ``seq`` comes from the
job row's ``last_seq`` counter, bumped by ``UPDATE … RETURNING``: the bump locks the job row
(PostgreSQL) or runs under the write lock (SQLite ``BEGIN IMMEDIATE``), so seq is 1, 2, 3 …
per job without gaps, and ``unique(job_id, seq)`` backs it up.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.orm import Session, aliased

from pptxagent.store.base import StoreBase, event_row, is_id, job_row
from pptxagent.store.db import to_json
from pptxagent.store.errors import NotFound, QueueFull
from pptxagent.store.models import Deck, Job, JobEvent, Token, utcnow
from pptxagent.store.records import EventRow, JobRow

ACTIVE = ("queued", "running")
_NO_SYNC = {"synchronize_session": False}


class JobsMixin(StoreBase):
    # jobs -----------------------------------------------------------------------------------

    def submit_job(
        self,
        token_id: int,
        kind: str,
        request: dict[str, Any],
        *,
        deck_id: str | None = None,
        max_attempts: int = 2,
    ) -> JobRow:
        """Queue a job (event ``job.queued``); a new deck unless ``deck_id`` (a revision).

        Raises QueueFull when the token already has ``max_queued`` jobs queued or running,
        NotFound for an unknown token or a deck of another token.
        """
        request = json.loads(to_json(request))  # what is stored is what comes back
        with self._write() as s:
            tok = select(Token.max_queued).where(Token.id == token_id, Token.revoked_at.is_(None))
            limit = s.scalar(tok.with_for_update() if self.is_postgres else tok)
            if limit is None:
                raise NotFound("unknown or revoked token")
            active = s.scalar(
                select(func.count(Job.id)).where(Job.token_id == token_id, Job.status.in_(ACTIVE))
            )
            if (active or 0) >= limit:
                raise QueueFull(token_id, limit)
            if deck_id is None:
                deck = Deck(token_id=token_id, last_version=0)
                s.add(deck)
                s.flush()
                deck_id = deck.id
            elif (
                not is_id(deck_id)
                or s.scalar(select(Deck.token_id).where(Deck.id == deck_id)) != token_id
            ):
                raise NotFound(f"no deck {deck_id!r:.40}")
            job = Job(
                token_id=token_id,
                deck_id=deck_id,
                kind=kind,
                status="queued",
                request=request,
                attempts=0,
                max_attempts=max(1, max_attempts),
                last_seq=1,
            )
            s.add(job)
            s.flush()
            self._insert_event(s, job.id, 1, "job.queued", {"kind": kind, "deck_id": deck_id})
            return job_row(job)

    def claim_job(self, worker: str, lease_s: float) -> JobRow | None:
        """Take the oldest queued job, atomically: one ``UPDATE … WHERE id = (SELECT … LIMIT 1
        [FOR UPDATE SKIP LOCKED]) AND status = 'queued' RETURNING``. Event ``job.started``."""
        now = utcnow()
        pick = aliased(Job)
        oldest = (
            select(pick.id)
            .where(pick.status == "queued")
            .order_by(pick.created_at, pick.id)
            .limit(1)
        )
        if self.is_postgres:
            oldest = oldest.with_for_update(skip_locked=True)
        stmt = (
            update(Job)
            .where(Job.id == oldest.scalar_subquery(), Job.status == "queued")
            .values(
                status="running",
                attempts=Job.attempts + 1,
                lease_owner=worker,
                lease_expires_at=now + timedelta(seconds=lease_s),
                started_at=now,
                last_seq=Job.last_seq + 1,
            )
            .returning(Job)
            .execution_options(**_NO_SYNC)
        )
        with self._write() as s:
            job = s.scalars(stmt).one_or_none()
            if job is None:
                return None
            data = {"attempt": job.attempts, "worker": worker}
            self._insert_event(s, job.id, job.last_seq, "job.started", data)
            return job_row(job)

    def heartbeat(self, job_id: str, worker: str, lease_s: float) -> bool:
        """Extend the lease; False when ``worker`` no longer holds it (stop working on it)."""
        with self._write() as s:
            res = s.execute(
                update(Job)
                .where(Job.id == job_id, Job.lease_owner == worker, Job.status == "running")
                .values(lease_expires_at=utcnow() + timedelta(seconds=lease_s))
                .returning(Job.id)
                .execution_options(**_NO_SYNC)
            )
            return res.first() is not None

    def expire_leases(self, worker: str | None = None) -> list[str]:
        """Running jobs whose lease ran out: back to queued (``job.retry``) while attempts
        remain, else failed (``job.failed``). Returns their ids.

        ``worker``: a worker known to be dead (its process exited): all its leases end now.
        """
        now = utcnow()
        done: list[str] = []
        with self._write() as s:
            q = (
                select(Job.id, Job.attempts, Job.max_attempts, Job.lease_owner)
                .where(Job.status == "running")
                .order_by(Job.id)
            )
            q = (
                q.where(Job.lease_owner == worker)
                if worker
                else q.where(Job.lease_expires_at < now)
            )
            if self.is_postgres:
                q = q.with_for_update(skip_locked=True)
            for row in s.execute(q).all():
                why = "exited" if worker else "let its lease expire"
                reason = f"worker lost: {row.lease_owner} {why}"
                retry = row.attempts < row.max_attempts
                values: dict[str, Any] = {"lease_owner": None, "lease_expires_at": None}
                if retry:
                    values["status"] = "queued"
                else:
                    values |= {
                        "status": "failed",
                        "finished_at": now,
                        "error": {"reason": reason, "attempts": row.attempts},
                    }
                seq = self._bump(s, row.id, Job.status == "running", **values)
                if seq is None:
                    continue
                kind, data = (
                    ("job.retry", {"attempt": row.attempts, "reason": reason})
                    if retry
                    else ("job.failed", {"attempt": row.attempts, "reason": reason})
                )
                sev = "warning" if retry else "error"
                self._insert_event(s, row.id, seq, kind, data, severity=sev)
                done.append(row.id)
        return done

    def finish_job(
        self,
        job_id: str,
        worker: str,
        *,
        ok: bool,
        result: dict[str, Any] | None = None,
        error: dict[str, Any] | None = None,
    ) -> bool:
        """Succeed or fail a running job; only its lease owner may (else False, nothing done)."""
        now = utcnow()
        status = "succeeded" if ok else "failed"
        with self._write() as s:
            seq = self._bump(
                s,
                job_id,
                (Job.lease_owner == worker) & (Job.status == "running"),
                status=status,
                finished_at=now,
                lease_expires_at=None,
                result=result,
                error=error,
            )
            if seq is None:
                return False
            data: dict[str, Any] = {"error": error} if error else {}
            sev = "info" if ok else "error"
            self._insert_event(s, job_id, seq, f"job.{status}", data, severity=sev)
            return True

    def cancel_job(self, job_id: str, token_id: int) -> bool:
        """Fail a still-queued job of this token (``job.failed`` {reason: cancelled})."""
        if not is_id(job_id):
            return False
        with self._write() as s:
            seq = self._bump(
                s,
                job_id,
                (Job.token_id == token_id) & (Job.status == "queued"),
                status="failed",
                finished_at=utcnow(),
                error={"reason": "cancelled"},
            )
            if seq is None:
                return False
            self._insert_event(s, job_id, seq, "job.failed", {"reason": "cancelled"})
            return True

    def get_job(self, job_id: str, token_id: int | None = None) -> JobRow | None:
        """The job, or None when it does not exist or belongs to another token."""
        if not is_id(job_id):
            return None
        q = select(Job).where(Job.id == job_id)
        if token_id is not None:
            q = q.where(Job.token_id == token_id)
        with self._read() as s:
            job = s.scalars(q).one_or_none()
            return None if job is None else job_row(job)

    def list_jobs(
        self,
        token_id: int,
        limit: int = 50,
        *,
        deck_id: str | None = None,
        status: str | None = None,
    ) -> list[JobRow]:
        """The token's jobs (of one deck with ``deck_id``, in one ``status``), newest first."""
        q = select(Job).where(Job.token_id == token_id)
        if deck_id is not None:
            q = q.where(Job.deck_id == deck_id)
        if status is not None:
            q = q.where(Job.status == status)
        q = q.order_by(Job.created_at.desc(), Job.id).limit(limit)
        with self._read() as s:
            return [job_row(j) for j in s.scalars(q)]

    def count_active(self, token_id: int | None = None) -> int:
        """Jobs queued or running (of one token, or all)."""
        q = select(func.count(Job.id)).where(Job.status.in_(ACTIVE))
        if token_id is not None:
            q = q.where(Job.token_id == token_id)
        with self._read() as s:
            return int(s.scalar(q) or 0)

    # events ---------------------------------------------------------------------------------

    def add_event(
        self,
        job_id: str,
        type: str,
        data: dict[str, Any],
        *,
        stage: str = "",
        severity: str = "info",
    ) -> int:
        """Append an event; returns its seq (1, 2, 3 … per job, without gaps)."""
        if not is_id(job_id):
            raise NotFound(f"no job {job_id!r:.40}")
        with self._write() as s:
            seq = self._bump(s, job_id, None)
            if seq is None:
                raise NotFound(f"no job {job_id!r}")
            self._insert_event(s, job_id, seq, type, data, stage=stage, severity=severity)
            return seq

    def events(self, job_id: str, after: int = 0, limit: int = 500) -> list[EventRow]:
        """Events with seq > ``after``, in order (the cursor of polling and SSE)."""
        if not is_id(job_id):
            return []
        q = (
            select(JobEvent)
            .where(JobEvent.job_id == job_id, JobEvent.seq > after)
            .order_by(JobEvent.seq)
            .limit(limit)
        )
        with self._read() as s:
            return [event_row(e) for e in s.scalars(q)]

    # helpers --------------------------------------------------------------------------------

    @staticmethod
    def _bump(s: Session, job_id: str, cond: Any, **values: Any) -> int | None:
        """Apply ``values`` and take the next event seq, if ``cond`` holds; the row stays
        locked until commit. None when the job does not exist or ``cond`` is false."""
        stmt = update(Job).where(Job.id == job_id)
        if cond is not None:
            stmt = stmt.where(cond)
        stmt = stmt.values(last_seq=Job.last_seq + 1, **values).returning(Job.last_seq)
        seq = s.execute(stmt.execution_options(**_NO_SYNC)).scalar_one_or_none()
        return None if seq is None else int(seq)

    @staticmethod
    def _insert_event(
        s: Session,
        job_id: str,
        seq: int,
        type: str,
        data: dict[str, Any],
        *,
        stage: str = "",
        severity: str = "info",
    ) -> None:
        s.execute(
            insert(JobEvent).values(
                job_id=job_id,
                seq=seq,
                ts=utcnow(),
                stage=stage,
                event_type=type,
                payload_json=data,
                severity=severity,
            )
        )
