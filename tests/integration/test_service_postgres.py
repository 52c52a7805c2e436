"""The API on a real PostgreSQL (started on loopback by ``tests/pg.py``): migrations at start,
jobs run by a worker process, events gap-free, versions, another token's 404, the queue cap."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pptxagent.service.config import ServiceConfig
from pptxagent.store import Store
from tests.integration.service_support import (
    Api,
    all_events,
    check_tool_events,
    free_port,
    submit_compose,
    submit_fill,
    thread_server,
    wait_job,
)
from tests.pg import postgres_db, postgres_url

pytestmark = [pytest.mark.postgres, pytest.mark.browser, pytest.mark.libreoffice]
__all__ = ["postgres_db", "postgres_url"]  # fixtures used by name


@pytest.fixture()
def pg_api(postgres_db: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    data = tmp_path_factory.mktemp("svc-pg")
    cfg = ServiceConfig(data_dir=data, db_url=postgres_db, port=free_port(), workers=1,
                        queue_cap=3)
    with thread_server(cfg) as server:
        store: Store = server.app.state.store
        assert store.is_postgres
        api = Api(f"http://127.0.0.1:{cfg.port}", data, store.create_token("a", max_queued=3))
        api.extra["other"] = store.create_token("b")
        yield api


def test_the_api_runs_jobs_on_postgresql(pg_api: Api) -> None:
    with pg_api.client() as c, pg_api.client(pg_api.extra["other"]) as other:
        fill = submit_fill(c, quality_profile="fast").json()
        compose = submit_compose(c, quality_profile="fast").json()
        extra = submit_fill(c, quality_profile="fast")
        assert extra.status_code == 202
        assert submit_fill(c).status_code == 429  # 3 queued or running: the cap
        for sub in (fill, compose, extra.json()):
            job = wait_job(c, sub["job_id"])
            assert job["status"] == "succeeded", job["error"]
            events = all_events(c, sub["job_id"])
            assert [e["id"] for e in events] == list(range(1, len(events) + 1))
            assert events[-1]["type"] == "job.succeeded"
            check_tool_events(events, c.get(f"/api/jobs/{sub['job_id']}/tool-runs").json())
            assert other.get(f"/api/jobs/{sub['job_id']}").status_code == 404
        revised = c.post(f"/api/decks/{fill['deck_id']}/revise",
                         files={"quality_profile": (None, "fast")})
        assert revised.status_code == 202, revised.text
        assert wait_job(c, revised.json()["job_id"])["status"] == "succeeded"
        deck = c.get(f"/api/decks/{fill['deck_id']}").json()
        assert [v["version"] for v in deck["versions"]] == [1, 2]
        assert c.get(deck["versions"][1]["pptx_url"]).content[:2] == b"PK"
        assert c.get(f"/api/decks/{fill['deck_id']}/quality/2").json()["version"] == 2
