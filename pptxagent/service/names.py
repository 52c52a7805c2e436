"""Human names for decks, jobs and versions, from what the store already keeps: a job's request
(the uploaded file names, the options, the content or outline), its result (the deck's title
and the slides' labels, written by the worker from the quality report).

* A deck's **title**: its first slide's title as the report read it (the worker puts it in
  the job's result), else the outline's title, else the content's ``title`` token or first
  slide title.
* Its **source**: the uploaded template's file name (a fill) or the outline's (a compose,
  when it came as a file), else ``outline: <title>``.
* A version's **changes** against the one before: content (or outline), template, options
  (each named with its old and new value), pictures.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

from pptxagent.service.payloads import JobOptions

OPTION_KEYS = tuple(JobOptions.model_fields)
"""The options a job is started with (``GenerateOptions`` validates the same fields)."""
NAME_LIMIT = 120
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_TOKEN = re.compile(r"\{\{\s*([\w.-]+)\s*\}\}")


def plain_name(filename: str | None) -> str | None:
    """A client's file name as a plain name to show (no folder, no control characters, at
    most 120 characters); None for none."""
    if not filename:
        return None
    name = _CONTROL.sub("", PurePosixPath(filename.replace("\\", "/")).name).strip()
    return name[:NAME_LIMIT] or None


def _text(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    line = " ".join(value.split())
    return line[:NAME_LIMIT] or None


def request_title(req: Mapping[str, Any]) -> str | None:
    """A title from the request alone (a job still queued, or stored before titles were)."""
    outline = req.get("outline")
    if isinstance(outline, dict):
        slides = outline.get("slides") or [{}]
        first = slides[0] if isinstance(slides[0], dict) else {}
        return _text(outline.get("title")) or _text(first.get("title"))
    content = req.get("content")
    if isinstance(content, dict):
        tokens = content.get("tokens")
        tokens = tokens if isinstance(tokens, dict) else {}
        for slide in content.get("slides") or []:
            fill = slide.get("fill") if isinstance(slide, dict) else None
            if isinstance(fill, dict) and _text(fill.get("title")):
                return _text(_TOKEN.sub(lambda m: _token(tokens, m), str(fill["title"])))
        return _text(tokens.get("title"))
    return None


def _token(tokens: Mapping[str, Any], m: re.Match[str]) -> str:
    value = tokens.get(m[1])
    return str(value) if isinstance(value, str | int | float) else m[0]


def title_of(req: Mapping[str, Any], result: Mapping[str, Any] | None) -> str | None:
    return _text((result or {}).get("title")) or request_title(req)


def source_of(req: Mapping[str, Any]) -> str | None:
    if req.get("kind") == "compose":
        title = _text((req.get("outline") or {}).get("title"))
        return req.get("outline_name") or (f"outline: {title}" if title else "outline")
    if req.get("kind") == "fill":
        return req.get("template_name") or "template"
    if req.get("kind") == "tool":
        return f"tool {req.get('tool')}"
    return None


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def changes(prev: Mapping[str, Any] | None, req: Mapping[str, Any]) -> list[dict[str, str]]:
    """What a version's job changed against the job of the version before (``prev``; None
    for a first version: no change listed)."""
    if prev is None:
        return []
    out: list[dict[str, str]] = []
    if req.get("kind") != prev.get("kind"):
        out.append({"what": "content", "detail": f"{prev.get('kind')} → {req.get('kind')}"})
    elif _dump(req.get("content")) != _dump(prev.get("content")) or \
            _dump(req.get("outline")) != _dump(prev.get("outline")):
        field = "outline" if req.get("kind") == "compose" else "content"
        name = req.get(f"{field}_name")
        out.append({"what": "content", "detail": f"new {field}" + (f" ({name})" if name
                                                                   else "")})
    if req.get("template_sha") != prev.get("template_sha") and req.get("template_sha"):
        out.append({"what": "template",
                    "detail": f"new template ({req.get('template_name') or 'uploaded'})"})
    for key in OPTION_KEYS:
        if key in req and req.get(key) != prev.get(key):
            out.append({"what": "options",
                        "detail": f"{key}: {prev.get(key, '—')} → {req.get(key)}"})
    if _dump(req.get("assets") or {}) != _dump(prev.get("assets") or {}):
        out.append({"what": "assets", "detail": "pictures changed"})
    return out


def labels_of(report: Mapping[str, Any]) -> dict[str, int]:
    """How many slides carry each quality label."""
    out: dict[str, int] = {}
    for s in report.get("slides") or []:
        if isinstance(s, dict) and s.get("quality"):
            out[str(s["quality"])] = out.get(str(s["quality"]), 0) + 1
    return out


def report_title(report: Mapping[str, Any]) -> str | None:
    """The first slide's title the report gives (the deck's title)."""
    for s in report.get("slides") or []:
        if isinstance(s, dict) and _text(s.get("title")):
            return _text(s.get("title"))
    return None


__all__ = ["changes", "labels_of", "plain_name", "report_title", "request_title", "source_of",
           "title_of"]
