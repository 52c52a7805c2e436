"""A client generated from the served ``/openapi.json`` by openapi-python-client (installed by
bin/setup in ``.venv-openapi``) drives the real ``pptxagent serve``: the generator may print
no warning, and everything below goes through the generated client only — a fill (template and
content as file parts) and a revision (content as a text field), events by polling and by
SSE, the typed quality report, the .pptx, PNG and artifact downloads, typed errors."""

from __future__ import annotations

import importlib
import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from tests.integration.service_support import (
    FILL_CONTENT,
    ROOT,
    TEMPLATE,
    Api,
    served_api,
)

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]
GENERATOR_BIN = ROOT / ".venv-openapi" / "bin"
PACKAGE = "pxa_generated_client"
TOKEN = "pxa_openapi-client-test-token-0123456789"
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    with served_api(tmp_path_factory.mktemp("openapi"), TOKEN) as api:
        yield api


def generate(base: str, out: Path) -> tuple[ModuleType, str]:
    """The client package generated from the served document, and the generator's output."""
    if not (GENERATOR_BIN / "openapi-python-client").is_file():
        pytest.fail("openapi-python-client is missing: run ./bin/setup (.venv-openapi)")
    spec = out / "openapi.json"
    spec.write_text(httpx.get(f"{base}/openapi.json", timeout=30).text, "utf-8")
    env = {**os.environ, "PATH": f"{GENERATOR_BIN}{os.pathsep}{os.environ['PATH']}"}
    run = subprocess.run(
        [str(GENERATOR_BIN / "openapi-python-client"), "generate", "--path", str(spec),
         "--output-path", str(out / PACKAGE), "--meta", "none"],
        env=env, capture_output=True, text=True, timeout=300, check=False)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    sys.path.insert(0, str(out))
    try:
        return importlib.import_module(PACKAGE), output
    finally:
        sys.path.remove(str(out))


def generator_warnings(output: str) -> list[str]:
    """Every line of the generator's output but its one ``Generating <dir>`` line: a warning,
    a skipped post-hook, a response or body it left out."""
    return [line for line in output.splitlines()
            if line.strip() and not line.startswith("Generating ")]


def parse_sse(text: str) -> list[dict[str, str]]:
    """The event frames of a stream's text (comments and the ``retry:`` frame left out)."""
    frames = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        frame: dict[str, str] = {}
        for line in block.split("\n"):
            if line and not line.startswith(":"):
                key, _, value = line.partition(":")
                frame[key] = value.removeprefix(" ")
        if "data" in frame:
            frames.append(frame)
    return frames


class Gen:
    """The generated package's modules by their short names."""

    def __init__(self, package: ModuleType) -> None:
        self.pkg = package

    def __getattr__(self, name: str) -> Any:
        if hasattr(self.pkg, name):
            return getattr(self.pkg, name)
        for where in ("api.jobs", "api.events", "api.decks", "api.tools", "models", "types"):
            try:
                mod = importlib.import_module(f"{self.pkg.__name__}.{where}.{name}")
            except ModuleNotFoundError:
                mod = importlib.import_module(f"{self.pkg.__name__}.{where}")
                if hasattr(mod, name):
                    return getattr(mod, name)
                continue
            return mod
        raise AttributeError(name)


def wait_done(g: Gen, client: Any, job_id: str, timeout: float = 240) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        job = g.get_job.sync(job_id=job_id, client=client)
        assert isinstance(job, g.JobOut), job
        if job.status in (g.JobStatus.SUCCEEDED, g.JobStatus.FAILED):
            return job
        assert time.monotonic() < deadline, f"job {job_id} still {job.status}"
        time.sleep(0.3)


