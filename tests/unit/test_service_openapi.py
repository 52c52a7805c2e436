"""The OpenAPI document's promises to client generators (``service.openapi``): pinned
operation ids, the errors each route can really answer with their headers, binary downloads,
the event stream, typed payloads, and enums that cover every event type the code records."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pptxagent.service.app import create_app
from pptxagent.service.config import ServiceConfig
from pptxagent.service.openapi import DECK_FORM, OPERATION_IDS
from pptxagent.service.payloads import EventType
from pptxagent.service.schemas import GenerateOptions

ROOT = Path(__file__).resolve().parents[2]
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"

OPERATIONS = {
    ("post", "/api/decks/generate"): ("generate_deck", [400, 401, 404, 413, 415, 422, 429]),
    ("post", "/api/decks/{deck_id}/revise"): ("revise_deck",
                                              [400, 401, 404, 413, 415, 422, 429]),
    ("get", "/api/jobs"): ("list_jobs", [401, 422]),
    ("get", "/api/jobs/{job_id}"): ("get_job", [401, 404]),
    ("get", "/api/jobs/{job_id}/tool-runs"): ("list_tool_runs", [401, 404]),
    ("get", "/api/jobs/{job_id}/events"): ("list_job_events", [400, 401, 404, 422]),
    ("get", "/api/jobs/{job_id}/events/stream"): ("stream_job_events", [400, 401, 404, 422]),
    ("get", "/api/decks/{deck_id}"): ("get_deck", [401, 404]),
    ("get", "/api/decks/{deck_id}/versions"): ("list_versions", [401, 404]),
    ("get", "/api/decks/{deck_id}/quality/{version}"): ("get_quality_report", [401, 404, 422]),
    ("get", "/api/decks/{deck_id}/versions/{version}/pptx"): ("download_pptx",
                                                              [401, 404, 422]),
    ("get", "/api/decks/{deck_id}/versions/{version}/thumbnails/{n}"): (
        "download_thumbnail", [401, 404, 422]),
    ("get", "/api/files/{sha}"): ("download_file", [401, 404]),
    ("get", "/api/tools"): ("list_tools", [401]),
    ("post", "/api/tools/{name}/runs"): ("run_tool", [401, 404, 422, 429]),
}


@pytest.fixture(scope="module")
def doc(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    cfg = ServiceConfig(data_dir=tmp_path_factory.mktemp("oa"), workers=0)
    out: dict[str, Any] = create_app(cfg).openapi()
    return out


def _ops(doc: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(m, p): op for p, ops in doc["paths"].items() for m, op in ops.items()}


def test_operation_ids_are_pinned(doc: dict[str, Any]) -> None:
    ids = {key: op["operationId"] for key, op in _ops(doc).items()}
    assert ids == {key: op_id for key, (op_id, _) in OPERATIONS.items()}
    assert sorted(OPERATION_IDS) == sorted(op_id for op_id, _ in OPERATIONS.values())


def test_each_route_lists_the_errors_it_can_answer_with_their_headers(
        doc: dict[str, Any]) -> None:
    for key, op in _ops(doc).items():
        errors = sorted(int(c) for c in op["responses"] if int(c) >= 400)
        assert errors == OPERATIONS[key][1], key
        if key[0] == "get":
            assert not {413, 415} & set(errors), key
        for code in errors:
            res = op["responses"][str(code)]
            schema = res["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/Problem"}, (key, code)
        assert "WWW-Authenticate" in op["responses"]["401"]["headers"]
        if 429 in errors:
            assert op["responses"]["429"]["headers"]["Retry-After"]["schema"]["type"] == \
                "integer"
    assert "HTTPValidationError" not in doc["components"]["schemas"]


def test_downloads_are_binary_and_the_stream_is_text(doc: dict[str, Any]) -> None:
    ops = {op["operationId"]: op for op in _ops(doc).values()}
    for op_id, media in (("download_pptx", PPTX), ("download_thumbnail", "image/png"),
                         ("download_file", "application/octet-stream")):
        content = ops[op_id]["responses"]["200"]["content"]
        assert media in content and "application/octet-stream" in content, op_id
        assert all(c["schema"] == {"type": "string", "format": "binary"}
                   for c in content.values()), op_id
    stream = ops["stream_job_events"]["responses"]["200"]["content"]
    assert list(stream) == ["text/event-stream"]
    assert stream["text/event-stream"]["schema"]["type"] == "string"
    polled = ops["list_job_events"]["responses"]["200"]["content"]
    assert list(polled) == ["application/json"]
    names = [p["name"] for p in ops["list_job_events"].get("parameters", [])]
    assert "accept" not in names and "last-event-id" not in names


def test_payloads_are_typed_and_statuses_are_enums(doc: dict[str, Any]) -> None:
    schemas = doc["components"]["schemas"]

    def refs(prop: dict[str, Any]) -> set[str]:
        found = {prop.get("$ref", "")} | {p.get("$ref", "") for p in prop.get("anyOf", [])}
        return {r.rsplit("/", 1)[-1] for r in found if r}

    job = schemas["JobOut"]["properties"]
    assert refs(job["options"]) == {"JobOptions"} and refs(job["result"]) == {"JobResult"}
    assert refs(job["error"]) == {"JobError"} and refs(job["status"]) == {"JobStatus"}
    event = schemas["EventOut"]["properties"]
    assert refs(event["data"]) == {"EventData"} and refs(event["type"]) == {"EventType"}
    assert refs(schemas["QualityOut"]["properties"]["report"]) == {"QualityReport"}
    assert schemas["QualityReport"]["properties"]["slides"]["items"]["$ref"].endswith(
        "/SlideReport")
    assert schemas["JobStatus"]["enum"] == ["queued", "running", "succeeded", "failed"]
    assert "pass" in schemas["EventData"]["properties"]
    form = doc["paths"]["/api/decks/generate"]["post"]["requestBody"]["content"]
    assert form["multipart/form-data"]["schema"] == {"$ref": "#/components/schemas/DeckForm"}
    for name in ("content", "outline"):  # a file part or a text field
        assert schemas["DeckForm"]["properties"][name]["anyOf"] == [
            {"type": "string", "format": "binary"}, {"type": "string"}]
    assert set(DECK_FORM["properties"]) == {"template", "assets", "content", "outline",
                                            *GenerateOptions.model_fields}


EMITTED = [re.compile(p) for p in (
    r"emit\(\s*\"([\w.]+)\"", r"add_event\([^,()]+,\s*\"([\w.]+)\"",
    r"_insert_event\([^\"]*?\"([\w.]+)\"", r"\"event_type\":\s*\"([\w.]+)\"")]


def test_every_event_type_the_code_records_is_in_the_enum() -> None:
    found = {"job.succeeded", "job.failed"}  # finish_job's f"job.{status}"
    for path in (ROOT / "pptxagent").rglob("*.py"):
        text = path.read_text("utf-8")
        for pattern in EMITTED:
            found |= set(pattern.findall(text))
    assert len(found) >= 14, found
    assert found <= {e.value for e in EventType}, found - {e.value for e in EventType}


def test_a_crash_trace_never_reaches_a_client_in_an_event() -> None:
    from datetime import UTC, datetime

    from pptxagent.service.schemas import EventOut
    from pptxagent.store.records import EventRow

    row = EventRow(id=1, job_id="j", seq=3, ts=datetime.now(UTC), stage="", type="job.failed",
                   data={"attempt": 1, "error": {
                       "kind": "internal", "message": "ValueError: x",
                       "trace": "Traceback (most recent call last): File \"/srv/app.py\""}},
                   severity="error")
    dumped = EventOut.of(row).model_dump_json()
    assert "Traceback" not in dumped and "/srv/app.py" not in dumped
    assert "ValueError: x" in dumped


def test_the_api_enums_and_options_are_the_engines_own() -> None:
    """The StrEnums name the agent's literals for the OpenAPI document: the same sets; the
    options a job shows are the ones a form validates."""
    from typing import get_args

    from pptxagent.agent.core import RunStatus
    from pptxagent.agent.plan import Profile
    from pptxagent.service.payloads import JobOptions, QualityProfile, ToolRunStatus
    from pptxagent.service.schemas import GenerateOptions

    assert {e.value for e in ToolRunStatus} == set(get_args(RunStatus))
    assert {e.value for e in QualityProfile} == set(get_args(Profile))
    assert set(JobOptions.model_fields) == set(GenerateOptions.model_fields)
