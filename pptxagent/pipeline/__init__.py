"""The jobs pptxagent runs end to end, as ordered stages over the lower layers.

The names below load on first use (PEP 562), so a light submodule (``pipeline.warmup``) can
be imported before the heavy stages are."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pptxagent.pipeline.compose import COMPOSE_STAGES, ComposeOptions, compose_deck
    from pptxagent.pipeline.fill import STAGES, FillOptions, fill_deck
    from pptxagent.pipeline.report import FillReport, SlideReport

_WHERE = {
    "COMPOSE_STAGES": "compose", "ComposeOptions": "compose", "compose_deck": "compose",
    "STAGES": "fill", "FillOptions": "fill", "fill_deck": "fill",
    "FillReport": "report", "SlideReport": "report",
}

__all__ = ["COMPOSE_STAGES", "STAGES", "ComposeOptions", "FillOptions", "FillReport",
           "SlideReport", "compose_deck", "fill_deck"]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
