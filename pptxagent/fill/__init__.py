"""Template fill: the content.json schema, fill-key resolution, and applying content to a deck."""

from pptxagent.fill.apply import FilledSlide, FillPlan, UnresolvedToken, apply_content
from pptxagent.fill.content import Content, load_content, parse_content

__all__ = [
    "Content",
    "FillPlan",
    "FilledSlide",
    "UnresolvedToken",
    "apply_content",
    "load_content",
    "parse_content",
]
