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


MAX_DEPTH = 64
"""JSON nested deeper than this is refused (a token path ``{{a.b.c}}`` rarely goes past 5)."""
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
"""What XML 1.0 cannot hold, so no .pptx can: control characters other than tab, line feed
and carriage return, U+FFFE/U+FFFF, and halves of surrogate pairs (JSON's ``"\ud800"``)."""


def _char_fault(text: str) -> str | None:
    found = _NOT_XML.search(text)
    if found is None:
        return None
    code = ord(found.group())
    what = ("half of a surrogate pair" if 0xD800 <= code <= 0xDFFF
            else "not a character" if code >= 0xFFFE else "a control character")
    hint = " (use \\n for a new paragraph)" if code in (0x0B, 0x0C) else ""
    return (f"character {found.start() + 1} is U+{code:04X}, {what}, which a .pptx cannot hold"
            f"{hint}")


def check_json(data: Any, source: str = "input") -> None:
    """Refuse what no schema check catches and the writing would crash on: characters XML
    cannot hold (in keys and values), and nesting deeper than ``MAX_DEPTH``. The first fault
    in document order is named by its JSON path."""
    todo: list[tuple[Any, tuple[int | str, ...]]] = [(data, ())]
    while todo:
        node, loc = todo.pop()
        if len(loc) > MAX_DEPTH:
            path = json_path(loc[:6]) + "…"
            raise IRValidationError(
                f"{source}: {path}: nested deeper than {MAX_DEPTH} levels", path=path)
        if isinstance(node, str):
            fault = _char_fault(node)
            if fault is not None:
                path = json_path(loc)
                raise IRValidationError(f"{source}: {path}: {fault}", path=path)
        elif isinstance(node, dict):
            for key in node:
                fault = _char_fault(key) if isinstance(key, str) else None
                if fault is not None:
                    path = json_path(loc)
                    raise IRValidationError(f"{source}: {path}: a key's {fault}", path=path)
            todo.extend((v, (*loc, k)) for k, v in reversed(node.items()))
        elif isinstance(node, list):
            todo.extend((v, (*loc, i)) for i, v in reversed(list(enumerate(node))))


def validate(model: type[M], data: Any, source: str = "input") -> M:
    check_json(data, source)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors()
        err = errors[0]
        loc = tuple(p for p in err["loc"] if not _is_union_tag(p))
        for other in errors[1:]:  # a union's branch that got further names the real fault
            deeper = tuple(p for p in other["loc"] if not _is_union_tag(p))
            if len(deeper) > len(loc) and deeper[: len(loc)] == loc:
                err, loc = other, deeper
        path = json_path(loc)
        got = err.get("input")
        shown = json.dumps(got)[:60] if not isinstance(got, dict | list) else type(got).__name__
        raise IRValidationError(
            f"{source}: {path}: {err['msg']} (got {shown})", path=path
        ) from exc


class _NonFinite(ValueError):
    """``NaN`` / ``Infinity``: Python's json reads them, JSON does not allow them."""


class _Duplicate(ValueError):
    """A key given twice in one object: JSON parsers keep the last value, dropping the other."""


def _refuse_constant(name: str) -> Any:
    raise _NonFinite(name)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Duplicate(key)
        out[key] = value
    return out


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
    return parse_json_text(text, str(path))


def parse_json_text(text: str, source: str) -> Any:
    """JSON text → data: NaN and Infinity, a key given twice in one object and nesting past
    Python's recursion limit are refused with ``IRValidationError`` naming ``source``."""
    try:
        return json.loads(text, parse_constant=_refuse_constant,
                          object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise IRValidationError(
            f"{source}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    except _NonFinite as exc:
        raise IRValidationError(
            f"{source}: not valid JSON: {exc} is not a JSON number; use a finite number"
        ) from exc
    except _Duplicate as exc:
        raise IRValidationError(
            f"{source}: the key {json.dumps(str(exc), ensure_ascii=False)} appears twice in one "
            "object; JSON would keep only the last value, so give each key once") from exc
    except RecursionError as exc:
        raise IRValidationError(
            f"{source}: nested deeper than {MAX_DEPTH} levels") from exc


def load(model: type[M], path: Path) -> M:
    return validate(model, read_json(path), source=str(path))
