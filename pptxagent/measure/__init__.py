"""DOM extraction (spec §4): bbox, safeBox, contentBox (Range API), zIndex, computed style."""

from pptxagent.measure.extract import MEASURE_JS
from pptxagent.measure.measurer import Measurer

__all__ = ["MEASURE_JS", "Measurer"]
