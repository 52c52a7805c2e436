"""pptxagent: fill real PowerPoint templates, measure what was drawn, repair, report honestly.

The public API (pinned by ``tests/unit/test_public_api.py``)::

    from pptxagent import fill_deck, FillOptions, refine_slide, inventory_file, SlideIR, Settings

Heavy stages (browser, LibreOffice) load on first use, not on ``import pptxagent``: the names
below are resolved by ``__getattr__`` (PEP 562). This lazy facade is the package's one
deliberate deferred import; it dodges no cycle (no module of the package imports the root),
it keeps ``import pptxagent.errors`` and friends from loading Playwright.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from pptxagent.errors import (
    ContentError,
    EngineError,
    InputError,
    IRValidationError,
    PackageError,
    PptxAgentError,
)
from pptxagent.settings import DEFAULT_SETTINGS, Settings

if TYPE_CHECKING:
    from pptxagent.inventory import inventory_file
    from pptxagent.ir import DeckIR, Diagnostics, Patch, RolloutResult, SlideIR
    from pptxagent.loop.driver import refine as refine_slide
    from pptxagent.pipeline import FillOptions, FillReport, fill_deck

__version__ = "0.1.0"

_LAZY: dict[str, tuple[str, str]] = {
    "fill_deck": ("pptxagent.pipeline", "fill_deck"),
    "FillOptions": ("pptxagent.pipeline", "FillOptions"),
    "FillReport": ("pptxagent.pipeline", "FillReport"),
    "refine_slide": ("pptxagent.loop.driver", "refine"),
    "inventory_file": ("pptxagent.inventory", "inventory_file"),
    "SlideIR": ("pptxagent.ir", "SlideIR"),
    "DeckIR": ("pptxagent.ir", "DeckIR"),
    "Diagnostics": ("pptxagent.ir", "Diagnostics"),
    "Patch": ("pptxagent.ir", "Patch"),
    "RolloutResult": ("pptxagent.ir", "RolloutResult"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'pptxagent' has no attribute {name!r}")


__all__ = [
    "DEFAULT_SETTINGS",
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
    "fill_deck",
    "inventory_file",
    "refine_slide",
]
