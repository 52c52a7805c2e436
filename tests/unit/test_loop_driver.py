"""The loop driver (§7–8) with a fake measurer, a fake diagnoser and scripted policies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from loop_fakes import FakeMeasurer, ScriptedPolicy, element, fake_diagnose, slide

from pptxagent.ir import SlideIR
from pptxagent.loop.driver import RefineOutcome, refine
from pptxagent.settings import Settings

S = Settings()


def overflowing() -> SlideIR:
    """One text box 200px high whose text needs 300px: overflow severity 100."""
    return slide(element("t", "text", 60, x=100, y=100, w=400, h=200, need_h=300))


def run(
    ir: SlideIR, policy: ScriptedPolicy, tmp: Path | None = None, **settings: Any
) -> RefineOutcome:
    return refine(
        ir,
        settings=S.with_overrides(settings),
        policy=policy,
        measurer=FakeMeasurer(),
        rollout_dir=tmp,
        diagnoser=fake_diagnose,
    )


def h(value: float, eid: str = "t") -> dict[str, Any]:
    return {"edits": [{"eid": eid, "layout": {"h": value}}]}


def y(value: float, eid: str = "t") -> dict[str, Any]:
    return {"edits": [{"eid": eid, "layout": {"y": value}}]}


def trace(tmp: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (tmp / "trace.jsonl").read_text().splitlines()]


def test_clean_slide_stops_at_zero_without_asking(tmp_path: Path) -> None:
    policy = ScriptedPolicy()
    out = run(slide(element("t", "text", 60)), policy, tmp_path)
    assert out.result.stop_reason == "stop_success"
    assert out.result.quality == "success_clean"
    assert (out.result.final_iter, out.result.iterations_to_converge) == (0, 0)
    assert policy.calls == []
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "diag_0.json", "dom_0.json", "input.json", "ir_0.json", "out_0.html",
        "render_0.png", "result.json", "trace.jsonl",
    ]
    (line,) = trace(tmp_path)
    assert {k: line[k] for k in ("iter", "defect_count", "action", "quality")} == {
        "iter": 0, "defect_count": 0, "action": "stop_success", "quality": "success_clean"
    }


def test_one_patch_converges_and_writes_every_file(tmp_path: Path) -> None:
    out = run(overflowing(), ScriptedPolicy(h(308)), tmp_path)
    r = out.result
    assert r.stop_reason == "stop_success" and r.quality == "success_clean"
    assert r.defect_count_per_iter == [1, 0]
    assert r.total_severity_per_iter == [100, 0]
    assert (r.final_iter, r.iterations_to_converge) == (1, 1)
    assert out.final_ir.element("t").layout.h == 308
    for k in (0, 1):
        for stem in ("ir", "dom", "diag"):
            assert (tmp_path / f"{stem}_{k}.json").is_file()
        assert (tmp_path / f"out_{k}.html").is_file()
        assert (tmp_path / f"render_{k}.png").read_bytes().startswith(b"\x89PNG")
    assert json.loads((tmp_path / "patch_1.json").read_text())["edits"][0]["layout"] == {"h": 308}
    assert not (tmp_path / "patch_0.json").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    lines = trace(tmp_path)
    assert [ln["action"] for ln in lines] == ["patch", "stop_success"]
    assert lines[1]["applied_hints"] == [
        {"eid": "t", "action": "resize_height", "suggested_h": 308.0}
    ]
    assert json.loads((tmp_path / "result.json").read_text())["final_iter"] == 1
    assert json.loads((tmp_path / "input.json").read_text())["elements"][0]["eid"] == "t"


def test_budget_overrides_counted_and_traced(tmp_path: Path) -> None:
    ir = slide(element("t", "title", 100, x=100, y=100, w=400, h=200, need_h=300,
                       style={"fontSize": 40}))
    out = run(ir, ScriptedPolicy(h(308), h(308), h(308)), tmp_path)
    assert out.result.budget_overrides >= 1
    first = trace(tmp_path)[1]["overrides"][0]
    assert first["field"] == "layout.h" and first["clamped_to"] == 230


def test_stall_rolls_back_to_best(tmp_path: Path) -> None:
    # severity 100 → 50 (better) → 60 → 60: two non-improving steps in a row.
    out = run(overflowing(), ScriptedPolicy(h(250), h(240), y(120)), tmp_path, MAX_ITER=5)
    r = out.result
    assert r.stop_reason == "stop_stall"
    assert r.total_severity_per_iter == [100, 50, 60, 60]
    assert r.final_iter == 1
    assert out.final_ir.element("t").layout.h == 250
    assert r.quality == "degraded"
    assert r.taboo_fingerprints == ["t:resize_h:shrink", "t:move:down"]
    assert r.iterations_to_converge == 3
    last = trace(tmp_path)[-1]
    assert last["action"] == "stop_stall" and last["rollback_to"] == 1
    assert last["quality"] == "degraded"


def test_taboo_patch_refused_and_policy_asked_again(tmp_path: Path) -> None:
    # patch 1 moves the box down without helping → taboo "t:move:down";
    # the next "move down" is refused and the re-ask (grow h) fixes the slide.
    policy = ScriptedPolicy(y(110), y(130), h(308))
    out = run(overflowing(), policy, tmp_path)
    assert out.result.stop_reason == "stop_success"
    assert policy.calls == [0, 1, 1]
    assert out.result.taboo_fingerprints == ["t:move:down"]
    lines = trace(tmp_path)
    assert lines[1]["taboo_refused"] == ["t:move:down"]
    assert out.final_ir.element("t").layout.y == 110  # the refused move was never applied


def test_no_patch_left_falls_back(tmp_path: Path) -> None:
    out = run(overflowing(), ScriptedPolicy(), tmp_path)
    r = out.result
    assert r.stop_reason == "stop_no_patch"
    assert r.fallbacks == [{"fallback": "truncate", "eid": "t", "base_iter": 0}]
    assert r.quality == "degraded"
    assert out.final_ir.element("t").style.overflow == "hidden"


def test_max_iter_truncates_best_and_final_iter_file_exists(tmp_path: Path) -> None:
    out = run(overflowing(), ScriptedPolicy(h(220), h(240), h(260)), tmp_path)
    r = out.result
    assert r.stop_reason == "stop_max_iter"
    assert r.defect_count_per_iter == [1, 1, 1, 1, 0]
    assert r.iterations_to_converge == 3
    # The truncated box measures clean, but a fallback ran: still degraded.
    assert r.final_iter == 4 and r.quality == "degraded"
    final = json.loads((tmp_path / "ir_4.json").read_text())
    el = final["elements"][0]
    assert el["style"]["overflow"] == "hidden" and el["style"]["textOverflow"] == "ellipsis"
    assert el["layout"]["h"] == 260  # the last iteration (3) was the base
    assert (tmp_path / "diag_4.json").is_file()
    assert json.loads((tmp_path / "patch_4.json").read_text())["edits"] == [
        {"eid": "t", "layout": {}, "style": {"overflow": "hidden", "textOverflow": "ellipsis"}}]
    assert [ln["action"] for ln in trace(tmp_path)] == [
        "patch", "patch", "patch", "fallback", "stop_max_iter"
    ]


def test_max_iter_fallback_takes_the_last_state_so_every_step_keeps_its_budget(
    tmp_path: Path,
) -> None:
    # severity 100 → 50 (best) → 60 → 55: no stall; the fallback truncates ir_3, not ir_1,
    # so ir_3 → ir_4 changes nothing but the truncation (a jump back to ir_1 would be a step
    # outside every budget).
    out = run(overflowing(), ScriptedPolicy(h(250), h(240), h(245)), tmp_path)
    r = out.result
    assert r.stop_reason == "stop_max_iter" and r.final_iter == 4
    assert r.fallbacks == [{"fallback": "truncate", "eid": "t", "base_iter": 3}]
    ir3, ir4 = (json.loads((tmp_path / f"ir_{k}.json").read_text()) for k in (3, 4))
    assert ir4["elements"][0]["layout"] == ir3["elements"][0]["layout"]


def test_max_iter_zero_falls_back_on_the_input() -> None:
    out = run(overflowing(), ScriptedPolicy(h(308)), MAX_ITER=0)
    assert out.result.stop_reason == "stop_max_iter"
    assert out.result.final_iter == 1 and out.result.iterations_to_converge == 0
    assert [it.k for it in out.iterations] == [0, 1]


def hide_slide() -> SlideIR:
    return slide(
        element("bg", "decoration", 20, x=1200, y=0, w=200, h=100, style={}),
        element("pic", "image", 40, x=300, y=300, w=200, h=200, style={}),
        element("t", "text", 60, x=350, y=350, w=200, h=200),
    )


def test_hide_needs_allow_hide() -> None:
    out = run(hide_slide(), ScriptedPolicy(), MAX_ITER=0)
    assert out.result.fallbacks == []
    assert all(el.style.display is None for el in out.final_ir.elements)
    assert out.result.quality == "degraded"


def test_hide_decoration_before_image() -> None:
    out = run(hide_slide(), ScriptedPolicy(), MAX_ITER=0, ALLOW_HIDE=True)
    assert out.result.fallbacks == [{"fallback": "hide", "eid": "bg", "base_iter": 0}]
    assert out.final_ir.element("bg").style.display == "none"
    assert out.final_ir.element("pic").style.display is None
    assert out.result.final_defect_types == ["overlap"]


def test_hide_image_when_no_decoration_involved() -> None:
    ir = hide_slide()
    ir.element("bg").layout.x = 0
    out = run(ir, ScriptedPolicy(), MAX_ITER=0, ALLOW_HIDE=True)
    assert out.result.fallbacks == [{"fallback": "hide", "eid": "pic", "base_iter": 0}]
    assert out.result.final_defect_types == []
    assert out.result.quality == "degraded"


def test_progress_gets_one_line_per_iteration() -> None:
    seen: list[tuple[int, str]] = []
    refine(
        overflowing(), settings=S, policy=ScriptedPolicy(h(308)), measurer=FakeMeasurer(),
        diagnoser=fake_diagnose, progress=lambda ln: seen.append((ln.iter, ln.action)),
    )
    assert seen == [(0, "patch"), (1, "stop_success")]


def test_policy_notes_and_double_taboo_end_in_fallback(tmp_path: Path) -> None:
    class Noisy(ScriptedPolicy):
        def propose(self, ir: SlideIR, diag: Any, ctx: Any) -> Any:
            ctx.notes.append(f"asked at {ctx.iteration}")
            return super().propose(ir, diag, ctx)

    # patch 1 does nothing useful (taboo); both answers at iteration 1 repeat it.
    policy = Noisy(y(110), y(120), y(130))
    out = run(overflowing(), policy, tmp_path)
    assert out.result.stop_reason == "stop_no_patch"
    assert policy.calls == [0, 1, 1]
    line = trace(tmp_path)[1]
    assert line["action"] == "fallback"
    assert line["taboo_refused"] == ["t:move:down", "t:move:down"]
    assert line["notes"] == ["asked at 1", "asked at 1"]
    assert out.final_ir.element("t").style.textOverflow == "ellipsis"


def test_crash_mid_rollout_leaves_only_complete_files(tmp_path: Path) -> None:
    class Dying(FakeMeasurer):
        def measure(self, ir: SlideIR, settings: Settings) -> Any:
            if self.measured:
                raise RuntimeError("browser died")
            return super().measure(ir, settings)

    with pytest.raises(RuntimeError, match="browser died"):
        refine(overflowing(), settings=S, policy=ScriptedPolicy(h(308)), measurer=Dying(),
               rollout_dir=tmp_path, diagnoser=fake_diagnose)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert "ir_0.json" in names and "patch_1.json" in names and "ir_1.json" not in names
    assert not [n for n in names if n.startswith(".")]
    for p in tmp_path.glob("*.json"):
        json.loads(p.read_text())
    assert len((tmp_path / "trace.jsonl").read_text().splitlines()) == 1


def test_fill_fallback_shrinks_by_autofit_steps_then_probes_one_step_up(tmp_path: Path) -> None:
    """``OVERFLOW_FIT_FLOOR`` (a fill's): text too tall at its min font is shown smaller by
    its box's autofit, in PowerPoint's 7.5 % steps: 300 px of wrapped text in 200 px needs
    ≤ 81.6 %: 77.5 % fits (180 px), the step up, 85 %, is measured and overflows (217 px), so
    the rollout ends on 77.5 %. Nothing is truncated; the slide is degraded."""
    out = run(overflowing(), ScriptedPolicy(), tmp_path, OVERFLOW_FIT_FLOOR=0.25)
    r = out.result
    assert out.final_ir.element("t").style.fitScale == 0.775
    assert out.final_ir.element("t").style.overflow is None
    assert [f["scale"] for f in r.fallbacks] == [0.775, 0.85]
    assert r.fallbacks[1].get("probe") is True
    assert r.final_iter == 1 and r.defect_count_per_iter == [1, 0, 1]
    assert r.quality == "degraded"
    assert [line["action"] for line in trace(tmp_path)] == ["fallback", "fallback",
                                                           "stop_no_patch"]


def test_fill_fallback_stops_at_its_floor_and_keeps_the_text_whole() -> None:
    """Text 25 times too tall: the autofit stops at the floor (25 %) and the text still
    overflows there; it is neither cut nor truncated in the drawing, and no lower step is
    tried."""
    ir = slide(element("t", "text", 60, x=100, y=100, w=400, h=200, need_h=5000))
    out = run(ir, ScriptedPolicy(), OVERFLOW_FIT_FLOOR=0.25)
    el = out.final_ir.element("t")
    assert el.style.fitScale == 0.25 and el.style.overflow is None
    assert [f["scale"] for f in out.result.fallbacks] == [0.25]
    assert out.result.quality == "degraded"
    assert out.final_diag.defect_types == ["content_overflow"]


def test_a_rollout_starts_from_the_text_at_its_own_size_not_a_fallback_shrink() -> None:
    """A pass that starts again from a shrunk state (LibreOffice's, the siblings') first fits
    the text at its own size: the fallback's autofit is its output, never an input."""
    ir = overflowing()
    ir.element("t").style.fitScale = 0.5
    measurer = FakeMeasurer()
    out = refine(ir, settings=S.with_overrides({"OVERFLOW_FIT_FLOOR": 0.25}),
                 policy=ScriptedPolicy(h(308)), measurer=measurer, diagnoser=fake_diagnose)
    assert measurer.measured[0].element("t").style.fitScale is None
    assert out.result.quality == "success_clean"
    assert out.final_ir.element("t").style.fitScale is None
