"""Every threshold of the visual QA lives in ``pptxagent.settings`` (``Settings.qa``), so
``--set CONTRAST_NORMAL=7`` reaches it like every other tunable."""

from pptxagent.settings import DEFAULT_QA_SETTINGS, QaSettings

__all__ = ["DEFAULT_QA_SETTINGS", "QaSettings"]
