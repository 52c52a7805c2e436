"""Shared fixtures. ``browser``: the process-wide warm Chromium, started once per session."""

from __future__ import annotations

import os

import pytest

from pptxagent.engines.chromium import Chromium, get_chromium

# The commands the tests run start their own engines, never a developer's engine host
# (pptxagent host start); tests/integration/test_engine_host.py starts its own.
os.environ["PPTXAGENT_NO_HOST"] = "1"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--regen-goldens", action="store_true", default=False,
                     help="rewrite the golden files (tests/golden) from this run's results")


@pytest.fixture(scope="session")
def regen_goldens(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--regen-goldens"))


@pytest.fixture(scope="session")
def browser() -> Chromium:
    """The real headless Chromium (the same one ``Measurer()`` uses), started once."""
    engine = get_chromium()
    engine.start()
    return engine
