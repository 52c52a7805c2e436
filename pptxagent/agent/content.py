"""The content check's pure logic (``qa.content_check``): which strings of the content or
outline must appear in the deck, which are missing, unresolved tokens, citations."""

from __future__ import annotations

import re
from typing import Any

SKIP_KEYS = frozenset({"notes", "image", "template_slide", "kind", "theme", "type", "level",
                       "chart", "tokens", "layout", "component", "align", "style"})
_TOKEN = re.compile(r"\{\{\s*([\w.-]+)\s*\}\}")
_SPACE = re.compile(r"\s+")


def norm(text: str) -> str:
    return _SPACE.sub(" ", text).strip().lower()


def _strings(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        out += [line for line in value.split("\n") if line.strip()]
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        out.append(str(value))
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in SKIP_KEYS:
                _strings(v, out)


def expected_strings(doc: dict[str, Any]) -> list[str]:
    """Every text a content.json (``slides[].fill``, tokens substituted) or an outline puts
    on the slides, in order, without duplicates."""
    tokens = {str(k): str(v) for k, v in (doc.get("tokens") or {}).items()}
    found: list[str] = []
    if "slides" in doc:
        for s in doc.get("slides") or []:
            if isinstance(s, dict):
                _strings(s.get("fill", s) if "template_slide" in s else s, found)
    if isinstance(doc.get("title"), str):
        found.append(doc["title"])
    out: list[str] = []
    for text in found:
        text = _TOKEN.sub(lambda m: tokens.get(m.group(1), m.group(0)), text)
        if norm(text) and text not in out:
            out.append(text)
    return out


def missing_strings(expected: list[str], deck_texts: list[str]) -> list[str]:
    hay = norm(" \n ".join(deck_texts))
    return [s for s in expected if norm(s) not in hay]


def unresolved(deck_texts: list[str]) -> list[str]:
    return sorted({m.group(0) for t in deck_texts for m in _TOKEN.finditer(t)})


def citations(doc: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for s in doc.get("slides") or []:
        if isinstance(s, dict):
            out += [str(c) for c in s.get("citations") or []]
    return out


__all__ = ["citations", "expected_strings", "missing_strings", "norm", "unresolved"]
