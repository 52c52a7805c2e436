"""``pptxagent fill``: the ordered stages of a template fill.

content.json → open template → fill (tokens, slides, values) → inventory the filled slides →
template baseline → refinement loop per slide → write back → pack → LibreOffice cross-check →
(slides LibreOffice sees overflowing: the loop again, write back, pack, check again) →
report. Every stage is one function over one ``FillJob``; ``STAGES`` is their order.
Bad input fails in the first three stages, before anything is written.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pptxagent.diagnose import diagnose
from pptxagent.errors import ContentError, InputError
from pptxagent.fill import apply_content
from pptxagent.fill.content import ImageValue, key_path, load_content
from pptxagent.fill.emptied import remove_emptied
from pptxagent.fill.layouts import place_layout_slides
from pptxagent.inventory import inventory_deck, inventory_slide
from pptxagent.inventory.context import DeckReader
from pptxagent.ir import SlideIR
from pptxagent.loop.rolloutdir import check_deck_rollout_dir, clear_deck_rollout_dir
from pptxagent.ooxml.doctype import explicit_slide_size
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.validate import validate_package
from pptxagent.pipeline import templatecache
from pptxagent.pipeline.crosscheck import (
    crosscheck,
    recheck,
    refine_crosschecked,
    start_libreoffice,
)
from pptxagent.pipeline.early import start_crosscheck
from pptxagent.pipeline.guard import (
    TemplateGuard,
    baseline_keys,
    design_pairs,
    freeze_untouched,
    grown_pairs,
    template_frames,
)
from pptxagent.pipeline.harmonize import harmonize_template_siblings
from pptxagent.pipeline.job import FillJob, FillOptions, SlideWork
from pptxagent.pipeline.refining import refine_pass
from pptxagent.pipeline.report import FillReport
from pptxagent.pipeline.summary import make_report
from pptxagent.pipeline.visualqa import visual_qa
from pptxagent.pipeline.writeback import pack, write_back_slides
from pptxagent.render.media import MediaStore
from pptxagent.settings import Settings

__all__ = ["STAGES", "FillJob", "FillOptions", "SlideWork", "fill_deck", "fill_settings"]


FILL_FIT_FLOOR = 0.25
"""PowerPoint's autofit shrinks text to 25 % at most (``fontScale="25000"``)."""


def fill_settings(slide_w: float, slide_h: float, overrides: dict[str, Any]) -> Settings:
    """A fill's settings: the template's slide size, template-mode overflow, the shrink on
    overflow as the last resort, and
    ``FILL_MAX_ITER`` patches per slide, unless ``--set`` says otherwise."""
    base = Settings().with_overrides(
        {"SLIDE_W": slide_w, "SLIDE_H": slide_h, "CONTENT_EDGE_OVERFLOW": True,
         "OVERFLOW_FIT_FLOOR": FILL_FIT_FLOOR, **overrides})
    if "MAX_ITER" in overrides:
        return base
    return base.with_overrides({"MAX_ITER": base.FILL_MAX_ITER})


def load_input(job: FillJob) -> None:
    o = job.opts
    if o.template.is_dir():
        raise InputError(f"{o.template}: is a directory, expected a .pptx template file")
    if not o.template.is_file():
        raise InputError(f"{o.template}: no such template file")
    job.content = load_content(o.content)
    pictures = [(o.content.parent / value.image,
                 f"the picture {key_path(i, key)}.image of {o.content}")
                for i, slide in enumerate(job.content.slides or [])
                for key, value in slide.fill.items() if isinstance(value, ImageValue)]
    check_output(o.out, o.rollout_dir, (o.template, "the template"),
                 (o.content, "the content file"), *pictures)


