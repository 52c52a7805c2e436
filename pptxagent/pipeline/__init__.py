"""The jobs pptxagent runs end to end, as ordered stages over the lower layers.

The names below load on first use (PEP 562), so a light submodule (``pipeline.warmup``) can
be imported before the heavy stages are. ``__getattr__`` imports them with plain ``import``
statements (no ``importlib``): the import linter sees every dependency."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pptxagent.pipeline.compose import COMPOSE_STAGES, ComposeOptions, compose_deck
    from pptxagent.pipeline.fill import STAGES, FillOptions, fill_deck
    from pptxagent.pipeline.report import FillReport, SlideReport

__all__ = ["COMPOSE_STAGES", "STAGES", "ComposeOptions", "FillOptions", "FillReport",
           "SlideReport", "compose_deck", "fill_deck"]


def __getattr__(name: str) -> Any:
    if name in ("COMPOSE_STAGES", "ComposeOptions", "compose_deck"):
        from pptxagent.pipeline import compose as module
    elif name in ("STAGES", "FillOptions", "fill_deck"):
        from pptxagent.pipeline import fill as module  # type: ignore[no-redef]
    elif name in ("FillReport", "SlideReport"):
        from pptxagent.pipeline import report as module  # type: ignore[no-redef]
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(module, name)
    globals()[name] = value
    return value
