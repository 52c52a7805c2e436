"""One refinement pass of a fill: every slide given runs its own rollout with its template
guard, its frozen (non-repairable) shapes and its diagnoser, all measured in lockstep
(``loop.batch.refine_many``). The first pass (``fill.refine_slides``) and the LibreOffice
pass (``crosscheck.refine_crosschecked``) are both this."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from pptxagent.diagnose import diagnose
from pptxagent.ir import DomSnapshot, RendererDelta, SlideIR
from pptxagent.loop.batch import refine_many
from pptxagent.loop.driver import Diagnoser, RefineOutcome
from pptxagent.pipeline.guard import FrozenPolicy, frozen_eids
from pptxagent.pipeline.job import FillJob, SlideWork
from pptxagent.policy.fit import FitPolicy


def slide_diagnoser(w: SlideWork, libreoffice: Mapping[str, RendererDelta] | None) -> Diagnoser:
    """``diagnose`` (with LibreOffice's deltas when given) behind the slide's template guard."""
    inner: Diagnoser = partial(diagnose, libreoffice=libreoffice) if libreoffice else diagnose
    return w.guard.wrap(inner)


def refine_pass(
    job: FillJob,
    work: Sequence[SlideWork],
    irs: Sequence[SlideIR],
    measured: Sequence[DomSnapshot] | None,
    *,
    suffix: str = "",
) -> list[RefineOutcome]:
    """Refine ``irs[i]`` for ``work[i]``; rollouts go to ``slide-NN{suffix}`` of
    ``--rollout-dir``. ``measured``: the DOMs of ``irs`` when already measured."""
    policy = job.opts.policy or FitPolicy()
    rdir = job.opts.rollout_dir
    return refine_many(
        list(irs),
        settings=job.settings,
        policies=[FrozenPolicy(policy, frozen_eids(ir)) for ir in irs],
        measurer=job.measurer,
        rollout_dirs=[rdir / f"slide-{w.filled.index:02d}{suffix}" if rdir else None
                      for w in work],
        diagnosers=[slide_diagnoser(w, w.lo_facts or None) for w in work],
        measured=measured,
    )
