"""The visual QA stage of a fill and its one correction pass (issue 6 §2, agentic-upgrade §8).

Every filled slide is drawn as a person sees it (with and without its text) next to the
unfilled template slide it came from, and judged relative to it: the template's own
contrast, margins and overlaps are its design (``accepted``); what the fill made worse is an
issue with the slide, shape, kind, severity and the number measured. When a slide has a
critical issue (text out of its box or off the slide, text on text, text that lost its
contrast), the slide is refined once more from its filled state with the shapes of those
issues held at the template's geometry (``guard.FrozenPolicy.locked``: their text fits by
font size alone), and judged again: each issue is then ``resolved`` or ``unresolved``. A slide
with an unresolved critical issue is reported ``degraded``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from pptxagent.components.geometry import width_of
from pptxagent.components.registry import is_sparse
from pptxagent.ir import Box, Diagnostics, DomSnapshot, SlideIR
from pptxagent.ir.qa import LIVE_STATUSES, QaIssue
from pptxagent.ir.theme import ThemePack
from pptxagent.loop.batch import refine_many
from pptxagent.loop.driver import RefineOutcome
from pptxagent.loop.fallbacks import untruncated
from pptxagent.measure.pixels import SlideCapture, capture_batches, start_capture
from pptxagent.measure.twins import same_art
from pptxagent.pipeline.correct import onto_art, onto_readable
from pptxagent.pipeline.designfix import DESIGN_KINDS, balance_title, snap_to_scale
from pptxagent.pipeline.guard import FrozenPolicy, frozen_eids
from pptxagent.pipeline.job import FillJob, SlideWork
from pptxagent.pipeline.refining import slide_diagnoser
from pptxagent.policy.fit import FitPolicy
from pptxagent.qa import (
    PackageFacts,
    SlideBaseline,
    check_slides,
    make_baseline,
    read_package_facts,
)
from pptxagent.qa.check import reconcile
from pptxagent.qa.design import DesignFrame, design_checks, rhythm
from pptxagent.qa.layout import ink_regions
from pptxagent.qa.scratch import scratch_issues
from pptxagent.units import PX_PER_PT

QA_SUFFIX = "-qa"
"""Rollout folder suffix of the correction pass (``slide-NN-qa``)."""


def _capture(job: FillJob, irs: Sequence[SlideIR],
             twins: Mapping[int, int] | None = None,
             seed: Sequence[SlideCapture] = ()) -> list[SlideCapture]:
    """Each slide drawn with and without its text; the drawn glyphs only where the layout
    checks need them (``ink_regions``), so a clean slide costs one screenshot, not two, and
    a slide in ``twins`` (index → an earlier index with the same art) none of its own
    without text. Every round is queued at once: the browser draws the next while this
    thread decodes the one before. ``seed``: captures made before (a warm process's
    template slides), counted first by ``twins``' targets, none of which is then in
    ``irs``."""
    twins = twins or {}
    order = sorted(range(len(irs)), key=lambda i: i in twins)  # the slides drawn first
    if not seed and order != list(range(len(irs))):  # (one screenshot for them all), twins
        at = {i: k for k, i in enumerate(order)}
        caps = _capture(job, [irs[i] for i in order], {at[i]: at[t] for i, t in twins.items()})
        return [caps[at[i]] for i in range(len(irs))]
    pending = []
    for batch in capture_batches(irs):
        part = irs[batch.start:batch.stop]

        def ink(doms: Sequence[DomSnapshot], part: Sequence[SlideIR] = part
                ) -> list[list[Box]]:
            return [ink_regions(ir, d, job.settings.qa) for ir, d in zip(part, doms, strict=True)]

        local = {i - batch.start: t for i, t in twins.items() if i in batch}
        pending.append(start_capture(part, job.measurer, job.settings, ink=ink, twins=local))
    out: list[SlideCapture] = list(seed)
    for p in pending:
        out += p.finish(out)
    return out[len(seed):]


def _twins(tirs: Sequence[SlideIR], numbers: Sequence[int], work: Sequence[SlideWork]
           ) -> dict[int, int]:
    """Index in ``[*tirs, *finals]`` of each filled slide whose art is its template slide's
    (``same_art``) → that template slide's index."""
    where = {n: i for i, n in enumerate(numbers)}
    out: dict[int, int] = {}
    for k, w in enumerate(work):
        t = where.get(w.filled.template_slide)
        if t is not None and w.final_ir is not None and same_art(w.final_ir, tirs[t]):
            out[len(tirs) + k] = t
    return out


