"""``run_job``: one deck job, bounded (agentic-upgrade §4): plan → execute → critique →
at most ``max_correction_passes`` correction passes → thumbnails, with a hard failover to
the deterministic renderer path when a step fails. ``agent_mode: off`` is one tool call.

Events through ``ctx.emit``: ``plan``, ``step.started`` / ``step.finished`` (and the
runner's ``tool.started`` / ``tool.finished`` inside them), ``critic``, ``correction``,
``failover``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from pptxagent.agent.core import ToolContext
from pptxagent.agent.critic import critique, judge, qa_counts, rank
from pptxagent.agent.executor import Executor
from pptxagent.agent.llmplan import LLMPlanner, PlanError
from pptxagent.agent.plan import (
    MAX_STEPS,
    Plan,
    Step,
    correction_plan,
    deterministic_plan,
    failover_steps,
    profile_passes,
)
from pptxagent.agent.runner import ToolRunner


class JobRequest(BaseModel):
    """What ``POST /api/decks/generate`` carries (after upload handling)."""

    kind: Literal["fill", "compose"]
    template: Path | None = None
    content: dict[str, Any] | None = None
    outline: dict[str, Any] | None = None
    theme: str | None = None
    agent_mode: Literal["off", "bounded"] = "bounded"
    quality_profile: Literal["fast", "balanced", "high_fidelity"] = "balanced"
    max_correction_passes: int = Field(1, ge=0, le=2)
    content_file: Path | None = None
    """The content as a file (pictures it names resolve next to it); else ``content`` is
    written to the job's work folder."""
    outline_file: Path | None = None
    planner: Literal["deterministic", "llm"] = "deterministic"
    prior_degraded: int = Field(0, ge=0)
    """Degraded slides in this template's earlier runs (a §6.1 signal)."""

    @model_validator(mode="after")
    def _inputs(self) -> JobRequest:
        if self.kind == "fill" and (self.template is None or (
                self.content is None and self.content_file is None)):
            raise ValueError("a fill needs a template and content (or content_file)")
        if self.kind == "compose" and self.outline is None and self.outline_file is None:
            raise ValueError("a compose needs an outline (or outline_file)")
        return self


class JobOutcome(BaseModel):
    ok: bool
    pptx: Path | None = None
    report: dict[str, Any] | None = None
    thumbnails: list[Path] = Field(default_factory=list)
    score: float = 0.0
    passes_used: int = 0
    error: str | None = None
    plan: list[dict[str, Any]] = Field(default_factory=list)
    path: str = ""
    reason: str = ""
    planner: str = "deterministic"
    gates: dict[str, bool] = Field(default_factory=dict)
    failover: bool = False
    steps: list[dict[str, Any]] = Field(default_factory=list)
    """Every step run: step id, tool, ok, duration_ms, summary, error."""
    duration_ms: float = 0.0


def _variables(req: JobRequest, ctx: ToolContext) -> dict[str, Any]:
    ctx.workdir.mkdir(parents=True, exist_ok=True)
    v: dict[str, Any] = {"$template": str(req.template) if req.template else None,
                         "$theme": req.theme}
    if req.kind == "fill":
        path = req.content_file or ctx.workdir / "content.json"
        doc = req.content if req.content is not None else json.loads(
            path.read_text("utf-8"))
        if req.content_file is None:
            path.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
        v["$content"], v["$content_json"] = str(path), doc
    else:
        path = req.outline_file or ctx.workdir / "outline.json"
        doc = req.outline if req.outline is not None else json.loads(
            path.read_text("utf-8"))
        if req.outline_file is None:
            path.write_text(json.dumps(doc, ensure_ascii=False), "utf-8")
        v["$outline"], v["$outline_json"] = str(path), doc
        v["$theme"] = req.theme or doc.get("theme") or "default"
    return v


class _Pass:
    """What one pass left: its deck, report and content check."""

    def __init__(self, ex: Executor, render: Step | None) -> None:
        decks = [r for r in ex.ran if r.result.ok and "pptx" in r.result.artifacts]
        checks = [r for r in ex.ran if r.result.ok and r.step.tool == "qa.content_check"]
        rendered = ex.by_id.get(render.id) if render is not None else None
        self.deck = Path(decks[-1].result.artifacts["pptx"]) if decks else None
        self.report: dict[str, Any] | None = (rendered.data.get("report")
                                              if rendered is not None else None)
        self.report_file = rendered.artifacts.get("report") if rendered is not None else None
        self.content: dict[str, Any] | None = checks[-1].result.data if checks else None

    def full_report(self) -> dict[str, Any] | None:
        if self.report_file and Path(self.report_file).is_file():
            data: dict[str, Any] = json.loads(Path(self.report_file).read_text("utf-8"))
            return data
        return self.report


def _render_of(steps: list[Step]) -> Step | None:
    return next((s for s in steps if s.tool in (
        "render.template_render", "pptx.replace_text_preserve_format",
        "render.scratch_render")), None)


def _plan(req: JobRequest, ex: Executor, ctx: ToolContext) -> tuple[Plan, str | None]:
    """The plan (inspection run first for a fill); an error when the inspection fails."""
    signals: dict[str, Any] = {}
    profile = req.quality_profile
    if req.kind == "fill":
        base = deterministic_plan("fill", profile, {}, req.prior_degraded)
        res = ex.run(base.steps[0])
        if not res.ok:
            return base, res.error or res.summary
        signals = dict(res.data.get("signals") or {})
    plan = deterministic_plan(req.kind, profile, signals, req.prior_degraded)
    planner = ctx.planner if ctx.planner is not None else (
        LLMPlanner() if req.planner == "llm" else None)
    if planner is not None:
        try:
            proposed: Plan = planner.propose(req.kind, profile, signals, ex.runner.registry)
            proposed.steps = ex.renumber([s for s in proposed.steps
                                          if s.tool != "pptx.inspect_inventory"])
            return proposed, None
        except PlanError as exc:
            plan.note = f"LLM plan refused, deterministic plan used: {exc}"
    return plan, None