def check_output(out: Path, rollout_dir: Path | None, *inputs: tuple[Path, str]) -> None:
    """``-o`` (and ``--rollout-dir``) can be written without touching an input."""
    for path, what in inputs:
        if out.resolve() == path.resolve():
            raise InputError(f"{out}: refusing to overwrite {what}; choose another -o")
    if out.is_dir():
        raise InputError(f"{out}: is a directory; -o takes the path of the .pptx to write")
    if rollout_dir is not None:
        check_deck_rollout_dir(rollout_dir)
    if not out.parent.is_dir():
        raise InputError(f"{out}: the output folder {out.parent} does not exist")


def open_template(job: FillJob) -> None:
    job.pkg = Package.open(job.opts.template)
    known = templatecache.lookup(job.opts.template)  # a warm worker read it before
    job.template_findings = list(known.findings) if known else validate_package(job.pkg)
    for note in explicit_slide_size(job.pkg):  # before any copy LibreOffice must open
        job.package_changes.append(note)
        job.say(note)
    if job.content is not None:  # slides made from layouts become template slides
        with _naming(job):
            job.content, job.layout_slides = place_layout_slides(job.pkg, job.content)
    if known is not None and not job.layout_slides:
        job.template_deck = known.deck.model_copy(deep=True)
        job.template_facts = known
    else:
        job.template_deck = inventory_deck(job.pkg)
        if not job.layout_slides:
            job.template_facts = templatecache.TemplateFacts(
                list(job.template_findings), job.template_deck.model_copy(deep=True))
            templatecache.remember(job.opts.template, job.template_facts)
    if job.measurer.media is None:  # pictures drawn from the package being filled
        job.measurer.media = MediaStore.for_package(job.pkg)
    size = job.template_deck.slide
    job.settings = fill_settings(size.w, size.h, job.opts.settings_overrides)


@contextmanager
def _naming(job: FillJob) -> Iterator[None]:
    """A ``ContentError`` names the content file too, as schema errors do, and a slide made
    from a layout by its layout (not by the number it took among the template's slides)."""
    try:
        yield
    except ContentError as exc:
        message = exc.message
        for number, name in job.layout_slides.items():
            message = re.sub(rf"\btemplate slide {number}\b",
                             f"the new slide from the layout {name!r}", message)
        exc.message = f"{job.opts.content}: {message}"
        exc.args = (exc.message,)
        raise


def fill_content(job: FillJob) -> None:
    assert job.content is not None
    deck = job.template_deck
    assert deck is not None
    own = set(job.package.slide_parts())
    with _naming(job):
        job.plan = apply_content(  # keys resolve on the template inventory open_template made
            job.package, job.content, job.opts.content.parent, strict=job.opts.strict,
            inventory=lambda _pkg, _part, index: deck.slides[index - 1],
        )
    job.created = [fs.part for fs in job.plan.slides if fs.part not in own]


def clear_rollouts(job: FillJob) -> None:
    """The input is good: remove a previous run's slide rollouts from --rollout-dir."""
    if job.opts.rollout_dir is not None:
        clear_deck_rollout_dir(job.opts.rollout_dir)


FROM_LAYOUT = "a new slide from the layout "
"""How a slide's notes begin when content.json made it from a layout (the name follows)."""
_PART_NUMBER = re.compile(r"\d+(?=\.\w+$)")


def _same_content(before: str | None, now: str) -> bool:
    """Whether an element shows what the template slide showed. A picture's or embedded
    object's content is its part's name, and a slide used twice gets its own copy of an
    embedding (``oleObject2.bin`` for ``oleObject1.bin``): the same object, not a change the
    fill made (which would unfreeze it, and its designed overlap with the body would count)."""
    if before is None or before == now:
        return before == now
    if before.startswith("/ppt/embeddings/") and now.startswith("/ppt/embeddings/"):
        return _PART_NUMBER.sub("", before) == _PART_NUMBER.sub("", now)
    return False


