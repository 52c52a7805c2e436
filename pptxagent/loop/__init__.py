"""The refinement loop (spec §7–8): driver, stall/rollback, hard fallbacks, quality, taboo
memory and rollout files."""

from pptxagent.loop.driver import Iteration, Measurer, RefineOutcome, refine
from pptxagent.loop.fallbacks import hard_fallback
from pptxagent.loop.quality import best_iteration, quality_label, stalled
from pptxagent.loop.rollout import RolloutWriter
from pptxagent.loop.taboo import TabooSet

__all__ = [
    "Iteration",
    "Measurer",
    "RefineOutcome",
    "RolloutWriter",
    "TabooSet",
    "best_iteration",
    "hard_fallback",
    "quality_label",
    "refine",
    "stalled",
]
