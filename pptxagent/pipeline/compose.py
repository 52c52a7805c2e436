"""``pptxagent compose``: the ordered stages of scratch mode (issue 7).

outline.json + theme pack → layout selection (component per slide, with its reason;
content over a component's density split across continuation slides) → native OOXML deck
(theme written into the theme part, masters and layouts) → the same engine as ``fill``:
inventory, Chromium measurement, the refinement loop (fonts within the scratch minimums:
body 18 pt, title 1.5 × body), a **reflow** round for slides that still cannot hold their
content (the outline slide is split into one more part and the deck recomposed; bounded),
visual QA against absolute thresholds plus the scratch rules, one correction pass,
write-back, pack, the LibreOffice cross-check, a report shaped like ``fill``'s.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pptxagent.components.registry import is_sparse
from pptxagent.errors import InputError
from pptxagent.fill import FilledSlide, FillPlan
from pptxagent.inventory import inventory_deck
from pptxagent.ir.outline import Outline, load_outline
from pptxagent.ooxml.package import Package
from pptxagent.pipeline.crosscheck import (
    crosscheck,
    recheck,
    refine_crosschecked,
    start_libreoffice,
)
from pptxagent.pipeline.early import start_crosscheck
from pptxagent.pipeline.fill import (
    build_report,
    check_output,
    clear_rollouts,
    fill_settings,
    inventory_filled,
    refine_slides,
)
from pptxagent.pipeline.harmonize import harmonize_siblings
from pptxagent.pipeline.job import FillJob, FillOptions, Progress, Scratch
from pptxagent.pipeline.report import FillReport
from pptxagent.pipeline.visualqa import design_frame, visual_qa
from pptxagent.pipeline.writeback import pack, write_back_slides
from pptxagent.policy.base import Policy
from pptxagent.qa.design import design_checks
from pptxagent.qa.scratch import BODY_MIN_PT, TITLE_RATIO
from pptxagent.render.media import MediaStore
from pptxagent.select import select_slides
from pptxagent.settings import Settings
from pptxagent.themes import load_pack
from pptxagent.units import PX_PER_PT

__all__ = ["COMPOSE_STAGES", "ComposeOptions", "compose_deck", "compose_settings"]

REFLOW_ROUNDS = 2
"""How many times slides that cannot hold their content are split further and recomposed."""
OVERFLOW_DEFECTS = frozenset({"content_overflow", "out_of_bounds"})
SAFE_PADDING_PX = 2.0
"""Components space their boxes on the theme's spacing scale (gaps of 8 pt and up): two boxes
only collide when they really come within 4 px, not within the 16 px a template's loose boxes
are given."""
CITATION_PRIORITY = 20
"""Below every min-font tier: citations keep the theme's small size."""


@dataclass
class ComposeOptions:
    outline: Path
    out: Path
    theme: str | None = None
    """A bundled pack name or a pack file; else the outline's ``theme``; else ``default``."""
    report: Path | None = None
    rollout_dir: Path | None = None
    policy: Policy | None = None
    crosscheck: bool = True
    repair: bool = True
    settings_overrides: dict[str, Any] = field(default_factory=dict)
    progress: Progress | None = None
    pictures_dir: Path | None = None
    """As ``FillOptions.pictures_dir``: slides' pictures from before their QA correction."""


def compose_settings(slide_w: float, slide_h: float, body_pt: float,
                     overrides: dict[str, Any]) -> Settings:
    """A fill's settings with the scratch minimums: body text never below 18 pt, titles
    never below 1.5 × the theme's body size (so the hierarchy holds after any shrink)."""
    mins = {"SAFE_PADDING": SAFE_PADDING_PX,
            "MIN_FONT_P100_PX": round(max(body_pt, BODY_MIN_PT) * TITLE_RATIO * PX_PER_PT, 2),
            "MIN_FONT_P80_PX": round(BODY_MIN_PT * PX_PER_PT, 2),
            "MIN_FONT_P60_PX": round(BODY_MIN_PT * PX_PER_PT, 2)}
    return fill_settings(slide_w, slide_h, {**mins, **overrides})


def _scratch(job: FillJob) -> Scratch:
    assert job.scratch is not None, "compose_deck sets the scratch state"
    return job.scratch


def select_layouts(job: FillJob) -> None:
    sc = _scratch(job)
    sc.specs = select_slides(sc.outline, sc.pack, base_dir=sc.base_dir, min_parts=sc.parts,
                             avoid=sc.avoid)
    job.say(f"composed {len(sc.outline.slides)} outline slide(s) into {len(sc.specs)} slide(s)")


