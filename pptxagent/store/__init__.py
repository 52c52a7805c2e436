"""The job store: SQLAlchemy 2 models, Alembic migrations, content-addressed artifacts."""

from pptxagent.store.artifacts import ArtifactStore, check_sha
from pptxagent.store.base import hash_token
from pptxagent.store.errors import BadArtifactId, NotFound, QueueFull, StoreError
from pptxagent.store.records import (
    TERMINAL,
    ArtifactRow,
    DeckRow,
    EventRow,
    JobRow,
    QualityRow,
    ToolRunRecord,
    ToolRunRow,
    VersionRow,
)
from pptxagent.store.store import Store

__all__ = [
    "TERMINAL",
    "ArtifactRow",
    "ArtifactStore",
    "BadArtifactId",
    "DeckRow",
    "EventRow",
    "JobRow",
    "NotFound",
    "QualityRow",
    "QueueFull",
    "Store",
    "StoreError",
    "ToolRunRecord",
    "ToolRunRow",
    "VersionRow",
    "check_sha",
    "hash_token",
]
