"""Decks, their versions, quality reports and downloads: always by id, never by a client path.

A file is looked up through the database (the version's pptx or thumbnail sha256, or an
artifact the caller's token owns) and served from the content-addressed store; another token's
deck or file is a 404, as is anything that is not a sha256.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from pptxagent.service.auth import StoreDep, TokenId
from pptxagent.service.openapi import FILE_MEDIA, PNG, binary, download_media, errors
from pptxagent.service.schemas import (
    PPTX_MEDIA,
    DeckOut,
    QualityOut,
    VersionOut,
    versions_out,
)
from pptxagent.service.uploads import problem
from pptxagent.store import BadArtifactId, Store, VersionRow, check_sha

router = APIRouter(prefix="/api", tags=["decks"], responses=errors(401))


def _version(store: Store, deck_id: str, version: int, token: int) -> VersionRow:
    for v in store.versions(deck_id, token):
        if v.version == version:
            return v
    raise problem(404, f"deck {deck_id} has no version {version}")


def _file(request: Request, store: Store, sha: str, media_type: str,
          filename: str | None = None) -> FileResponse:
    path = store.artifacts.path(sha)
    if not path.is_file():
        raise problem(404, "file not stored")
    return FileResponse(path, media_type=download_media(request, media_type), filename=filename,
                        headers={"Cache-Control": "private, max-age=31536000, immutable"})


@router.get("/decks/{deck_id}", response_model=DeckOut, operation_id="get_deck",
            responses=errors(404), summary="A deck, its versions and jobs")
def get_deck(deck_id: str, store: StoreDep, token: TokenId) -> DeckOut:
    deck = store.get_deck(deck_id, token)
    if deck is None:
        raise problem(404, f"no deck {deck_id}")
    jobs = store.list_jobs(token, limit=1000, deck_id=deck_id)
    return DeckOut.of(deck, store.versions(deck_id, token), jobs, store.token_name(token))


@router.get("/decks/{deck_id}/versions", response_model=list[VersionOut],
            operation_id="list_versions", responses=errors(404),
            summary="A deck's versions, oldest first")
def versions(deck_id: str, store: StoreDep, token: TokenId) -> list[VersionOut]:
    if store.get_deck(deck_id, token) is None:
        raise problem(404, f"no deck {deck_id}")
    jobs = store.list_jobs(token, limit=1000, deck_id=deck_id)
    return versions_out(store.versions(deck_id, token), jobs)


def scrub(value: Any, root: str) -> Any:
    """The report without the server's folders: a path under the data dir → its file name."""
    if isinstance(value, str) and value.startswith(root):
        return PurePath(value).name
    if isinstance(value, dict):
        return {k: scrub(v, root) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v, root) for v in value]
    return value


@router.get("/decks/{deck_id}/quality/{version}", response_model=QualityOut,
            operation_id="get_quality_report", responses=errors(404, 422),
            summary="The quality report of one version")
def quality(deck_id: str, version: int, request: Request, store: StoreDep, token: TokenId
            ) -> QualityOut:
    row = store.quality(deck_id, version, token)
    if row is None:
        raise problem(404, f"no quality report for deck {deck_id} version {version}")
    return QualityOut.of(row, scrub(row.report, str(request.app.state.cfg.data_dir)))


@router.get("/decks/{deck_id}/versions/{version}/pptx", response_class=FileResponse,
            operation_id="download_pptx",
            responses={**binary("The deck (.pptx)", PPTX_MEDIA), **errors(404, 422)},
            summary="Download a version")
def download_pptx(deck_id: str, version: int, request: Request, store: StoreDep,
                  token: TokenId) -> FileResponse:
    v = _version(store, deck_id, version, token)
    return _file(request, store, v.pptx_sha, PPTX_MEDIA, f"deck-{deck_id[:8]}-v{version}.pptx")


@router.get("/decks/{deck_id}/versions/{version}/thumbnails/{n}", response_class=FileResponse,
            operation_id="download_thumbnail",
            responses={**binary("The slide's picture (PNG)", PNG), **errors(404, 422)},
            summary="Slide n's thumbnail (1-based)")
def thumbnail(deck_id: str, version: int, n: int, request: Request, store: StoreDep,
              token: TokenId) -> FileResponse:
    v = _version(store, deck_id, version, token)
    if not 1 <= n <= len(v.thumbnails):
        raise problem(404, f"version {version} has {len(v.thumbnails)} thumbnails")
    return _file(request, store, v.thumbnails[n - 1], PNG)


@router.get("/files/{sha}", response_class=FileResponse, operation_id="download_file",
            responses={**binary("The file, under the media type it was stored with (an "
                                "upload's: the type its part declared)", *FILE_MEDIA),
                       **errors(404)},
            summary="Any artifact the caller's jobs produced or uploaded, by sha256")
def download_file(sha: str, request: Request, store: StoreDep, token: TokenId) -> FileResponse:
    try:
        check_sha(sha)
        row = store.artifact(sha, token)
    except BadArtifactId as exc:
        raise problem(404, "not a file id") from exc
    if row is None:
        raise problem(404, "no such file")
    return _file(request, store, sha, row.media_type)
