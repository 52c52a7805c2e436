"""Content-addressed files under ``data_dir/artifacts``: ``ab/<rest of the sha256>``.

Writes are atomic (a temp file in the same directory tree, fsync, ``os.replace``); the same
content is stored once. Files are addressed by their sha256 only: :meth:`ArtifactStore.path`
refuses anything that is not 64 lowercase hex characters, so no client path ever reaches disk.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path
from typing import BinaryIO

from pptxagent.store import files
from pptxagent.store.errors import BadArtifactId

_SHA = re.compile(r"[0-9a-f]{64}")
_CHUNK = 1 << 20


def check_sha(sha: str) -> str:
    """``sha`` if it is a sha256 hex digest (64 lowercase hex), else :class:`BadArtifactId`."""
    if not isinstance(sha, str) or _SHA.fullmatch(sha) is None:
        raise BadArtifactId(f"not an artifact id (64 lowercase hex characters): {sha!r:.80}")
    return sha


class ArtifactStore:
    """Files by sha256 under ``root``; with ``remote`` (a file store URL, ``store.files``)
    every artifact is also put there, and one this machine lacks is fetched from there: the
    API and Celery workers on other machines see the same artifacts."""

    def __init__(self, root: Path, remote: str | None = None) -> None:
        self.root = Path(root)
        self.remote = remote

    def _url(self, sha: str) -> str:
        assert self.remote is not None
        return files.join(self.remote, "artifacts", sha[:2], sha[2:])

    def path(self, sha: str) -> Path:
        """Where the artifact ``sha`` lives here (fetched from ``remote`` when this machine
        does not have it yet; it may not exist: see :meth:`exists`)."""
        check_sha(sha)
        local = self.root / sha[:2] / sha[2:]
        if self.remote is not None and not local.is_file() and files.exists(self._url(sha)):
            files.fetch(self._url(sha), local)
        return local

    def exists(self, sha: str) -> bool:
        return self.path(sha).is_file()

    def open(self, sha: str) -> BinaryIO:
        """The artifact for reading; FileNotFoundError when it is not stored."""
        return self.path(sha).open("rb")

    def size(self, sha: str) -> int:
        return self.path(sha).stat().st_size

    def put_bytes(self, data: bytes) -> str:
        """Store ``data``; return its sha256 (stored once whatever the number of calls)."""
        sha = hashlib.sha256(data).hexdigest()
        if self.exists(sha):
            return sha
        tmp = self._tmp()
        try:
            with os.fdopen(tmp[0], "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            self._commit(Path(tmp[1]), sha)
        finally:
            Path(tmp[1]).unlink(missing_ok=True)
        return sha

    def put_file(self, src: Path) -> str:
        """Copy ``src`` in (streamed, hashed on the way); return its sha256."""
        digest = hashlib.sha256()
        fd, name = self._tmp()
        try:
            with os.fdopen(fd, "wb") as out, Path(src).open("rb") as inp:
                while chunk := inp.read(_CHUNK):
                    digest.update(chunk)
                    out.write(chunk)
                out.flush()
                os.fsync(out.fileno())
            sha = digest.hexdigest()
            if not self.exists(sha):
                self._commit(Path(name), sha)
        finally:
            Path(name).unlink(missing_ok=True)
        return sha

    def _tmp(self) -> tuple[int, str]:
        tmpdir = self.root / "tmp"
        tmpdir.mkdir(parents=True, exist_ok=True)
        return tempfile.mkstemp(dir=tmpdir, prefix="put-", suffix=".part")

    def _commit(self, tmp: Path, sha: str) -> None:
        dest = self.path(sha)
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(tmp, 0o644)
        os.replace(tmp, dest)  # atomic: readers see the whole file or none
        if self.remote is not None:
            files.put(dest, self._url(sha))