def run_job(req: JobRequest, runner: ToolRunner, ctx: ToolContext) -> JobOutcome:
    t0 = time.perf_counter()
    ex = Executor(runner, ctx, _variables(req, ctx))
    out = _run_off(req, ex) if req.agent_mode == "off" else _run_bounded(req, ex, ctx)
    out.steps = ex.trace()
    out.duration_ms = round((time.perf_counter() - t0) * 1000, 3)
    return out


def _run_off(req: JobRequest, ex: Executor) -> JobOutcome:
    """One deterministic tool call: no planner, no critic, no correction."""
    steps = failover_steps(req.kind, req.quality_profile, 1)
    render = _render_of(steps)
    assert render is not None
    res = ex.run(render)
    p = _Pass(ex, render)
    j = judge(p.report, None)
    return JobOutcome(ok=res.ok, pptx=p.deck, report=p.full_report(), score=j["score"],
                      gates=j["gates"], error=res.error, path="A" if req.kind == "fill"
                      else "scratch", reason="agent_mode off: one deterministic render",
                      plan=[render.model_dump()])


def _run_bounded(req: JobRequest, ex: Executor, ctx: ToolContext) -> JobOutcome:
    profile = req.quality_profile
    asked = req.max_correction_passes if "max_correction_passes" in req.model_fields_set \
        else None
    max_passes = profile_passes(profile, asked)
    plan, failed = _plan(req, ex, ctx)
    out = JobOutcome(ok=False, path=plan.path, reason=plan.reason, planner=plan.planner,
                     plan=[s.model_dump() for s in plan.steps])
    ctx.emit("plan", {"path": plan.path, "reason": plan.reason, "planner": plan.planner,
                      "note": plan.note, "signals": plan.signals, "max_passes": max_passes,
                      "steps": [{"step": s.id, "tool": s.tool, "why": s.why}
                                for s in plan.steps]})
    body = [s for s in plan.steps if s.id not in ex.by_id and s.input.get("deck") != "$final"]
    finals = [s for s in plan.steps if s.input.get("deck") == "$final"]
    ok, bad, res = (False, plan.steps[0], None) if failed else ex.run_all(body)
    render = _render_of(body)
    if not ok:
        err = failed or (res.error if res is not None else "failed")
        ctx.emit("failover", {"step": bad.id if bad else None, "tool": bad.tool if bad else None,
                              "error": err, "to": "deterministic renderer"})
        out.failover = True
        steps = failover_steps(req.kind, profile, ex.next_id)
        render = _render_of(steps)
        ok, bad, res = ex.run_all(steps)
        if not ok:
            out.error = res.error if res is not None else "the deterministic path failed"
            return out
    best = _Pass(ex, render)
    passes = 0
    pass_steps = len(correction_plan(plan, req.kind, profile, 1, 1)) + len(finals)
    verdict = critique(best.report, best.content, passes_used=0, max_passes=max_passes,
                       steps_left=ex.left, pass_steps=pass_steps)
    ctx.emit("critic", {"pass": 0, "score": verdict.score, "gates": verdict.gates,
                        "issues": verdict.issues, "correct": verdict.correct,
                        "why": verdict.why, "qa": qa_counts(best.report)})
    while verdict.correct:
        passes += 1
        steps = correction_plan(plan, req.kind, profile, passes, ex.next_id)
        r = _render_of(steps)
        ctx.emit("correction", {"pass": passes, "why": verdict.why,
                                "settings": r.input.get("settings") if r else {}})
        ok, bad, res = ex.run_all(steps)
        if not ok:
            ctx.emit("failover", {"step": bad.id if bad else None, "error": res.error
                                  if res else None, "to": "the best pass so far"})
            break
        this = _Pass(ex, r)
        before = judge(best.report, best.content)
        verdict = critique(this.report, this.content, passes_used=passes,
                           max_passes=max_passes, steps_left=ex.left, pass_steps=pass_steps,
                           previous=before)
        better = rank(judge(this.report, this.content)) > rank(before)
        ctx.emit("critic", {"pass": passes, "score": verdict.score, "gates": verdict.gates,
                            "issues": verdict.issues, "correct": verdict.correct,
                            "why": verdict.why, "kept": better, "qa": qa_counts(this.report)})
        if better:
            best = this
    final = judge(best.report, best.content)
    out.ok, out.pptx, out.report = best.deck is not None, best.deck, best.full_report()
    out.score, out.gates, out.passes_used = final["score"], final["gates"], passes
    ex.variables["$final"] = str(best.deck) if best.deck else None
    for step in ex.renumber(finals) if best.deck is not None else []:
        done = ex.run(step)
        if done.ok:
            out.thumbnails = [Path(p) for k, p in sorted(
                done.artifacts.items(), key=lambda kv: _thumb_no(kv[0])) if k.startswith("thumb-")]
    return out


def _thumb_no(key: str) -> int:
    tail = key.rpartition("-")[2]
    return int(tail) if tail.isdigit() else 0


__all__ = ["MAX_STEPS", "JobOutcome", "JobRequest", "run_job"]
