"""The refinement loop (spec §7–8): measure → diagnose → patch, until success, stall or
``MAX_ITER``; then rollback or hard fallback, and the 3-tier quality label.

Trace convention: line ``k`` carries the metrics of ``ir_k``, the ``applied_hints``,
``overrides`` and ``fallbacks`` of the step that produced ``ir_k`` (``patch_k``), and the
``action`` decided from ``ir_k`` together with the patches refused as taboo while deciding
it. The last line also carries ``quality`` (and ``rollback_to`` after a stall).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pptxagent.diagnose import diagnose
from pptxagent.ir import (
    Diagnostics,
    DomSnapshot,
    Override,
    Patch,
    RolloutResult,
    SlideIR,
    TraceLine,
    dump,
    with_elements,
)
from pptxagent.loop.fallbacks import fallback_patch, hard_fallback
from pptxagent.loop.overflowfit import (
    FIT_TRIES,
    Seen,
    measured,
    overflowed_at,
    probe_up,
    refit,
    shrunk,
    without_fit,
)
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
Html = str | Callable[[], str]
"""An ``out_k.html`` or a function rendering it on first use."""


@dataclass
class Iteration:
    """One evaluated state ``ir_k`` and how it was produced."""

    k: int
    ir: SlideIR
    dom: DomSnapshot
    diag: Diagnostics
    source: Html
    """``out_k.html``, or a function that renders it on first use (batched measuring)."""
    patch: Patch | None = None
    fingerprint: str = ""
    overrides: list[Override] = field(default_factory=list)
    applied_hints: list[dict[str, Any]] = field(default_factory=list)
    fallbacks: list[dict[str, Any]] = field(default_factory=list)

    @property
    def html(self) -> str:
        if not isinstance(self.source, str):
            self.source = self.source()
        return self.source

    @property
    def defect_count(self) -> int:
        return self.diag.summary.defect_count

    @property
    def total_severity(self) -> float:
        return self.diag.summary.total_severity


@dataclass
class Pending:
    """A state waiting to be measured, and how it was produced (``Iteration`` fields)."""

    ir: SlideIR
    how: dict[str, Any] = field(default_factory=dict)


@dataclass
class RefineOutcome:
    final_ir: SlideIR
    final_dom: DomSnapshot
    final_diag: Diagnostics
    result: RolloutResult
    trace: list[TraceLine]
    iterations: list[Iteration]


def default_diagnoser() -> Diagnoser:
    """``pptxagent.diagnose.diagnose``: spec §5's detectors."""
    return diagnose


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

    def prepare(self, ir: SlideIR, **how: Any) -> Pending:
        """The next state to measure; its ``patch_k.json`` is written before measuring."""
        if self.writer is not None and how.get("patch") is not None:
            self.writer.write_json(f"patch_{len(self.its)}.json", how["patch"])
        return Pending(ir, how)

    def record(self, pending: Pending, dom: DomSnapshot, html: Html) -> Iteration:
        """Diagnose a measured state, write its files and append it as ``ir_k``."""
        k, ir = len(self.its), pending.ir
        diag = self.diagnoser(ir, dom, self.settings)
        it = Iteration(k=k, ir=ir, dom=dom, diag=diag, source=html, **pending.how)
        w = self.writer
        if w is not None:
            w.write_json(f"ir_{k}.json", ir)
            w.write_text(f"out_{k}.html", it.html)
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

    def step(self, it: Iteration, patch: Patch) -> Pending:
        assert self.taboo is not None
        fp = self.taboo.fingerprint(patch)
        new_ir, overrides = apply_patch(it.ir, patch, self.settings)
        return self.prepare(
            new_ir,
            patch=patch,
            fingerprint=fp,
            overrides=overrides,
            applied_hints=applied_hints(patch, it.diag),
        )

    def fallback(self, base_k: int) -> Pending:
        """Hard fallback on ``ir_{base_k}`` (the last state: the step to the new ``ir_k``
        then changes only what the fallback sets, within every budget); its edits are
        written as ``patch_k.json`` so ``ir_k`` = ``ir_{k-1}`` + ``patch_k`` holds for every k."""
        base = self.its[base_k]
        ir, done = hard_fallback(base.ir, base.diag, self.settings, base.dom)
        done = [{**d, "base_iter": base_k} for d in done]
        return self.prepare(ir, patch=fallback_patch(base.ir, ir), fallbacks=done)


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


