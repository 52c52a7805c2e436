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
    Backdrop,
    DeckIR,
    DeckSlide,
    Element,
    Layout,
    OoxmlRef,
    SlideIR,
    SlideSize,
    Style,
    dump,
)
from pptxagent.ir.text import Insets, Paragraph, Run
from pptxagent.ir.visual import Crop, DropShadow, GradientStop, Outline, Paint, Path, Visual

__all__ = [
    "BODY_TYPES",
    "FIX_ORDER",
    "TEXT_TYPES",
    "Backdrop",
    "Box",
    "ChainHint",
    "Computed",
    "Crop",
    "DeckIR",
    "DeckSlide",
    "Defect",
    "DiagWarning",
    "Diagnostics",
    "DomElement",
    "DomSnapshot",
    "DropShadow",
    "Edit",
    "Element",
    "GradientStop",
    "Hint",
    "Insets",
    "Layout",
    "OoxmlRef",
    "Outline",
    "Override",
    "Paint",
    "Paragraph",
    "Patch",
    "Path",
    "Quality",
    "RendererDelta",
    "RolloutResult",
    "Run",
    "SlideIR",
    "SlideSize",
    "Style",
    "Summary",
    "TraceLine",
    "Visual",
    "dump",
    "load",
    "read_json",
    "validate",
]