def build_package(job: FillJob) -> None:
    """Write the specs as a native deck, open it as the job's package, plan every text shape
    as filled (so the loop may repair it) and every other shape as frozen design."""
    from pptxagent.ooxml.build import build_deck  # python-pptx: loaded by compose only

    sc = _scratch(job)
    assert sc.workdir is not None
    data = build_deck(sc.specs, sc.pack, title=sc.outline.title, pack_dir=sc.pack_dir)
    path = sc.workdir / f"composed-{sc.rounds}.pptx"
    path.write_bytes(data)
    job.pkg = Package.open(path)
    job.template_findings = []  # nothing is the template's: every finding is ours
    job.template_deck = deck = inventory_deck(job.pkg)
    job.measurer.media = MediaStore.for_package(job.pkg)
    job.settings = compose_settings(deck.slide.w, deck.slide.h, sc.pack.type.body,
                                    job.opts.settings_overrides)
    slides = []
    for i, (part, ds) in enumerate(zip(job.pkg.slide_parts(), deck.slides, strict=True), 1):
        filled = [e.eid for e in ds.elements
                  if (e.is_text and e.content.strip()) or e.table is not None]
        slides.append(FilledSlide(index=i, template_slide=i, part=part, filled=filled))
    job.plan = FillPlan(slides=slides)
    job.slides = []


def assign_roles(job: FillJob) -> None:
    """Priorities from the composer's typography roles: titles 100 (min 1.5 × body), every
    other text 80 (min 18 pt), citations below every tier (they keep their small size)."""
    sc = _scratch(job)
    for w in job.slides:
        spec = sc.specs[w.filled.index - 1]
        roles = {s.name: s.role for s in spec.shapes if s.kind == "text"}
        for ir in (w.ir,):
            for el in ir.elements:
                name = el.source.name if el.source is not None else None
                role = roles.get(name or "")
                if role is None:
                    continue
                el.priority = (100 if role == "title" else CITATION_PRIORITY
                               if role == "citation" else 80)


def _overflowing_sources(job: FillJob) -> set[int]:
    sc = _scratch(job)
    out: set[int] = set()
    for w in job.slides:
        if w.diag is not None and any(d.type in OVERFLOW_DEFECTS for d in w.diag.defects):
            out.add(sc.specs[w.filled.index - 1].source)
    return out


def reflow_overflowing(job: FillJob) -> None:
    """Slides still overflowing at the minimum fonts: split their outline slide into one
    more part and recompose the deck (``REFLOW_ROUNDS`` at most). Content that cannot be
    split (one long paragraph) is reported, never truncated."""
    sc = _scratch(job)
    while sc.rounds < REFLOW_ROUNDS and job.opts.repair:
        todo = _overflowing_sources(job) - set(sc.unsplittable)
        if not todo:
            return
        grew = False
        for src in sorted(todo):
            have = sum(1 for s in sc.specs if s.source == src)
            if sc.parts.get(src, have) >= have + 1 or not _can_split(sc, src, have + 1):
                sc.unsplittable[src] = ("does not fit at the minimum fonts and cannot be split "
                                        "further")
                continue
            sc.parts[src] = have + 1
            grew = True
        if not grew:
            return
        sc.rounds += 1
        job.say(f"reflow round {sc.rounds}: outline slide(s) "
                f"{', '.join(str(s + 1) for s in sorted(sc.parts))} split further")
        for stage in (select_layouts, build_package, inventory_filled, assign_roles,
                      refine_slides):
            stage(job)


REDESIGN_KINDS = frozenset({"balance", "fill"})
"""Design issues the redesign answers with another variant."""


def _design_faults(job: FillJob) -> dict[int, str]:
    """outline slide index → the variant one of its slides drew with a balance or fill issue
    (measured on the refined slide, before the visual QA)."""
    sc = _scratch(job)
    out: dict[int, str] = {}
    for w in job.slides:
        spec = sc.specs[w.filled.index - 1]
        ir = w.final_ir
        if ir is None or not spec.variant or spec.source in sc.avoid:
            continue
        frame = design_frame(sc.pack, ir, is_sparse(spec.component, spec.variant))
        _, found = design_checks(ir, w.filled.index, frame, job.settings.qa, dom=w.dom)
        if any(i.kind in REDESIGN_KINDS for i in found):
            out[spec.source] = spec.variant
    return out