class Rollout:
    """One slide's rollout as a step machine, so slides can be measured one at a time
    (``refine``) or all together (``loop.batch.refine_many``) with the same decisions.

    ``pending`` is the state to measure next; ``feed`` takes its measurement, diagnoses it,
    decides (stop, patch or fallback) and sets the next ``pending``, until ``outcome`` is set.
    """

    def __init__(
        self,
        ir: SlideIR,
        *,
        settings: Settings,
        policy: Policy,
        measurer: Measurer,
        rollout_dir: Path | None = None,
        input_doc: object | None = None,
        progress: Progress | None = None,
        diagnoser: Diagnoser | None = None,
    ) -> None:
        writer = RolloutWriter(rollout_dir) if rollout_dir is not None else None
        if writer is not None:
            doc = input_doc if input_doc is not None else dump(ir)
            writer.write_json("input.json", doc)
        self.run = _Run(settings, measurer, diagnoser or default_diagnoser(), writer, progress)
        self.run.taboo = TabooSet(ir)
        self.policy = policy
        self.patches = 0
        # The fallback's autofit is its output, never a starting point: a pass that starts
        # again (LibreOffice's, the siblings') fits the text at its own size first, and
        # shrinks it again only as its own last resort.
        start = without_fit(ir)
        self.pending: Pending | None = self.run.prepare(with_elements(start, list(start.elements)))
        self.outcome: RefineOutcome | None = None
        self._then: tuple[str, str] = ("decide", "")
        """What ``feed`` does with the state being measured: decide, or go on with a fallback
        (``fallback``: a shrink on overflow's step down, ``probe``: its step up)."""
        self._fit_failed: dict[str, float] = {}
        """eid → the smallest autofit scale measured overflowing."""
        self._fit_good: Iteration | None = None
        """The last measured state whose shrunk boxes all fit."""
        self._fit_tries = 0
        self._fit_seen: Seen = {}
        """The shrunk boxes' last measured (scale, text height) before this state."""

    @property
    def done(self) -> bool:
        return self.outcome is not None

    def feed(self, dom: DomSnapshot, html: Html) -> None:
        """Take the measurement of ``pending`` and advance to the next state (or the end)."""
        assert self.pending is not None, "feed() after the rollout ended"
        run, (then, stop) = self.run, self._then
        it = run.record(self.pending, dom, html)
        self.pending = None
        if then in ("fallback", "probe"):
            self._fit(it, then, stop)
            return
        if then == "step":
            assert run.taboo is not None
            if non_improving(run.counts, run.severities, it.k):
                run.taboo.record(it.fingerprint)
            self.patches += 1
        self._decide(it)

    def _decide(self, it: Iteration) -> None:
        run, settings = self.run, self.run.settings
        assert run.taboo is not None
        if it.defect_count == 0:
            self._finish(it, it, "stop_success")
            return
        if stalled(run.counts, run.severities, settings.STALL_THRESHOLD):
            for old in run.its[-settings.STALL_THRESHOLD :]:
                run.taboo.record(old.fingerprint)
            best = best_iteration(run.counts, run.severities)
            self._finish(it, run.its[best], "stop_stall", rollback_to=best)
            return
        if it.k >= settings.MAX_ITER:
            stop, patch, decision = "stop_max_iter", None, dict[str, Any]()
        else:
            patch, decision = run.ask(self.policy, it)
            stop = "stop_no_patch"
        if patch is None:
            run.log(it, "fallback", **decision)
            self.pending = run.fallback(it.k)
            self._then = ("fallback", stop)
            return
        run.log(it, "patch", **decision)
        self.pending = run.step(it, patch)
        self._then = ("step", "")

    def _fit(self, it: Iteration, then: str, stop: str) -> None:
        """After a measured fallback step: the shrink on overflow's next step down (a box
        still overflows) or up (all fit), within ``FIT_TRIES``; else the end. A step up that
        overflows ends the rollout on the state before it."""
        run = self.run
        over = overflowed_at(it.ir, it.diag)
        for eid, scale in over.items():
            self._fit_failed[eid] = min(self._fit_failed.get(eid, 1.0), scale)
        if then == "probe" and over and self._fit_good is not None:
            self._finish(it, self._fit_good, stop)
            return
        if not over:
            self._fit_good = it
        if not self._fit_tries and it.k > 0:  # the state the fallback shrank: scale 1
            self._fit_seen = measured(it.ir, run.its[it.k - 1].dom, at=1.0)
        self._fit_tries += 1
        nxt = None
        if shrunk(it.ir) and self._fit_tries < FIT_TRIES:
            nxt = (refit(it.ir, it.diag, it.dom, run.settings, self._fit_seen) if over
                   else probe_up(it.ir, it.diag, self._fit_failed))
        self._fit_seen = {**self._fit_seen, **measured(it.ir, it.dom)}
        if nxt is None:
            self._finish(it, it, stop)
            return
        ir, done = nxt
        run.log(it, "fallback")
        self.pending = run.prepare(ir, patch=fallback_patch(it.ir, ir),
                                   fallbacks=[{**d, "base_iter": it.k} for d in done])
        self._then = ("fallback" if over else "probe", stop)

    def _finish(self, it: Iteration, final: Iteration, stop: str, **extra: Any) -> None:
        run = self.run
        result = _result(run, final, stop, self.patches)
        run.log(it, stop, quality=result.quality, **extra)
        if run.writer is not None:
            run.writer.write_json("result.json", result)
        self.outcome = RefineOutcome(
            final_ir=final.ir,
            final_dom=final.dom,
            final_diag=final.diag,
            result=result,
            trace=run.trace,
            iterations=run.its,
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
    roll = Rollout(ir, settings=settings, policy=policy, measurer=measurer,
                   rollout_dir=rollout_dir, input_doc=input_doc, progress=progress,
                   diagnoser=diagnoser)
    while roll.pending is not None:
        dom, html = measurer.measure(roll.pending.ir, settings)
        roll.feed(dom, html)
    assert roll.outcome is not None
    return roll.outcome
