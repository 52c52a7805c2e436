"""How the engines are started: the switches and environment that make them cheaper must
keep what they draw (the integration tests compare pixels and goldens)."""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

from pptxagent.engines import cdp, scratch
from pptxagent.engines.chromium import IDLE_FEATURES, LAUNCH_ARGS, engine_args
from pptxagent.engines.lo_server import OFFICE_MALLOC, move_file, office_env
from pptxagent.errors import EngineError
from pptxagent.qa.contrast import pixels_under


def test_engine_args_keep_one_disable_features_switch_with_playwrights_and_ours() -> None:
    args = engine_args()
    disabled = [a for a in args if a.startswith("--disable-features=")]
    assert len(disabled) == 1  # Chromium reads only the last one
    names = disabled[0].split("=", 1)[1].split(",")
    playwright = next(a for a in cdp.PLAYWRIGHT_ARGS if a.startswith("--disable-features="))
    assert set(playwright.split("=", 1)[1].split(",")) <= set(names)
    assert set(IDLE_FEATURES) <= set(names)
    assert set(LAUNCH_ARGS) <= set(args) and {"--single-process", "--no-zygote"} <= set(args)
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
    (tmp_path / "t").mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp_path / "t"))
    monkeypatch.setattr(tempfile, "tempdir", None)  # tempfile caches what it found
    assert scratch.scratch_root() == tmp_path / "t"  # a TMPDIR the caller set is kept


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


def test_pixels_under_a_mask_are_numpys_in_numpys_order() -> None:
    rng = np.random.default_rng(7)
    whole = rng.integers(0, 256, (40, 50, 4), dtype=np.uint8)
    for pixels in (whole[..., :3], whole, whole[5:30:2, 3:41], np.asfortranarray(whole[..., :3]),
                   whole[:0, :7]):
        for density in (0.0, 0.3, 1.0):
            mask = rng.random(pixels.shape[:2]) < density
            assert np.array_equal(pixels_under(pixels, mask), pixels[mask][:, :3])
    with pytest.raises(IndexError):
        pixels_under(whole[:10, :12], np.ones((12, 10), dtype=bool))


def test_in_memory_folders_only_on_a_roomy_tmpfs(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    monkeypatch.delenv(scratch.SCRATCH_ENV, raising=False)
    monkeypatch.delenv("TMPDIR", raising=False)
    shm = tmp_path / "shm"
    shm.mkdir()
    monkeypatch.setattr(scratch, "SHM", shm)
    monkeypatch.setattr(scratch, "SHM_MIN_FREE", 1)
    monkeypatch.setattr(scratch, "_is_tmpfs", lambda path: path == shm)
    assert scratch.scratch_root() == shm
    monkeypatch.setattr(scratch, "_is_tmpfs", lambda path: False)  # a disk: not "in memory"
    assert scratch.scratch_root() == Path(tempfile.gettempdir())
    monkeypatch.setenv("TMPDIR", str(tmp_path / "missing"))
    monkeypatch.setattr(tempfile, "tempdir", None)
    chosen = scratch.scratch_root()  # as tempfile does: a missing TMPDIR is passed over
    assert chosen != tmp_path / "missing" and chosen == Path(tempfile.gettempdir())
    monkeypatch.setenv(scratch.SCRATCH_ENV, str(tmp_path / "missing"))
    with pytest.raises(EngineError, match="not a writable directory"):
        scratch.scratch_root()


def test_only_the_command_itself_counts_as_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """The collector settings and the engines' warm-up are for the ``pptxagent`` process, not
    for a test runner (or any program) whose ``__main__.py`` imports the CLI."""
    import types

    from pptxagent.cli.hostclient import invoked_as_command

    runner = types.ModuleType("__main__")
    runner.__spec__ = importlib.machinery.ModuleSpec("pytest.__main__", None)
    monkeypatch.setitem(sys.modules, "__main__", runner)
    monkeypatch.setattr(sys, "argv", ["/venv/lib/python3.11/site-packages/pytest/__main__.py"])
    assert not invoked_as_command()
    runner.__spec__ = importlib.machinery.ModuleSpec("pptxagent.cli.__main__", None)
    assert invoked_as_command()  # python -m pptxagent.cli
    runner.__spec__ = None
    monkeypatch.setattr(sys, "argv", ["/venv/bin/pptxagent", "fill"])
    assert invoked_as_command()  # the console script
