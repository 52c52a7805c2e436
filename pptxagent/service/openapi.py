"""The OpenAPI document (``/openapi.json``), written for client generators.

* Every operation has a named ``operationId`` (``OPERATION_IDS``), every schema a name: the
  multipart form of generate/revise is the component ``DeckForm``, whose ``content`` and
  ``outline`` are a file part or a text field.
* Each route lists the errors its code can answer, no more (``errors``): a GET never lists
  413 or 415. Every error body is a ``Problem``; a 401 documents ``WWW-Authenticate`` and a
  429 ``Retry-After``. FastAPI's own 422 schema is dropped: the server answers a ``Problem``.
* Downloads are binary (``format: binary``) under their real media types, plus
  ``application/octet-stream``, which the server sends when a client asks for it in
  ``Accept`` (``download_media``). Generators that know no vendor type (openapi-python-client)
  take that one and hand out the bytes.
* The event stream is ``text/event-stream`` with a string schema: a generated client returns
  the raw text; each frame's ``data`` is an ``EventOut`` (a component).
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from starlette.requests import Request

from pptxagent.service.schemas import PPTX_MEDIA, Problem

OCTET = "application/octet-stream"
PNG = "image/png"
FILE_MEDIA = (OCTET, PPTX_MEDIA, PNG, "image/jpeg", "application/pdf", "application/json")
"""What ``/api/files/{sha}`` serves: the media type the file was stored with (decks, thumbnails
and the tools' reports and pictures; an upload's own declared type), octet-stream first."""

OPERATION_IDS = (
    "generate_deck", "revise_deck", "list_jobs", "get_job", "list_tool_runs",
    "list_job_events", "stream_job_events", "get_deck", "list_versions",
    "get_quality_report", "download_pptx", "download_thumbnail", "download_file",
    "list_tools", "run_tool",
)

_ERROR_TEXT = {
    400: "Bad request: a malformed multipart body, content and outline both (or neither), "
         "an empty file, a template that is not a file part, a Last-Event-ID that is not an "
         "integer.",
    401: "No bearer token, or an unknown or revoked one (the answer never repeats it).",
    404: "No such job, deck, version, thumbnail, file or tool for this token (another "
         "token's is a 404 too).",
    413: "The request body is over the server's upload cap.",
    415: "The body is not multipart/form-data.",
    422: "A field, parameter or JSON document is invalid: `field` names it, `path` gives the "
         "JSON path inside a document.",
    429: "This token's queue is full (queued + running jobs): submit again after "
         "`Retry-After` seconds.",
}
_HEADERS: dict[int, dict[str, Any]] = {
    401: {"WWW-Authenticate": {
        "description": 'The scheme: `Bearer realm="pptxagent"`, with '
                       '`error="invalid_token"` for an unknown or revoked token.',
        "schema": {"type": "string"}}},
    429: {"Retry-After": {
        "description": "Seconds to wait before submitting again.",
        "schema": {"type": "integer", "minimum": 1}}},
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route for the error statuses it can answer."""
    return {code: {"model": Problem, "description": _ERROR_TEXT[code],
                   **({"headers": _HEADERS[code]} if code in _HEADERS else {})}
            for code in codes}


_BINARY = {"type": "string", "format": "binary"}


def binary(description: str, *media: str) -> dict[int | str, dict[str, Any]]:
    """A 200 download under each media type (octet-stream added when missing)."""
    types = media if OCTET in media else (*media, OCTET)
    return {200: {"description": description,
                  "content": {m: {"schema": dict(_BINARY)} for m in types}}}


def download_media(request: Request, media_type: str) -> str:
    """The media type to answer with: octet-stream when the client's ``Accept`` names it and
    not the file's own type, else the file's own."""
    accept = request.headers.get("accept", "")
    kinds = {part.split(";")[0].strip().lower() for part in accept.split(",")}
    return OCTET if OCTET in kinds and media_type.lower() not in kinds else media_type


SSE_DOC: dict[int | str, dict[str, Any]] = {200: {
    "description": "Server-Sent Events until the job's terminal event (or the server's "
                   "shutdown). A first `retry:` line, then one frame per event: `id: <seq>`, "
                   "`event: <EventType>`, `data: <EventOut as JSON>`; `: ping` comments "
                   "while idle. Resume with `Last-Event-ID` (or `after`).",
    "content": {"text/event-stream": {
        "schema": {"type": "string", "description": "The stream's text; each frame's data "
                                                    "is an EventOut."},
        "x-event-schema": {"$ref": "#/components/schemas/EventOut"}}}}}

_TEXT = {"type": "string"}


def _file_or_text(what: str) -> dict[str, Any]:
    return {"anyOf": [dict(_BINARY), dict(_TEXT)],
            "description": f"{what}: a file part (any file name) or a text field."}


DECK_FORM: dict[str, Any] = {
    "title": "DeckForm", "type": "object", "additionalProperties": False,
    "description": "A job's input. Fill: `template` + `content`; compose: `outline`; a "
                   "revision may leave out what it keeps from the deck's last job.",
    "properties": {
        "template": {**_BINARY, "description": "The .pptx template (fill; optional on revise)."},
        "assets": {"type": "array", "items": dict(_BINARY),
                   "description": "Pictures the content or outline names, as file parts "
                                  "(by their plain file name)."},
        "content": _file_or_text("content.json (fill a template)"),
        "outline": _file_or_text("The outline JSON (compose)"),
        "theme": {"type": "string", "maxLength": 200},
        "agent_mode": {"$ref": "#/components/schemas/AgentMode"},
        "quality_profile": {"$ref": "#/components/schemas/QualityProfile"},
        "max_correction_passes": {"type": "integer", "minimum": 0,
                                  "description": "At most the server's limit."},
    },
}
FORM_BODY: dict[str, Any] = {"requestBody": {"required": True, "content": {
    "multipart/form-data": {"schema": {"$ref": "#/components/schemas/DeckForm"}}}}}
"""``openapi_extra`` of generate and revise (they read the form themselves, capped)."""


def finish_openapi(doc: dict[str, Any]) -> None:
    """FastAPI's document made ready for generators: the form's schema added, FastAPI's own
    422 dropped from the routes whose parameters cannot fail."""
    schemas: dict[str, Any] = doc.setdefault("components", {}).setdefault("schemas", {})
    schemas["DeckForm"] = DECK_FORM
    for ops in doc.get("paths", {}).values():
        for op in ops.values():
            err = op.get("responses", {}).get("422", {})
            ref = err.get("content", {}).get("application/json", {}).get("schema", {})
            if ref.get("$ref", "").endswith("/HTTPValidationError"):
                del op["responses"]["422"]
    schemas.pop("HTTPValidationError", None)
    schemas.pop("ValidationError", None)


class DocumentedApp(FastAPI):
    """FastAPI whose ``/openapi.json`` is ``finish_openapi``'s."""

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is None:
            finish_openapi(super().openapi())
        return super().openapi()


__all__ = ["FORM_BODY", "OPERATION_IDS", "SSE_DOC", "DocumentedApp", "binary",
           "download_media", "errors", "finish_openapi"]
