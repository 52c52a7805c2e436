"""``pptxagent fill``: the ordered stages of a template fill.

content.json → open template → fill (tokens, slides, values) → inventory the filled slides →
template baseline → refinement loop per slide → write back → pack → LibreOffice cross-check →
report. Every stage is one function over one ``FillJob``; ``STAGES`` is their order.
Bad input fails in the first three stages, before anything is written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pptxagent.diagnose import diagnose
from pptxagent.errors import ContentError, InputError
from pptxagent.fill import FilledSlide, FillPlan, apply_content
from pptxagent.fill.content import Content, load_content
from pptxagent.inventory import inventory_deck, inventory_slide
from pptxagent.inventory.context import DeckReader
from pptxagent.ir import DeckIR, Diagnostics, DomSnapshot, SlideIR
from pptxagent.loop.batch import refine_many
from pptxagent.loop.driver import RefineOutcome
from pptxagent.loop.rolloutdir import check_deck_rollout_dir, clear_deck_rollout_dir
from pptxagent.measure import Measurer
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.validate import Finding, compare_findings, validate_package
from pptxagent.pipeline.guard import FrozenPolicy, TemplateGuard, baseline_keys, frozen_eids
from pptxagent.pipeline.report import FillReport
from pptxagent.policy.base import Policy
from pptxagent.policy.fit import FitPolicy
from pptxagent.render.media import MediaStore
from pptxagent.settings import Settings

Progress = Callable[[str], None]

FILL_MAX_ITER = 6
"""Patches per filled slide (``--set MAX_ITER=`` overrides). Content far too long for a
template box needs its font taken from the template's size to near the min font; at the
spec's 15% per patch (HIGH_PRIO_SIZE_BUDGET) 32 pt → 18 pt alone takes four patches, which
the spec's default of 3 would cut short into a degraded slide."""


@dataclass
class FillOptions:
    template: Path
    content: Path
    out: Path
    report: Path | None = None
    rollout_dir: Path | None = None
    policy: Policy | None = None
    crosscheck: bool = True
    strict: bool = False
    repair: bool = True
    settings_overrides: dict[str, Any] = field(default_factory=dict)
    progress: Progress | None = None


@dataclass
class SlideWork:
    filled: FilledSlide
    ir: SlideIR
    """The slide as filled, before refinement."""
    touched: frozenset[str]
    guard: TemplateGuard
    outcome: RefineOutcome | None = None
    final_ir: SlideIR | None = None
    dom: DomSnapshot | None = None
    diag: Diagnostics | None = None
    changes: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    crosscheck: dict[str, Any] | None = None
    lo_degraded: bool = False


@dataclass
class FillJob:
    opts: FillOptions
    settings: Settings = field(default_factory=Settings)
    content: Content | None = None
    pkg: Package | None = None
    template_deck: DeckIR | None = None
    template_findings: list[Finding] = field(default_factory=list)
    plan: FillPlan | None = None
    slides: list[SlideWork] = field(default_factory=list)
    measurer: Measurer = field(default_factory=Measurer)
    timings: dict[str, float] = field(default_factory=dict)
    new_findings: list[str] = field(default_factory=list)
    report: FillReport | None = None

    def say(self, msg: str) -> None:
        if self.opts.progress is not None:
            self.opts.progress(msg)

    @property
    def package(self) -> Package:
        assert self.pkg is not None, "open_template runs first"
        return self.pkg


def load_input(job: FillJob) -> None:
    o = job.opts
    if o.template.is_dir():
        raise InputError(f"{o.template}: is a directory, expected a .pptx template file")
    if not o.template.is_file():
        raise InputError(f"{o.template}: no such template file")
    if o.out.resolve() == o.template.resolve():
        raise InputError(f"{o.out}: refusing to overwrite the template; choose another -o")
    if o.out.resolve() == o.content.resolve():
        raise InputError(f"{o.out}: refusing to overwrite the content file; choose another -o")
    if o.out.is_dir():
        raise InputError(f"{o.out}: is a directory; -o takes the path of the .pptx to write")
    if o.rollout_dir is not None:
        check_deck_rollout_dir(o.rollout_dir)
    if not o.out.parent.is_dir():
        raise InputError(f"{o.out}: the output folder {o.out.parent} does not exist")
    job.content = load_content(o.content)


def open_template(job: FillJob) -> None:
    job.pkg = Package.open(job.opts.template)
    job.template_findings = validate_package(job.pkg)
    job.template_deck = inventory_deck(job.pkg)
    if job.measurer.media is None:  # pictures drawn from the package being filled
        job.measurer.media = MediaStore.for_package(job.pkg)
    size = job.template_deck.slide
    job.settings = Settings().with_overrides(
        {"SLIDE_W": size.w, "SLIDE_H": size.h, "MAX_ITER": FILL_MAX_ITER,
         "CONTENT_EDGE_OVERFLOW": True,
         **job.opts.settings_overrides}
    )


def fill_content(job: FillJob) -> None:
    assert job.content is not None
    try:
        deck = job.template_deck
        assert deck is not None
        job.plan = apply_content(  # keys resolve on the template inventory open_template made
            job.package, job.content, job.opts.content.parent, strict=job.opts.strict,
            inventory=lambda _pkg, _part, index: deck.slides[index - 1],
        )
    except ContentError as exc:  # name the content file too, as schema errors do
        exc.message = f"{job.opts.content}: {exc.message}"
        exc.args = (exc.message,)
        raise


