"""Where a batch's files are for its workers: on this machine (the local pool writes straight
into OUTDIR), or in a file store every machine reaches (Celery mode: the template is put there
once, each worker puts its deck and thumbnails there, and the batch brings each finished deck
into OUTDIR, atomically, as it sees the record done)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pptxagent.agent.record import review_files
from pptxagent.store import files


class LocalPlaces:
    def __init__(self, template: Path, outdir: Path, journal: Path) -> None:
        self.template_path, self.outdir, self.journal = template, outdir, journal

    def template(self) -> str:
        return str(self.template_path.resolve())

    def out(self, name: str) -> str:
        return str((self.outdir / name).resolve())

    def review(self, number: int) -> str:
        return str(review_dir(self.journal, number))

    def collect(self, row: dict[str, Any], name: str, number: int) -> None:
        return None

    def recover(self, name: str, number: int) -> bool:
        return False


class RemotePlaces(LocalPlaces):
    """``store``: the file store URL; ``batch``: this batch's folder name in it."""

    def __init__(self, template: Path, outdir: Path, journal: Path, store: str, batch: str,
                 sha: str) -> None:
        super().__init__(template, outdir, journal)
        self.base = files.join(store, "batches", batch)
        self.template_url = files.join(store, "templates", f"{sha}.pptx")

    def upload(self) -> None:
        if not files.exists(self.template_url):
            files.put(self.template_path, self.template_url)

    def template(self) -> str:
        return self.template_url

    def out(self, name: str) -> str:
        return files.join(self.base, "decks", name)

    def review(self, number: int) -> str:
        return files.join(self.base, "review", f"{number:06d}")

    def collect(self, row: dict[str, Any], name: str, number: int) -> None:
        files.fetch(self.out(name), self.outdir / name)
        folder = review_dir(self.journal, number)
        for name in review_files(row):
            files.fetch(files.join(self.review(number), name), folder / name)

    def recover(self, name: str, number: int) -> bool:
        """A deck a worker finished but this batch never fetched (it was killed first)."""
        if not files.exists(self.out(name)):
            return False
        files.fetch(self.out(name), self.outdir / name)
        return True


def review_dir(journal: Path, number: int) -> Path:
    return journal / "review" / f"{number:06d}"


__all__ = ["LocalPlaces", "RemotePlaces", "review_dir"]
