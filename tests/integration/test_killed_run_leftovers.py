"""What a run killed with SIGKILL leaves behind is cleaned up.

A back-office service kills runs (timeouts, the OOM killer, container stops). Before: each
killed run left a soffice running for good, two sockets in /tmp, LibreOffice's ``lu*.tmp``
folders (76 KB each; 340 MB had piled up here) and its engine folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pptxagent.engines import procs
from pptxagent.engines.lo_server import PIPE_DIR
from pptxagent.engines.scratch import sweep_orphans

pytestmark = pytest.mark.libreoffice

ROOT = Path(__file__).parents[2]
HOLDER = """
import sys, time
from pathlib import Path
from pptxagent.engines.libreoffice import LibreOffice
lo = LibreOffice()
lo.to_pdf(Path(sys.argv[1]), Path(sys.argv[2]))
print("ready", flush=True)
time.sleep(600)
"""


def _offices() -> set[int]:
    pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
    return {p for p in pids if procs.comm(p) == "soffice.bin" and procs.alive(p)}


def test_a_killed_run_leaves_no_office_and_its_folder_goes_next_time(tmp_path: Path) -> None:
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    before = _offices()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(ROOT / "templates/pptx/quarterly-review.pptx"),
         str(tmp_path / "t.pdf")],
        stdout=subprocess.PIPE, text=True, cwd=ROOT, env={**os.environ, "TMPDIR": str(tmpdir)})
    assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
    folders = list(tmpdir.glob(f"pptxagent-lo-{holder.pid}-*"))
    assert len(folders) == 1, "the engine folder is named after its process"
    assert list((folders[0] / "tmp").iterdir()), "LibreOffice's temporary files are inside it"
    ours = sorted(PIPE_DIR.glob(f"OSL_PIPE_{os.getuid()}_pptxagent-{holder.pid}-*"))
    assert ours
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    deadline = time.monotonic() + 30
    while _offices() - before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _offices() - before, "soffice ends when the run that started it is killed"
    assert not [p for p in ours if p.exists()], "its UNO socket is gone with it"
    assert sweep_orphans(tmpdir, min_age_s=0) == 1
    assert not folders[0].exists()


def test_the_sweep_leaves_live_and_foreign_folders(tmp_path: Path) -> None:
    mine = tmp_path / f"pptxagent-lo-{os.getpid()}-abc"
    other = tmp_path / "pptxagent-lo-notapid"
    dead = subprocess.Popen(["true"])
    dead.wait()
    gone = tmp_path / f"pptxagent-early-{dead.pid}-xyz"
    fresh = tmp_path / f"pptxagent-chromium-{dead.pid}-new"
    for folder in (mine, other, gone, fresh):
        folder.mkdir()
    old = time.time() - 3600
    for folder in (mine, other, gone):
        os.utime(folder, (old, old))
    assert sweep_orphans(tmp_path, pipe_dir=tmp_path) == 1
    assert mine.exists() and other.exists() and fresh.exists() and not gone.exists()
