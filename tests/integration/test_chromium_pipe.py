"""The browser driven over its DevTools pipe: no Playwright in the measuring process, a dead
browser noticed and replaced, nothing of it left in the temporary directory."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from pptxagent.engines.chromium import Chromium
from pptxagent.engines.reset import vital_pids
from pptxagent.engines.scratch import scratch_root
from pptxagent.errors import EngineError

pytestmark = pytest.mark.browser


def _profiles() -> set[Path]:
    return set(scratch_root().glob(f"pptxagent-chromium-{os.getpid()}-*"))


def test_measuring_needs_no_playwright() -> None:
    code = ("import sys; from pptxagent.engines.chromium import Chromium; c = Chromium(); "
            "print(c.evaluate_document('<p>x</p>', '() => 6 * 7')); c.close(); "
            "print(any(m.startswith('playwright') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == ["42", "False"]


def test_a_killed_browser_is_replaced_and_its_folder_removed() -> None:
    before_pids, before_dirs = vital_pids(), _profiles()
    engine = Chromium()
    try:
        engine.start()
        (pid,) = vital_pids() - before_pids
        (folder,) = _profiles() - before_dirs
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(EngineError, match="Chromium failed while measuring"):
            engine.evaluate_document("<p>x</p>", "() => 1")
        assert not folder.exists()  # the dead browser's profile went with it
        assert engine.evaluate_document("<p>x</p>", "() => 2") == 2  # a new browser
    finally:
        engine.close()
    assert _profiles() == before_dirs
    assert vital_pids() == before_pids
