"""Diagnostics engine (spec §5): defects, warnings, math hints, conflict chains, severity."""

from pptxagent.diagnose.context import DomMismatchError
from pptxagent.diagnose.engine import diagnose

__all__ = ["DomMismatchError", "diagnose"]
