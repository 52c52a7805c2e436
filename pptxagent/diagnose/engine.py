"""``diagnose``: every detector of spec §5 over one slide, pure Python (no browser)."""

from __future__ import annotations

from collections.abc import Mapping

from pptxagent.diagnose import bounds, font, offslide, overflow, overlap, topology
from pptxagent.diagnose import libreoffice as second_opinion
from pptxagent.diagnose.chains import chain_hints
from pptxagent.diagnose.context import build_context
from pptxagent.diagnose.severity import in_fix_order, summarize
from pptxagent.ir import Defect, Diagnostics, DomSnapshot, RendererDelta, SlideIR
from pptxagent.settings import DEFAULT_SETTINGS, Settings


def diagnose(
    ir: SlideIR,
    dom: DomSnapshot,
    settings: Settings = DEFAULT_SETTINGS,
    libreoffice: Mapping[str, RendererDelta] | None = None,
) -> Diagnostics:
    """Defects (in fix order) with validated target-state hints, warnings and the summary.

    The DOM says what was drawn (bbox, safeBox, contentBox, zIndex, computed font); the IR says
    type, priority and the current values hints and budgets are computed against. Elements the
    DOM marks ``visible: False`` are skipped. A DOM that does not match the IR raises
    ``DomMismatchError`` (an ``InputError``) naming the element.

    ``libreoffice``: for elements LibreOffice drew outside their box on the packed deck, where
    it draws their text relative to the browser; their predicted overflow is a
    ``content_overflow`` with ``details.source = "libreoffice"`` (``diagnose.libreoffice``).
    """
    ctx = build_context(ir, dom, settings)
    overlaps, warnings = overlap.detect(ctx)
    overflows = overflow.detect(ctx)
    overflows += offslide.detect(ctx, {d.subject for d in overflows})
    if libreoffice:
        seen = {d.subject for d in overflows}
        overflows += second_opinion.detect(ctx, libreoffice, seen)
    defects: list[Defect] = [
        *topology.detect(ctx),
        *font.detect(ctx),
        *overflows,
        *bounds.detect(ctx),
        *overlaps,
    ]
    ordered = in_fix_order(ctx, defects)
    chain = chain_hints(ctx, overlaps)
    summary = summarize(ordered, warnings, chain)
    return Diagnostics(defects=ordered, warnings=warnings, summary=summary)
