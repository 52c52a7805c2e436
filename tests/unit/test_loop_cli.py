"""``pptxagent refine`` input validation: everything is checked before anything is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pptxagent.cli.main import cli
from pptxagent.cli.refine import build_settings, load_slide
from pptxagent.errors import IRValidationError

FIXTURES = Path(__file__).parents[2] / "fixtures" / "ir"


def invoke(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["refine", *args])
    return res.exit_code, " ".join(res.output.split())


def test_non_empty_rollout_dir_is_refused_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    code, out = invoke(str(FIXTURES / "clean_slide.json"), "--rollout-dir", str(tmp_path))
    assert code == 2 and "not empty" in out
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_duplicate_eid_names_the_eid_and_path(tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "clean_slide.json").read_text())
    doc["elements"][2]["eid"] = doc["elements"][1]["eid"]
    bad = tmp_path / "dup.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(IRValidationError) as exc:
        load_slide(bad)
    assert exc.value.path == "$.elements[2].eid"
    assert repr(doc["elements"][1]["eid"]) in str(exc.value)


def test_missing_file_exits_2(tmp_path: Path) -> None:
    code, out = invoke(str(tmp_path / "nope.json"), "--rollout-dir", str(tmp_path / "r"))
    assert code == 2 and "no such file" in out
    assert not (tmp_path / "r").exists()


def test_settings_take_slide_size_flags_then_set() -> None:
    ir, _ = load_slide(FIXTURES / "clean_slide.json")
    ir.slide.w, ir.slide.h = 960, 720
    s = build_settings(ir, 5, True, ())
    assert (s.SLIDE_W, s.SLIDE_H, s.MAX_ITER, s.ALLOW_HIDE) == (960, 720, 5, True)
    s = build_settings(ir, 5, False, ("SLIDE_W=1000", "MAX_ITER=2", "HIGH_PRIO_MOVE_PX=64"))
    assert (s.SLIDE_W, s.MAX_ITER, s.HIGH_PRIO_MOVE_PX, s.ALLOW_HIDE) == (1000, 2, 64, False)


def test_ill_typed_set_exits_2(tmp_path: Path) -> None:
    code, out = invoke(
        str(FIXTURES / "clean_slide.json"), "--rollout-dir", str(tmp_path / "r"),
        "--set", "MAX_ITER=lots",
    )
    assert code == 2 and "MAX_ITER" in out
    assert not (tmp_path / "r").exists()


def test_llm_policy_without_endpoint_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("PPTXAGENT_LLM_BASE_URL", "OPENAI_BASE_URL", "PPTXAGENT_LLM_MODEL"):
        monkeypatch.delenv(name, raising=False)
    code, out = invoke(
        str(FIXTURES / "clean_slide.json"), "--rollout-dir", str(tmp_path / "r"), "--policy", "llm"
    )
    assert code == 2 and "BASE_URL" in out
    assert not (tmp_path / "r").exists()


def test_every_bundled_fixture_is_a_valid_slide() -> None:
    names = sorted(p.name for p in FIXTURES.glob("*.json"))
    assert {"broken_slide.json", "clean_slide.json", "infeasible_slide.json"} <= set(names)
    for name in names:
        ir, _ = load_slide(FIXTURES / name)
        assert (ir.slide.w, ir.slide.h) == (1280, 720)
