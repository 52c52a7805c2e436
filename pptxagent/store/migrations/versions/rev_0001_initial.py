"""initial schema: tokens, decks, jobs, job_events, tool_runs, artifacts, deck_versions, quality

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
BIGID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def _ts(name: str, *, nullable: bool = False, now: bool = False) -> sa.Column[object]:
    default = sa.func.current_timestamp() if now else None
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable, server_default=default)


def upgrade() -> None:
    op.create_table(
        "tokens",
        sa.Column("id", BIGID, primary_key=True, autoincrement=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("max_queued", sa.Integer(), nullable=False),
        _ts("created_at", now=True),
        _ts("revoked_at", nullable=True),
    )
    op.create_table(
        "decks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("token_id", BIGID, sa.ForeignKey("tokens.id"), nullable=False),
        sa.Column("last_version", sa.Integer(), nullable=False),
        _ts("created_at", now=True),
    )
    op.create_index("ix_decks_token_id", "decks", ["token_id"])
    op.create_table(
        "jobs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("token_id", BIGID, sa.ForeignKey("tokens.id"), nullable=False),
        sa.Column("deck_id", sa.String(32), sa.ForeignKey("decks.id"), nullable=False),
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("request", JSON, nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("max_attempts", sa.Integer(), nullable=False),
        sa.Column("lease_owner", sa.Text(), nullable=True),
        _ts("lease_expires_at", nullable=True),
        _ts("created_at", now=True),
        _ts("started_at", nullable=True),
        _ts("finished_at", nullable=True),
        sa.Column("result", JSON, nullable=True),
        sa.Column("error", JSON, nullable=True),
        sa.Column("last_seq", sa.Integer(), nullable=False),
    )
    op.create_index("ix_jobs_deck_id", "jobs", ["deck_id"])
    op.create_index("ix_jobs_status_created", "jobs", ["status", "created_at", "id"])
    op.create_index("ix_jobs_token_status", "jobs", ["token_id", "status"])
    op.create_table(
        "job_events",
        sa.Column("id", BIGID, primary_key=True, autoincrement=True),
        sa.Column(
            "job_id", sa.String(32), sa.ForeignKey("jobs.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seq", sa.Integer(), nullable=False),
        _ts("ts", now=True),
        sa.Column("stage", sa.Text(), nullable=False),
        sa.Column("event_type", sa.Text(), nullable=False),
        sa.Column("payload_json", JSON, nullable=False),
        sa.Column("severity", sa.Text(), nullable=False),
        sa.UniqueConstraint("job_id", "seq", name="uq_job_events_job_seq"),
    )
    op.create_table(
        "tool_runs",
        sa.Column("id", BIGID, primary_key=True, autoincrement=True),
        sa.Column(
            "job_id", sa.String(32), sa.ForeignKey("jobs.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("tool_name", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("started", sa.Boolean(), nullable=False),
        _ts("started_at"),
        sa.Column("duration_ms", sa.Float(), nullable=False),
        sa.Column("input_hash", sa.Text(), nullable=False),
        sa.Column("output_hash", sa.Text(), nullable=True),
        sa.Column("artifact_json", JSON, nullable=False),
        sa.Column("summary", sa.Text(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
    )
    op.create_index("ix_tool_runs_job_id", "tool_runs", ["job_id"])
    op.create_table(
        "artifacts",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("kind", sa.Text(), nullable=False),
        sa.Column("size", sa.BigInteger(), nullable=False),
        sa.Column("media_type", sa.Text(), nullable=False),
        _ts("created_at", now=True),
    )
    op.create_table(
        "artifact_owners",
        sa.Column(
            "sha256",
            sa.String(64),
            sa.ForeignKey("artifacts.sha256", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("token_id", BIGID, sa.ForeignKey("tokens.id"), primary_key=True),
    )
    op.create_table(
        "deck_versions",
        sa.Column("id", BIGID, primary_key=True, autoincrement=True),
        sa.Column(
            "deck_id", sa.String(32), sa.ForeignKey("decks.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("job_id", sa.String(32), sa.ForeignKey("jobs.id"), nullable=False),
        sa.Column("pptx_sha", sa.String(64), sa.ForeignKey("artifacts.sha256"), nullable=False),
        sa.Column("thumbnails_json", JSON, nullable=False),
        _ts("created_at", now=True),
        sa.UniqueConstraint("deck_id", "version", name="uq_deck_versions_deck_version"),
    )
    op.create_table(
        "quality_reports",
        sa.Column("id", BIGID, primary_key=True, autoincrement=True),
        sa.Column(
            "deck_id", sa.String(32), sa.ForeignKey("decks.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("issues_json", JSON, nullable=False),
        sa.Column("passes_used", sa.Integer(), nullable=False),
        _ts("created_at", now=True),
        sa.UniqueConstraint("deck_id", "version", name="uq_quality_deck_version"),
    )


def downgrade() -> None:
    for name in (
        "quality_reports",
        "deck_versions",
        "artifact_owners",
        "artifacts",
        "tool_runs",
        "job_events",
        "jobs",
        "decks",
        "tokens",
    ):
        op.drop_table(name)