def redesign(job: FillJob) -> None:
    """One round: outline slides drawn unbalanced or sparse (``qa.design``) are composed
    again with the next variant that holds their content; the deck is rebuilt and refined.
    A slide whose content only one variant holds keeps it (the issue is reported)."""
    sc = _scratch(job)
    if not job.opts.repair:
        return
    todo = _design_faults(job)
    movable = {src: v for src, v in todo.items() if _has_alternative(sc, src, v)}
    if not movable:
        return
    for src, v in movable.items():
        sc.avoid[src] = frozenset({v})
    job.say(f"redesign: outline slide(s) {', '.join(str(s + 1) for s in sorted(movable))} "
            "drawn with another variant (balance or fill)")
    for stage in (select_layouts, build_package, inventory_filled, assign_roles,
                  refine_slides):
        stage(job)


def _has_alternative(sc: Scratch, src: int, variant: str) -> bool:
    specs = select_slides(sc.outline, sc.pack, base_dir=sc.base_dir, min_parts=sc.parts,
                          avoid={**sc.avoid, src: frozenset({variant})})
    return any(s.source == src and s.variant != variant for s in specs)


def _can_split(sc: Scratch, src: int, parts: int) -> bool:
    try:
        specs = select_slides(sc.outline, sc.pack, base_dir=sc.base_dir,
                              min_parts={**sc.parts, src: parts}, avoid=sc.avoid)
    except (ValueError, InputError):
        return False
    return sum(1 for s in specs if s.source == src) == parts


def annotate_report(job: FillJob) -> None:
    """The report names the theme pack and, per slide, the kind, component and reason."""
    sc = _scratch(job)
    assert job.report is not None
    job.report.template = f"{sc.pack.name}@{sc.pack.version}"
    job.report.mode = "compose"
    for s in job.report.slides:
        spec = sc.specs[s.index - 1]
        s.kind, s.component, s.reason = spec.kind, spec.component, spec.reason
        s.variant = spec.variant or None
        work = next((w for w in job.slides if w.filled.index == s.index), None)
        s.design = dict(work.design) if work is not None and work.design else None
        s.outline_slide, s.part = spec.source + 1, list(spec.part)
        why = sc.unsplittable.get(spec.source)
        if why and s.quality == "degraded":
            s.notes.append(f"outline slide {spec.source + 1} {why}")


COMPOSE_STAGES: tuple[Callable[[FillJob], None], ...] = (
    start_libreoffice,
    select_layouts,
    build_package,
    clear_rollouts,
    inventory_filled,
    assign_roles,
    refine_slides,
    reflow_overflowing,
    redesign,
    harmonize_siblings,
    start_crosscheck,
    visual_qa,
    write_back_slides,
    pack,
    crosscheck,
    refine_crosschecked,
    recheck,
    build_report,
    annotate_report,
)


def _check_paths(o: ComposeOptions) -> None:
    if not o.outline.is_file():
        raise InputError(f"{o.outline}: no such outline file")
    check_output(o.out, o.rollout_dir, (o.outline, "the outline"))


def start_job(o: ComposeOptions) -> FillJob:
    """Read and check every input (outline, theme pack, images) before anything is written."""
    _check_paths(o)
    outline: Outline = load_outline(o.outline)
    name = o.theme or outline.theme or "default"
    pack = load_pack(name)
    job = FillJob(FillOptions(
        template=o.outline, content=o.outline, out=o.out, report=o.report,
        rollout_dir=o.rollout_dir, policy=o.policy, crosscheck=o.crosscheck, repair=o.repair,
        settings_overrides=o.settings_overrides, progress=o.progress,
        pictures_dir=o.pictures_dir))
    job.scratch = Scratch(outline=outline, pack=pack, pack_dir=None,
                          base_dir=o.outline.parent)
    Settings().with_overrides(o.settings_overrides)  # unknown names fail before any work
    try:
        select_slides(outline, pack, base_dir=o.outline.parent)  # images, densities
    except InputError as exc:  # name the outline file, as schema errors do
        exc.message = f"{o.outline}: {exc.message}"
        exc.args = (exc.message,)
        raise
    return job


def compose_deck(opts: ComposeOptions) -> FillReport:
    """Run every stage in order and return the report."""
    t_all = time.perf_counter()
    job = start_job(opts)
    with tempfile.TemporaryDirectory(prefix="pptxagent-compose-") as tmp:
        _scratch(job).workdir = Path(tmp)
        for stage in COMPOSE_STAGES:
            t0 = time.perf_counter()
            stage(job)
            job.timings[stage.__name__] = round(time.perf_counter() - t0, 4)
    job.timings["total"] = round(time.perf_counter() - t_all, 4)
    assert job.report is not None
    job.report.timings = dict(job.timings)
    return job.report
