"""Lockstep refinement of many slides: every still-running rollout's next state is measured
with ONE ``measure_many`` call per round, instead of one browser round trip per slide and
iteration.

Each slide runs its own ``driver.Rollout`` (the same step machine ``refine`` drives), so stop
rules, taboo memory, rollback, fallbacks, quality, trace and rollout files are exactly those
of ``refine`` on that slide alone; only the order in which slides' progress lines and files
appear interleaves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Protocol, TypeVar, cast

from pptxagent.errors import InputError
from pptxagent.ir import DomSnapshot, SlideIR
from pptxagent.loop.driver import (
    Diagnoser,
    Measurer,
    Progress,
    RefineOutcome,
    Rollout,
)
from pptxagent.policy.base import Policy
from pptxagent.render import render_slide
from pptxagent.settings import Settings


class BatchMeasurer(Measurer, Protocol):
    """A measurer that can also measure many slides in one document
    (``pptxagent.measure.Measurer.measure_many``)."""

    def measure_many(self, irs: Sequence[SlideIR], settings: Settings) -> list[DomSnapshot]: ...


HtmlOf = Callable[[SlideIR], str]
T = TypeVar("T")


def default_html_of(measurer: object) -> HtmlOf:
    """``out_k.html`` as ``Measurer.measure`` would have produced it: ``render_slide`` with the
    measurer's ``assets_dir``."""
    assets = getattr(measurer, "assets_dir", None)
    return partial(render_slide, assets_dir=assets)


def _per_slide(values: Sequence[T] | None, n: int, what: str) -> list[T | None]:
    if values is None:
        return [None] * n
    if len(values) != n:
        raise InputError(f"refine_many: {len(values)} {what} for {n} slides")
    return list(values)


def refine_many(
    irs: Sequence[SlideIR],
    *,
    settings: Settings,
    policies: Sequence[Policy],
    measurer: BatchMeasurer,
    rollout_dirs: Sequence[Path | None] | None = None,
    diagnosers: Sequence[Diagnoser | None] | None = None,
    progress: Callable[[int], Progress | None] | None = None,
    html_of: HtmlOf | None = None,
    measured: Sequence[DomSnapshot] | None = None,
) -> list[RefineOutcome]:
    """Refine every slide of ``irs`` (slide ``i`` with ``policies[i]``, ``diagnosers[i]`` and
    ``rollout_dirs[i]``) and return their outcomes in order; the same outcomes ``refine``
    gives slide by slide. ``progress(i)`` gives slide ``i``'s trace callback.

    ``measured``: the DOMs of ``irs`` as given, when the caller already measured them (say in
    one document with other slides); the first round then needs no browser call.
    """
    n = len(irs)
    pols = _per_slide(policies, n, "policies")
    dirs = _per_slide(rollout_dirs, n, "rollout dirs")
    diags = _per_slide(diagnosers, n, "diagnosers")
    render = html_of or default_html_of(measurer)
    first = _per_slide(measured, n, "measured DOMs")
    rolls: list[Rollout] = []
    for i, ir in enumerate(irs):
        policy = pols[i]
        assert policy is not None
        rolls.append(Rollout(
            ir, settings=settings, policy=policy, measurer=measurer, rollout_dir=dirs[i],
            progress=progress(i) if progress is not None else None, diagnoser=diags[i],
        ))
    rounds = 0
    while active := [r for r in rolls if r.pending is not None]:
        states = [r.pending.ir for r in active if r.pending is not None]
        if rounds == 0 and measured is not None:
            doms = [d for d in first if d is not None]
        else:
            doms = measurer.measure_many(states, settings)
        rounds += 1
        for roll, ir, dom in zip(active, states, doms, strict=True):
            roll.feed(dom, partial(render, ir))
    out = [r.outcome for r in rolls]
    assert all(o is not None for o in out)
    return cast(list[RefineOutcome], out)
