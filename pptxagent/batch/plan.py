"""What a batch will do, decided before anything is written: the records, each one's content
document, file name and key, and the errors that belong to one record (its error row) or to
the input as a whole (exit 2, nothing written)."""

from __future__ import annotations

import copy
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pptxagent.batch.data import Record, read_records
from pptxagent.batch.mapping import (
    RecordError,
    content_for,
    header_path,
    is_content,
    record_key,
    tokens_of,
    whole_token,
)
from pptxagent.batch.names import fields, render, safe, unique
from pptxagent.errors import InputError
from pptxagent.fill.content import key_path, parse_content
from pptxagent.pipeline.tools import slide_count, template_texts
from pptxagent.store import files

Profile = Literal["fast", "balanced", "high_fidelity"]
MERGED = "merged.pptx"


@dataclass(frozen=True)
class BatchOptions:
    template: Path
    data: Path
    outdir: Path
    sheet: str | None = None
    content: Path | None = None
    name: str | None = None
    merge: bool = False
    profile: Profile = "balanced"
    jobs: int = 2
    strict: bool = False
    retry_failed: bool = False
    timeout_s: float = 300.0
    restart_every: int = 25
    settings: dict[str, Any] = field(default_factory=dict)
    as_json: bool = False
    broker: str | None = None
    """A Celery broker URL: records run on ``pptxagent worker`` processes (any machine)."""
    database_url: str | None = None
    """The shared database (PostgreSQL) of Celery mode: the journal lives there."""
    file_store: str | None = None
    """Where templates and decks travel in Celery mode (``s3://…`` or ``file:///…``)."""

    def signature(self) -> str:
        """The options that shape every output (part of each record's key)."""
        return json.dumps({"profile": self.profile, "strict": self.strict,
                           "settings": self.settings, "merge": self.merge}, sort_keys=True)


@dataclass
class Planned:
    record: Record
    name: str = ""
    content: dict[str, Any] | None = None
    key: str = ""
    error: str | None = None
    slides: int = 0
    """Merge: how many slides of the merged deck are this record's."""
    columns: dict[str, str] = field(default_factory=dict)
    """JSON path of a fill value → the column that gave it (an error names the column)."""


@dataclass
class BatchPlan:
    opts: BatchOptions
    template_sha: str
    records: list[Planned]
    merged: dict[str, Any] | None = None
    """Merge: the one content document (every good record's slides, in order)."""


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _base(path: Path | None) -> dict[str, Any] | None:
    if path is None:
        return None
    if not path.is_file():
        raise InputError(f"--content {path}: no such file")
    try:
        data = json.loads(path.read_text("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"--content {path}: not JSON ({exc})") from None
    parse_content(data, source=str(path))  # the same checks as a content.json's
    if not isinstance(data, dict):
        raise InputError(f"--content {path}: a content.json object")
    data.pop("$schema", None)
    return data


def columns_of(base: dict[str, Any] | None) -> dict[str, str]:
    """JSON path → column of every fill value of ``base`` that is exactly ``{{column}}``."""
    out: dict[str, str] = {}
    for n, slide in enumerate((base or {}).get("slides") or []):
        for key, value in (slide.get("fill") or {}).items() if isinstance(slide, dict) else ():
            where = key_path(n, key)
            if isinstance(value, dict) and isinstance(value.get("image"), str):
                value, where = value["image"], where + ".image"  # a picture named by a column
            name = whole_token(value)
            if name is not None:
                out[where] = name
    return out


_ROOT = re.compile(r"(?:\{\{\{?|\{|\[)\s*([^\s.\[\]{}|]+)")


def _named(texts: list[str], base: dict[str, Any] | None) -> set[str]:
    """Token roots the template (every part's text) and the base content name."""
    blob = "\n".join(texts) + (json.dumps(base, ensure_ascii=False) if base else "")
    return {m.group(1) for m in _ROOT.finditer(blob)}


def _check_headers(records: list[Record], named: set[str], path: Path) -> None:
    """``--strict``: every column names a token of the template (or of ``--content``)."""
    columns = records[0].columns or sorted({k for r in records
                                            if not is_content(r.values) for k in r.values})
    for col in columns:
        root = header_path(col)[0][0]
        if str(root) not in named and col not in named:
            raise InputError(f"{path}: column {col!r} names no token of the template or of "
                             "--content (--strict)")


def check_remote(opts: BatchOptions) -> None:
    """Celery mode's own inputs: a shared database and a file store every worker reaches."""
    if not opts.database_url:
        raise InputError("--broker: give the shared database the workers use (--database-url "
                         "or $PPTXAGENT_DATABASE_URL)")
    if not opts.file_store:
        raise InputError("--broker: give a file store every worker reaches (--store "
                         "s3://bucket/prefix or file:///shared/folder)")
    files.check(opts.file_store)


def plan_batch(opts: BatchOptions) -> BatchPlan:
    """Everything checked and decided; raises ``InputError`` for bad input as a whole."""
    if not opts.template.is_file():
        raise InputError(f"{opts.template}: no such file")
    texts = template_texts(opts.template)  # opens it: a broken or encrypted deck is refused
    base = _base(opts.content)
    records = read_records(opts.data, opts.sheet)
    if not records:
        raise InputError(f"{opts.data}: no records")
    if opts.strict:
        _check_headers(records, _named(texts, base), opts.data)
    pattern = opts.name
    if pattern is not None:
        used = fields(pattern)
        if opts.merge and used:
            raise InputError(f"--name {pattern!r}: with --merge the name of the one deck has "
                             "no {fields}")
    out = BatchPlan(opts, sha256_file(opts.template), [Planned(r) for r in records])
    width = max(4, len(str(len(records))))
    columns = columns_of(base)
    folder = (opts.content or opts.data).resolve().parent  # relative pictures are there
    for p in out.records:
        p.columns = columns
        try:
            p.content = content_for(p.record, base, folder)
            if not opts.merge:
                values = p.content.get("tokens") or {}
                p.name = render(pattern or "{#}", p.record.number, width, values)
        except RecordError as exc:
            p.error = exc.message
    good = [p for p in out.records if p.error is None]
    if opts.merge:
        _merge(out, good, base, safe(pattern) if pattern else MERGED)
        return out
    for p, name in zip(good, unique(p.name for p in good), strict=True):
        p.name = name
        assert p.content is not None
        p.key = record_key(p.content, out.template_sha, opts.signature(), name)
    return out


def _merge(out: BatchPlan, good: list[Planned], base: dict[str, Any] | None, name: str) -> None:
    """One deck: the base's slides (else every template slide) once per record, in order,
    each with the record's tokens."""
    slides: list[dict[str, Any]] = []
    count = slide_count(out.opts.template)
    for p in good:
        assert p.content is not None
        p.name = name
        tokens = tokens_of(p.record) if not is_content(p.record.values) else \
            dict(p.content.get("tokens") or {})
        own = p.content.get("slides") or [{"template_slide": n} for n in range(1, count + 1)]
        for s in own:
            slides.append({**copy.deepcopy(s), "tokens": tokens})
        p.slides = len(own)
    if not slides:
        return
    out.merged = {"tokens": dict((base or {}).get("tokens") or {}), "slides": slides}
    key = record_key(out.merged, out.template_sha, out.opts.signature(), name)
    for p in good:
        p.key = key


__all__ = ["BatchOptions", "BatchPlan", "Planned", "check_remote", "plan_batch", "sha256_file"]
