"""``--set`` refuses values outside a constant's range, through the real CLI: exit 2, one line
naming the constant and the rule, nothing written."""

from __future__ import annotations

import ast
import inspect
import itertools
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from annotated_types import Ge, Gt

from pptxagent.errors import SettingError
from pptxagent.settings import Settings, min_font_for

ROOT = Path(__file__).parents[2]
BROKEN = ROOT / "fixtures" / "ir" / "broken_slide.json"
TEMPLATE = ROOT / "templates" / "pptx" / "quarterly-review.pptx"
CONTENT = ROOT / "fixtures" / "demo_content.json"


def cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pptxagent.cli", *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize(("pair", "rule"), [
    ("MAX_ITER=-3", "greater than or equal to 0"),
    ("HIGH_PRIO_SIZE_BUDGET=0", "greater than 0"),
    ("HIGH_PRIO_SIZE_BUDGET=1.5", "less than or equal to 1"),
    ("STALL_THRESHOLD=0", "greater than or equal to 1"),
])
def test_refine_refuses_a_value_out_of_range(tmp_path: Path, pair: str, rule: str) -> None:
    rollout = tmp_path / "rollout"
    proc = cli("refine", BROKEN, "--rollout-dir", rollout, "--set", pair)
    assert proc.returncode == 2, proc.stderr
    name = pair.split("=")[0]
    assert f"--set {name}:" in proc.stderr and rule in proc.stderr
    assert "Traceback" not in proc.stderr
    assert not rollout.exists()


def test_fill_refuses_a_bad_value_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.pptx"
    proc = cli("fill", TEMPLATE, CONTENT, "-o", out, "--set", "FIT_LINE_FLOOR=1.2")
    assert proc.returncode == 2
    assert "FIT_LINE_FLOOR" in proc.stderr and "less than or equal to 1" in proc.stderr
    assert not out.exists()


def test_fill_refuses_min_fonts_out_of_order(tmp_path: Path) -> None:
    out = tmp_path / "out.pptx"
    proc = cli("fill", TEMPLATE, CONTENT, "-o", out, "--set", "MIN_FONT_P60_PX=40")
    assert proc.returncode == 2
    assert "MIN_FONT_P100_PX ≥ MIN_FONT_P80_PX ≥ MIN_FONT_P60_PX" in proc.stderr
    assert not out.exists()


def _documented(cls: type) -> set[str]:
    """Fields of ``cls`` whose assignment in the source is followed by a docstring."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    return {node.target.id for node, after in itertools.pairwise(body)
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)}


def test_every_numeric_constant_has_a_lower_bound_and_a_docstring() -> None:
    documented = _documented(Settings)
    for name, field in Settings.model_fields.items():
        if field.annotation is bool or name == "qa":
            continue  # the QA thresholds: checked below
        assert any(isinstance(m, Ge | Gt) for m in field.metadata), name
        assert name in documented, f"{name} has no docstring"


def test_min_fonts_follow_the_settings() -> None:
    s = Settings().with_overrides({"MIN_FONT_P100_PX": "40", "MIN_FONT_P60_PX": 12})
    assert (min_font_for(100, s), min_font_for(80, s), min_font_for(60, s)) == (40, 20, 12)
    assert min_font_for(40, s) is None
    with pytest.raises(SettingError, match="MIN_FONT_P80_PX"):
        Settings().with_overrides({"MIN_FONT_P80_PX": "50"})


def test_qa_thresholds_are_settable_and_refuse_negatives() -> None:
    s = Settings().with_overrides({"CONTRAST_NORMAL": "7"})
    assert s.qa.CONTRAST_NORMAL == 7
    with pytest.raises(SettingError, match="CONTRAST_NORMAL: must be ≥ 0"):
        Settings().with_overrides({"CONTRAST_NORMAL": "-1"})
