"""``diagnose``: every detector of spec §5 over one slide, pure Python (no browser)."""

from __future__ import annotations

from pptxagent.diagnose import bounds, font, overflow, overlap, topology
from pptxagent.diagnose.chains import chain_hints
from pptxagent.diagnose.context import build_context
from pptxagent.diagnose.severity import in_fix_order, summarize
from pptxagent.ir import Defect, Diagnostics, DomSnapshot, SlideIR
from pptxagent.settings import DEFAULT_SETTINGS, Settings


def diagnose(ir: SlideIR, dom: DomSnapshot, settings: Settings = DEFAULT_SETTINGS) -> Diagnostics:
    """Defects (in fix order) with validated target-state hints, warnings and the summary.

    The DOM says what was drawn (bbox, safeBox, contentBox, zIndex, computed font); the IR says
    type, priority and the current values hints and budgets are computed against. Elements the
    DOM marks ``visible: False`` are skipped. A DOM that does not match the IR raises
    ``DomMismatchError`` (an ``InputError``) naming the element.
    """
    ctx = build_context(ir, dom, settings)
    overlaps, warnings = overlap.detect(ctx)
    defects: list[Defect] = [
        *topology.detect(ctx),
        *font.detect(ctx),
        *overflow.detect(ctx),
        *bounds.detect(ctx),
        *overlaps,
    ]
    ordered = in_fix_order(ctx, defects)
    chain = chain_hints(ctx, overlaps)
    summary = summarize(ordered, warnings, chain)
    return Diagnostics(defects=ordered, warnings=warnings, summary=summary)
