"""A command's engines are killed at exit without being waited for (``close(at_exit=True)``):
it must still leave no folder, no socket and no engine process behind it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from engine_support import pids_naming

from pptxagent.engines.lo_server import PIPE_DIR, office_pipes

pytestmark = [pytest.mark.libreoffice, pytest.mark.browser]

ROOT = Path(__file__).parents[2]
TEMPLATE = ROOT / "templates/pptx/quarterly-review.pptx"
CHILD = """
import sys
from pathlib import Path
from pptxagent.engines.chromium import get_chromium
from pptxagent.engines.libreoffice import get_libreoffice
lo = get_libreoffice()
lo.text_bounds(Path(sys.argv[1]))
get_chromium().evaluate_document("<p>hi</p>", "() => document.body.innerText")
soffice = lo._soffice
assert soffice is not None, lo.start_error
print(int(lo._seeded), soffice.profile_url, soffice.uno_pipe, flush=True)
"""  # the engines' own atexit handlers close them (at_exit=True)


def test_engines_killed_at_exit_leave_nothing_behind(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**os.environ, "PPTXAGENT_SCRATCH": str(scratch),
           "PPTXAGENT_LO_SEED": str(tmp_path / "seed")}
    runs = []
    for _ in range(2):  # the first leaves the seed (a clean close), the second starts from it
        done = subprocess.run([sys.executable, "-c", CHILD, str(TEMPLATE)], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=180, check=True)
        seeded, profile_url, uno_pipe = done.stdout.split()
        runs.append((seeded == "1", profile_url, uno_pipe))
    assert [seeded for seeded, _, _ in runs] == [False, True]
    deadline = time.monotonic() + 10  # killed, not waited for: the kernel ends them shortly
    while pids_naming(scratch) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not pids_naming(scratch), "no soffice or chromium outlives the command"
    assert list(scratch.iterdir()) == [], "every engine folder is removed"
    for _, profile_url, uno_pipe in runs:
        assert not [p for p in office_pipes(profile_url, uno_pipe) if p.exists()]
    assert PIPE_DIR.is_dir()
