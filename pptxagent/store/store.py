"""``Store``: the one object the service and the workers use (one instance per process)."""

from __future__ import annotations

from pptxagent.store.batches import BatchMixin
from pptxagent.store.content import ContentMixin
from pptxagent.store.jobs import JobsMixin


class Store(JobsMixin, BatchMixin, ContentMixin):
    """Jobs, events, tool runs, decks, versions, quality reports and artifacts.

    ``Store(url=None, data_dir=Path(".pptxagent"))``: SQLite (WAL) at
    ``data_dir/pptxagent.db`` unless ``url`` (``postgresql+psycopg://…``). Call
    :meth:`migrate` once at start-up. Every method opens its own session; rows returned are
    frozen dataclasses, never ORM objects.
    """
