"""Tool runs, decks, versions, quality reports and the artifact index."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from pptxagent.store.base import StoreBase, deck_row, is_id, tool_run_row
from pptxagent.store.errors import NotFound
from pptxagent.store.models import (
    Artifact,
    ArtifactOwner,
    Deck,
    DeckVersion,
    QualityReport,
    ToolRun,
    utcnow,
)
from pptxagent.store.records import (
    ArtifactRow,
    DeckRow,
    QualityRow,
    ToolRunRecord,
    ToolRunRow,
    VersionRow,
)

PPTX_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


class ContentMixin(StoreBase):
    # tool runs ------------------------------------------------------------------------------

    def record_tool_run(self, job_id: str, run: ToolRunRecord) -> int:
        """Store one audited tool call; returns its row id."""
        with self._write() as s:
            row = ToolRun(
                job_id=job_id,
                tool_name=run.tool,
                status=run.status,
                attempt=run.attempt,
                started=run.started,
                started_at=run.started_at,
                duration_ms=run.duration_ms,
                input_hash=run.input_hash,
                output_hash=run.output_hash,
                artifact_json=dict(run.artifacts),
                summary=run.summary,
                error=run.error,
            )
            s.add(row)
            s.flush()
            return row.id

    def tool_runs(self, job_id: str) -> list[ToolRunRow]:
        """The job's tool runs in the order they were recorded."""
        if not is_id(job_id):
            return []
        with self._read() as s:
            q = select(ToolRun).where(ToolRun.job_id == job_id).order_by(ToolRun.id)
            return [tool_run_row(t) for t in s.scalars(q)]

    # decks, versions, quality ---------------------------------------------------------------

    def get_deck(self, deck_id: str, token_id: int | None = None) -> DeckRow | None:
        """The deck, or None when unknown or another token's."""
        if not is_id(deck_id):
            return None
        q = select(Deck).where(Deck.id == deck_id)
        if token_id is not None:
            q = q.where(Deck.token_id == token_id)
        with self._read() as s:
            deck = s.scalars(q).one_or_none()
            return None if deck is None else deck_row(deck)

    def add_version(
        self,
        deck_id: str,
        job_id: str,
        *,
        pptx: Path,
        report: dict[str, Any],
        thumbnails: list[Path],
        score: float,
        passes_used: int,
    ) -> int:
        """Store a new version of the deck (files into the artifact store, its quality report);
        returns the version number: 1, 2, … per deck."""
        files = [(self.artifacts.put_file(pptx), "pptx", PPTX_TYPE)]
        files += [(self.artifacts.put_file(p), "thumbnail", _media(p)) for p in thumbnails]
        with self._write() as s:
            bump = (
                update(Deck)
                .where(Deck.id == deck_id)
                .values(last_version=Deck.last_version + 1)
                .returning(Deck.last_version, Deck.token_id)
                .execution_options(synchronize_session=False)
            )
            row = s.execute(bump).first()
            if row is None:
                raise NotFound(f"no deck {deck_id!r:.40}")
            version, token_id = int(row.last_version), int(row.token_id)
            for sha, kind, media in files:
                self._index_artifact(s, sha, kind, media, token_id)
            s.add(
                DeckVersion(
                    deck_id=deck_id,
                    version=version,
                    job_id=job_id,
                    pptx_sha=files[0][0],
                    thumbnails_json=[sha for sha, _k, _m in files[1:]],
                )
            )
            s.add(
                QualityReport(
                    deck_id=deck_id,
                    version=version,
                    score=float(score),
                    issues_json=report,
                    passes_used=passes_used,
                )
            )
            return version

    def versions(self, deck_id: str, token_id: int) -> list[VersionRow]:
        """The deck's versions, oldest first ([] for another token's deck)."""
        if not is_id(deck_id):
            return []
        q = (
            select(DeckVersion, QualityReport.score, QualityReport.passes_used)
            .join(Deck, Deck.id == DeckVersion.deck_id)
            .join(
                QualityReport,
                (QualityReport.deck_id == DeckVersion.deck_id)
                & (QualityReport.version == DeckVersion.version),
            )
            .where(DeckVersion.deck_id == deck_id, Deck.token_id == token_id)
            .order_by(DeckVersion.version)
        )
        with self._read() as s:
            return [
                VersionRow(
                    deck_id=v.deck_id,
                    version=v.version,
                    job_id=v.job_id,
                    pptx_sha=v.pptx_sha,
                    thumbnails=list(v.thumbnails_json),
                    score=score,
                    passes_used=passes,
                    created_at=v.created_at,
                )
                for v, score, passes in s.execute(q)
            ]

    def quality(self, deck_id: str, version: int, token_id: int) -> QualityRow | None:
        """The quality report of one version (None for another token's deck)."""
        if not is_id(deck_id):
            return None
        q = (
            select(QualityReport)
            .join(Deck, Deck.id == QualityReport.deck_id)
            .where(
                QualityReport.deck_id == deck_id,
                QualityReport.version == version,
                Deck.token_id == token_id,
            )
        )
        with self._read() as s:
            r = s.scalars(q).one_or_none()
            if r is None:
                return None
            return QualityRow(
                id=r.id,
                deck_id=r.deck_id,
                version=r.version,
                score=r.score,
                report=dict(r.issues_json),
                passes_used=r.passes_used,
                created_at=r.created_at,
            )

    # artifacts ------------------------------------------------------------------------------

    def put_artifact(
        self,
        src: Path | bytes,
        *,
        kind: str,
        media_type: str = "application/octet-stream",
        token_id: int | None = None,
    ) -> str:
        """Store a file or bytes, index it (kind, size, media type) and let ``token_id``
        download it; returns the sha256."""
        sha = (
            self.artifacts.put_bytes(src)
            if isinstance(src, bytes)
            else self.artifacts.put_file(src)
        )
        with self._write() as s:
            self._index_artifact(s, sha, kind, media_type, token_id)
        return sha

    def artifact(self, sha: str, token_id: int | None = None) -> ArtifactRow | None:
        """The artifact's index row; with ``token_id``, None unless that token may see it."""
        self.artifacts.path(sha)  # refuses anything that is not a sha256
        q = select(Artifact).where(Artifact.sha256 == sha)
        if token_id is not None:
            q = q.join(ArtifactOwner, ArtifactOwner.sha256 == Artifact.sha256).where(
                ArtifactOwner.token_id == token_id
            )
        with self._read() as s:
            a = s.scalars(q).first()
            if a is None:
                return None
            return ArtifactRow(
                sha256=a.sha256,
                kind=a.kind,
                size=a.size,
                media_type=a.media_type,
                created_at=a.created_at,
            )

    def _index_artifact(
        self, s: Session, sha: str, kind: str, media_type: str, token_id: int | None
    ) -> None:
        size = self.artifacts.size(sha)
        rows: list[tuple[Any, dict[str, Any]]] = [
            (
                Artifact,
                {
                    "sha256": sha,
                    "kind": kind,
                    "size": size,
                    "media_type": media_type,
                    "created_at": utcnow(),
                },
            )
        ]
        if token_id is not None:
            rows.append((ArtifactOwner, {"sha256": sha, "token_id": token_id}))
        for model, values in rows:
            s.execute(self._insert_ignore(model).values(**values))

    def _insert_ignore(self, model: Any) -> Any:
        if self.dialect == "postgresql":
            return postgresql.insert(model).on_conflict_do_nothing()
        if self.dialect == "sqlite":
            return sqlite.insert(model).on_conflict_do_nothing()
        return insert(model).prefix_with("IGNORE")


def _media(path: Path) -> str:
    return {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}.get(
        path.suffix.lower(), "application/octet-stream"
    )
