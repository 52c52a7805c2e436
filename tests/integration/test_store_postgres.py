"""The job store on a REAL PostgreSQL started on 127.0.0.1 by tests/pg.py: migrations,
atomic claims (FOR UPDATE SKIP LOCKED) and gap-free event seqs under concurrency."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text

from pptxagent.store import QueueFull, Store, ToolRunRecord
from pptxagent.store.models import Base
from tests.pg import postgres_db, postgres_url
from tests.store_checks import (
    claim_under_threads,
    concurrent_migrations,
    events_without_gaps,
    lease_expiry_retries_then_fails,
    odd_text_and_ids_are_safe,
    workers_in_processes,
)

pytestmark = pytest.mark.postgres
__all__ = ["postgres_db", "postgres_url"]  # fixtures used by name


@pytest.fixture()
def store(postgres_db: str, tmp_path: Path) -> Iterator[Store]:
    s = Store(url=postgres_db, data_dir=tmp_path / "data")
    s.migrate()
    yield s
    s.close()


def test_migrations_run_on_postgres_and_match_the_models(store: Store) -> None:
    assert store.is_postgres
    store.migrate()  # idempotent
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0001"
        kind = conn.execute(
            text(
                "SELECT data_type FROM information_schema.columns "
                "WHERE table_name = 'job_events' AND column_name = 'payload_json'"
            )
        ).scalar()
        assert kind == "jsonb"
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == [], "the migration and the ORM models describe the same schema"
    assert not (store.data_dir / "pptxagent.db").exists(), "no SQLite file when a URL is given"


def test_postgres_claim_is_atomic_under_8_threads(store: Store) -> None:
    rate = claim_under_threads(store, threads=8, per_thread=20)
    print(f"postgres claim: {rate:.0f} jobs/s with 8 threads")


def test_postgres_event_seq_has_no_gaps_under_8_writers(store: Store) -> None:
    rate = events_without_gaps(store, writers=8, each=40)
    print(f"postgres add_event: {rate:.0f} events/s with 8 threads")


def test_postgres_worker_processes_share_the_queue(store: Store) -> None:
    rate = workers_in_processes(store, processes=4, jobs=40)
    print(f"postgres 4 worker processes: {rate:.0f} jobs/s (claim, 2 events, heartbeat, finish)")


def test_postgres_lease_expiry_and_queue_cap(store: Store) -> None:
    lease_expiry_retries_then_fails(store)
    tid = store.token_id(store.create_token("cap", max_queued=1))
    assert tid is not None
    job = store.submit_job(tid, "fill", {"a": [1, 2]})
    with pytest.raises(QueueFull):
        store.submit_job(tid, "fill", {})
    assert store.get_job(job.id, tid + 1) is None
    store.record_tool_run(
        job.id,
        ToolRunRecord(
            tool="qa.visual_check",
            status="timeout",
            started_at=datetime.now(UTC),
            input_hash="0" * 64,
        ),
    )
    (run,) = store.tool_runs(job.id)
    assert run.status == "timeout" and run.started_at.tzinfo is not None


def test_postgres_nul_characters_and_junk_ids_are_safe(store: Store) -> None:
    odd_text_and_ids_are_safe(store)


def test_postgres_processes_starting_together_migrate_once(
    postgres_db: str, tmp_path: Path
) -> None:
    concurrent_migrations(postgres_db, tmp_path)
