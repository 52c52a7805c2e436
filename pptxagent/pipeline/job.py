"""The state of one ``pptxagent fill`` run: its options, every slide's work, the results.

Stages (``pipeline.fill``), the cross-check (``pipeline.crosscheck``), write-back and the
report builder all take a ``FillJob``; it lives here so none of them imports another to
reach it.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pptxagent.engines.libreoffice import TextBounds
from pptxagent.fill import FilledSlide, FillPlan
from pptxagent.fill.content import Content
from pptxagent.ir import DeckIR, Diagnostics, DomSnapshot, RendererDelta, SlideIR
from pptxagent.ir.compose import SlideSpec
from pptxagent.ir.outline import Outline
from pptxagent.ir.qa import QaIssue
from pptxagent.ir.theme import ThemePack
from pptxagent.loop.driver import RefineOutcome
from pptxagent.measure import Measurer
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.validate import Finding
from pptxagent.pipeline.guard import TemplateGuard
from pptxagent.pipeline.report import FillReport
from pptxagent.pipeline.templatecache import TemplateFacts
from pptxagent.policy.base import Policy
from pptxagent.settings import Settings

Progress = Callable[[str], None]


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
    pictures_dir: Path | None = None
    """Where to write each slide's picture from before its visual QA correction pass
    (``slide-NN-before.png``, named in the report's ``slides[].before``); None: none."""


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
    removed: list[dict[str, Any]] = field(default_factory=list)
    """Placeholders the fill left empty, taken off the slide (``fill.emptied``): changes."""
    changes: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    crosscheck: dict[str, Any] | None = None
    """The report's cross-check summary (Chromium vs LibreOffice text boxes)."""
    lo_facts: dict[str, RendererDelta] = field(default_factory=dict)
    """LibreOffice-only overflows the cross-check found: where LibreOffice draws each such
    element's text relative to the browser (the LibreOffice pass's diagnostics input)."""
    lo_outcome: RefineOutcome | None = None
    """The LibreOffice pass's rollout (``slide-NN-libreoffice``), when there was one."""
    lo_degraded: bool = False
    """LibreOffice still draws filled text outside its box after the LibreOffice pass."""
    qa: list[QaIssue] = field(default_factory=list)
    """The visual QA's issues on this slide, with their status after the correction pass."""
    qa_correction: str | None = None
    """The visual QA's correction pass ran on this slide: ``kept`` (its result stands) or
    ``dropped`` (no better: the first result stands); None: it did not run."""
    qa_before: Path | None = None
    """The slide as the browser drew it before a kept correction pass (a PNG in
    ``pictures_dir``)."""
    design: dict[str, float] = field(default_factory=dict)
    """A composed slide's design measures (``qa.design``: fill, offset, empty, cover,
    off_grid, off_scale, widow)."""


@dataclass
class Scratch:
    """What a ``pptxagent compose`` run adds to the job: the outline, the theme pack, the
    composed slide specs (one per output slide) and how many parts each outline slide is
    split into (raised when a slide cannot hold its content at the minimum fonts)."""

    outline: Outline
    pack: ThemePack
    pack_dir: Path | None
    base_dir: Path
    specs: list[SlideSpec] = field(default_factory=list)
    parts: dict[int, int] = field(default_factory=dict)
    """outline slide index (0-based) → number of slides it is split into (only raised ones)."""
    unsplittable: dict[int, str] = field(default_factory=dict)
    """outline slide index → why its overflow could not be answered by more slides."""
    rounds: int = 0
    avoid: dict[int, frozenset[str]] = field(default_factory=dict)
    """outline slide index → variants the redesign passes over (they drew the slide
    unbalanced or sparse)."""
    workdir: Path | None = None


@dataclass
class EarlyBounds:
    """The cross-check started before the visual QA (``pipeline.early``): LibreOffice draws
    the deck as the loop left it while the QA runs in the browser."""

    future: Future[TextBounds]
    outcomes: dict[int, RefineOutcome]
    """Output slide number → the refinement result written into the early deck."""
    parts: dict[str, bytes]
    """Each written slide part as it was before that write."""
    folder: Path
    """The temporary folder of the early deck (removed once its bounds are read)."""


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
    package_changes: list[str] = field(default_factory=list)
    report: FillReport | None = None
    scratch: Scratch | None = None
    """Set by ``pptxagent compose``: no template, absolute QA, scratch rules."""
    early: EarlyBounds | None = None
    layout_slides: dict[int, str] = field(default_factory=dict)
    """Template slide number → layout name of the slides content.json made from a layout."""
    template_facts: TemplateFacts | None = None
    """What this process knows of the template from earlier fills (``templatecache``)."""
    created: list[str] = field(default_factory=list)
    """Slide parts the fill made (copies of a template slide used again): saved with unique
    shape ids (``ooxml.shapeids``)."""
    saved_keys: dict[str, dict[str, str]] = field(default_factory=dict)
    """Part → {shape key in the saved deck: key in the package} where a save renumbered."""

    def say(self, msg: str) -> None:
        if self.opts.progress is not None:
            self.opts.progress(msg)

    @property
    def package(self) -> Package:
        assert self.pkg is not None, "open_template runs first"
        return self.pkg
