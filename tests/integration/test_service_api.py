"""The HTTP API end to end over real HTTP: auth on every route, bad input refused before a job
exists, caps, jobs that run in a real worker (Chromium + LibreOffice), events (JSON and SSE),
downloads, another token's 404."""

from __future__ import annotations

import json
import re
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pptxagent.service.app import create_app
from pptxagent.service.config import ServiceConfig
from pptxagent.store import Store
from tests.integration.service_support import (
    ROOT,
    TEMPLATE,
    Api,
    all_events,
    check_tool_events,
    deck_with_entities,
    deck_with_traversal,
    free_port,
    read_sse,
    serve_process,
    served_api,
    stop_process,
    submit_compose,
    submit_fill,
    thread_server,
    wait_job,
    zip_bomb,
)

CAP = 2 * 1024 * 1024


@pytest.fixture(scope="module")
def api0(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    """The API with no workers: jobs stay queued (auth, input and cap checks need no engine)."""
    data = tmp_path_factory.mktemp("svc0")
    cfg = ServiceConfig(data_dir=data, port=free_port(), workers=0, upload_cap_bytes=CAP)
    with thread_server(cfg) as server:
        store: Store = server.app.state.store
        api = Api(f"http://127.0.0.1:{cfg.port}", data, store.create_token("a"))
        api.extra["other"] = store.create_token("b")
        api.extra["store"] = store
        yield api


def _api_routes(data_dir: Path) -> list[tuple[str, str]]:
    """Every route of the app (as its OpenAPI document lists them), ids filled in."""
    app = create_app(ServiceConfig(data_dir=data_dir, workers=0))
    out = []
    for path, ops in app.openapi()["paths"].items():
        assert path.startswith("/api/"), path
        for method in ops:
            out.append((method.upper(), re.sub(r"\{(\w+)\}", lambda m: "1" if m[1] in (
                "version", "n") else "0" * 32, path)))
    return out


def test_every_api_route_needs_a_bearer_token(api0: Api, tmp_path: Path) -> None:
    routes = _api_routes(tmp_path)
    assert len(routes) >= 11
    for token in ("", "pxa_not-a-real-token"):
        with api0.client(token) as c:
            for method, path in routes:
                r = c.request(method, path)
                assert r.status_code == 401, (method, path, r.status_code)
                assert r.headers["www-authenticate"].startswith("Bearer")
                assert "pxa_not-a-real-token" not in r.text
    with api0.client("") as c:  # a token in the query string is never looked at
        assert c.get("/api/jobs", params={"token": api0.token}).status_code == 401
        assert c.get("/api/jobs", params={"access_token": api0.token}).status_code == 401


def test_openapi_is_published_with_bearer_auth(api0: Api) -> None:
    doc = httpx.get(f"{api0.base}/openapi.json").json()
    paths = doc["paths"]
    for p in ("/api/decks/generate", "/api/decks/{deck_id}/revise", "/api/jobs/{job_id}",
              "/api/jobs/{job_id}/events", "/api/decks/{deck_id}/quality/{version}"):
        assert p in paths
    assert any(s.get("scheme") == "bearer" for s in doc["components"]["securitySchemes"].values())
    assert "multipart/form-data" in paths["/api/decks/generate"]["post"]["requestBody"]["content"]


BAD_DECKS = {
    "non-zip": (b"This is not a PowerPoint file at all", 422, "not a valid .pptx"),
    "0-byte": (b"", 400, "empty"),
    "traversal": (None, 422, ".."),
    "entities": (None, 422, "DOCTYPE"),
    "zip-bomb": (None, 422, "bomb"),
}


@pytest.mark.parametrize("kind", list(BAD_DECKS))
def test_bad_decks_are_refused_before_a_job_exists(api0: Api, kind: str) -> None:
    data, status, words = BAD_DECKS[kind]
    if data is None:
        data = {"traversal": deck_with_traversal, "entities": deck_with_entities,
                "zip-bomb": zip_bomb}[kind]()
    with api0.client() as c:
        before = len(c.get("/api/jobs", params={"limit": 500}).json())
        r = submit_fill(c, template=data)
        assert r.status_code == status, r.text
        assert words.lower() in r.json()["detail"].lower(), r.text
        assert r.json()["field"] == "template"
        assert len(c.get("/api/jobs", params={"limit": 500}).json()) == before


def test_upload_over_the_cap_is_413(api0: Api) -> None:
    big = TEMPLATE.read_bytes() + b"\0" * (CAP + 1)
    with api0.client() as c:
        before = len(c.get("/api/jobs").json())
        assert submit_fill(c, template=big).status_code == 413  # Content-Length says so

        def chunks() -> Iterator[bytes]:  # chunked: counted while it streams in
            yield (b"--b\r\nContent-Disposition: form-data; name=\"template\"; "
                   b"filename=\"t\"\r\n\r\n")
            for _ in range(CAP // 65536 + 4):
                yield b"\0" * 65536
            yield b"\r\n--b--\r\n"

        try:
            r = c.post("/api/decks/generate", content=chunks(),
                       headers={"Content-Type": "multipart/form-data; boundary=b"})
            assert r.status_code == 413
        except httpx.WriteError:  # the server answered 413 and closed before the body ended
            pass
        assert len(c.get("/api/jobs").json()) == before


def test_invalid_json_and_options_are_422_naming_the_path(api0: Api) -> None:
    with api0.client() as c:
        r = submit_fill(c, content={"slides": [{"template_slide": 1},
                                               {"template_slide": "two"}]})
        assert r.status_code == 422
        assert r.json()["path"] == "$.slides[1].template_slide"
        assert "$.slides[1].template_slide" in r.json()["detail"]
        r = submit_compose(c, outline={"title": "x", "slides": [{"kind": "kpis", "title": 3}]})
        assert r.status_code == 422 and r.json()["path"].startswith("$.slides[0]")
        r = c.post("/api/decks/generate", files={"content": (None, "{not json"),
                                                  "template": ("t.pptx", TEMPLATE.read_bytes())})
        assert r.status_code == 422 and "not valid JSON" in r.json()["detail"]
        for value in ("3", "-1", "many"):
            r = submit_fill(c, max_correction_passes=value)
            assert r.status_code == 422, value
            assert r.json()["field"] == "max_correction_passes"
        r = submit_fill(c, quality_profile="ultra")
        assert r.status_code == 422 and r.json()["field"] == "quality_profile"


PICTURE = {"slides": [{"template_slide": 5, "fill": {
    "title": "Our team", "name:Picture Placeholder 2": {"image": "team.png"}}}]}


def test_pictures_must_be_uploaded_as_plain_named_assets(api0: Api) -> None:
    team = (ROOT / "fixtures" / "team.png").read_bytes()
    with api0.client() as c:
        r = submit_fill(c, content=PICTURE)
        assert r.status_code == 422
        assert r.json()["path"] == '$.slides[0].fill["name:Picture Placeholder 2"].image'
        r = c.post("/api/decks/generate", data={"content": json.dumps(PICTURE)}, files=[
            ("template", ("t.pptx", TEMPLATE.read_bytes())), ("assets", ("..", team))])
        assert r.status_code == 422 and r.json()["field"] == "assets"
        r = c.post("/api/decks/generate", data={"content": json.dumps(PICTURE)}, files=[
            ("template", ("t.pptx", TEMPLATE.read_bytes())),
            ("assets", ("../../team.png", team))])  # the folder part is dropped
        assert r.status_code == 202, r.text


def test_queue_cap_is_429_with_retry_after(api0: Api) -> None:
    store: Store = api0.extra["store"]
    token = store.create_token("capped", max_queued=10)
    with api0.client(token) as c:
        for _ in range(10):
            assert submit_fill(c).status_code == 202
        r = submit_fill(c)
        assert r.status_code == 429
        assert int(r.headers["retry-after"]) > 0
        assert len(c.get("/api/jobs").json()) == 10
        # the list by status, each job with its deck's title, source and submitter
        queued = c.get("/api/jobs", params={"status": "queued"}).json()
        assert len(queued) == 10 and c.get("/api/jobs?status=succeeded").json() == []
        assert {(j["deck_title"], j["source"], j["submitted_by"], j["duration_s"])
                for j in queued} == {("Highlights of Globex", "template.pptx", "capped", None)}
        assert c.get("/api/jobs?status=done").status_code == 422


def test_another_tokens_job_and_deck_are_404(api0: Api) -> None:
    with api0.client() as mine, api0.client(api0.extra["other"]) as theirs:
        job = submit_fill(mine).json()
        jid, did = job["job_id"], job["deck_id"]
        assert mine.get(f"/api/jobs/{jid}").status_code == 200
        for path in (f"/api/jobs/{jid}", f"/api/jobs/{jid}/events", f"/api/jobs/{jid}/tool-runs",
                     f"/api/decks/{did}", f"/api/decks/{did}/quality/1",
                     f"/api/decks/{did}/versions/1/pptx"):
            assert theirs.get(path).status_code == 404, path
        assert theirs.post(f"/api/decks/{did}/revise",
                           files={"content": (None, "{}")}).status_code == 404
        assert jid not in [j["id"] for j in theirs.get("/api/jobs").json()]
        assert theirs.get("/api/files/" + "../" * 3 + "etc/passwd").status_code == 404


def test_serve_prints_a_token_once_and_never_logs_it(tmp_path: Path) -> None:
    logs, tokens = [], []
    for n in range(2):
        port, log = free_port(), tmp_path / f"serve-{n}.log"
        proc = serve_process(tmp_path / "data", port, None, workers=0, log=log)
        try:
            text = log.read_text()
            tokens += re.findall(r"API token \(shown once, store it now\): (\S+)", text)
            with httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:
                for token in tokens:
                    auth = {"Authorization": f"Bearer {token}"}
                    assert c.get("/api/jobs", headers=auth).status_code == 200
                    assert c.get("/api/jobs").status_code == 401
        finally:
            stop_process(proc)
        logs.append(log.read_text())
    assert len(tokens) == 1  # printed on the first start only
    assert logs[0].count(tokens[0]) == 1 and tokens[0] not in logs[1]


def test_the_access_log_never_shows_a_token_pasted_into_a_url(tmp_path: Path) -> None:
    """Not only ``pxa_`` tokens and query parameters: a bearer token of another form pasted
    into a path segment, and the server's own token however it looks (service.redact)."""
    pasted = "4MUlP-tsHqNLB8zshO_6feqDJuUTX2FvvQpj_2R56G0"  # not of the pxa_ form
    known = "correct-horse-battery-staple"  # this server's token ($PPTXAGENT_TOKEN): words
    sha = "ab" * 32
    with served_api(tmp_path, known, workers=0) as api, api.client() as c:
        for path in (f"/api/files/{pasted}", f"/api/decks/{pasted}/versions/1/pptx",
                     f"/api/jobs/{known}", f"/api/jobs?limit=5&key={pasted}", f"/api/files/{sha}"):
            assert c.get(path).status_code in (200, 404), path
    log = (api.log or tmp_path / "serve.log").read_text()
    assert pasted not in log and known not in log
    assert '"GET /api/files/[redacted] HTTP/1.1" 404' in log
    assert '"GET /api/jobs?limit=5&key=[redacted] HTTP/1.1" 200' in log
    assert f'"GET /api/files/{sha} HTTP/1.1" 404' in log  # a sha256 file name stays


def test_sse_pings_while_idle_and_shutdown_closes_open_streams(tmp_path: Path) -> None:
    cfg = ServiceConfig(data_dir=tmp_path, port=free_port(), workers=0, sse_ping_s=0.5)
    pinged, lines = threading.Event(), []
    with thread_server(cfg) as server:
        api = Api(f"http://127.0.0.1:{cfg.port}", tmp_path,
                  server.app.state.store.create_token("t"))
        with api.client() as c:
            job_id = submit_fill(c).json()["job_id"]  # no worker: it stays queued

        def follow() -> None:
            with api.client(timeout=None) as c, c.stream(
                    "GET", f"/api/jobs/{job_id}/events",
                    headers={"Accept": "text/event-stream"}) as r:
                for line in r.iter_lines():
                    lines.append(line)
                    if line.startswith(": ping"):
                        pinged.set()

        reader = threading.Thread(target=follow, daemon=True)
        reader.start()
        assert pinged.wait(60)
    # leaving the block stopped the server: the open stream was closed, not waited for
    reader.join(30)
    assert not reader.is_alive()
    assert "id: 1" in lines and "event: job.queued" in lines


# --- with a real worker ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    with served_api(tmp_path_factory.mktemp("svc1"), "pxa_service-test-token-0123456789") as api:
        yield api


def _check_job(c: httpx.Client, job: dict[str, Any]) -> list[dict[str, Any]]:
    assert job["status"] == "succeeded", job
    events = all_events(c, job["id"])
    assert [e["id"] for e in events] == list(range(1, len(events) + 1))
    types = [e["type"] for e in events]
    assert types[0] == "job.queued" and types[-1] == "job.succeeded"
    assert sum(t in ("job.succeeded", "job.failed") for t in types) == 1
    check_tool_events(events, c.get(f"/api/jobs/{job['id']}/tool-runs").json())
    return events


@pytest.mark.browser
@pytest.mark.libreoffice
def test_fill_and_compose_jobs_succeed_with_ordered_events(live: Api, tmp_path: Path) -> None:
    with live.client() as c:
        fill = submit_fill(c, quality_profile="fast").json()
        compose = submit_compose(c, quality_profile="fast").json()
        picture = c.post("/api/decks/generate", data={
            "content": json.dumps(PICTURE), "quality_profile": "fast"}, files=[
            ("template", ("t.pptx", TEMPLATE.read_bytes())),
            ("assets", ("team.png", (ROOT / "fixtures" / "team.png").read_bytes()))]).json()
        assert fill["events_url"] == f"/api/jobs/{fill['job_id']}/events"
        for sub in (fill, compose, picture):
            job = wait_job(c, sub["job_id"])
            _check_job(c, job)
            deck = c.get(f"/api/decks/{sub['deck_id']}").json()
            assert [v["version"] for v in deck["versions"]] == [1]
            q = c.get(f"/api/decks/{sub['deck_id']}/quality/1")
            assert q.status_code == 200 and "score" in q.json()
            assert str(live.data_dir) not in q.text  # no server folder leaks out
            r = c.get(deck["versions"][0]["pptx_url"])
            assert r.status_code == 200
            out = tmp_path / f"{sub['job_id']}.pptx"
            out.write_bytes(r.content)
            with zipfile.ZipFile(out) as z:
                assert "ppt/presentation.xml" in z.namelist()
            for url in deck["versions"][0]["thumbnail_urls"][:1]:
                assert c.get(url).content[:8] == b"\x89PNG\r\n\x1a\n"
            runs = c.get(f"/api/jobs/{sub['job_id']}/tool-runs").json()
            outputs = [sha for r in runs for sha in r["artifacts"].values()]
            assert outputs  # every tool output is kept, by sha256, for this token only
            kept = c.get(f"/api/files/{outputs[0]}")
            assert kept.status_code == 200  # a browser never runs a kept file as a page
            assert kept.headers["x-content-type-options"] == "nosniff"
            assert r.headers["x-content-type-options"] == "nosniff"
            other_token = Store(None, data_dir=live.data_dir).create_token("other")
            with live.client(other_token) as other:
                assert other.get(f"/api/files/{outputs[0]}").status_code == 404


@pytest.mark.browser
@pytest.mark.libreoffice
def test_revision_is_a_new_version_and_sse_streams_and_resumes(live: Api) -> None:
    with live.client() as c:
        first = submit_fill(c, quality_profile="fast").json()
        wait_job(c, first["job_id"])
        content = {"slides": [{"template_slide": 2, "fill": {"title": "Revised",
                                                             "body": ["Only one point"]}}]}
        r = c.post(f"/api/decks/{first['deck_id']}/revise",
                   files={"content": (None, json.dumps(content))})
        assert r.status_code == 202, r.text
        rev = r.json()
        assert rev["deck_id"] == first["deck_id"]
        live_events, _ = read_sse(c, rev["job_id"])  # opened while the job is queued/running
        job = wait_job(c, rev["job_id"])
        events = _check_job(c, job)
        assert [e["sse_id"] for e in live_events] == [e["id"] for e in events]
        assert [e["sse_event"] for e in live_events] == [e["type"] for e in events]
        resumed, _ = read_sse(c, rev["job_id"], last_event_id=2)
        assert [e["sse_id"] for e in resumed] == [e["id"] for e in events][2:]
        deck = c.get(f"/api/decks/{first['deck_id']}").json()
        assert [v["version"] for v in deck["versions"]] == [1, 2]
        assert c.get(f"/api/decks/{first['deck_id']}/quality/2").status_code == 200


def test_schema_invalid_tool_input_is_audited_and_the_tool_never_starts(live: Api) -> None:
    """``POST /api/tools/{name}/runs``: the worker's ToolRunner refuses an input that breaks
    the tool's schema before it starts (``tool_runs``: invalid, started false; event
    ``tool.refused``; the job fails); a valid input runs and is audited with its hashes."""
    with live.client() as c:
        tools = c.get("/api/tools").json()
        assert "research.search" in {t["name"] for t in tools}
        assert all(t["input_schema"].get("type") == "object" for t in tools)
        bad = c.post("/api/tools/research.search/runs", json={"query": "", "k": 99})
        assert bad.status_code == 202, bad.text
        job = wait_job(c, bad.json()["job_id"])
        assert job["status"] == "failed"
        runs = c.get(f"/api/jobs/{job['id']}/tool-runs").json()
        assert [(r["tool"], r["status"], r["started"]) for r in runs] == [
            ("research.search", "invalid", False)]
        types = [e["type"] for e in all_events(c, job["id"])]
        assert "tool.refused" in types and "tool.started" not in types
        ok = c.post("/api/tools/research.search/runs", json={"query": "market size", "k": 3})
        job = wait_job(c, ok.json()["job_id"])
        assert job["status"] == "succeeded", job
        runs = c.get(f"/api/jobs/{job['id']}/tool-runs").json()
        assert [(r["status"], r["started"]) for r in runs] == [("ok", True)]
        assert len(runs[0]["input_hash"]) == 64 and runs[0]["output_hash"]
        assert c.post("/api/tools/no.such/runs", json={}).status_code == 404
        leak = c.post("/api/tools/pptx.inspect_inventory/runs", json={"deck": "/etc/passwd"})
        assert leak.status_code == 422 and "$.deck" in leak.text
