"""The jobs pptxagent runs end to end, as ordered stages over the lower layers."""

from pptxagent.pipeline.compose import COMPOSE_STAGES, ComposeOptions, compose_deck
from pptxagent.pipeline.fill import STAGES, FillOptions, fill_deck
from pptxagent.pipeline.report import FillReport, SlideReport

__all__ = ["COMPOSE_STAGES", "STAGES", "ComposeOptions", "FillOptions", "FillReport",
           "SlideReport", "compose_deck", "fill_deck"]
