"""pptxagent: fill real PowerPoint templates, measure what was drawn, repair, report honestly."""

from pptxagent.errors import InputError, PptxAgentError
from pptxagent.settings import DEFAULT_SETTINGS, Settings

__version__ = "0.1.0"

__all__ = ["DEFAULT_SETTINGS", "InputError", "PptxAgentError", "Settings", "__version__"]
