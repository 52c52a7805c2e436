"""The executor: runs plan steps through the ToolRunner, resolving variables and references,
within the job's step budget, and emits ``step.started`` / ``step.finished``."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from pptxagent.agent.core import ToolContext, ToolResult
from pptxagent.agent.plan import MAX_STEPS, Step
from pptxagent.agent.runner import ToolRunner


@dataclass
class Ran:
    step: Step
    result: ToolResult
    duration_ms: float


@dataclass
class Executor:
    runner: ToolRunner
    ctx: ToolContext
    variables: dict[str, Any]
    budget: int = MAX_STEPS
    ran: list[Ran] = field(default_factory=list)
    by_id: dict[str, ToolResult] = field(default_factory=dict)
    next_id: int = 1

    @property
    def left(self) -> int:
        return self.budget - len(self.ran)

    def _resolve(self, value: Any) -> Any:
        if isinstance(value, dict):
            return {k: self._resolve(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self._resolve(v) for v in value]
        if isinstance(value, str) and value.startswith("$") and value in self.variables:
            return self.variables[value]
        if isinstance(value, str) and value.startswith("@"):
            sid, _, rest = value[1:].partition(".")
            where, _, key = rest.partition(".")
            res = self.by_id.get(sid)
            if res is None:
                raise LookupError(f"{value}: step {sid} has not run")
            found = res.artifacts.get(key) if where == "artifacts" else res.data.get(key)
            if found is None:
                raise LookupError(f"{value}: step {sid} gave no {where}.{key}")
            return found
        return value

    def run(self, step: Step) -> ToolResult:
        """Run one step (its id renumbered to follow the steps already run, references
        within a batch follow it); a failure is a ``ToolResult`` with ``ok`` False."""
        step = step.model_copy(deep=True)
        emit = self.ctx.emit
        emit("step.started", {"step": step.id, "tool": step.tool, "why": step.why})
        t0 = time.perf_counter()
        if self.left <= 0:
            res = ToolResult(ok=False, summary="step budget spent",
                             error=f"the plan may run {self.budget} steps at most")
        else:
            try:
                raw = self._resolve(step.input)
            except LookupError as exc:
                res = ToolResult(ok=False, summary="unresolved reference", error=str(exc))
            else:
                res = self.runner.run(step.tool, raw, self.ctx)
        ms = round((time.perf_counter() - t0) * 1000, 3)
        self.ran.append(Ran(step, res, ms))
        self.by_id[step.id] = res
        self.next_id = max(self.next_id, int(step.id[1:]) + 1)
        emit("step.finished", {"step": step.id, "tool": step.tool, "ok": res.ok,
                               "duration_ms": ms, "summary": res.summary, "error": res.error})
        return res

    def run_all(self, steps: list[Step]) -> tuple[bool, Step | None, ToolResult | None]:
        """Run ``steps`` in order until one fails: (all ok, the failed step, its result)."""
        for step in steps:
            res = self.run(step)
            if not res.ok:
                return False, step, res
        return True, None, None

    def renumber(self, steps: list[Step]) -> list[Step]:
        """``steps`` (numbered from 1 within their batch) moved after the steps run so far,
        references inside the batch moved with them."""
        shift = self.next_id - min((int(s.id[1:]) for s in steps), default=self.next_id)
        if shift == 0:
            return steps
        ids = {s.id: f"s{int(s.id[1:]) + shift}" for s in steps}

        def move(v: Any) -> Any:
            if isinstance(v, dict):
                return {k: move(x) for k, x in v.items()}
            if isinstance(v, str) and v.startswith("@"):
                sid, dot, rest = v[1:].partition(".")
                return f"@{ids.get(sid, sid)}{dot}{rest}"
            return v

        return [s.model_copy(update={"id": ids[s.id], "input": move(s.input)}) for s in steps]

    def trace(self) -> list[dict[str, Any]]:
        return [{"step": r.step.id, "tool": r.step.tool, "ok": r.result.ok,
                 "duration_ms": r.duration_ms, "summary": r.result.summary,
                 "error": r.result.error} for r in self.ran]


__all__ = ["Executor", "Ran"]
