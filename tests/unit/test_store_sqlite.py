"""The job store on SQLite (WAL) in a temp dir: every method, concurrency, leases, artifacts."""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from pptxagent.errors import PptxAgentError
from pptxagent.store import BadArtifactId, NotFound, QueueFull, Store, ToolRunRecord
from pptxagent.store.db import database_url
from pptxagent.store.models import Base
from tests.store_checks import (
    claim_under_threads,
    concurrent_migrations,
    events_without_gaps,
    lease_expiry_retries_then_fails,
    odd_text_and_ids_are_safe,
    workers_in_processes,
)


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    s = Store(data_dir=tmp_path / "data")
    s.migrate()
    return s


def _token(store: Store, max_queued: int = 10) -> int:
    tid = store.token_id(store.create_token("t", max_queued=max_queued))
    assert tid is not None
    return tid


def test_migrations_build_the_models_schema_with_wal_and_pragmas(store: Store) -> None:
    store.migrate()  # idempotent
    db = store.data_dir / "pptxagent.db"
    assert db.is_file()
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0001"
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == [], "the migration and the ORM models describe the same schema"


def test_tokens_are_stored_hashed_and_checked(store: Store) -> None:
    plain = store.create_token("ci", max_queued=3)
    other = store.create_token("other")
    assert plain != other and len(plain) > 30
    tid = store.token_id(plain)
    assert tid is not None and store.token_id(other) not in (None, tid)
    assert store.token_id("wrong") is None and store.token_id("") is None
    dump = (store.data_dir / "pptxagent.db").read_bytes()
    for name in ("pptxagent.db-wal",):
        wal = store.data_dir / name
        dump += wal.read_bytes() if wal.exists() else b""
    assert plain.encode() not in dump, "the database never holds a plaintext token"
    assert hashlib.sha256(plain.encode()).hexdigest().encode() in dump
    assert store.create_token("env", plaintext="fixed-token") == "fixed-token"
    assert store.create_token("env", plaintext="fixed-token") == "fixed-token"  # idempotent
    assert store.count_tokens() == 3
    assert store.revoke_token(tid) and store.token_id(plain) is None


def test_jobs_belong_to_their_token_and_the_queue_is_capped(store: Store) -> None:
    a, b = _token(store, max_queued=2), _token(store)
    j1 = store.submit_job(a, "fill", {"content": {"k": "v"}})
    assert j1.status == "queued" and j1.attempts == 0 and j1.request == {"content": {"k": "v"}}
    assert j1.created_at.tzinfo is not None
    store.submit_job(a, "compose", {})
    with pytest.raises(QueueFull) as err:
        store.submit_job(a, "fill", {})
    assert isinstance(err.value, PptxAgentError) and err.value.limit == 2
    assert store.get_job(j1.id, a) is not None
    assert store.get_job(j1.id, b) is None, "another token's job does not exist for it"
    assert store.get_job("nope") is None
    assert [j.kind for j in store.list_jobs(a)] == ["compose", "fill"]
    assert store.list_jobs(b) == [] and store.count_active(a) == 2
    # a finished job frees its queue slot
    job = store.claim_job("w", lease_s=30)
    assert job is not None and store.finish_job(job.id, "w", ok=True)
    store.submit_job(a, "fill", {})
    # revisions go to an existing deck of the same token only
    assert store.submit_job(b, "fill", {}, deck_id=None).deck_id != j1.deck_id
    with pytest.raises(NotFound):
        store.submit_job(b, "fill", {}, deck_id=j1.deck_id)


def test_claim_heartbeat_finish_by_the_lease_owner_only(store: Store) -> None:
    tid = _token(store)
    first = store.submit_job(tid, "fill", {})
    second = store.submit_job(tid, "fill", {})
    job = store.claim_job("w1", lease_s=30)
    assert job is not None and job.id == first.id, "oldest first"
    assert job.attempts == 1 and job.lease_owner == "w1" and job.started_at is not None
    assert job.lease_expires_at is not None
    assert job.lease_expires_at - datetime.now(UTC) > timedelta(seconds=20)
    assert store.heartbeat(job.id, "w1", lease_s=300)
    extended = store.get_job(job.id)
    assert extended is not None and extended.lease_expires_at is not None
    assert extended.lease_expires_at > job.lease_expires_at
    assert not store.heartbeat(job.id, "w2", lease_s=300)
    assert not store.finish_job(job.id, "w2", ok=True), "only the lease owner finishes"
    assert store.expire_leases() == [], "a live lease is left alone"
    assert store.finish_job(job.id, "w1", ok=False, error={"message": "boom"})
    done = store.get_job(job.id)
    assert done is not None and done.status == "failed" and done.error == {"message": "boom"}
    assert done.finished_at is not None and done.result is None
    assert not store.finish_job(job.id, "w1", ok=True), "a terminal job never changes"
    assert not store.heartbeat(job.id, "w1", lease_s=30)
    nxt = store.claim_job("w1", lease_s=30)
    assert nxt is not None and nxt.id == second.id
    assert store.finish_job(nxt.id, "w1", ok=True, result={"pptx": "abc"})
    ok = store.get_job(nxt.id)
    assert ok is not None and ok.status == "succeeded" and ok.result == {"pptx": "abc"}
    assert [e.type for e in store.events(nxt.id)] == ["job.queued", "job.started", "job.succeeded"]
    assert store.claim_job("w1", lease_s=30) is None
    third = store.submit_job(tid, "fill", {})
    assert store.cancel_job(third.id, tid) and not store.cancel_job(third.id, tid)


