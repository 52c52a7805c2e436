"""``pptxagent batch --broker``: the same records as Celery tasks on two real ``pptxagent
worker`` processes (prefork, separate data folders, as two machines), Redis on loopback, the
journal in a real PostgreSQL, templates and decks through an S3-compatible server (moto).
A worker process killed mid-record: the record is delivered again and completes; one that
kills its worker every time fails after two attempts; every record has exactly one deck and
one summary row."""

from __future__ import annotations

import csv
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from batch_support import batch, decks, leftovers, slide_xml, subset, summary
from pptx import Presentation
from service_support import Api, free_port, submit_fill, thread_server, wait_job

from pptxagent.service.config import ServiceConfig
from tests.pg import postgres_db, postgres_url
from tests.servers import Workers, redis_url, s3_store

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice, pytest.mark.postgres]

__all__ = ["postgres_db", "postgres_url", "redis_url", "s3_store"]  # fixtures used by name


@pytest.fixture()
def cluster(redis_url: str, postgres_db: str, s3_store: tuple[str, dict[str, str]],
            tmp_path: Path) -> Iterator[tuple[list[str], dict[str, str]]]:
    store, env = s3_store
    env = {**env, "PPTXAGENT_TEST_HOOKS": "1"}
    workers = Workers(redis_url, postgres_db, store, env, tmp_path / "machines")
    workers.start(n=2, concurrency=1)
    try:
        yield (["--broker", redis_url, "--database-url", postgres_db, "--store", store],
               {**os.environ, **env})
    finally:
        workers.stop()


def test_records_run_on_two_workers_and_survive_a_killed_one(
        cluster: tuple[list[str], dict[str, str]], tmp_path: Path) -> None:
    args, env = cluster
    data = subset(tmp_path, [1, 2, 3, 4, 5, 6], extra={"PPTXAGENT_TEST_HOOK": ""})
    with data.open(encoding="utf-8", newline="") as fh:
        table = list(csv.reader(fh))
    table[2][-1], table[4][-1] = "kill_once", "kill"  # Initech, Hooli
    with data.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(table)
    outdir = tmp_path / "out"
    res = batch(data, outdir, *args, env=env, timeout=900)
    assert res.returncode == 1, res.stderr  # Hooli kills its worker every time
    rows = {r["number"]: r for r in summary(outdir)}
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    assert rows[4]["label"] == "failed" and "worker lost" in rows[4]["error"]
    assert all(rows[n]["label"] != "failed" for n in (1, 2, 3, 5, 6)), rows
    assert [p.name for p in decks(outdir)] == sorted(
        f"{n}.pptx" for n in ("Globex", "Initech", "Umbrella", "Stark Industries",
                              "Wayne Enterprises"))
    assert not leftovers(outdir)
    for deck in decks(outdir):
        assert len(Presentation(str(deck)).slides) == 3
    workers = {rows[n].get("worker", "").rsplit("-", 1)[0] for n in (1, 2, 3, 5, 6)}
    assert len(workers) >= 1
    # The same records on the local pool give the same slides.
    local = tmp_path / "local"
    mine = batch(data, local, "-j", "2", env={**os.environ, "PPTXAGENT_TEST_HOOKS": "0"})
    assert mine.returncode in (0, 1), mine.stderr
    for deck in decks(outdir):
        assert slide_xml(local / deck.name) == slide_xml(deck), deck.name
    again = batch(data, outdir, *args, env=env, timeout=600)
    assert "(0 run, 6 already done)" in again.stderr, again.stderr


def test_the_api_sends_its_jobs_to_celery_workers(
        redis_url: str, postgres_db: str, s3_store: tuple[str, dict[str, str]],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pptxagent serve --broker``: the API's jobs run on a worker of another "machine" (its
    own data folder); the template, the deck and its thumbnails travel through the bucket."""
    store, env = s3_store
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    workers = Workers(redis_url, postgres_db, store, env, tmp_path / "machines")
    workers.start(n=1, concurrency=1)
    cfg = ServiceConfig(data_dir=tmp_path / "api", db_url=postgres_db, port=free_port(),
                        workers=0, broker=redis_url, file_store=store)
    try:
        with thread_server(cfg) as server:
            token = server.app.state.store.create_token("a")
            api = Api(f"http://127.0.0.1:{cfg.port}", cfg.data_dir, token)
            with api.client() as c:
                job = wait_job(c, submit_fill(c, quality_profile="fast").json()["job_id"],
                               timeout=300)
                assert job["status"] == "succeeded", job["error"]
                assert job["result"]["worker"].startswith(socket.gethostname())
                deck = c.get(f"/api/decks/{job['deck_id']}").json()
                assert c.get(deck["versions"][0]["pptx_url"]).content[:2] == b"PK"
    finally:
        workers.stop()
