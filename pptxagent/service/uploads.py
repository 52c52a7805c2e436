"""Reading a generate/revise request: capped streaming, the deck's safety check, JSON validation.

Everything here runs before a job exists: a request refused here leaves no job, no deck and no
stored file behind.

* The body is counted while it streams in (``Content-Length`` is checked first, a chunked or
  lying client is stopped once the count passes the cap): 413, and at most one chunk past the
  cap ever reaches the temp file.
* The template is opened with ``pptxagent.ooxml.Package`` (non-zip, encrypted or legacy decks,
  zip bombs, ``../`` and absolute member names are refused from the central directory before
  anything is inflated) and every XML part is parsed with the package's safe parser (no
  DOCTYPE, no entities): 422 naming the problem; an empty file is a 400.
* content.json and outline JSON are validated with the CLI's own models: 422 with the JSON path.
* Pictures come as ``assets`` file parts, stored by content hash under their plain file name
  (no folder, no ``..``); every ``"image"`` the content or outline names must be one of them.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path, PurePosixPath
from typing import Any

from fastapi import HTTPException, Request
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.formparsers import MultiPartException

from pptxagent.errors import IRValidationError, PackageError
from pptxagent.fill.content import parse_content
from pptxagent.ir.load import json_path, parse_json_text
from pptxagent.ir.outline import parse_outline
from pptxagent.ooxml.package import Package
from pptxagent.service.names import plain_name
from pptxagent.service.schemas import GenerateOptions

Message = MutableMapping[str, Any]
MAX_FORM_FILES = 64
MAX_FORM_FIELDS = 16
ASSET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._ -]{0,119}")
_CHUNK = 1 << 20


class TooLarge(Exception):
    pass


def problem(status: int, detail: str, *, path: str | None = None,
            field: str | None = None) -> HTTPException:
    body: dict[str, Any] = {"detail": detail}
    if path is not None:
        body["path"] = path
    if field is not None:
        body["field"] = field
    return HTTPException(status, body)


def counting(receive: Callable[[], Awaitable[Message]], cap: int
             ) -> Callable[[], Awaitable[Message]]:
    """A receive channel that raises ``TooLarge`` once the body passes ``cap`` bytes."""
    seen = 0

    async def wrapped() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > cap:
                raise TooLarge
        return message

    return wrapped


async def read_form(request: Request, cap: int) -> FormData:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > cap:
        raise problem(413, f"request body of {declared} bytes is over the upload cap of "
                           f"{cap} bytes")
    ctype = request.headers.get("content-type", "")
    if not ctype.startswith("multipart/form-data"):
        raise problem(415, "send multipart/form-data (template file + content JSON, or an "
                           "outline JSON)")
    capped = Request(request.scope, counting(request.receive, cap))
    try:
        return await capped.form(max_files=MAX_FORM_FILES, max_fields=MAX_FORM_FIELDS,
                                 max_part_size=cap)
    except TooLarge as exc:
        raise problem(413, f"request body is over the upload cap of {cap} bytes") from exc
    except MultiPartException as exc:
        raise problem(400, f"bad multipart body: {exc.message}") from exc


async def field_bytes(form: FormData, name: str) -> bytes | None:
    value = form.get(name)
    if value is None:
        return None
    if isinstance(value, UploadFile):
        return await value.read()
    return value.encode("utf-8")


def part_name(form: FormData, name: str) -> str | None:
    """The file name a part was uploaded under, as a plain name to show (None for a text
    field): a deck's source, never a path the server uses."""
    value = form.get(name)
    return plain_name(value.filename) if isinstance(value, UploadFile) else None


def parse_json_field(raw: bytes, name: str) -> Any:
    try:
        return parse_json_text(raw.decode("utf-8-sig"), name)
    except UnicodeDecodeError as exc:
        raise problem(422, f"{name}: not UTF-8 text", field=name) from exc
    except IRValidationError as exc:
        raise problem(422, exc.message, field=name, path="$") from exc