def test_claim_is_atomic_under_8_threads(store: Store) -> None:
    rate = claim_under_threads(store, threads=8, per_thread=20)
    print(f"sqlite claim: {rate:.0f} jobs/s with 8 threads")


def test_event_seq_has_no_gaps_under_8_writers(store: Store) -> None:
    rate = events_without_gaps(store, writers=8, each=40)
    print(f"sqlite add_event: {rate:.0f} events/s with 8 threads")
    with pytest.raises(NotFound):
        store.add_event("missing", "x", {})


def test_worker_processes_share_the_sqlite_queue(store: Store) -> None:
    rate = workers_in_processes(store, processes=4, jobs=40)
    print(f"sqlite 4 worker processes: {rate:.0f} jobs/s (claim, 2 events, heartbeat, finish)")


def test_lease_expiry_retries_then_fails_after_2_attempts(store: Store) -> None:
    lease_expiry_retries_then_fails(store)


def test_a_dead_workers_leases_end_at_once(store: Store) -> None:
    tid = _token(store)
    job = store.submit_job(tid, "fill", {"template": Path("/in/t.pptx")})
    assert job.request == {"template": "/in/t.pptx"}, "paths are stored as strings"
    other = store.submit_job(tid, "fill", {}, deck_id=job.deck_id)
    assert [j.id for j in store.list_jobs(tid, deck_id=job.deck_id)] == [other.id, job.id]
    assert store.claim_job("crashed", lease_s=600) is not None
    assert store.claim_job("alive", lease_s=600) is not None
    assert store.expire_leases() == [], "leases still run"
    assert store.expire_leases(worker="crashed") == [job.id]
    back = store.get_job(job.id)
    assert back is not None and back.status == "queued" and back.attempts == 1
    assert "crashed exited" in store.events(job.id)[-1].data["reason"]
    alive = store.get_job(other.id)
    assert alive is not None and alive.status == "running"


def test_tool_runs_versions_and_quality(store: Store, tmp_path: Path) -> None:
    a, b = _token(store), _token(store)
    job = store.submit_job(a, "fill", {})
    rec = ToolRunRecord(
        tool="pptx.inspect_inventory",
        status="ok",
        attempt=1,
        started_at=datetime.now(UTC),
        duration_ms=12.5,
        input_hash="a" * 64,
        output_hash="b" * 64,
        artifacts={"inventory": "c" * 64},
        summary="3 slides",
        error=None,
        started=True,
    )
    refused = rec.model_copy(update={"status": "invalid", "started": False, "output_hash": None})
    assert store.record_tool_run(job.id, rec) < store.record_tool_run(job.id, refused)
    runs = store.tool_runs(job.id)
    assert [(r.tool, r.status, r.started) for r in runs] == [
        ("pptx.inspect_inventory", "ok", True),
        ("pptx.inspect_inventory", "invalid", False),
    ]
    assert runs[0].artifacts == {"inventory": "c" * 64} and runs[0].duration_ms == 12.5
    pptx, thumb = tmp_path / "out.pptx", tmp_path / "s1.png"
    pptx.write_bytes(b"PK-fake-deck")
    thumb.write_bytes(b"\x89PNG-fake")
    report = {"qa": [{"slide": 1, "rule": "overflow", "box": [0, 0, 10, 10]}]}
    v1 = store.add_version(
        job.deck_id, job.id, pptx=pptx, report=report, thumbnails=[thumb], score=0.9, passes_used=1
    )
    pptx.write_bytes(b"PK-fake-deck-2")
    v2 = store.add_version(
        job.deck_id, job.id, pptx=pptx, report={}, thumbnails=[], score=0.95, passes_used=0
    )
    assert (v1, v2) == (1, 2)
    versions = store.versions(job.deck_id, a)
    assert [v.version for v in versions] == [1, 2] and versions[0].score == 0.9
    assert store.artifacts.path(versions[0].pptx_sha).read_bytes() == b"PK-fake-deck"
    assert store.artifacts.path(versions[0].thumbnails[0]).read_bytes() == b"\x89PNG-fake"
    q = store.quality(job.deck_id, 1, a)
    assert q is not None and q.report == report and q.passes_used == 1 and q.score == 0.9
    assert store.quality(job.deck_id, 1, b) is None and store.versions(job.deck_id, b) == []
    assert store.quality(job.deck_id, 3, a) is None
    deck = store.get_deck(job.deck_id, a)
    assert deck is not None and deck.last_version == 2 and store.get_deck(job.deck_id, b) is None
    art = store.artifact(versions[0].pptx_sha, a)
    assert art is not None and art.kind == "pptx" and art.size == len(b"PK-fake-deck")
    assert store.artifact(versions[0].pptx_sha, b) is None, "another token cannot fetch it"
    with pytest.raises(NotFound):
        store.add_version(
            "nope", job.id, pptx=pptx, report={}, thumbnails=[], score=0, passes_used=0
        )


