"""Real servers for the scale-out tests, on 127.0.0.1 in temporary folders, stopped after:
Redis (Debian's ``redis-server``), an S3-compatible store (moto's server mode), and
``pptxagent worker`` processes (real Celery prefork workers), each with its own data folder
as two machines would have."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

S3_ENV = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
          "AWS_DEFAULT_REGION": "us-east-1"}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_port(port: int, proc: subprocess.Popen[bytes], what: str, limit: float = 30) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not listen on {port} within {limit} s")


def _stop(proc: subprocess.Popen[bytes], grace: float = 10) -> None:
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    exe = shutil.which("redis-server")
    if exe is None:
        pytest.skip("redis-server not installed (bin/setup installs it)")
    folder = Path(tempfile.mkdtemp(prefix="pxa-redis-"))
    port = free_port()
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--dir",
                             str(folder), "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        _wait_port(port, proc, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        _stop(proc)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def s3_store() -> Iterator[tuple[str, dict[str, str]]]:
    """``(s3://bucket/prefix, env)``: a moto server with a fresh bucket; ``env`` reaches it."""
    import boto3

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p",
                             str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True, env={**os.environ, **S3_ENV})
    try:
        _wait_port(port, proc, "moto server")
        env = {**S3_ENV, "PPTXAGENT_S3_ENDPOINT": f"http://127.0.0.1:{port}"}
        boto3.client("s3", endpoint_url=env["PPTXAGENT_S3_ENDPOINT"], **{
            "aws_access_key_id": "testing", "aws_secret_access_key": "testing",
            "region_name": "us-east-1"}).create_bucket(Bucket="decks")
        yield "s3://decks/pptxagent", env
    finally:
        _stop(proc)


class Workers:
    """``pptxagent worker`` processes (one per simulated machine), started and stopped."""

    def __init__(self, broker: str, db: str, store: str, env: dict[str, str], root: Path
                 ) -> None:
        self.broker, self.db, self.store, self.env, self.root = broker, db, store, env, root
        self.procs: list[subprocess.Popen[bytes]] = []

    def start(self, n: int = 2, concurrency: int = 1, restart_every: int = 25) -> None:
        for k in range(n):
            folder = self.root / f"machine-{k}"
            folder.mkdir(parents=True, exist_ok=True)
            log = (folder / "worker.log").open("ab")
            self.procs.append(subprocess.Popen(
                [sys.executable, "-m", "pptxagent.cli", "worker", "--broker", self.broker,
                 "--database-url", self.db, "--store", self.store, "--data-dir",
                 str(folder / "data"), "-c", str(concurrency), "--timeout", "240",
                 "--restart-every", str(restart_every)],
                stdout=log, stderr=log, start_new_session=True,
                env={**os.environ, **self.env}))

    def stop(self) -> None:
        for proc in self.procs:
            _stop(proc, grace=20)
        self.procs.clear()


__all__ = ["S3_ENV", "Workers", "free_port", "redis_url", "s3_store"]