def _template_slides(job: FillJob, work: Sequence[SlideWork], facts: Sequence[PackageFacts]
                     ) -> tuple[list[int], list[SlideIR], list[PackageFacts]]:
    """The unfilled template slides the filled ones came from (none for a composed deck: it
    is judged against absolute thresholds): numbers, IRs, package facts."""
    assert job.template_deck is not None
    if job.scratch is not None:
        return [], [], []
    used: dict[int, PackageFacts] = {}
    for w, f in zip(work, facts, strict=True):
        used.setdefault(w.filled.template_slide, f)
    numbers = sorted(used)
    return (numbers, [job.template_deck.slide_ir(n) for n in numbers],
            [used[n] for n in numbers])


def _baselines(job: FillJob, numbers: Sequence[int], irs: Sequence[SlideIR],
               captures: Sequence[SlideCapture], facts: Sequence[PackageFacts]
               ) -> dict[int, SlideBaseline]:
    """Each template slide measured and judged: the baseline its filled slides are compared
    with."""
    base = make_baseline(irs, captures, job.settings.qa, package=list(facts))
    return dict(zip(numbers, base, strict=True))


def _known(job: FillJob, numbers: Sequence[int]
           ) -> list[tuple[SlideBaseline, SlideCapture]] | None:
    """The baselines and captures of these template slides a warm process made for an
    earlier fill under the same settings (``templatecache``); None unless all are known."""
    facts = job.template_facts
    if facts is None or job.scratch is not None or not numbers:
        return None
    key = job.settings.model_dump_json()
    got = [facts.qa.get((n, key)) for n in numbers]
    return None if any(g is None for g in got) else [g for g in got if g is not None]


def _remember(job: FillJob, numbers: Sequence[int], base: Mapping[int, SlideBaseline],
              caps: Sequence[SlideCapture]) -> None:
    """Keep each template slide's baseline, and its capture without the text (the pixels a
    filled twin reuses), for the next fill of this template in this process."""
    facts = job.template_facts
    if facts is None or job.scratch is not None:
        return
    key = job.settings.model_dump_json()
    for n, cap in zip(numbers, caps, strict=True):
        facts.qa[(n, key)] = (base[n], replace(cap, text=cap.notext))


def _finals(work: Sequence[SlideWork]) -> list[SlideIR]:
    """The slides as the .pptx shows them: text the loop's hard fallback truncated
    (``overflow: hidden``) is written whole, so it is judged whole (judged truncated, text
    run onto a footer band read as resolved)."""
    irs = [w.final_ir for w in work]
    assert all(ir is not None for ir in irs)
    return [untruncated(ir) for ir in irs if ir is not None]


def _check(job: FillJob, work: Sequence[SlideWork], facts: Sequence[PackageFacts],
           base: dict[int, SlideBaseline], captures: Sequence[SlideCapture] | None = None
           ) -> list[list[QaIssue]]:
    finals = _finals(work)
    caps = captures if captures is not None else _capture(job, finals)
    issues = check_slides(
        finals, caps, job.settings.qa,
        baseline=[base.get(w.filled.template_slide) for w in work],
        package=facts, numbers=[w.filled.index for w in work])
    if job.scratch is not None:
        issues = (accept_designed(job, work, finals, issues)
                  + composed_rules(job, work, finals, caps))
    return [[i for i in issues if i.slide == w.filled.index] for w in work]


def composed_rules(job: FillJob, work: Sequence[SlideWork], finals: Sequence[SlideIR],
                   caps: Sequence[SlideCapture]) -> list[QaIssue]:
    """Scratch mode's own rules (body ≥ 18 pt, title ≥ 1.5 × body, safe margin, a visual)
    and the design measures (``qa.design``: balance, fill, grid, widow, type scale, and the
    deck's rhythm when every slide is judged)."""
    sc = job.scratch
    assert sc is not None
    out: list[QaIssue] = []
    for w, ir, cap in zip(work, finals, caps, strict=True):
        spec = sc.specs[w.filled.index - 1]
        roles = {s.name: s.role for s in spec.shapes if s.kind == "text"}
        out += scratch_issues(ir, roles, w.filled.index, margin_pt=sc.pack.spacing.margin_pt,
                              dom=w.dom)
        w.design, found = design_checks(ir, w.filled.index, design_frame(
            sc.pack, ir, is_sparse(spec.component, spec.variant)), job.settings.qa,
            dom=w.dom, runs=cap.runs)
        out += found
    if len(work) == len(sc.specs):
        firsts = [ir.elements[0] if ir.elements else None for ir in finals]
        out += rhythm([s.variant for s in sc.specs], firsts, job.settings.qa,
                      [s.variant_choices > 1 for s in sc.specs])
    return out


