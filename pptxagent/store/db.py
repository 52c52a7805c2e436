"""Engines and migrations: SQLite (WAL) in the data directory by default, PostgreSQL by URL."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import Connection

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BUSY_TIMEOUT_MS = 10_000
MIGRATION_LOCK = 0x70786167  # pg_advisory_xact_lock key: one migrator at a time
_ALEMBIC = threading.Lock()  # alembic.context is a process-global proxy: one upgrade at a time


def to_json(value: Any) -> str:
    """JSON columns: paths, datetimes and other leftovers are written as their ``str``;
    NUL characters (refused by PostgreSQL's JSONB) become U+FFFD."""
    out = json.dumps(value, default=str, ensure_ascii=False)
    if "\\u0000" in out:
        out = json.dumps(_no_nul(json.loads(out)), ensure_ascii=False)
    return out


def _no_nul(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd")
    if isinstance(value, list):
        return [_no_nul(v) for v in value]
    if isinstance(value, dict):
        return {_no_nul(k): _no_nul(v) for k, v in value.items()}
    return value


def database_url(url: str | None, data_dir: Path) -> str:
    """The SQLAlchemy URL: ``url`` (``postgresql://`` gets the psycopg 3 driver) or SQLite."""
    if not url:
        data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{(data_dir / 'pptxagent.db').resolve()}"
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str) -> Engine:
    """An engine; on SQLite every connection gets WAL, busy_timeout and foreign_keys ON."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            connect_args={"timeout": BUSY_TIMEOUT_MS / 1000},
            pool_size=10,
            max_overflow=20,
            json_serializer=to_json,
        )
        _sqlite_events(engine)
        return engine
    return create_engine(
        url, pool_size=10, max_overflow=20, pool_pre_ping=True, json_serializer=to_json
    )


def _wal(cur: Any) -> None:
    """``PRAGMA journal_mode=WAL``. Switching a fresh file needs its exclusive lock, and
    SQLite answers "database is locked" at once (no busy wait) when processes opening it
    together collide: retry for up to the busy timeout."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _sqlite_events(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        # The driver must not open transactions itself: the "begin" hook below does it.
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        try:
            cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            _wal(cur)
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
        finally:
            cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        # Writers take the write lock up front (BEGIN IMMEDIATE): they queue on busy_timeout
        # instead of failing with SQLITE_BUSY when a read snapshot turns out stale.
        mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
        conn.exec_driver_sql(f"BEGIN {mode}")


def writer(engine: Engine) -> Engine:
    """The same pool, but transactions begin IMMEDIATE on SQLite (a no-op elsewhere)."""
    return engine.execution_options(sqlite_begin="IMMEDIATE")


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic config built in code (no alembic.ini needed) bound to ``connection``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("path_separator", "os")
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the schema to ``revision`` (idempotent; serialised by the database)."""
    with _ALEMBIC, writer(engine).begin() as conn:
        if conn.dialect.name == "postgresql":  # processes starting together migrate in turn
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        command.upgrade(alembic_config(conn), revision)
