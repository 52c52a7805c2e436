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


def test_the_measuring_browser_is_one_process_without_zygotes() -> None:
    # Each zygote is another start of the 250 MB binary (~0.03 s of CPU per fill); in one
    # process nothing is ever forked from them.
    before = _profiles()
    engine = Chromium()
    try:
        assert engine.evaluate_document("<p>x</p>", "() => 3") == 3
        (folder,) = _profiles() - before
        drawn = [pid for pid in os.listdir("/proc") if pid.isdigit()
                 and _names(int(pid), folder)]
        kinds = sorted(_kind(int(pid)) for pid in drawn)
        assert kinds == ["browser"], kinds
    finally:
        engine.close()


def _names(pid: int, folder: Path) -> bool:
    try:
        return str(folder).encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def _kind(pid: int) -> str:
    args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    types = [a.split(b"=", 1)[1].decode() for a in args if a.startswith(b"--type=")]
    return types[0] if types else "browser"


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


def test_a_browser_that_dies_as_it_starts_is_started_once_more(tmp_path: Path) -> None:
    # once in a full test run on a loaded machine, a new browser closed its pipe as it
    # started: the fill failed with "cannot start Chromium"
    from pptxagent.engines.chromium import find_executable

    real, marker = find_executable(), tmp_path / "tried"
    flaky = tmp_path / "flaky-chromium"
    flaky.write_text(f'#!/bin/sh\nif [ ! -e "{marker}" ]; then touch "{marker}"; exit 1; fi\n'
                     f'exec "{real}" "$@"\n')
    flaky.chmod(0o755)
    engine = Chromium(str(flaky))
    try:
        assert engine.evaluate_document("<p>x</p>", "() => 3") == 3
    finally:
        engine.close()
    assert marker.exists()  # the first start did die
