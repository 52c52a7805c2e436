"""``pptxagent fill --rollout-dir`` into a folder a previous run already used."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "templates" / "pptx" / "quarterly-review.pptx"
EXE = Path(sys.executable).parent / "pptxagent"

pytestmark = pytest.mark.browser


def _fill(tmp: Path, slides: list[dict[str, object]], rollouts: Path) -> None:
    content = tmp / "content.json"
    content.write_text(json.dumps({"slides": slides}))
    cmd = [str(EXE), "fill", str(TEMPLATE), str(content), "-o", str(tmp / "out.pptx"),
           "--no-crosscheck", "--rollout-dir", str(rollouts)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr


def test_a_second_fill_replaces_the_previous_rollouts(tmp_path: Path) -> None:
    rollouts = tmp_path / "rollouts"
    rollouts.mkdir()  # pre-created by a harness
    short = {"title": "Quarter in brief", "body": "Revenue up\nChurn down"}
    _fill(tmp_path, [{"template_slide": 2, "fill": short}] * 3, rollouts)
    assert sorted(p.name for p in rollouts.iterdir()) == ["slide-01", "slide-02", "slide-03"]
    first = json.loads((rollouts / "slide-03" / "result.json").read_text())
    assert first["quality"] == "success_clean"

    _fill(tmp_path, [{"template_slide": 3, "fill": {"title": "Before and after"}}], rollouts)
    # Only this run's slide remains: no stale slide-02/03 rollouts to mislead a reader.
    assert sorted(p.name for p in rollouts.iterdir()) == ["slide-01"]
    ir0 = json.loads((rollouts / "slide-01" / "ir_0.json").read_text())
    assert any("Before and after" in el["content"] for el in ir0["elements"])
