"""``pptxagent refine`` ends with the visual QA of its final state (issue 6, point 2): pale
text the loop cannot see as a layout defect is still unreadable, so the slide is degraded and
``qa.json`` names the element, the kind and the measured contrast."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.browser]


def _refine(ir: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", "refine", str(ir),
                           "--rollout-dir", str(out)], capture_output=True, text=True,
                          timeout=300, check=False)


def test_unreadable_text_is_found_and_degrades_the_slide(tmp_path: Path) -> None:
    data = json.loads((ROOT / "fixtures" / "ir" / "clean_slide.json").read_text())
    title = next(e for e in data["elements"] if e["type"] == "title")
    title["style"]["color"] = "#f4f6f8"  # near-white on the near-white page
    ir = tmp_path / "pale.json"
    ir.write_text(json.dumps(data))
    proc = _refine(ir, tmp_path / "r")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    result = json.loads((tmp_path / "r" / "result.json").read_text())
    assert result["quality"] == "degraded"
    assert result["qa"]["open_by_kind"].get("contrast", 0) >= 1
    issues = json.loads((tmp_path / "r" / "qa.json").read_text())["issues"]
    found = [i for i in issues if i["eid"] == title["eid"] and i["kind"] == "contrast"]
    assert found and found[0]["severity"] == "critical" and found[0]["measured"] < 1.5


def test_a_clean_slide_stays_clean(tmp_path: Path) -> None:
    proc = _refine(ROOT / "fixtures" / "ir" / "clean_slide.json", tmp_path / "r")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads((tmp_path / "r" / "qa.json").read_text())["issues"] == []
