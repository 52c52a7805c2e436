"""Visual QA: deterministic checks of what a person sees on measured slides.

``check_slides(irs, captures, settings, baseline)`` runs every check; ``captures`` come from
``pptxagent.measure.pixels.capture_slides`` (one browser round per batch of slides: DOM facts,
glyph rects and colours per text run, screenshots with and without text).
``make_baseline`` measures unfilled template slides for template-relative verdicts.
"""

from pptxagent.qa.check import (
    SlideBaseline,
    baseline_of,
    check_facts,
    check_slides,
    make_baseline,
    reconcile,
    slide_facts,
)
from pptxagent.qa.contrast import contrast_ratio, relative_luminance
from pptxagent.qa.facts import PackageFacts, SlideFacts, read_package_facts
from pptxagent.qa.settings import DEFAULT_QA_SETTINGS, QaSettings

__all__ = [
    "DEFAULT_QA_SETTINGS",
    "PackageFacts",
    "QaSettings",
    "SlideBaseline",
    "SlideFacts",
    "baseline_of",
    "check_facts",
    "check_slides",
    "contrast_ratio",
    "make_baseline",
    "read_package_facts",
    "reconcile",
    "relative_luminance",
    "slide_facts",
]
