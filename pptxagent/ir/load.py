"""Read JSON input into IR models; every fault names the file and the JSON path."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pptxagent.errors import InputError, IRValidationError

M = TypeVar("M", bound=BaseModel)


_UNION_TAG = re.compile(
    r"^(str|int|float|bool|list\[.*\]|dict\[.*\]|function-.*|constrained-.*|"
    r"json-or-python\[.*\]|[A-Z][A-Za-z]+)$"
)


def _is_union_tag(part: int | str) -> bool:
    """pydantic names the member of a union it tried (``str``, ``list[...]``, a model class)
    in the error location; that is not part of the document's JSON path."""
    return isinstance(part, str) and _UNION_TAG.match(part) is not None


_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def json_path(loc: tuple[int | str, ...]) -> str:
    """``$.slides[0].fill.body``; keys that are not identifiers are quoted:
    ``$.slides[0].fill["name:Title 1"]``."""
    out = "$"
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENT.match(part):
            out += f".{part}"
        else:
            out += "[" + json.dumps(part, ensure_ascii=False) + "]"
    return out


def validate(model: type[M], data: Any, source: str = "input") -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(p for p in err["loc"] if not _is_union_tag(p))
        path = json_path(loc)
        got = err.get("input")
        shown = json.dumps(got)[:60] if not isinstance(got, dict | list) else type(got).__name__
        raise IRValidationError(
            f"{source}: {path}: {err['msg']} (got {shown})", path=path
        ) from exc


class _NonFinite(ValueError):
    """``NaN`` / ``Infinity``: Python's json reads them, JSON does not allow them."""


def _refuse_constant(name: str) -> Any:
    raise _NonFinite(name)


def read_json(path: Path) -> Any:
    """Parse a UTF-8 JSON file (a leading BOM is fine); NaN and Infinity are refused."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError as exc:
        raise InputError(f"{path}: no such file") from exc
    except IsADirectoryError as exc:
        raise InputError(f"{path}: is a directory, expected a JSON file") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read: {exc}") from exc
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise IRValidationError(
            f"{path}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    except _NonFinite as exc:
        raise IRValidationError(
            f"{path}: not valid JSON: {exc} is not a JSON number; use a finite number"
        ) from exc


def load(model: type[M], path: Path) -> M:
    return validate(model, read_json(path), source=str(path))
