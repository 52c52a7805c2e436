"""What a run killed with SIGKILL leaves behind is cleaned up.

A back-office service kills runs (timeouts, the OOM killer, container stops). Before: each
killed run left a soffice running for good, two sockets in /tmp, LibreOffice's ``lu*.tmp``
folders (76 KB each; 340 MB had piled up here) and its engine folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from engine_support import pids_naming
from pptx import Presentation

from pptxagent.engines.lo_server import PIPE_DIR
from pptxagent.engines.scratch import make_dir, remove_dir, sweep_orphans

pytestmark = pytest.mark.libreoffice

ROOT = Path(__file__).parents[2]
TEMPLATE = ROOT / "templates/pptx/quarterly-review.pptx"
HOLDER = """
import sys, time
from pathlib import Path
from pptxagent.engines.libreoffice import LibreOffice
lo = LibreOffice()
lo.to_pdf(Path(sys.argv[1]), Path(sys.argv[2]) / "warm.pdf")
print("ready", flush=True)
if len(sys.argv) > 3:
    print("drawing", flush=True)
    lo.to_pdf(Path(sys.argv[3]), Path(sys.argv[2]) / "long.pdf")  # killed in the middle
time.sleep(600)
"""


def _offices(under: Path) -> set[int]:
    """The live soffice.bin processes whose profile is under ``under``."""
    return pids_naming(under, "soffice.bin")


def _kill_holder(tmp_path: Path, long_deck: Path | None) -> tuple[Path, list[Path]]:
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir()
    args = [sys.executable, "-c", HOLDER, str(TEMPLATE), str(tmp_path)]
    holder = subprocess.Popen(args + ([str(long_deck)] if long_deck else []),
                              stdout=subprocess.PIPE, text=True, cwd=ROOT,
                              env={**os.environ, "TMPDIR": str(tmpdir)})
    assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
    assert _offices(tmpdir)
    folders = list(tmpdir.glob(f"pptxagent-lo-{holder.pid}-*"))
    assert len(folders) == 1, "the engine folder is named after its process"
    assert list((folders[0] / "tmp").glob("lu*")), "LibreOffice's temporary files are inside it"
    assert not list(tmpdir.glob("lu*"))
    ours = sorted(PIPE_DIR.glob(f"OSL_PIPE_{os.getuid()}_pptxagent-{holder.pid}-*"))
    assert ours
    if long_deck is not None:
        assert holder.stdout.readline().strip() == "drawing"
        time.sleep(0.5)  # the long conversion is under way (it takes seconds)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    deadline = time.monotonic() + 120
    while _offices(tmpdir) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _offices(tmpdir), "soffice ends when the run that started it is killed"
    assert not [p for p in ours if p.exists()], "its UNO socket is gone with it"
    return tmpdir, folders


def test_a_killed_idle_run_leaves_nothing_once_swept(tmp_path: Path) -> None:
    tmpdir, folders = _kill_holder(tmp_path, None)
    assert sweep_orphans(tmpdir, min_age_s=0) == 1
    assert not folders[0].exists()


def test_a_run_killed_in_the_middle_of_a_drawing_leaves_no_office(tmp_path: Path) -> None:
    long_deck = tmp_path / "long.pptx"
    prs = Presentation()
    for n in range(300):
        slide = prs.slides.add_slide(prs.slide_layouts[1])
        slide.shapes.title.text = f"Slide {n}"
        slide.placeholders[1].text = "A line of body text that LibreOffice lays out. " * 8
    prs.save(str(long_deck))
    tmpdir, folders = _kill_holder(tmp_path, long_deck)
    assert sweep_orphans(tmpdir, min_age_s=0) == 1
    assert not folders[0].exists()


LOCKER = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_CREAT | os.O_RDWR)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(60)
"""


def test_the_sweep_leaves_live_locked_and_foreign_folders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    mine = make_dir("lo")  # this process's, locked
    dead = subprocess.Popen(["true"])
    dead.wait()
    gone = tmp_path / f"pptxagent-early-{dead.pid}-xyz"
    locked = tmp_path / f"pptxagent-lo-{dead.pid}-held"  # another namespace's live owner
    fresh = tmp_path / f"pptxagent-chromium-{dead.pid}-new"
    huge = tmp_path / "pptxagent-lo-99999999999999999999-x"
    other = tmp_path / "pptxagent-lo-notapid"
    for folder in (gone, locked, fresh, huge, other):
        folder.mkdir()
    holder = subprocess.Popen([sys.executable, "-c", LOCKER, str(locked / ".lock")],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        old = time.time() - 3600
        for folder in (mine, gone, locked, huge, other):
            os.utime(folder, (old, old))
        assert sweep_orphans(tmp_path, pipe_dir=tmp_path) == 1
        assert not gone.exists()
        assert all(f.exists() for f in (mine, locked, fresh, huge, other))
    finally:
        holder.kill()
        holder.wait()
        remove_dir(mine)
    assert not mine.exists()
