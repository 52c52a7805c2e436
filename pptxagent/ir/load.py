"""Read JSON input into IR models; every fault names the file and the JSON path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from pptxagent.errors import InputError, IRValidationError

M = TypeVar("M", bound=BaseModel)


def json_path(loc: tuple[int | str, ...]) -> str:
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def validate(model: type[M], data: Any, source: str = "input") -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
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
