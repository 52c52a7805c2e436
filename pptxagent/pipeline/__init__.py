"""The jobs pptxagent runs end to end, as ordered stages over the lower layers."""

from pptxagent.pipeline.fill import STAGES, FillOptions, fill_deck
from pptxagent.pipeline.report import FillReport, SlideReport

__all__ = ["STAGES", "FillOptions", "FillReport", "SlideReport", "fill_deck"]