def inventory_filled(job: FillJob) -> None:
    assert job.plan is not None and job.template_deck is not None
    deck = job.template_deck
    reader = DeckReader(job.package)  # layouts, masters, themes read once for every slide
    for fs in job.plan.slides:
        ds = inventory_slide(job.package, fs.part, fs.index, reader)
        template = deck.slides[fs.template_slide - 1].elements
        before = {e.eid: e.content for e in template}
        changed = {e.eid for e in ds.elements if not _same_content(before.get(e.eid), e.content)}
        touched = frozenset(changed | set(fs.filled))  # a removed placeholder too: a change
        gone = (remove_emptied(job.package, fs.part, template, ds.elements,
                               fresh=fs.template_slide in job.layout_slides)
                if job.opts.repair else [])  # --no-repair ships what the fill wrote
        removed = {g.eid for g in gone}
        elements = [e for e in ds.elements if e.eid not in removed]
        ir = SlideIR(slide=deck.slide, elements=elements, backdrop=ds.backdrop)
        ir = freeze_untouched(ir, touched)
        guard = TemplateGuard(touched, design=design_pairs(ir, touched),
                              frames=template_frames(ir))
        job.slides.append(SlideWork(fs, ir, touched, guard, removed=[
            {"eid": e.eid, "shape": e.source.name if e.source else e.eid,
             "what": "removed_empty_placeholder",
             "text": "removed: the fill left this placeholder empty (PowerPoint would show "
                     "its prompt)"} for e in gone]))
        if fs.template_slide in job.layout_slides:
            job.slides[-1].notes.append(
                f"{FROM_LAYOUT}{job.layout_slides[fs.template_slide]!r}")
        job.slides[-1].notes += [
            f"{eid}: the template's hyperlink is not kept on the new text (it pointed at what "
            "the old text named)" for eid in fs.links_dropped]


def template_baseline(job: FillJob) -> None:
    """Diagnose each template slide used, unfilled: its own defects are not ours.

    The filled slides are measured in the same document (one browser call for both): their
    DOMs are the first round of ``refine_slides``."""
    assert job.template_deck is not None
    if job.scratch is not None:  # a composed deck has no template to compare with
        return
    work = [w for w in job.slides if w.touched]
    used = sorted({w.filled.template_slide for w in work})
    if not used:
        return
    known = job.template_facts.baselines if job.template_facts is not None else {}
    print_ = job.settings.model_dump_json()  # the settings it was diagnosed under
    base = {n: known[(n, print_)] for n in used if (n, print_) in known}
    todo = [n for n in used if n not in base]
    irs = [job.template_deck.slide_ir(n) for n in todo]
    doms = job.measurer.measure_many([*irs, *(w.ir for w in work)], job.settings)
    for n, ir, dom in zip(todo, irs, doms[: len(irs)], strict=True):
        base[n] = known[(n, print_)] = baseline_keys(diagnose(ir, dom, job.settings))
    for w, dom in zip(work, doms[len(irs):], strict=True):
        design = w.guard.design | grown_pairs(w.ir, dom, w.touched)
        w.guard = TemplateGuard(w.touched, base[w.filled.template_slide], design,
                                w.guard.frames)
        w.dom = dom


def refine_slides(job: FillJob) -> None:
    """Refine every filled slide in lockstep: one browser measurement per round for all
    slides still running (``loop.batch.refine_many``), each with its own guard and policy."""
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
    outcomes = refine_pass(job, work, [w.ir for w in work], measured)
    for w, outcome in zip(work, outcomes, strict=True):
        w.outcome = outcome
        w.final_ir, w.diag, w.dom = outcome.final_ir, outcome.final_diag, outcome.final_dom
        job.say(f"slide {w.filled.index}: refinement loop {outcome.result.quality} after "
                f"{outcome.result.iterations_to_converge} patch(es) (the verdict after the "
                "checks follows)")


def build_report(job: FillJob) -> None:
    job.report = make_report(job)


STAGES: tuple[Callable[[FillJob], None], ...] = (
    load_input,
    open_template,
    fill_content,
    clear_rollouts,
    start_libreoffice,
    inventory_filled,
    template_baseline,
    refine_slides,
    harmonize_template_siblings,
    start_crosscheck,
    visual_qa,
    write_back_slides,
    pack,
    crosscheck,
    refine_crosschecked,
    recheck,
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
