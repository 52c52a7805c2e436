"""SQLAlchemy 2 typed ORM models: the tables the migrations create (keep both in step)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    func,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    """Now, timezone-aware UTC (a callable: evaluated per row, never once at import)."""
    return datetime.now(UTC)


def new_id() -> str:
    return uuid.uuid4().hex


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in, aware UTC datetimes out, on SQLite (naive text) and PostgreSQL."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the store; use timezone-aware UTC")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class CleanText(TypeDecorator[str]):
    """Text without NUL characters (PostgreSQL refuses them; they become U+FFFD)."""

    impl = Text()
    cache_ok = True

    def process_bind_param(self, value: str | None, dialect: Dialect) -> str | None:
        return None if value is None else str(value).replace("\x00", "\ufffd")

    def process_result_value(self, value: str | None, dialect: Dialect) -> str | None:
        return value


JSONType = JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")
BigId = BigInteger().with_variant(Integer(), "sqlite")  # INTEGER PRIMARY KEY = rowid on SQLite


class Base(DeclarativeBase):
    pass


class Token(Base):
    __tablename__ = "tokens"
    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(CleanText())
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)  # sha256 hex, never plaintext
    max_queued: Mapped[int] = mapped_column(Integer, default=10)
    created_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=utcnow, server_default=func.current_timestamp()
    )
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class Deck(Base):
    __tablename__ = "decks"
    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    token_id: Mapped[int] = mapped_column(ForeignKey("tokens.id"), index=True)
    last_version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=utcnow, server_default=func.current_timestamp()
    )


class Job(Base):
    __tablename__ = "jobs"
    __table_args__ = (
        Index("ix_jobs_status_created", "status", "created_at", "id"),
        Index("ix_jobs_token_status", "token_id", "status"),
    )
    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    token_id: Mapped[int] = mapped_column(ForeignKey("tokens.id"))
    deck_id: Mapped[str] = mapped_column(ForeignKey("decks.id"), index=True)
    kind: Mapped[str] = mapped_column(CleanText())
    status: Mapped[str] = mapped_column(String(16), default="queued")
    request: Mapped[dict[str, Any]] = mapped_column(JSONType)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    max_attempts: Mapped[int] = mapped_column(Integer, default=2)
    lease_owner: Mapped[str | None] = mapped_column(CleanText(), nullable=True)
    lease_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    created_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=utcnow, server_default=func.current_timestamp()
    )
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)
    error: Mapped[dict[str, Any] | None] = mapped_column(JSONType, nullable=True)
    last_seq: Mapped[int] = mapped_column(Integer, default=0)  # the event counter


class JobEvent(Base):
    __tablename__ = "job_events"
    __table_args__ = (UniqueConstraint("job_id", "seq", name="uq_job_events_job_seq"),)
    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    job_id: Mapped[str] = mapped_column(ForeignKey("jobs.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    ts: Mapped[datetime] = mapped_column(
        UTCDateTime, default=utcnow, server_default=func.current_timestamp()
    )
    stage: Mapped[str] = mapped_column(CleanText(), default="")
    event_type: Mapped[str] = mapped_column(CleanText())
    payload_json: Mapped[dict[str, Any]] = mapped_column(JSONType)
    severity: Mapped[str] = mapped_column(CleanText(), default="info")


class ToolRun(Base):
    __tablename__ = "tool_runs"
    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    job_id: Mapped[str] = mapped_column(ForeignKey("jobs.id", ondelete="CASCADE"), index=True)
    tool_name: Mapped[str] = mapped_column(CleanText())
    status: Mapped[str] = mapped_column(String(16))
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    started: Mapped[bool] = mapped_column(Boolean, default=True)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    duration_ms: Mapped[float] = mapped_column(Float, default=0.0)
    input_hash: Mapped[str] = mapped_column(CleanText())
    output_hash: Mapped[str | None] = mapped_column(CleanText(), nullable=True)
    artifact_json: Mapped[dict[str, Any]] = mapped_column(JSONType)
    summary: Mapped[str] = mapped_column(CleanText(), default="")
    error: Mapped[str | None] = mapped_column(CleanText(), nullable=True)


class DeckVersion(Base):
    __tablename__ = "deck_versions"
    __table_args__ = (UniqueConstraint("deck_id", "version", name="uq_deck_versions_deck_version"),)
    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    deck_id: Mapped[str] = mapped_column(ForeignKey("decks.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    job_id: Mapped[str] = mapped_column(ForeignKey("jobs.id"))
    pptx_sha: Mapped[str] = mapped_column(ForeignKey("artifacts.sha256"))
    thumbnails_json: Mapped[list[str]] = mapped_column(JSONType)
    created_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=utcnow, server_default=func.current_timestamp()
    )


class QualityReport(Base):
    __tablename__ = "quality_reports"
    __table_args__ = (UniqueConstraint("deck_id", "version", name="uq_quality_deck_version"),)
    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    deck_id: Mapped[str] = mapped_column(ForeignKey("decks.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    score: Mapped[float] = mapped_column(Float)
    issues_json: Mapped[dict[str, Any]] = mapped_column(JSONType)
    passes_used: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=utcnow, server_default=func.current_timestamp()
    )


class Artifact(Base):
    __tablename__ = "artifacts"
    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(CleanText())
    size: Mapped[int] = mapped_column(BigInteger)
    media_type: Mapped[str] = mapped_column(CleanText(), default="application/octet-stream")
    created_at: Mapped[datetime] = mapped_column(
        UTCDateTime, default=utcnow, server_default=func.current_timestamp()
    )


class ArtifactOwner(Base):
    """Which token may download an artifact (files are fetched by id, checked per token)."""

    __tablename__ = "artifact_owners"
    sha256: Mapped[str] = mapped_column(
        ForeignKey("artifacts.sha256", ondelete="CASCADE"), primary_key=True
    )
    token_id: Mapped[int] = mapped_column(ForeignKey("tokens.id"), primary_key=True)
