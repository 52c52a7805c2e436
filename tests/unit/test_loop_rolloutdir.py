"""Which files a reused rollout directory may hold, and what happens to them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pptxagent.errors import InputError
from pptxagent.loop.rolloutdir import is_rollout_file, prepare_rollout_dir


@pytest.mark.parametrize("name", [
    "input.json", "ir_0.json", "ir_12.json", "out_3.html", "render_0.png", "dom_2.json",
    "diag_1.json", "patch_1.json", "trace.jsonl", "result.json",
    ".ir_2.json.k3j_x.tmp", ".render_1.png.tmp.png",
])
def test_rollout_files_are_recognised(name: str) -> None:
    assert is_rollout_file(name)


@pytest.mark.parametrize("name", [
    "notes.txt", "ir_final.json", "ir_.json", "render_0.jpg", "trace.json", "result.json.bak",
    "input.json~", "patch_1.json.orig", ".notes.tmp",
])
def test_other_files_are_not(name: str) -> None:
    assert not is_rollout_file(name)


def test_missing_or_empty_directory_is_ready(tmp_path: Path) -> None:
    assert prepare_rollout_dir(tmp_path / "new") == []
    assert not (tmp_path / "new").exists()  # the rollout creates it, not the check
    assert prepare_rollout_dir(tmp_path) == []


def test_previous_rollout_is_removed_but_the_input_kept(tmp_path: Path) -> None:
    for name in ("ir_0.json", "ir_1.json", "patch_1.json", "trace.jsonl", "input.json"):
        (tmp_path / name).write_text("{}")
    removed = prepare_rollout_dir(tmp_path, keep=[tmp_path / "input.json"])
    assert removed == ["ir_0.json", "ir_1.json", "patch_1.json", "trace.jsonl"]
    assert [p.name for p in tmp_path.iterdir()] == ["input.json"]


def test_foreign_entries_refuse_the_directory_and_touch_nothing(tmp_path: Path) -> None:
    (tmp_path / "ir_0.json").write_text("{}")
    (tmp_path / "keep.me").write_text("mine")
    (tmp_path / "sub").mkdir()
    with pytest.raises(InputError, match=r"not empty .*\(keep\.me, sub\)") as exc:
        prepare_rollout_dir(tmp_path)
    assert str(tmp_path) in exc.value.message
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ir_0.json", "keep.me", "sub"]


def test_a_file_in_place_of_the_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / "r").write_text("x")
    with pytest.raises(InputError, match="exists and is not a directory"):
        prepare_rollout_dir(tmp_path / "r")


def test_deck_rollout_root_holds_only_slide_folders_and_is_cleared(tmp_path: Path) -> None:
    from pptxagent.loop.rolloutdir import check_deck_rollout_dir, clear_deck_rollout_dir

    for n in (1, 2, 7):
        (tmp_path / f"slide-{n:02d}").mkdir()
        (tmp_path / f"slide-{n:02d}" / "ir_0.json").write_text("{}")
    check_deck_rollout_dir(tmp_path)
    assert clear_deck_rollout_dir(tmp_path) == ["slide-01", "slide-02", "slide-07"]
    assert list(tmp_path.iterdir()) == []
    assert clear_deck_rollout_dir(tmp_path / "absent") == []


@pytest.mark.parametrize("stray", ["report.json", "slide-01/notes.txt", "slides/ir_0.json"])
def test_deck_rollout_root_with_anything_else_is_refused(tmp_path: Path, stray: str) -> None:
    from pptxagent.loop.rolloutdir import check_deck_rollout_dir

    (tmp_path / "slide-01").mkdir()
    (tmp_path / "slide-01" / "trace.jsonl").write_text("")
    (tmp_path / stray).parent.mkdir(exist_ok=True)
    (tmp_path / stray).write_text("mine")
    shown = stray.split("/")[0] if stray.startswith("slides") else stray
    with pytest.raises(InputError, match=f"not empty.*{shown}"):
        check_deck_rollout_dir(tmp_path)
    assert (tmp_path / stray).read_text() == "mine"
