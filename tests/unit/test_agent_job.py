"""The bounded agent loop with fake tools: path choice from §6.1 signals, ≤ 12 steps,
profiles, the critic's bounds, failover, the LLM plan's validation, agent_mode off."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from pptxagent.agent.core import AuditRecord, ToolContext, ToolKind, ToolResult
from pptxagent.agent.critic import critique, judge
from pptxagent.agent.job import JobRequest, run_job
from pptxagent.agent.llmplan import LLMPlanner, PlanError, check_plan
from pptxagent.agent.plan import MAX_STEPS, choose_path, deterministic_plan
from pptxagent.agent.runner import ToolRunner
from pptxagent.agent.tools_qa import REGISTRY

SIMPLE = {"slides": 5, "text_shapes": 11, "freeform_text": 1, "placeholders": 10,
          "grouped": 0, "table_slides": 1, "placeholder_ratio": 0.909,
          "table_slide_share": 0.2}
FREEFORM = {**SIMPLE, "freeform_text": 9, "placeholders": 2, "placeholder_ratio": 0.18}


def report(degraded: int) -> dict[str, Any]:
    """``degraded`` slides with an unresolved overflow, or one clean slide (a minor issue)."""
    if not degraded:
        return {"slides": [{"index": 1, "quality": "success_clean", "qa": [
            {"kind": "contrast", "severity": "minor", "status": "open"}]}],
            "unresolved_tokens": []}
    return {"slides": [{"index": n, "quality": "degraded", "qa": [
        {"kind": "overflow", "severity": "critical", "status": "unresolved"}]}
        for n in range(1, degraded + 1)], "unresolved_tokens": []}


class Fake:
    """A stand-in for a real tool of the same name, input checked by the real model."""

    def __init__(self, name: str, fn: Any) -> None:
        real = REGISTRY[name]
        self.name, self.timeout_s, self.Input = name, 5.0, real.Input
        self.kind: ToolKind = real.kind
        self.fn = fn
        self.inputs: list[dict[str, Any]] = []

    def run(self, inp: BaseModel, ctx: ToolContext) -> ToolResult:
        self.inputs.append(inp.model_dump(mode="json"))
        out: ToolResult = self.fn(inp, ctx)
        return out


def fill_result(fixed_at: int, stall: bool = False) -> Any:
    """A fill leaving one degraded slide per 4 patches MAX_ITER is below ``fixed_at`` (a
    correction pass, 4 patches more, fixes one); ``stall``: passes change nothing."""
    def run(inp: Any, ctx: ToolContext) -> ToolResult:
        out = ctx.workdir / inp.out
        out.write_bytes(b"pptx")
        short = fixed_at - (6 if stall else int(inp.settings.get("MAX_ITER", 6)))
        bad = max(0, -(-short // 4))
        return ToolResult(ok=True, artifacts={"pptx": str(out)}, data={"report": report(bad)})
    return run


def fakes(signals: dict[str, Any], fixed_at: int = 0, fail: str = "",
          stall: bool = False) -> dict[str, Fake]:
    def ok(**data: Any) -> Any:
        return lambda inp, ctx: ToolResult(ok=True, data=data)

    def pack(inp: Any, ctx: ToolContext) -> ToolResult:
        (ctx.workdir / inp.out).write_bytes(b"pptx")
        return ToolResult(ok=True, artifacts={"pptx": str(ctx.workdir / inp.out)})

    def thumbs(inp: Any, ctx: ToolContext) -> ToolResult:
        return ToolResult(ok=True, artifacts={"thumb-2": "b.png", "thumb-1": "a.png"})

    def failing(inp: Any, ctx: ToolContext) -> ToolResult:
        return ToolResult(ok=False, summary="broken", error="simulated failure")

    tools = {
        "pptx.inspect_inventory": ok(signals=signals),
        "render.template_render": fill_result(fixed_at, stall),
        "pptx.replace_text_preserve_format": fill_result(fixed_at, stall),
        "render.scratch_render": fill_result(fixed_at, stall),
        "pptx.validate_layout": ok(), "pptx.ooxml_validate": ok(), "pptx.ooxml_unpack": ok(),
        "pptx.ooxml_pack": pack, "scratch.theme_apply": ok(), "scratch.layout_select": ok(),
        "qa.content_check": ok(gates={"completeness": True}), "render.thumbnail_grid": thumbs,
    }
    if fail:
        tools[fail] = failing
    return {n: Fake(n, fn) for n, fn in tools.items()}


def job(tmp_path: Path, tools: dict[str, Fake], ctx_planner: Any = None,
        **req: Any) -> tuple[Any, list[AuditRecord], list[tuple[str, dict[str, Any]]]]:
    audit: list[AuditRecord] = []
    events: list[tuple[str, dict[str, Any]]] = []
    runner = ToolRunner(tools, audit.append)
    ctx = ToolContext(tmp_path, emit=lambda e, d: events.append((e, d)), planner=ctx_planner)
    base: dict[str, Any] = {"kind": "fill", "template": tmp_path / "t.pptx",
                            "content": {"slides": []}}
    out = run_job(JobRequest(**{**base, **req}), runner, ctx)
    return out, audit, events


def test_path_choice_from_signals() -> None:
    assert choose_path(SIMPLE)[0] == "A"
    path, why = choose_path(FREEFORM)
    assert path == "B" and "9 of 11 text shapes are freeform" in why
    assert choose_path({**SIMPLE, "grouped": 4})[0] == "B"
    assert "table-heavy" in choose_path({**SIMPLE, "table_slide_share": 0.6})[1]
    assert "earlier runs" in choose_path(SIMPLE, prior_degraded=2)[1]


@pytest.mark.parametrize("profile", ["fast", "balanced", "high_fidelity"])
@pytest.mark.parametrize("signals", [SIMPLE, FREEFORM])
def test_plans_and_runs_stay_within_twelve_steps(tmp_path: Path, profile: str,
                                                 signals: dict[str, Any]) -> None:
    assert len(deterministic_plan("fill", profile, signals).steps) <= MAX_STEPS  # type: ignore[arg-type]
    out, audit, events = job(tmp_path, fakes(signals, fixed_at=99), quality_profile=profile)
    assert len(out.steps) <= MAX_STEPS and len(audit) <= MAX_STEPS
    limit = {"fast": 0, "balanced": 1, "high_fidelity": 2}[profile]
    assert out.passes_used == limit  # never fixed: every allowed pass used, no more
    assert sum(1 for e, _ in events if e == "correction") == limit


def test_path_and_reason_recorded_and_b_runs_the_ooxml_tools(tmp_path: Path) -> None:
    out, audit, events = job(tmp_path, fakes(FREEFORM), quality_profile="fast")
    assert out.ok and out.path == "B" and "freeform" in out.reason
    assert [a.tool for a in audit] == [
        "pptx.inspect_inventory", "pptx.replace_text_preserve_format", "pptx.ooxml_validate",
        "pptx.ooxml_unpack", "pptx.ooxml_pack", "qa.content_check"]
    assert out.pptx is not None and out.pptx.name == "deck.pptx"
    plan = next(d for e, d in events if e == "plan")
    assert plan["path"] == "B" and plan["reason"] == out.reason


def test_correction_pass_really_changes_the_work(tmp_path: Path) -> None:
    tools = fakes(SIMPLE, fixed_at=10)
    out, _, events = job(tmp_path, tools, quality_profile="high_fidelity")
    settings = [i["settings"] for i in tools["render.template_render"].inputs]
    assert settings[0] == {} and settings[1]["MAX_ITER"] == 10
    assert out.passes_used == 1 and out.gates["fit"] and out.score == 0.99
    assert out.pptx is not None and out.pptx.name == "deck-pass1.pptx"
    critics = [d for e, d in events if e == "critic"]
    assert [c["correct"] for c in critics] == [True, False]
    assert all(i["crosscheck"] for i in tools["render.template_render"].inputs)
    assert out.thumbnails == [Path("a.png"), Path("b.png")]


def test_fast_profile_skips_crosscheck_correction_and_thumbnails(tmp_path: Path) -> None:
    tools = fakes(SIMPLE, fixed_at=99)
    out, audit, _ = job(tmp_path, tools, quality_profile="fast", max_correction_passes=2)
    assert out.passes_used == 0 and not out.gates["fit"] and out.thumbnails == []
    assert not tools["render.template_render"].inputs[0]["crosscheck"]
    assert "render.thumbnail_grid" not in [a.tool for a in audit]


def test_explicit_zero_passes_is_respected(tmp_path: Path) -> None:
    out, _, _ = job(tmp_path, fakes(SIMPLE, fixed_at=99), quality_profile="high_fidelity",
                    max_correction_passes=0)
    assert out.passes_used == 0


def test_failing_step_fails_over_to_the_renderer(tmp_path: Path) -> None:
    out, audit, events = job(tmp_path, fakes(FREEFORM, fail="pptx.ooxml_validate"),
                             quality_profile="fast")
    assert out.ok and out.failover and out.pptx is not None
    fo = next(d for e, d in events if e == "failover")
    assert fo["tool"] == "pptx.ooxml_validate" and fo["error"] == "simulated failure"
    assert "render.template_render" in [a.tool for a in audit]


def test_renderer_failure_too_is_a_failed_job(tmp_path: Path) -> None:
    out, _, _ = job(tmp_path, fakes(SIMPLE, fail="render.template_render"),
                    quality_profile="fast")
    assert not out.ok and out.error == "simulated failure" and out.failover


def test_agent_mode_off_is_one_call(tmp_path: Path) -> None:
    out, audit, events = job(tmp_path, fakes(SIMPLE), agent_mode="off")
    assert [a.tool for a in audit] == ["render.template_render"]
    assert out.ok and out.passes_used == 0
    assert not [e for e, _ in events if e in ("plan", "critic", "correction")]


def test_events_in_order(tmp_path: Path) -> None:
    _, _, events = job(tmp_path, fakes(SIMPLE), quality_profile="balanced")
    kinds = [e for e, _ in events if not e.startswith("tool.")]
    assert kinds[:3] == ["step.started", "step.finished", "plan"]
    assert kinds.index("critic") > kinds.index("plan")
    assert kinds[-2:] == ["step.started", "step.finished"]  # thumbnails last
    started = [d["step"] for e, d in events if e == "step.started"]
    assert started == sorted(started, key=lambda s: int(s[1:])) and len(set(started)) == len(
        started)


def test_critic_bounds() -> None:
    bad = report(1)
    for used in range(4):
        for cap in range(3):
            v = critique(bad, None, passes_used=used, max_passes=cap, steps_left=12,
                         pass_steps=3)
            assert v.correct == (used < cap)
    v = critique(bad, None, passes_used=0, max_passes=2, steps_left=2, pass_steps=3)
    assert not v.correct and "step budget" in v.why
    missing = critique(report(0), {"gates": {"completeness": False}}, passes_used=0,
                       max_passes=2, steps_left=12, pass_steps=3)
    assert not missing.correct and missing.failing == ["completeness"]
    assert judge(report(0), None)["score"] == 0.99  # one minor issue


def plan_json(*steps: dict[str, Any]) -> str:
    return json.dumps({"path": "A", "reason": "llm says so", "steps": list(steps)})


RENDER: dict[str, Any] = {"id": "s1", "tool": "render.template_render",
          "input": {"template": "$template", "content": "$content", "crosscheck": False}}
CHECK: dict[str, Any] = {"id": "s2", "tool": "qa.content_check",
         "input": {"deck": "@s1.artifacts.pptx", "content": "$content_json",
                   "report": "@s1.data.report"}}


def test_llm_plan_used_when_valid(tmp_path: Path) -> None:
    planner = LLMPlanner(chat=lambda msgs: plan_json(RENDER, CHECK))
    out, audit, _ = job(tmp_path, fakes(SIMPLE), ctx_planner=planner, quality_profile="fast")
    assert out.planner == "llm" and out.ok
    assert [a.tool for a in audit] == ["pptx.inspect_inventory", "render.template_render",
                                       "qa.content_check"]


@pytest.mark.parametrize("bad", [
    plan_json({"id": "s1", "tool": "shell.exec", "input": {}}),
    plan_json({**RENDER, "input": {**RENDER["input"], "template": "/etc/passwd"}}),
    plan_json(RENDER, {**CHECK, "input": {**CHECK["input"], "deck": "@s9.artifacts.pptx"}}),
    plan_json(CHECK),
    plan_json(*[{**CHECK, "id": f"s{i}"} for i in range(1, 14)]),
    plan_json({**RENDER, "input": {**RENDER["input"], "crosscheck": "maybe"}}),
    "not json at all",
])
def test_llm_plan_refused_falls_back(tmp_path: Path, bad: str) -> None:
    planner = LLMPlanner(chat=lambda msgs: bad)
    out, _, events = job(tmp_path, fakes(SIMPLE), ctx_planner=planner,
                         quality_profile="fast")
    assert out.planner == "deterministic" and out.ok
    note = next(d for e, d in events if e == "plan")["note"]
    assert note.startswith("LLM plan refused")


def test_check_plan_names_the_problem() -> None:
    with pytest.raises(PlanError, match=r"unknown tool 'shell\.exec'"):
        check_plan(json.loads(plan_json({"id": "s1", "tool": "shell.exec", "input": {}})),
                   "fill", REGISTRY)
    with pytest.raises(PlanError, match="does not make a compose deck"):
        check_plan(json.loads(plan_json(RENDER)), "compose", REGISTRY)


def test_llm_planner_without_endpoint_falls_back(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("PPTXAGENT_PLANNER_BASE_URL", "PPTXAGENT_LLM_BASE_URL", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    out, _, _ = job(tmp_path, fakes(SIMPLE), planner="llm", quality_profile="fast")
    assert out.planner == "deterministic" and out.ok


def test_request_needs_its_inputs() -> None:
    with pytest.raises(ValueError, match="template and content"):
        JobRequest(kind="fill", content={})
    with pytest.raises(ValueError, match="outline"):
        JobRequest(kind="compose")
    with pytest.raises(ValueError):
        JobRequest(kind="compose", outline={}, max_correction_passes=3)


def test_no_progress_stops_the_corrections(tmp_path: Path) -> None:
    out, _, events = job(tmp_path, fakes(SIMPLE, fixed_at=99, stall=True),
                         quality_profile="high_fidelity")
    critics = [d for e, d in events if e == "critic"]
    assert out.passes_used == 1 and "made no progress" in critics[-1]["why"]
    assert out.pptx is not None and out.pptx.name == "deck.pptx"  # the first pass kept
    assert not critics[-1]["kept"]


def test_every_pass_kept_when_it_helps(tmp_path: Path) -> None:
    out, _, events = job(tmp_path, fakes(SIMPLE, fixed_at=14), quality_profile="high_fidelity")
    critics = [d for e, d in events if e == "critic"]
    assert out.passes_used == 2 and out.gates["fit"]
    assert [c["issues"]["degraded"] for c in critics] == [2, 1, 0]
    assert out.pptx is not None and out.pptx.name == "deck-pass2.pptx"
