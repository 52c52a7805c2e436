"""Errors the job store raises on purpose (all are :class:`pptxagent.errors.PptxAgentError`)."""

from __future__ import annotations

from pptxagent.errors import PptxAgentError


class StoreError(PptxAgentError):
    """Base of the store's deliberate errors."""


class QueueFull(StoreError):
    """A token already has ``limit`` jobs queued or running (the API answers 429)."""

    def __init__(self, token_id: int, limit: int) -> None:
        super().__init__(f"queue full: {limit} jobs already queued or running for this token")
        self.token_id = token_id
        self.limit = limit


class NotFound(StoreError):
    """A deck or job id that does not exist for this token (the API answers 404)."""


class BadArtifactId(StoreError, ValueError):
    """An artifact id that is not 64 lowercase hex characters (never a path)."""
