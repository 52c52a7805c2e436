"""How the engines are started: the switches and environment that make them cheaper must
keep what they draw (the integration tests compare pixels and goldens)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from pptxagent.engines import cdp, scratch
from pptxagent.engines.chromium import IDLE_FEATURES, LAUNCH_ARGS, engine_args
from pptxagent.engines.lo_server import OFFICE_MALLOC, move_file, office_env


def test_engine_args_keep_one_disable_features_switch_with_playwrights_and_ours() -> None:
    args = engine_args()
    disabled = [a for a in args if a.startswith("--disable-features=")]
    assert len(disabled) == 1  # Chromium reads only the last one
    names = disabled[0].split("=", 1)[1].split(",")
    playwright = next(a for a in cdp.PLAYWRIGHT_ARGS if a.startswith("--disable-features="))
    assert set(playwright.split("=", 1)[1].split(",")) <= set(names)
    assert set(IDLE_FEATURES) <= set(names)
    assert set(LAUNCH_ARGS) <= set(args) and "--single-process" in args
    assert "--single-process" not in LAUNCH_ARGS  # the UI tests' Playwright opens several pages


def test_office_env_adds_the_malloc_tunables_and_keeps_the_callers() -> None:
    env = office_env({"PATH": "/usr/bin", "TMPDIR": "/tmp/x"})
    assert env["GLIBC_TUNABLES"] == ":".join(OFFICE_MALLOC)
    assert env["PATH"] == "/usr/bin" and env["TMPDIR"] == "/tmp/x"
    own = office_env({"GLIBC_TUNABLES": "glibc.malloc.trim_threshold=1"})
    assert own["GLIBC_TUNABLES"].endswith(":glibc.malloc.trim_threshold=1")  # glibc: last wins


def test_engine_folders_go_where_the_caller_says_else_in_memory(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TMPDIR", raising=False)
    monkeypatch.setenv(scratch.SCRATCH_ENV, str(tmp_path))
    folder = scratch.make_dir("lo")
    try:
        assert folder.parent == tmp_path and folder.name.startswith(f"pptxagent-lo-{os.getpid()}-")
    finally:
        scratch.remove_dir(folder)
    assert not folder.exists()
    monkeypatch.delenv(scratch.SCRATCH_ENV)
    monkeypatch.setenv("TMPDIR", str(tmp_path / "t"))
    assert scratch.scratch_root() == tmp_path / "t"  # a TMPDIR the caller set is kept
    monkeypatch.delenv("TMPDIR")
    st = os.statvfs(scratch.SHM)
    in_memory = (scratch._is_tmpfs(scratch.SHM) and os.access(scratch.SHM, os.W_OK)
                 and st.f_bavail * st.f_frsize >= scratch.SHM_MIN_FREE)
    assert scratch.scratch_root() == (scratch.SHM if in_memory else Path(tempfile.gettempdir()))
    monkeypatch.setattr(scratch, "SHM_MIN_FREE", 1 << 62)  # /dev/shm too small: the disk
    assert scratch.scratch_root() == Path(tempfile.gettempdir())


@pytest.mark.skipif(not scratch.SHM.is_dir(), reason="no /dev/shm here")
def test_a_file_moves_out_of_an_in_memory_folder_whole(tmp_path: Path) -> None:
    """The cold LibreOffice path moves its PDF from the engine's folder (maybe /dev/shm) to
    the caller's path (maybe another file system): no EXDEV error, no half file left."""
    src = Path(tempfile.mkdtemp(dir=scratch.SHM)) / "drawn.pdf"
    try:
        src.write_bytes(b"%PDF-1.7 whole")
        dst = tmp_path / "out" / "deck.pdf"
        dst.parent.mkdir()
        move_file(src, dst)
        assert dst.read_bytes() == b"%PDF-1.7 whole" and not src.exists()
        assert [p.name for p in dst.parent.iterdir()] == ["deck.pdf"]
    finally:
        shutil.rmtree(src.parent, ignore_errors=True)
