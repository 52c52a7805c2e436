"""What a warm process learns about a template once and reuses for every fill of it (a batch
worker fills one template thousands of times): its structural findings, its inventory, the
diagnosis of each template slide (the baseline a filled slide's defects are compared with),
and its visual QA baseline with the slide drawn without its text. Keyed by the file's path,
size and modification time, so a changed template is read again; the inventory is handed out
as a copy (the stages may change what they are given). A template whose content adds slides
from layouts is not cached (its inventory depends on the content)."""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from pptxagent.ir import DeckIR
from pptxagent.measure.pixels import SlideCapture
from pptxagent.ooxml.validate import Finding
from pptxagent.pipeline.guard import Key
from pptxagent.qa import SlideBaseline

MAX_TEMPLATES = 4


@dataclass
class TemplateFacts:
    findings: list[Finding]
    deck: DeckIR
    baselines: dict[tuple[int, str], frozenset[Key]] = field(default_factory=dict)
    """(template slide, settings fingerprint) → its diagnosis baseline keys."""
    qa: dict[tuple[int, str], tuple[SlideBaseline, SlideCapture]] = field(default_factory=dict)
    """(template slide, settings fingerprint) → its visual QA baseline and its capture
    (the pixels without text are what a filled slide with the same art reuses)."""


_cache: OrderedDict[tuple[str, int, int], TemplateFacts] = OrderedDict()
_lock = threading.Lock()


def key_of(path: Path) -> tuple[str, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return os.path.realpath(path), st.st_size, st.st_mtime_ns


def lookup(path: Path) -> TemplateFacts | None:
    key = key_of(path)
    with _lock:
        facts = _cache.get(key) if key is not None else None
        if facts is not None:
            _cache.move_to_end(key)  # type: ignore[arg-type]
        return facts


def remember(path: Path, facts: TemplateFacts) -> None:
    key = key_of(path)
    if key is None:
        return
    with _lock:
        _cache[key] = facts
        _cache.move_to_end(key)
        while len(_cache) > MAX_TEMPLATES:
            _cache.popitem(last=False)


def clear() -> None:
    with _lock:
        _cache.clear()


__all__ = ["TemplateFacts", "clear", "lookup", "remember"]
