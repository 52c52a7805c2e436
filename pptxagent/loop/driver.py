"""The refinement loop (spec §7–8): measure → diagnose → patch, until success, stall or
``MAX_ITER``; then rollback or hard fallback, and the 3-tier quality label.

Trace convention: line ``k`` carries the metrics of ``ir_k``, the ``applied_hints``,
``overrides`` and ``fallbacks`` of the step that produced ``ir_k`` (``patch_k``), and the
``action`` decided from ``ir_k`` together with the patches refused as taboo while deciding
it. The last line also carries ``quality`` (and ``rollback_to`` after a stall).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, cast

from pptxagent.ir import (
    Diagnostics,
    DomSnapshot,
    Override,
    Patch,
    RolloutResult,
    SlideIR,
    TraceLine,
    dump,
)
from pptxagent.loop.fallbacks import hard_fallback
from pptxagent.loop.quality import best_iteration, non_improving, quality_label, stalled
from pptxagent.loop.record import applied_hints
from pptxagent.loop.rollout import RolloutWriter
from pptxagent.loop.taboo import TabooSet
from pptxagent.patch.apply import apply_patch
from pptxagent.policy.base import Policy, PolicyContext
from pptxagent.settings import Settings


class Measurer(Protocol):
    """Renders an IR and reports what was drawn (``pptxagent.measure.Measurer``)."""

    def measure(self, ir: SlideIR, settings: Settings) -> tuple[DomSnapshot, str]: ...

    def screenshot(self, ir: SlideIR, path: Path) -> object: ...


Diagnoser = Callable[[SlideIR, DomSnapshot, Settings], Diagnostics]
Progress = Callable[[TraceLine], None]


@dataclass
class Iteration:
    """One evaluated state ``ir_k`` and how it was produced."""

    k: int
    ir: SlideIR
    dom: DomSnapshot
    diag: Diagnostics
    html: str
    patch: Patch | None = None
    fingerprint: str = ""
    overrides: list[Override] = field(default_factory=list)
    applied_hints: list[dict[str, Any]] = field(default_factory=list)
    fallbacks: list[dict[str, Any]] = field(default_factory=list)

    @property
    def defect_count(self) -> int:
        return self.diag.summary.defect_count

    @property
    def total_severity(self) -> float:
        return self.diag.summary.total_severity


@dataclass
class RefineOutcome:
    final_ir: SlideIR
    final_dom: DomSnapshot
    final_diag: Diagnostics
    result: RolloutResult
    trace: list[TraceLine]
    iterations: list[Iteration]


def default_diagnoser() -> Diagnoser:
    """``pptxagent.diagnose.diagnose`` (imported lazily: the loop does not need it to load)."""
    module = importlib.import_module("pptxagent.diagnose")
    return cast(Diagnoser, module.diagnose)


class _Run:
    """The mutable state of one rollout."""

    def __init__(
        self,
        settings: Settings,
        measurer: Measurer,
        diagnoser: Diagnoser,
        writer: RolloutWriter | None,
        progress: Progress | None,
    ) -> None:
        self.settings = settings
        self.measurer = measurer
        self.diagnoser = diagnoser
        self.writer = writer
        self.progress = progress
        self.its: list[Iteration] = []
        self.trace: list[TraceLine] = []
        self.taboo: TabooSet | None = None

    @property
    def counts(self) -> list[int]:
        return [it.defect_count for it in self.its]

    @property
    def severities(self) -> list[float]:
        return [it.total_severity for it in self.its]

    def evaluate(self, ir: SlideIR, **how: Any) -> Iteration:
        k = len(self.its)
        w = self.writer
        if w is not None and how.get("patch") is not None:
            w.write_json(f"patch_{k}.json", how["patch"])
        dom, html = self.measurer.measure(ir, self.settings)
        diag = self.diagnoser(ir, dom, self.settings)
        it = Iteration(k=k, ir=ir, dom=dom, diag=diag, html=html, **how)
        if w is not None:
            w.write_json(f"ir_{k}.json", ir)
            w.write_text(f"out_{k}.html", html)
            tmp = w.temp_png(f"render_{k}.png")
            self.measurer.screenshot(ir, tmp)
            w.commit(tmp, f"render_{k}.png")
            w.write_json(f"dom_{k}.json", dom)
            w.write_json(f"diag_{k}.json", diag)
        self.its.append(it)
        return it

    def log(self, it: Iteration, action: str, **extra: Any) -> TraceLine:
        line = TraceLine(
            iter=it.k,
            defect_count=it.defect_count,
            total_severity=it.total_severity,
            warning_count=it.diag.summary.warning_count,
            defect_types=it.diag.defect_types,
            warning_types=it.diag.warning_types,
            action=action,
            applied_hints=it.applied_hints,
            overrides=it.overrides,
            fallbacks=it.fallbacks,
            **extra,
        )
        self.trace.append(line)
        if self.writer is not None:
            self.writer.append_trace(line)
        if self.progress is not None:
            self.progress(line)
        return line

    def ask(self, policy: Policy, it: Iteration) -> tuple[Patch | None, dict[str, Any]]:
        """Ask for ``patch_{k+1}``; a taboo patch is refused and the policy asked once more.

        Returns the patch (None when there is none) and the trace fields of the decision.
        """
        assert self.taboo is not None
        self.taboo.rebase(it.ir)
        refused: list[str] = []
        notes: list[str] = []
        found: Patch | None = None
        for _ in range(2):
            ctx = PolicyContext(self.settings, iteration=it.k, check=self.taboo.check_patch)
            patch = policy.propose(it.ir, it.diag, ctx)
            notes += ctx.notes
            if not patch.edits:
                break
            check = self.taboo.check_patch(patch)
            if check.allowed:
                found = patch
                break
            refused.append(check.fingerprint)
        return found, {"taboo_refused": refused, "notes": notes}

    def step(self, it: Iteration, patch: Patch) -> Iteration:
        assert self.taboo is not None
        fp = self.taboo.fingerprint(patch)
        new_ir, overrides = apply_patch(it.ir, patch, self.settings)
        nxt = self.evaluate(
            new_ir,
            patch=patch,
            fingerprint=fp,
            overrides=overrides,
            applied_hints=applied_hints(patch, it.diag),
        )
        if non_improving(self.counts, self.severities, nxt.k):
            self.taboo.record(fp)
        return nxt

    def fallback(self, base_k: int) -> Iteration:
        base = self.its[base_k]
        ir, done = hard_fallback(base.ir, base.diag, self.settings)
        done = [{**d, "base_iter": base_k} for d in done]
        return self.evaluate(ir, fallbacks=done)


def _result(run: _Run, final: Iteration, stop: str, patches: int) -> RolloutResult:
    fallbacks = [f for it in run.its for f in it.fallbacks]
    assert run.taboo is not None
    return RolloutResult(
        defect_count_per_iter=run.counts,
        total_severity_per_iter=run.severities,
        warning_count_per_iter=[it.diag.summary.warning_count for it in run.its],
        iterations_to_converge=patches,
        final_defect_types=final.diag.defect_types,
        final_warning_types=final.diag.warning_types,
        quality=quality_label(final.diag, fallback_applied=bool(fallbacks)),
        budget_overrides=sum(len(it.overrides) for it in run.its),
        taboo_fingerprints=run.taboo.fingerprints,
        final_iter=final.k,
        stop_reason=stop,
        fallbacks=fallbacks,
    )


def refine(
    ir: SlideIR,
    *,
    settings: Settings,
    policy: Policy,
    measurer: Measurer,
    rollout_dir: Path | None = None,
    input_doc: object | None = None,
    progress: Progress | None = None,
    diagnoser: Diagnoser | None = None,
) -> RefineOutcome:
    """Run one rollout on ``ir`` and return its final state, result and trace (spec §7–8)."""
    writer = RolloutWriter(rollout_dir) if rollout_dir is not None else None
    if writer is not None:
        doc = input_doc if input_doc is not None else dump(ir)
        writer.write_json("input.json", doc)
    run = _Run(settings, measurer, diagnoser or default_diagnoser(), writer, progress)
    run.taboo = TabooSet(ir)
    it = run.evaluate(ir.model_copy(deep=True))
    patches = 0
    extra: dict[str, Any] = {}
    while True:
        if it.defect_count == 0:
            stop, final = "stop_success", it
            break
        if stalled(run.counts, run.severities, settings.STALL_THRESHOLD):
            for old in run.its[-settings.STALL_THRESHOLD :]:
                run.taboo.record(old.fingerprint)
            best = best_iteration(run.counts, run.severities)
            stop, final = "stop_stall", run.its[best]
            extra = {"rollback_to": best}
            break
        if it.k >= settings.MAX_ITER:
            stop, patch, decision = "stop_max_iter", None, dict[str, Any]()
        else:
            patch, decision = run.ask(policy, it)
            stop = "stop_no_patch"
        if patch is None:
            run.log(it, "fallback", **decision)
            best = best_iteration(run.counts, run.severities)
            it = final = run.fallback(best)
            break
        run.log(it, "patch", **decision)
        it = run.step(it, patch)
        patches += 1
    result = _result(run, final, stop, patches)
    run.log(it, stop, quality=result.quality, **extra)
    if writer is not None:
        writer.write_json("result.json", result)
    return RefineOutcome(
        final_ir=final.ir,
        final_dom=final.dom,
        final_diag=final.diag,
        result=result,
        trace=run.trace,
        iterations=run.its,
    )