def test_a_generated_client_drives_the_service(served: Api, tmp_path: Path) -> None:
    started = time.monotonic()
    package, output = generate(served.base, tmp_path)
    assert generator_warnings(output) == [], output
    g = Gen(package)
    client = g.AuthenticatedClient(base_url=served.base, token=TOKEN,
                                   timeout=httpx.Timeout(240), raise_on_unexpected_status=True)
    print(f"generated in {time.monotonic() - started:.1f} s")

    # a fill: the template and content.json as file parts
    form = g.DeckForm(
        template=g.File(payload=io.BytesIO(TEMPLATE.read_bytes()), file_name="t.pptx",
                        mime_type=PPTX),
        content=g.File(payload=io.BytesIO(json.dumps(FILL_CONTENT).encode()),
                       file_name="content.json", mime_type="application/json"),
        quality_profile=g.QualityProfile.BALANCED)
    accepted = g.generate_deck.sync(client=client, body=form)
    assert isinstance(accepted, g.Accepted), accepted
    assert accepted.status is g.JobStatus.QUEUED
    job = wait_done(g, client, accepted.job_id)
    assert job.status is g.JobStatus.SUCCEEDED, job.error
    assert job.kind is g.JobKind.FILL
    assert job.options.quality_profile is g.QualityProfile.BALANCED
    assert isinstance(job.result, g.JobResult) and job.result.version == 1
    assert job.result.deck_id == accepted.deck_id and isinstance(job.result.score, float)

    # events by polling: typed, in order, from job.queued to job.succeeded
    events = g.list_job_events.sync(job_id=job.id, client=client)
    assert [e.id for e in events] == list(range(1, len(events) + 1))
    assert all(isinstance(e.type_, g.EventType) and isinstance(e.severity, g.Severity)
               for e in events)
    assert events[0].type_ is g.EventType.JOB_QUEUED
    assert events[-1].type_ is g.EventType.JOB_SUCCEEDED
    assert isinstance(events[0].data, g.EventData) and events[0].data.kind is g.JobKind.FILL
    finished = [e for e in events if e.type_ is g.EventType.TOOL_FINISHED]
    assert finished and all(e.data.status is g.ToolRunStatus.OK for e in finished)

    # events by SSE: the stream's text, each frame's data an EventOut
    text = g.stream_job_events.sync(job_id=job.id, client=client)
    assert isinstance(text, str)
    frames = parse_sse(text)
    streamed = [g.EventOut.from_dict(json.loads(f["data"])) for f in frames]
    assert [(e.id, e.type_) for e in streamed] == [(e.id, e.type_) for e in events]
    assert [int(f["id"]) for f in frames] == [e.id for e in events]
    assert [f["event"] for f in frames] == [e.type_.value for e in events]
    resumed = parse_sse(g.stream_job_events.sync(job_id=job.id, client=client,
                                                 last_event_id="2"))
    assert [int(f["id"]) for f in resumed] == [e.id for e in events][2:]

    # the quality report, typed
    quality = g.get_quality_report.sync(deck_id=accepted.deck_id, version=1, client=client)
    assert isinstance(quality, g.QualityOut) and isinstance(quality.report, g.QualityReport)
    assert quality.report.slides and all(isinstance(s.quality, g.SlideReportQuality)
                                         for s in quality.report.slides)
    assert isinstance(quality.report.qa, g.QaTotals)
    assert str(served.data_dir) not in json.dumps(quality.to_dict())

    # downloads: the bytes, under their own media types
    deck = g.download_pptx.sync_detailed(deck_id=accepted.deck_id, version=1, client=client)
    assert isinstance(deck.parsed, g.File) and deck.parsed.payload.read(2) == b"PK"
    assert deck.headers["content-type"] == PPTX
    picture = g.download_thumbnail.sync(deck_id=accepted.deck_id, version=1, n=1, client=client)
    assert picture.payload.read(8) == b"\x89PNG\r\n\x1a\n"
    runs = g.list_tool_runs.sync(job_id=job.id, client=client)
    sha = next(s for r in runs for s in r.artifacts.additional_properties.values())
    stored = g.download_file.sync(sha=sha, client=client)
    assert isinstance(stored, g.File) and stored.payload.read()

    # a revision with content as a text field: version 2
    text_form = g.DeckForm(content=json.dumps({"slides": [{"template_slide": 2, "fill": {
        "title": "Revised", "body": ["Only one point"]}}]}), agent_mode=g.AgentMode.OFF)
    rev = g.revise_deck.sync(deck_id=accepted.deck_id, client=client, body=text_form)
    assert isinstance(rev, g.Accepted) and rev.deck_id == accepted.deck_id, rev
    assert wait_done(g, client, rev.job_id).status is g.JobStatus.SUCCEEDED
    versions = g.list_versions.sync(deck_id=accepted.deck_id, client=client)
    assert [v.version for v in versions] == [1, 2]

    # errors are typed Problems, with their documented headers
    plain = g.Client(base_url=served.base, timeout=httpx.Timeout(30))
    missing = g.get_job.sync_detailed(job_id=job.id, client=plain)
    assert missing.status_code == 401 and isinstance(missing.parsed, g.Problem)
    assert missing.headers["www-authenticate"].startswith("Bearer")
    other = g.get_job.sync(job_id="0" * 32, client=client)
    assert isinstance(other, g.Problem) and "no job" in other.detail
    bad = g.generate_deck.sync(client=client, body=g.DeckForm(
        template=g.File(payload=io.BytesIO(TEMPLATE.read_bytes()), file_name="t.pptx"),
        content="{not json"))
    assert isinstance(bad, g.Problem) and bad.field == "content", bad


    # beside each download's own type the document lists application/octet-stream: the
    # server answers with it when Accept asks for it (plain httpx: the client never asks)
    url = f"/api/decks/{accepted.deck_id}/versions/1/pptx"
    with served.client() as c:
        r = c.get(url, headers={"Accept": "application/octet-stream"})
        assert r.headers["content-type"] == "application/octet-stream"
        assert r.content[:2] == b"PK"
        r = c.get(url, headers={"Accept": f"{PPTX}, application/octet-stream;q=0.5"})
        assert r.headers["content-type"] == PPTX
