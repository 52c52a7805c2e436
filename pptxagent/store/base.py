"""The store's core: engine, sessions per call, row conversion, tokens."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from pptxagent.store.artifacts import ArtifactStore
from pptxagent.store.db import database_url, make_engine, migrate, writer
from pptxagent.store.models import Deck, Job, JobEvent, Token, ToolRun, utcnow
from pptxagent.store.records import DeckRow, EventRow, JobRow, ToolRunRow

TOKEN_PREFIX = "pxa_"
_ID = re.compile(r"[0-9a-f]{32}")


def is_id(value: object) -> bool:
    """True for a job/deck id (uuid4 hex); anything else is unknown without asking the DB."""
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def hash_token(plaintext: str) -> str:
    """sha256 hex of a bearer token (the only form the database ever holds)."""
    return hashlib.sha256(plaintext.encode("utf-8")).hexdigest()


class StoreBase:
    """Engine, sessions and tokens. No global state: one instance per process."""

    def __init__(self, url: str | None = None, data_dir: Path = Path(".pptxagent"),
                 file_store: str | None = None) -> None:
        self.data_dir = Path(data_dir).resolve()
        self.url = database_url(url, self.data_dir)
        self.engine = make_engine(self.url)
        self._writer = writer(self.engine)
        # SQLite has one writer at a time: threads of this process queue on a lock instead of
        # polling the busy handler (other processes still wait on busy_timeout).
        self._wlock: AbstractContextManager[object] = (
            threading.Lock() if self.dialect == "sqlite" else nullcontext()
        )
        self.artifacts = ArtifactStore(self.data_dir / "artifacts", remote=file_store)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    @property
    def is_postgres(self) -> bool:
        return self.dialect == "postgresql"

    def migrate(self) -> None:
        """Alembic upgrade to head (programmatic; batch mode on SQLite; idempotent)."""
        migrate(self.engine)

    def close(self) -> None:
        """Close pooled connections (call before forking, and at shutdown)."""
        self.engine.dispose()

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as s, s.begin():
            yield s

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """One transaction that holds the write lock from its start on SQLite."""
        with self._wlock, Session(self._writer, expire_on_commit=False) as s, s.begin():
            yield s

    # tokens ---------------------------------------------------------------------------------

    def create_token(self, name: str, *, max_queued: int = 10, plaintext: str | None = None) -> str:
        """A new bearer token: the plaintext is returned once, the database keeps its sha256.

        ``plaintext`` registers a given token (e.g. ``PPTXAGENT_TOKEN``); registering the same
        one twice is harmless.
        """
        token = plaintext or TOKEN_PREFIX + secrets.token_urlsafe(32)
        digest = hash_token(token)
        with self._write() as s:
            if s.scalar(select(Token.id).where(Token.token_hash == digest)) is None:
                s.add(Token(name=name, token_hash=digest, max_queued=max_queued))
        return token

    def token_id(self, plaintext: str) -> int | None:
        """The id of a live token, or None (constant-time comparison of the hashes)."""
        if not plaintext:
            return None
        digest = hash_token(plaintext)
        with self._read() as s:
            row = s.execute(
                select(Token.id, Token.token_hash).where(
                    Token.token_hash == digest, Token.revoked_at.is_(None)
                )
            ).first()
        if row is None or not hmac.compare_digest(row.token_hash, digest):
            return None
        return int(row.id)

    def token_name(self, token_id: int) -> str | None:
        """The name a token was registered under (who submits its jobs)."""
        with self._read() as s:
            name = s.scalar(select(Token.name).where(Token.id == token_id))
        return None if name is None else str(name)

    def count_tokens(self) -> int:
        """How many live tokens exist (the service prints a first token when 0)."""
        with self._read() as s:
            return int(
                s.scalar(select(func.count(Token.id)).where(Token.revoked_at.is_(None))) or 0
            )

    def revoke_token(self, token_id: int) -> bool:
        with self._write() as s:
            res = s.execute(
                update(Token)
                .where(Token.id == token_id, Token.revoked_at.is_(None))
                .values(revoked_at=utcnow())
                .returning(Token.id)
            )
            return res.first() is not None


def job_row(j: Job) -> JobRow:
    return JobRow(
        id=j.id,
        token_id=j.token_id,
        deck_id=j.deck_id,
        kind=j.kind,
        status=j.status,
        request=dict(j.request),
        attempts=j.attempts,
        max_attempts=j.max_attempts,
        lease_owner=j.lease_owner,
        lease_expires_at=j.lease_expires_at,
        created_at=j.created_at,
        started_at=j.started_at,
        finished_at=j.finished_at,
        result=j.result,
        error=j.error,
        last_seq=j.last_seq,
    )


def event_row(e: JobEvent) -> EventRow:
    return EventRow(
        id=e.id,
        job_id=e.job_id,
        seq=e.seq,
        ts=e.ts,
        stage=e.stage,
        type=e.event_type,
        data=dict(e.payload_json),
        severity=e.severity,
    )


def tool_run_row(t: ToolRun) -> ToolRunRow:
    return ToolRunRow(
        id=t.id,
        job_id=t.job_id,
        tool=t.tool_name,
        status=t.status,
        attempt=t.attempt,
        started_at=t.started_at,
        duration_ms=t.duration_ms,
        input_hash=t.input_hash,
        output_hash=t.output_hash,
        artifacts=dict(t.artifact_json),
        summary=t.summary,
        error=t.error,
        started=t.started,
    )


def deck_row(d: Deck) -> DeckRow:
    return DeckRow(
        id=d.id, token_id=d.token_id, created_at=d.created_at, last_version=d.last_version
    )
