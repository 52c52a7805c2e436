"""Shared fixtures. ``browser``: the process-wide warm Chromium, started once per session."""

from __future__ import annotations

import pytest

from pptxagent.engines.chromium import Chromium, get_chromium


@pytest.fixture(scope="session")
def browser() -> Chromium:
    """The real headless Chromium (the same one ``Measurer()`` uses), started once."""
    engine = get_chromium()
    engine.start()
    return engine
