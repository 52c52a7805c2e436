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
        "diag_0.json", "dom_0.json", "input.json", "ir_0.json", "out_0.html", "qa.json",
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


def _clean_doc_with(index: int, field: str, value: Any) -> str:
    """The clean fixture with one field of one element replaced (NaN allowed, as Python
    writes it: JSON has no NaN)."""
    doc = read(FIXTURES / "clean_slide.json")
    doc["elements"][index][field] = value
    return json.dumps(doc)


def _one_error_line(stderr: str) -> str:
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("pptxagent: error: "), stderr
    assert "Traceback" not in stderr
    return lines[0]


@pytest.mark.parametrize(
    ("doc", "needles"),
    [
        ('{"elements": [{"eid": "a", "type": "text", "priority": 60}]}',
         ("bad.json", "$.elements[0].layout")),
        ("{not json", ("bad.json", "not valid JSON")),
        ("", ("bad.json", "not valid JSON")),
        (_clean_doc_with(2, "eid", "e_band_002"),
         ("bad.json", "$.elements[2].eid", "duplicate eid 'e_band_002'")),
        (_clean_doc_with(1, "priority", 101), ("bad.json", "$.elements[1].priority")),
        (_clean_doc_with(1, "type", "chart"), ("bad.json", "$.elements[1].type")),
        (_clean_doc_with(1, "layout", {"x": float("nan"), "y": 0, "w": 10, "h": 10}),
         ("bad.json", "NaN")),
    ],
    ids=["schema", "not-json", "empty-file", "duplicate-eid", "priority-101", "unknown-type",
         "nan"],
)
def test_bad_input_exits_2_and_writes_nothing(
    tmp_path: Path, doc: str, needles: tuple[str, ...]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(doc)
    out = tmp_path / "rollout"
    proc = refine(bad, out)
    assert proc.returncode == 2, proc.stderr
    line = _one_error_line(proc.stderr)
    for needle in needles:
        assert needle in line, (needle, line)
    assert not out.exists()


def test_unknown_setting_exits_2(tmp_path: Path) -> None:
    out = tmp_path / "rollout"
    proc = refine(FIXTURES / "clean_slide.json", out, "--set", "NOPE=1")
    assert proc.returncode == 2
    assert "unknown constant 'NOPE'" in _one_error_line(proc.stderr)
    assert not out.exists()


def test_a_previous_rollout_in_the_directory_is_replaced(tmp_path: Path) -> None:
    out = tmp_path / "rollout"
    assert refine(FIXTURES / "broken_slide.json", out).returncode == 0
    assert (out / "patch_1.json").is_file()
    (out / ".ir_2.json.x1y2.tmp").write_text("{")  # left by an interrupted run
    proc = refine(FIXTURES / "clean_slide.json", out, "--json")
    assert proc.returncode == 0, proc.stderr
    # Nothing of the broken slide's rollout survives: no stale patch or render to mislead.
    assert sorted(p.name for p in out.iterdir()) == [
        "diag_0.json", "dom_0.json", "input.json", "ir_0.json", "out_0.html", "qa.json",
        "render_0.png", "result.json", "trace.jsonl",
    ]
    assert read(out / "input.json") == read(FIXTURES / "clean_slide.json")
    assert read(out / "result.json")["quality"] == "success_clean"


def test_a_pre_created_empty_directory_is_accepted(tmp_path: Path) -> None:
    out = tmp_path / "rollout"
    out.mkdir()
    proc = refine(FIXTURES / "clean_slide.json", out)
    assert proc.returncode == 0, proc.stderr
    assert (out / "result.json").is_file() and (out / "render_0.png").is_file()


@pytest.mark.parametrize("foreign", ["notes.txt", "ir_final.json", "subdir/"])
def test_a_directory_with_other_files_is_refused_and_left_alone(
    tmp_path: Path, foreign: str
) -> None:
    out = tmp_path / "rollout"
    out.mkdir()
    (out / "ir_0.json").write_text("{}")
    if foreign.endswith("/"):
        (out / foreign.rstrip("/")).mkdir()
    else:
        (out / foreign).write_text("mine")
    before = sorted(p.name for p in out.iterdir())
    proc = refine(FIXTURES / "clean_slide.json", out)
    assert proc.returncode == 2, proc.stderr
    line = _one_error_line(proc.stderr)
    assert str(out) in line and foreign.rstrip("/") in line and "not empty" in line
    assert sorted(p.name for p in out.iterdir()) == before
    assert (out / "ir_0.json").read_text() == "{}"