def validate_content(data: Any) -> dict[str, Any]:
    try:
        parse_content(data, source="content")
    except IRValidationError as exc:
        raise problem(422, exc.message, path=exc.path, field="content") from exc
    if not isinstance(data, dict):  # pragma: no cover - parse_content refuses it first
        raise problem(422, "content: must be an object", path="$", field="content")
    return data


def validate_outline(data: Any) -> dict[str, Any]:
    try:
        parse_outline(data, source="outline")
    except IRValidationError as exc:
        raise problem(422, exc.message, path=exc.path, field="outline") from exc
    assert isinstance(data, dict)
    return data


def image_refs(data: Any, loc: tuple[int | str, ...] = ()) -> list[tuple[str, str]]:
    """(JSON path, file name) of every ``"image": "<name>"`` in a content or outline."""
    out: list[tuple[str, str]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "image" and isinstance(value, str):
                out.append((json_path((*loc, key)), value))
            else:
                out += image_refs(value, (*loc, str(key)))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += image_refs(value, (*loc, i))
    return out


def check_images(doc: dict[str, Any], field: str, assets: dict[str, str]) -> None:
    """Every picture the document names was uploaded as an ``assets`` part."""
    for where, name in image_refs(doc):
        if name not in assets:
            raise problem(422, f"{field}: {where}: picture {name!r} was not uploaded (send it "
                               f"as a file part named 'assets')", path=where, field=field)


async def receive_assets(form: FormData) -> list[tuple[str, UploadFile]]:
    """The ``assets`` file parts by their plain file name (422 for anything else)."""
    out: list[tuple[str, UploadFile]] = []
    for part in form.getlist("assets"):
        if not isinstance(part, UploadFile) or not part.filename:
            raise problem(422, "assets: send pictures as file parts with a file name",
                          field="assets")
        name = PurePosixPath(part.filename.replace("\\", "/")).name
        if ASSET_NAME.fullmatch(name) is None:
            raise problem(422, f"assets: {name[:80]!r} is not a plain file name "
                               "(letters, digits, '.', '_', '-', ' ')", field="assets")
        first = await part.read(1)
        await part.seek(0)
        if not first:
            raise problem(400, f"assets: {name} is empty (0 bytes)", field="assets")
        out.append((name, part))
    return out



def validate_options(form: FormData, max_passes: int) -> GenerateOptions:
    raw = {k: form.get(k) for k in GenerateOptions.model_fields if form.get(k) not in (None, "")}
    try:
        opts = GenerateOptions.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        name = str(err["loc"][0]) if err["loc"] else "form"
        raise problem(422, f"{name}: {err['msg']}", field=name) from exc
    if opts.max_correction_passes > max_passes:
        raise problem(422, f"max_correction_passes: {opts.max_correction_passes} is over this "
                           f"server's limit of {max_passes}", field="max_correction_passes")
    return opts


async def save_upload(upload: UploadFile, dest: Path) -> int:
    """Copy the spooled part to ``dest``; its size."""
    size = 0
    await upload.seek(0)
    with dest.open("wb") as out:
        while chunk := await upload.read(_CHUNK):
            size += len(chunk)
            out.write(chunk)
    return size


def check_deck(path: Path) -> None:
    """Open the deck as the pipeline will and parse every XML part; PackageError on a fault."""
    pkg = Package.open(path)
    for name in pkg.part_names():
        if name.endswith((".xml", ".rels")):
            pkg.xml(name)


async def receive_template(form: FormData, upload_dir: Path) -> Path | None:
    """The uploaded template saved and checked, in a fresh temp dir (the caller removes it);
    None when the form has none."""
    upload = form.get("template")
    if upload is None:
        return None
    if not isinstance(upload, UploadFile):
        raise problem(400, "template: send the .pptx as a file part", field="template")
    upload_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="upload-", dir=upload_dir))
    path = tmp / "template.pptx"  # never the client's file name
    try:
        if await save_upload(upload, path) == 0:
            raise problem(400, "template: the file is empty (0 bytes)", field="template")
        await run_in_threadpool(check_deck, path)
    except PackageError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise problem(422, exc.message, field="template") from exc
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return path
