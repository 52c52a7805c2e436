"""pptxagent: fill real PowerPoint templates, measure what was drawn, repair, report honestly.

The public API (pinned by ``tests/unit/test_public_api.py``)::

    from pptxagent import fill_deck, FillOptions, refine_slide, inventory_file, SlideIR, Settings
    from pptxagent import compose_deck, ComposeOptions

Heavy stages (browser, LibreOffice) load on first use, not on ``import pptxagent``: the names
below are resolved by ``__getattr__`` (PEP 562). The imports inside ``__getattr__`` are
plain ``import`` statements (no ``importlib``), so the import linter sees every dependency; they
dodge no cycle (no module of the package imports the root) and keep ``import pptxagent.errors``
and friends from loading Playwright.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pptxagent.errors import (
    ContentError,
    EngineError,
    InputError,
    IRValidationError,
    PackageError,
    PptxAgentError,
)

if TYPE_CHECKING:
    from pptxagent.inventory import inventory_file
    from pptxagent.ir import DeckIR, Diagnostics, Patch, RolloutResult, SlideIR
    from pptxagent.loop.driver import refine as refine_slide
    from pptxagent.pipeline import ComposeOptions, FillOptions, FillReport, compose_deck, fill_deck
    from pptxagent.settings import DEFAULT_SETTINGS, Settings

__version__ = "0.1.0"

def __getattr__(name: str) -> Any:
    """The heavy names, imported on first use (explicit imports: the linter sees them)."""
    if name in ("fill_deck", "FillOptions", "FillReport", "compose_deck", "ComposeOptions"):
        from pptxagent import pipeline

        return getattr(pipeline, name)
    if name in ("Settings", "DEFAULT_SETTINGS"):
        from pptxagent import settings

        return getattr(settings, name)
    if name == "refine_slide":
        from pptxagent.loop.driver import refine

        return refine
    if name == "inventory_file":
        from pptxagent.inventory import inventory_file as _inventory_file

        return _inventory_file
    if name in ("SlideIR", "DeckIR", "Diagnostics", "Patch", "RolloutResult"):
        from pptxagent import ir

        return getattr(ir, name)
    raise AttributeError(f"module 'pptxagent' has no attribute {name!r}")


__all__ = [
    "DEFAULT_SETTINGS",
    "ComposeOptions",
    "ContentError",
    "DeckIR",
    "Diagnostics",
    "EngineError",
    "FillOptions",
    "FillReport",
    "IRValidationError",
    "InputError",
    "PackageError",
    "Patch",
    "PptxAgentError",
    "RolloutResult",
    "Settings",
    "SlideIR",
    "__version__",
    "compose_deck",
    "fill_deck",
    "inventory_file",
    "refine_slide",
]