def test_artifacts_are_content_addressed_deduplicated_and_refuse_bad_ids(
    store: Store, tmp_path: Path
) -> None:
    arts = store.artifacts
    sha = arts.put_bytes(b"hello")
    assert sha == hashlib.sha256(b"hello").hexdigest()
    src = tmp_path / "h.txt"
    src.write_bytes(b"hello")
    assert arts.put_file(src) == sha and arts.put_bytes(b"hello") == sha
    path = arts.path(sha)
    assert path == store.data_dir / "artifacts" / sha[:2] / sha[2:]
    assert path.read_bytes() == b"hello" and arts.exists(sha)
    with arts.open(sha) as fh:
        assert fh.read() == b"hello"
    files = [p for p in (store.data_dir / "artifacts").rglob("*") if p.is_file()]
    assert files == [path], "stored once, no temp file left behind"
    for bad in ["../../etc/passwd", sha.upper(), sha[:-1], sha + "0", "", "g" * 64, sha + "\n"]:
        with pytest.raises(BadArtifactId):
            arts.path(bad)
    with pytest.raises(BadArtifactId):
        store.artifact("../x")
    assert not arts.exists("0" * 64)
    tid = _token(store)
    assert store.put_artifact(b"hello", kind="note", token_id=tid) == sha
    row = store.artifact(sha, tid)
    assert row is not None and row.size == 5 and row.kind == "note"


def test_timestamps_are_per_row_not_per_import(store: Store) -> None:
    tid = _token(store)
    a = store.submit_job(tid, "fill", {})
    b = store.submit_job(tid, "fill", {})
    assert a.created_at < b.created_at
    con = sqlite3.connect(store.data_dir / "pptxagent.db")
    try:
        stamps = {r[0] for r in con.execute("SELECT created_at FROM jobs")}
    finally:
        con.close()
    assert len(stamps) == 2


def test_nul_characters_and_junk_ids_are_safe(store: Store) -> None:
    odd_text_and_ids_are_safe(store)


def test_processes_starting_together_migrate_once(tmp_path: Path) -> None:
    concurrent_migrations(None, tmp_path / "fresh")


def test_database_urls_default_to_sqlite_in_the_data_dir_and_psycopg_for_postgres(
    tmp_path: Path,
) -> None:
    assert database_url(None, tmp_path / "d") == f"sqlite:///{tmp_path / 'd' / 'pptxagent.db'}"
    assert (tmp_path / "d").is_dir()
    for given in ("postgresql://u@h:5432/db", "postgres://u@h:5432/db"):
        assert database_url(given, tmp_path) == "postgresql+psycopg://u@h:5432/db"
    assert database_url("postgresql+psycopg://u@h/db", tmp_path) == "postgresql+psycopg://u@h/db"


def test_the_postgres_fixture_picks_the_newest_installed_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tests.pg as pg

    for version, complete in (("9.6", True), ("15", True), ("16", True), ("17", False)):
        b = tmp_path / version / "bin"
        b.mkdir(parents=True)
        (b / "pg_ctl").write_text("")
        if complete:
            (b / "initdb").write_text("")
    monkeypatch.setattr(pg, "PG_ROOT", tmp_path)
    assert pg.pg_bindir() == tmp_path / "16" / "bin", "17 lacks initdb"
