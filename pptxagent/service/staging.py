"""A batch record whose files live in a file store every machine reaches (Celery mode): the
template fetched once per machine into a local folder (named by its hash, so the warm
process's template cache knows it again), the deck and its thumbnails written locally and
then put where the batch asked. Local paths pass through untouched (the local pool)."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pptxagent.agent.record import review_files
from pptxagent.store import files


@contextlib.contextmanager
def staged(request: dict[str, Any], workdir: Path, templates: Path
           ) -> Iterator[dict[str, Any]]:
    """``request`` with local paths for the template, the deck and its review folder."""
    local = dict(request)
    template = str(request.get("template", ""))
    if files.is_url(template):
        name = template.rstrip("/").rsplit("/", 1)[-1]
        cached = templates / name
        if not cached.is_file():
            files.fetch(template, cached)
        local["template"] = str(cached)
    if files.is_url(str(request.get("out", ""))):
        local["out"] = str(workdir / "out.pptx")
    if files.is_url(str(request.get("review_dir") or "")):
        local["review_dir"] = str(workdir / "review")
    yield local


def deliver(local: dict[str, Any], request: dict[str, Any], row: dict[str, Any]) -> None:
    """Put the deck, its thumbnails and its pictures from before the QA correction pass
    where ``request`` named them (file store URLs)."""
    out = str(request.get("out", ""))
    if files.is_url(out):
        files.put(Path(local["out"]), out)
    review = str(request.get("review_dir") or "")
    if files.is_url(review):
        for name in review_files(row):
            files.put(Path(local["review_dir"]) / name, files.join(review, name))
        shutil.rmtree(local["review_dir"], ignore_errors=True)


__all__ = ["deliver", "staged"]