def design_frame(pack: ThemePack, ir: SlideIR, sparse: bool) -> DesignFrame:
    """The pack's grid laid across this slide's safe area (in its px, whatever the slide's
    size) and the type scale a slide is held to."""
    lines = pack.grid(ir.slide.w / PX_PER_PT, ir.slide.h / PX_PER_PT)
    grid = tuple((a * PX_PER_PT, b * PX_PER_PT) for a, b in lines) or None
    return DesignFrame(margin_pt=pack.spacing.margin_pt, grid_px=grid,
                       steps_pt=pack.type.steps(), sparse=sparse)


DISPLAY_ROLES = frozenset({"value", "quote"})
"""Composed text meant to be larger than the title (a KPI figure, a pull quote)."""


def accept_designed(job: FillJob, work: Sequence[SlideWork], finals: Sequence[SlideIR],
                    issues: list[QaIssue]) -> list[QaIssue]:
    """A composed slide's KPI value or pull quote larger than its title is the component's
    design: ``title_not_largest`` against one of them is ``accepted``."""
    sc = job.scratch
    assert sc is not None
    role: dict[tuple[int, str], str] = {}
    for w, ir in zip(work, finals, strict=True):
        names = {s.name: s.role for s in sc.specs[w.filled.index - 1].shapes if s.kind == "text"}
        for el in ir.elements:
            if el.source is not None and el.source.name in names:
                role[(w.filled.index, el.eid)] = names[el.source.name]
    return [i.model_copy(update={"status": "accepted"})
            if i.kind == "title_not_largest"
            and role.get((i.slide, i.other_eid or "")) in DISPLAY_ROLES else i
            for i in issues]


def critical(issues: Sequence[QaIssue]) -> list[QaIssue]:
    return [i for i in issues if i.severity == "critical" and i.status in LIVE_STATUSES]


def targets(issues: Sequence[QaIssue], touched: set[str] | frozenset[str],
            composed: bool = False) -> list[QaIssue]:
    """What the correction pass answers: every critical issue, and contrast a fill made worse
    than the template's on a shape it filled (major: below WCAG, or WCAG met but far below
    what the template's backdrop gave that text). A composed slide has no template: its
    major issues are reported, not corrected; its lone title words and sizes off the type
    scale are (``designfix``)."""
    return [i for i in issues if i.status in LIVE_STATUSES and (
        i.severity == "critical"
        or (i.kind == "contrast" and i.eid in touched and i.baseline is not None)
        or (composed and i.kind in DESIGN_KINDS and i.eid in touched))]


def _live(issues: Sequence[QaIssue]) -> int:
    return sum(i.status in LIVE_STATUSES for i in issues)


def _correct(job: FillJob, work: Sequence[SlideWork], issues: Sequence[Sequence[QaIssue]],
             caps: Sequence[SlideCapture]) -> list[RefineOutcome]:
    """The correction pass: refine each slide again from its filled state, the shapes named in
    its critical issues (and those that lost their contrast) held at the template's geometry,
    or cut to the part of it where their text stays on its art and readable."""
    policy = job.opts.policy or FitPolicy()
    sc = job.scratch
    settings = job.settings.with_overrides(
        {"MAX_ITER": job.settings.MAX_ITER + job.settings.QA_CORRECTION_EXTRA_ITER})
    rdir = job.opts.rollout_dir
    policies, starts = [], []
    for w, found, cap in zip(work, issues, caps, strict=True):
        aims = targets(found, w.touched, sc is not None)
        named = {e for i in aims for e in (i.eid, i.other_eid) if e} & w.touched
        start = w.ir.model_copy(deep=True)
        if sc is not None and w.final_ir is not None:
            w.notes += snap_to_scale(start, w.final_ir, aims, sc.pack.type.steps())
            w.notes += balance_title(start, w.final_ir, aims, cap.runs,
                                     width_of(sc.pack, "major"))
        faded = [i for i in aims if i.kind == "contrast" and i.eid in w.touched]
        w.notes += onto_art(start, {i.eid for i in faded}, w.guard.design,
                            job.settings.qa.CONTRAST_CUT_MIN_SHARE)
        w.notes += onto_readable(start, faded, cap, job.settings.qa)
        starts.append(start)
        policies.append(FrozenPolicy(policy, frozen_eids(w.ir), frozenset(named)))
    return refine_many(
        starts, settings=settings, policies=policies, measurer=job.measurer,
        rollout_dirs=[rdir / f"slide-{w.filled.index:02d}{QA_SUFFIX}" if rdir else None
                      for w in work],
        diagnosers=[slide_diagnoser(w, None) for w in work])


Result = tuple[RefineOutcome | None, SlideIR | None, Diagnostics | None, DomSnapshot | None]
"""What a slide's refinement left: outcome, final IR, diagnostics, DOM."""


def _result(w: SlideWork) -> Result:
    return w.outcome, w.final_ir, w.diag, w.dom


def _set_result(w: SlideWork, r: Result) -> None:
    w.outcome, w.final_ir, w.diag, w.dom = r


