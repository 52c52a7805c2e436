"""``pptxagent qa``: lint an existing deck (no fill) with the visual QA checks.

open (package errors name the file) → inventory → per batch of slides: render, measure and
screenshot with and without text in one browser round, read the pictures' fits → checks
(absolute thresholds: a plain deck has no template baseline) → report, optional PNGs and an
annotated contact sheet, as a PNG and as a page drawn by the slide component (``qa.page``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from pptxagent.components.registry import is_sparse
from pptxagent.errors import InputError
from pptxagent.inventory import inventory_deck
from pptxagent.ir import SlideIR
from pptxagent.ir.qa import LIVE_STATUSES, QaIssue, QaReport
from pptxagent.ir.slide import DeckSlide
from pptxagent.ir.theme import ThemePack
from pptxagent.measure import Measurer
from pptxagent.measure.pixels import SlideCapture, capture_batches, capture_slides
from pptxagent.ooxml.package import Package
from pptxagent.ooxml.slidenames import slide_name
from pptxagent.pipeline.output import write_text
from pptxagent.pipeline.visualqa import design_frame
from pptxagent.qa import DEFAULT_QA_SETTINGS, QaSettings, check_slides, read_package_facts
from pptxagent.qa.design import design_checks, rhythm, sparse_layout
from pptxagent.qa.page import PICTURE_W, png_data_url, qa_sheet_html
from pptxagent.qa.sarif import to_sarif
from pptxagent.qa.sheet import annotate, contact_sheet, thumbnail
from pptxagent.render.media import MediaStore
from pptxagent.themes import load_pack

__all__ = ["QaOptions", "QaReport", "open_issue_count", "qa_deck", "sarif_text"]

@dataclass
class QaOptions:
    deck: Path
    out_dir: Path | None = None
    scratch: bool = False
    """Also run the design checks (``qa.design``; ``pptxagent qa --scratch``) ..."""
    theme: str = "default"
    """... against this pack's margin, grid and type scale (a bundled name or a file)."""
    settings: QaSettings = DEFAULT_QA_SETTINGS
    measurer: Measurer | None = None
    progress: Callable[[str], None] | None = None


def qa_deck(opts: QaOptions) -> QaReport:
    """Every issue of every slide of ``opts.deck``; PNGs and a contact sheet (PNG and HTML)
    in ``out_dir``."""
    deck = opts.deck
    if not deck.is_file():
        raise InputError(f"{deck}: no such file")
    started = time.perf_counter()
    pack = load_pack(opts.theme) if opts.scratch else None  # a bad pack fails first
    pkg = Package.open(deck)
    deck_ir = inventory_deck(pkg)
    t_inv = time.perf_counter()
    measurer = opts.measurer or Measurer(assets_dir=deck.resolve().parent,
                                         media=MediaStore.for_package(pkg))
    report = QaReport(deck=str(deck), slides=len(deck_ir.slides))
    thumbs: list[tuple[int, Image.Image, int]] = []
    pictures: dict[int, str | None] = {}
    slide_px = {"w": 0.0, "h": 0.0}
    if opts.out_dir is not None:
        try:
            (opts.out_dir / "slides").mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"--out {opts.out_dir}: cannot create: {exc.strerror or exc}") from exc
    every = [deck_ir.slide_ir(s.index) for s in deck_ir.slides]
    for rng in capture_batches(every):
        batch = deck_ir.slides[rng.start:rng.stop]
        irs = every[rng.start:rng.stop]
        captures = capture_slides(irs, measurer)
        package = [read_package_facts(pkg, s.part) for s in batch]
        issues = check_slides(irs, captures, opts.settings, package=package,
                              numbers=[s.index for s in batch])
        if pack is not None:
            issues += _design(pkg, batch, irs, captures, opts, pack, report)
        report.issues += issues
        if opts.out_dir is not None:
            for s, cap in zip(batch, captures, strict=True):
                mine = [i for i in issues if i.slide == s.index and i.status == "open"]
                annotate(Image.fromarray(cap.text), mine, 1.0).save(
                    opts.out_dir / "slides" / f"slide-{s.index}.png")
                thumbs.append((s.index, thumbnail(cap.text, mine), len(mine)))
                pictures[s.index] = png_data_url(Image.fromarray(cap.text), PICTURE_W)
                slide_px = {"w": float(cap.text.shape[1]), "h": float(cap.text.shape[0])}
        if opts.progress is not None:
            opts.progress(f"slides {batch[0].index}-{batch[-1].index}: {len(issues)} issues")
    if pack is not None:
        looks = [slide_name(pkg, s.part) or s.layout or "" for s in deck_ir.slides]
        firsts = [ir.elements[0] if ir.elements else None for ir in every]
        report.issues += rhythm(looks, firsts, opts.settings)
    report.tally()
    if opts.out_dir is not None and thumbs:
        contact_sheet(thumbs, opts.out_dir / "contact-sheet.png")
        write_text(opts.out_dir / "contact-sheet.html", qa_sheet_html(report, pictures, slide_px))
    report.timings = {"inventory_s": round(t_inv - started, 3),
                      "total_s": round(time.perf_counter() - started, 3)}
    return report


def _design(pkg: Package, batch: Sequence[DeckSlide], irs: Sequence[SlideIR],
            captures: Sequence[SlideCapture], opts: QaOptions, pack: ThemePack,
            report: QaReport) -> list[QaIssue]:
    """The design checks on a batch of slides; their measures go in ``report.design``."""
    out: list[QaIssue] = []
    for s, ir, cap in zip(batch, irs, captures, strict=True):
        name = slide_name(pkg, s.part)
        component, _, variant = name.partition("/")
        sparse = is_sparse(component, variant) or sparse_layout(s.layout or "")
        measures, found = design_checks(ir, s.index, design_frame(pack, ir, sparse),
                                        opts.settings, dom=cap.dom, runs=cap.runs)
        report.design[s.index] = measures
        out += found
    return out


def open_issue_count(issues: list[QaIssue]) -> int:
    return sum(1 for i in issues if i.status in LIVE_STATUSES)


def sarif_text(report: QaReport, deck: Path) -> str:
    """The report as a SARIF 2.1.0 document (``pptxagent qa --sarif``)."""
    return json.dumps(to_sarif(report, deck), indent=2, ensure_ascii=False) + "\n"