def clear_rollouts(job: FillJob) -> None:
    """The input is good: remove a previous run's slide rollouts from --rollout-dir."""
    if job.opts.rollout_dir is not None:
        clear_deck_rollout_dir(job.opts.rollout_dir)


def inventory_filled(job: FillJob) -> None:
    assert job.plan is not None and job.template_deck is not None
    deck = job.template_deck
    reader = DeckReader(job.package)  # layouts, masters, themes read once for every slide
    for fs in job.plan.slides:
        ds = inventory_slide(job.package, fs.part, fs.index, reader)
        ir = SlideIR(slide=deck.slide, elements=ds.elements, backdrop=ds.backdrop)
        before = {e.eid: e.content for e in deck.slides[fs.template_slide - 1].elements}
        changed = {e.eid for e in ir.elements if before.get(e.eid) != e.content}
        touched = frozenset(changed | set(fs.filled))
        job.slides.append(SlideWork(fs, ir, touched, TemplateGuard(touched)))


def template_baseline(job: FillJob) -> None:
    """Diagnose each template slide used, unfilled: its own defects are not ours.

    The filled slides are measured in the same document (one browser call for both): their
    DOMs are the first round of ``refine_slides``."""
    assert job.template_deck is not None
    work = [w for w in job.slides if w.touched]
    used = sorted({w.filled.template_slide for w in work})
    if not used:
        return
    irs = [job.template_deck.slide_ir(n) for n in used]
    doms = job.measurer.measure_many([*irs, *(w.ir for w in work)], job.settings)
    base = {n: baseline_keys(diagnose(ir, dom, job.settings))
            for n, ir, dom in zip(used, irs, doms[: len(irs)], strict=True)}
    for w, dom in zip(work, doms[len(irs):], strict=True):
        w.guard = TemplateGuard(w.touched, base[w.filled.template_slide])
        w.dom = dom


def refine_slides(job: FillJob) -> None:
    """Refine every filled slide in lockstep: one browser measurement per round for all
    slides still running (``loop.batch.refine_many``), each with its own guard and policy."""
    policy = job.opts.policy or FitPolicy()
    work = [w for w in job.slides if w.touched]
    for w in job.slides:
        if not w.touched:
            w.final_ir = w.ir
    first = [w.dom for w in work]
    measured = None if None in first else [d for d in first if d is not None]
    if not job.opts.repair:
        doms = measured or job.measurer.measure_many([w.ir for w in work], job.settings)
        for w, dom in zip(work, doms, strict=True):
            w.final_ir, w.dom = w.ir, dom
            w.diag = w.guard.filter(diagnose(w.ir, dom, job.settings), w.ir)
        return
    rdir = job.opts.rollout_dir
    outcomes = refine_many(
        [w.ir for w in work],
        settings=job.settings,
        policies=[FrozenPolicy(policy, frozen_eids(w.ir)) for w in work],
        measurer=job.measurer,
        rollout_dirs=[rdir / f"slide-{w.filled.index:02d}" if rdir else None for w in work],
        diagnosers=[w.guard.wrap(diagnose) for w in work],
        measured=measured,
    )
    for w, outcome in zip(work, outcomes, strict=True):
        w.outcome = outcome
        w.final_ir, w.diag, w.dom = outcome.final_ir, outcome.final_diag, outcome.final_dom
        job.say(f"slide {w.filled.index}: {outcome.result.quality} after "
                f"{outcome.result.iterations_to_converge} patch(es)")


def write_back_slides(job: FillJob) -> None:
    from pptxagent.pipeline.writeback import write_back_slide

    for w in job.slides:
        if w.outcome is not None:
            w.changes = write_back_slide(job.package, w.ir, w.outcome)


def pack(job: FillJob) -> None:
    new = compare_findings(job.template_findings, validate_package(job.package))
    job.new_findings = [str(f) for f in new]
    job.package.save(job.opts.out)


def crosscheck(job: FillJob) -> None:
    if not job.opts.crosscheck:
        return
    from pptxagent.pipeline.crosscheck import crosscheck_deck

    crosscheck_deck(job)


def build_report(job: FillJob) -> None:
    from pptxagent.pipeline.summary import make_report

    job.report = make_report(job)


STAGES: tuple[Callable[[FillJob], None], ...] = (
    load_input,
    open_template,
    fill_content,
    clear_rollouts,
    inventory_filled,
    template_baseline,
    refine_slides,
    write_back_slides,
    pack,
    crosscheck,
    build_report,
)


def fill_deck(opts: FillOptions) -> FillReport:
    """Run every stage in order and return the report (also written when asked)."""
    job = FillJob(opts)
    t_all = time.perf_counter()
    for stage in STAGES:
        t0 = time.perf_counter()
        stage(job)
        job.timings[stage.__name__] = round(time.perf_counter() - t0, 4)
    job.timings["total"] = round(time.perf_counter() - t_all, 4)
    assert job.report is not None
    job.report.timings = dict(job.timings)
    return job.report