def _defects(r: Result) -> int:
    return r[2].summary.defect_count if r[2] is not None else 0


def visual_qa(job: FillJob) -> None:
    """Judge every filled slide; one correction pass for slides with a critical issue."""
    work = [w for w in job.slides if w.touched and w.final_ir is not None]
    if not work:
        return
    facts = [read_package_facts(job.package, w.filled.part) for w in work]
    numbers, tirs, tfacts = _template_slides(job, work, facts)
    twins = _twins(tirs, numbers, work)
    known = _known(job, numbers)
    if known is not None:  # a warm process judged these template slides before
        base = {n: b for n, (b, _) in zip(numbers, known, strict=True)}
        seeds = [c for _, c in known]
        filled_caps = _capture(job, _finals(work), {i - len(tirs): t for i, t in twins.items()},
                               seed=seeds)
    else:
        caps = _capture(job, [*tirs, *_finals(work)], twins)  # template and filled slides
        base = _baselines(job, numbers, tirs, caps[:len(tirs)], tfacts)
        _remember(job, numbers, base, caps[:len(tirs)])
        filled_caps = caps[len(tirs):]
    found = _check(job, work, facts, base, filled_caps)
    for w, issues in zip(work, found, strict=True):
        w.qa = issues
    composed = job.scratch is not None
    todo = [i for i, issues in enumerate(found)
            if targets(issues, work[i].touched, composed)]
    if not todo or not job.opts.repair:
        return
    again = [work[i] for i in todo]
    job.say(f"visual QA: issues to correct on slide(s) "
            f"{', '.join(str(w.filled.index) for w in again)}; one correction pass")
    marks = [len(w.notes) for w in again]  # the pass's notes go if its result is dropped
    outcomes = _correct(job, again, [found[i] for i in todo], [filled_caps[i] for i in todo])
    saved = [_result(w) for w in again]
    for w, o in zip(again, outcomes, strict=True):
        _set_result(w, (o, o.final_ir, o.final_diag, o.final_dom))
    after = _check(job, again, [facts[i] for i in todo], base)
    kept: list[tuple[SlideWork, SlideIR | None]] = []
    for w, seen, new, prev, mark in zip(again, (found[i] for i in todo), after, saved, marks,
                                        strict=True):
        deck = [i for i in seen if i.kind == "rhythm"]  # the deck's: no pass changes them
        old = [i for i in seen if i.kind != "rhythm"]
        new = [i for i in new if i.kind != "rhythm"]
        aims = targets(old, w.touched, composed)
        if _worse(old, new, _defects(prev), _defects(_result(w))):
            _set_result(w, prev)
            del w.notes[mark:]
            w.qa = [i.model_copy(update={"status": "unresolved"}) if i in aims else i
                    for i in old] + deck
            w.notes.append("visual QA correction pass did not help; the first result stands")
            w.qa_correction = "dropped"
            continue
        w.qa_correction = "kept"
        kept.append((w, prev[1]))
        w.qa = reconcile(old, new, aims) + deck
        left = {(i.kind, i.eid) for i in w.qa if i.status == "unresolved"}
        fixed = sum((i.kind, i.eid) not in left for i in aims)
        w.notes.append(f"visual QA correction pass: {fixed} of {len(aims)} issue(s) resolved")
    _pictures_before(job, kept)


def _pictures_before(job: FillJob, kept: Sequence[tuple[SlideWork, SlideIR | None]]) -> None:
    """Each corrected slide drawn whole as it was before its correction pass, into
    ``pictures_dir`` (one screenshot each: the QA's own captures hold its glyphs only where a
    check needed them), when the report wants them."""
    todo = [(w, ir) for w, ir in kept if ir is not None]
    folder = job.opts.pictures_dir
    if folder is None or not todo:
        return
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"slide-{w.filled.index:02d}-before.png" for w, _ in todo]
    job.measurer.screenshot_many([ir for _, ir in todo], paths)
    for (w, _), path in zip(todo, paths, strict=True):
        w.qa_before = path


def _worse(old: Sequence[QaIssue], new: Sequence[QaIssue], defects_old: int,
           defects_new: int) -> bool:
    """The corrected slide is worse than the first result: more critical issues, or as many
    and more layout defects or a critical issue the first did not have; a slide corrected
    for lost contrast alone must also show fewer live issues, else the first result (the
    template's geometry) stands."""
    before, after = len(critical(old)), len(critical(new))
    if after != before:
        return after > before
    if defects_new > defects_old:
        return True
    if {(i.kind, i.eid) for i in critical(new)} - {(i.kind, i.eid) for i in critical(old)}:
        return True  # one critical issue traded for another (contrast for text cut off)
    return not before and _live(new) >= _live(old)

