"""A real PostgreSQL for tests: ``postgres_url`` starts one cluster per session on 127.0.0.1.

Import the fixtures into a test module (``from tests.pg import postgres_db, postgres_url``).
The server binaries are looked up under /usr/lib/postgresql/<newest>/bin (or on PATH); the
tests skip, saying so, only when they are absent. As root, initdb/pg_ctl run as the
``postgres`` user in a temp dir it owns; the unix socket lives in that dir; the server is
stopped with ``pg_ctl stop -m immediate`` by the finalizer.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_ROOT = Path("/usr/lib/postgresql")


def pg_bindir() -> Path | None:
    """The bin dir of the newest installed PostgreSQL that has initdb and pg_ctl."""
    found: list[tuple[float, Path]] = []
    if PG_ROOT.is_dir():
        for d in PG_ROOT.iterdir():
            b = d / "bin"
            if (b / "initdb").is_file() and (b / "pg_ctl").is_file():
                try:
                    key = float(d.name)
                except ValueError:
                    key = -1.0
                found.append((key, b))
    if found:
        return max(found)[1]
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl and Path(initdb).parent == Path(pg_ctl).parent:
        return Path(initdb).parent
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user(args: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return args
    if shutil.which("runuser") is None:
        pytest.skip("running as root without runuser: cannot start PostgreSQL as a non-root user")
    return ["runuser", "-u", "postgres", "--", *args]


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """``postgresql+psycopg://postgres@127.0.0.1:<port>/postgres`` of a fresh, running cluster."""
    bindir = pg_bindir()
    if bindir is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) not found in /usr/lib/postgresql")
    base = Path(tempfile.mkdtemp(prefix="pxa-pg-"))
    data, sock, log = base / "data", base / "sock", base / "server.log"
    sock.mkdir()
    if os.geteuid() == 0:
        try:
            shutil.chown(base, "postgres", "postgres")
            shutil.chown(sock, "postgres", "postgres")
        except (LookupError, PermissionError) as exc:
            shutil.rmtree(base, ignore_errors=True)
            pytest.skip(f"running as root and cannot hand the data dir to user postgres: {exc}")
    initdb = [str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"]
    subprocess.run(
        _as_server_user([*initdb, "-E", "UTF8", "--no-sync"]),
        check=True,
        capture_output=True,
        timeout=120,
    )
    pg_ctl = str(bindir / "pg_ctl")
    for _ in range(3):  # another test run may grab the free port first: try another
        port = _free_port()
        opts = (
            f"-c listen_addresses=127.0.0.1 -p {port} -k {sock} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
        )
        started = subprocess.run(
            _as_server_user([pg_ctl, "-D", str(data), "-o", opts, "-l", str(log), "-w", "start"]),
            capture_output=True,
            text=True,
            timeout=120,
        )
        if started.returncode == 0:
            break
    if started.returncode != 0:
        detail = log.read_text(errors="replace")[-2000:] if log.exists() else started.stderr
        shutil.rmtree(base, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {detail}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_server_user([pg_ctl, "-D", str(data), "stop", "-m", "immediate"]),
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture()
def postgres_db(postgres_url: str) -> Iterator[str]:
    """The URL of a new, empty database in the session's cluster (dropped afterwards)."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    admin = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield postgres_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
