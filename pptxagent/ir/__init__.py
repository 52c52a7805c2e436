"""The data every stage passes on: slide IR, DOM facts, diagnostics, patches, rollout records."""

from pptxagent.ir.diagnostics import (
    FIX_ORDER,
    ChainHint,
    Defect,
    Diagnostics,
    DiagWarning,
    Hint,
    Summary,
)
from pptxagent.ir.dom import Box, Computed, DomElement, DomSnapshot, RendererDelta
from pptxagent.ir.load import load, read_json, validate
from pptxagent.ir.patch import Edit, Override, Patch
from pptxagent.ir.rollout import Quality, RolloutResult, TraceLine
from pptxagent.ir.slide import (
    BODY_TYPES,
    TEXT_TYPES,
    DeckIR,
    DeckSlide,
    Element,
    Insets,
    Layout,
    OoxmlRef,
    Paragraph,
    Run,
    SlideIR,
    SlideSize,
    Style,
    dump,
)

__all__ = [
    "BODY_TYPES",
    "FIX_ORDER",
    "TEXT_TYPES",
    "Box",
    "ChainHint",
    "Computed",
    "DeckIR",
    "DeckSlide",
    "Defect",
    "DiagWarning",
    "Diagnostics",
    "DomElement",
    "DomSnapshot",
    "Edit",
    "Element",
    "Hint",
    "Insets",
    "Layout",
    "OoxmlRef",
    "Override",
    "Paragraph",
    "Patch",
    "Quality",
    "RendererDelta",
    "RolloutResult",
    "Run",
    "SlideIR",
    "SlideSize",
    "Style",
    "Summary",
    "TraceLine",
    "dump",
    "load",
    "read_json",
    "validate",
]
