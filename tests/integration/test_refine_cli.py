"""``pptxagent refine`` as a user runs it: a subprocess, the real Chromium, bundled fixtures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pptxagent.diagnose import diagnose
from pptxagent.engines.chromium import Chromium, get_chromium
from pptxagent.ir import DomSnapshot, SlideIR
from pptxagent.measure.extract import MEASURE_JS, snapshots
from pptxagent.settings import Settings

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).parents[2] / "fixtures" / "ir"
EXE = Path(sys.executable).parent / "pptxagent"


def refine(ir: Path, rollout: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    cmd = [str(EXE), "refine", str(ir), "--rollout-dir", str(rollout), *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)


def read(path: Path) -> Any:
    return json.loads(path.read_text())


@pytest.fixture(scope="module")
def chromium() -> Chromium:
    return get_chromium()


def test_clean_slide_stops_at_iteration_zero(tmp_path: Path) -> None:
    out = tmp_path / "rollout"
    proc = refine(FIXTURES / "clean_slide.json", out, "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["quality"] == "success_clean"
    assert (result["final_iter"], result["stop_reason"]) == (0, "stop_success")
    assert sorted(p.name for p in out.iterdir()) == [
        "diag_0.json", "dom_0.json", "input.json", "ir_0.json", "out_0.html",
        "render_0.png", "result.json", "trace.jsonl",
    ]
    assert read(out / "result.json") == result
    assert (out / "render_0.png").read_bytes().startswith(b"\x89PNG")
    assert "iter 0: defects 0" in proc.stderr


def test_broken_slide_converges_and_result_matches_a_fresh_measure(
    tmp_path: Path, chromium: Chromium
) -> None:
    out = tmp_path / "rollout"
    proc = refine(FIXTURES / "broken_slide.json", out)
    assert proc.returncode == 0, proc.stderr
    result = read(out / "result.json")
    assert result["quality"].startswith("success")
    assert result["defect_count_per_iter"][0] >= 3
    assert result["defect_count_per_iter"][-1] == 0
    k = result["final_iter"]
    assert k == len(result["defect_count_per_iter"]) - 1 <= Settings().MAX_ITER
    for i in range(1, k + 1):
        assert (out / f"patch_{i}.json").is_file() and (out / f"render_{i}.png").is_file()
    lines = (out / "trace.jsonl").read_text().splitlines()
    assert [json.loads(ln)["iter"] for ln in lines] == list(range(k + 1))
    assert json.loads(lines[-1])["quality"] == result["quality"]

    # Re-measure the final HTML in a fresh page: the browser must agree with the rollout.
    ir = SlideIR.model_validate(read(out / f"ir_{k}.json"))
    rows = chromium.evaluate_document((out / f"out_{k}.html").read_text(), MEASURE_JS)
    dom = snapshots([ir], rows, Settings().SAFE_PADDING)[0]
    diag = diagnose(ir, dom, Settings())
    assert diag.summary.defect_count == 0
    assert diag.summary.warning_count == result["warning_count_per_iter"][-1]
    saved = DomSnapshot.model_validate(read(out / f"dom_{k}.json"))
    for el in dom.elements:
        assert el.bbox == saved.get(el.eid).bbox  # type: ignore[union-attr]
    # The fix is visible in the IR: the image is back on the slide.
    img = ir.element("e_img_003").layout
    assert img.x + img.w <= 1280 + Settings().OOB_EPS_PX


def test_infeasible_slide_is_truncated_and_degraded(tmp_path: Path) -> None:
    out = tmp_path / "rollout"
    proc = refine(FIXTURES / "infeasible_slide.json", out)
    assert proc.returncode == 1, proc.stderr
    result = read(out / "result.json")
    assert result["quality"] == "degraded"
    k = result["final_iter"]
    final = read(out / f"ir_{k}.json")
    bullets = next(e for e in final["elements"] if e["eid"] == "e_bullets_002")
    assert bullets["style"]["textOverflow"] == "ellipsis"
    first = result["fallbacks"][0]
    assert (first["fallback"], first["eid"]) == ("truncate", "e_bullets_002")


@pytest.mark.parametrize(
    ("doc", "needle"),
    [
        ('{"elements": [{"eid": "a", "type": "text", "priority": 60}]}', "$.elements[0].layout"),
        ("{not json", "not valid JSON"),
    ],
)
def test_bad_input_exits_2_and_writes_nothing(tmp_path: Path, doc: str, needle: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(doc)
    out = tmp_path / "rollout"
    proc = refine(bad, out)
    assert proc.returncode == 2
    message = " ".join(proc.stderr.split())  # rich wraps long lines
    assert needle in message and "Traceback" not in message
    assert not out.exists()


def test_unknown_setting_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "rollout"
    proc = refine(FIXTURES / "clean_slide.json", out, "--set", "NOPE=1")
    assert proc.returncode == 2 and "unknown constant 'NOPE'" in " ".join(proc.stderr.split())
    assert not out.exists()
