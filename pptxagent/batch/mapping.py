"""A record → the content.json document its deck is filled with.

A record is either a whole content.json object (it has ``slides`` or ``tokens``) or a flat
row whose column headers name tokens. Headers nest: ``report.title`` answers
``{{report.title}}``, ``steps[0].name`` answers ``{{steps[0].name}}`` (and
``{{steps.0.name}}``). A list comes from one cell:

- ``highlights[]``: one item per line of the cell (Alt+Enter in Excel); a line indented by a
  tab or two spaces per level is a sub-item;
- ``figures[][]``: a table, one row per line, its cells split at tabs or at `` | ``.

``--content BASE.json`` gives every record the same ``slides``; a fill value that is exactly
``{{column}}`` takes the record's value as it is (a list fills bullets or table rows), and
every other ``{{column}}`` in it is a token the fill replaces with the record's text. The
record's values are the tokens (over the base's own ``tokens``).
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pptxagent.batch.data import Record
from pptxagent.errors import InputError
from pptxagent.fill.data import Miss, parse_path
from pptxagent.fill.data import lookup as fill_lookup

_WHOLE = re.compile(r"^\s*\{\{\s*([^{}]+?)\s*\}\}\s*$")
_CELL_SPLIT = re.compile(r"\t| \| ")


class RecordError(InputError):
    """One record cannot be filled: it becomes that record's error row, the others go on."""


def is_content(values: Mapping[str, Any]) -> bool:
    return "slides" in values or "tokens" in values


def header_path(header: str) -> tuple[list[str | int], str]:
    """``steps[0].name`` → (["steps", 0, "name"], "") and the list kind of a ``[]`` /
    ``[][]`` suffix (``"list"``, ``"table"``); a header that is no plain path (``Client
    Name``) is one key."""
    kind = ""
    if header.endswith("[][]"):
        header, kind = header[:-4], "table"
    elif header.endswith("[]"):
        header, kind = header[:-2], "list"
    return parse_path(header.strip()) or [header], kind


def _items(cell: str) -> list[Any]:
    out: list[Any] = []
    for line in cell.replace("\r\n", "\n").split("\n"):
        if not line.strip():
            continue
        level = 0
        rest = line
        while rest.startswith(("\t", "  ")):
            rest = rest[1:] if rest.startswith("\t") else rest[2:]
            level += 1
        out.append(rest.strip() if level == 0 else {"text": rest.strip(), "level": level})
    return out


def _rows(cell: str) -> list[list[str]]:
    return [[c.strip() for c in _CELL_SPLIT.split(line)]
            for line in cell.replace("\r\n", "\n").split("\n") if line.strip()]


def cell_value(value: Any, kind: str) -> Any:
    """A cell's value: a list or table when its header says so (JSON lists kept as they are)."""
    if not kind or isinstance(value, list):
        return value
    text = "" if value is None else str(value)
    return _items(text) if kind == "list" else _rows(text)


def _put(tree: dict[str, Any], path: list[str | int], value: Any, header: str,
         where: str) -> None:
    node: Any = tree
    for i, key in enumerate(path):
        last = i == len(path) - 1
        nxt: Any = value if last else ([] if isinstance(path[i + 1], int) else {})
        if isinstance(key, int):
            if not isinstance(node, list):
                raise RecordError(f"{where}: column {header!r}: {path[i - 1]!r} is not a list")
            while len(node) <= key:
                node.append(None)
            if node[key] is None or last:
                node[key] = nxt
            node = node[key]
        else:
            if not isinstance(node, dict):
                raise RecordError(f"{where}: column {header!r}: {path[i - 1]!r} is not an "
                                  "object")
            if last and key in node and isinstance(node[key], dict | list):
                raise RecordError(f"{where}: column {header!r} gives a value to {key!r}, "
                                  "which other columns fill with fields")
            if last or key not in node:
                node[key] = nxt
            node = node[key]


def tokens_of(record: Record) -> dict[str, Any]:
    """The record's values as token data (headers nested, lists from one cell)."""
    out: dict[str, Any] = {}
    for header, value in record.values.items():
        path, kind = header_path(header)
        _put(out, path, cell_value(value, kind), header, f"record {record.number}")
    return out


_TOKEN = re.compile(r"\{\{\s*([^{}]+?)\s*\}\}")


def _image_path(path: str, tokens: Mapping[str, Any]) -> str:
    """A picture's path with the record's values for its ``{{column}}`` tokens."""
    def value(m: re.Match[str]) -> str:
        got = lookup(tokens, m.group(1))
        return m.group(0) if got is None or isinstance(got, dict | list) else str(got)

    return _TOKEN.sub(value, path)


def _lists_in(node: Any, tokens: Mapping[str, Any]) -> Any:
    """``node`` (a base's slides) with every string that is exactly ``{{name}}`` of a list
    value replaced by that list, and a picture's ``{{column}}`` by the record's value."""
    if isinstance(node, dict):
        if set(node) == {"image"} and isinstance(node["image"], str):
            return {"image": _image_path(node["image"], tokens)}
        return {k: _lists_in(v, tokens) for k, v in node.items()}
    if isinstance(node, list):
        return [_lists_in(v, tokens) for v in node]
    if isinstance(node, str):
        name = whole_token(node)
        if name is not None:
            value = lookup(tokens, name)
            if isinstance(value, list):
                return copy.deepcopy(value)
    return node


def lookup(tokens: Mapping[str, Any], name: str) -> Any:
    """The value a ``{{name}}`` (a column or a path into nested columns) reads, else None."""
    value = fill_lookup(tokens, name)
    return None if isinstance(value, Miss) else value


def whole_token(value: object) -> str | None:
    """The name of a value that is exactly one ``{{name}}``, else None."""
    m = _WHOLE.match(value) if isinstance(value, str) else None
    return m.group(1) if m is not None else None


def content_for(record: Record, base: Mapping[str, Any] | None,
                folder: Path | None = None) -> dict[str, Any]:
    """The content.json document of ``record`` (over ``base``, ``--content``). ``folder``:
    where relative picture paths are (the base's folder, else the data file's): they are
    made absolute, since a worker fills from a folder of its own."""
    if is_content(record.values):
        doc = copy.deepcopy(dict(record.values))
        if base is not None:
            tokens = {**dict(base.get("tokens") or {}), **dict(doc.get("tokens") or {})}
            doc = {**copy.deepcopy(dict(base)), **doc, "tokens": tokens}
    else:
        tokens = tokens_of(record)
        if base is None:
            return {"tokens": tokens}
        doc = copy.deepcopy(dict(base))
        doc["tokens"] = {**dict(base.get("tokens") or {}), **tokens}
    if isinstance(doc.get("slides"), list):
        doc["slides"] = _lists_in(doc["slides"], doc.get("tokens") or {})
        if folder is not None:
            _anchor_images(doc["slides"], folder)
    return doc


def _anchor_images(node: Any, folder: Path) -> None:
    """Relative picture paths under ``node`` made absolute against ``folder``."""
    if isinstance(node, dict):
        image = node.get("image")
        if set(node) == {"image"} and isinstance(image, str) and not Path(image).is_absolute():
            node["image"] = str((folder / image).resolve())
            return
        for v in node.values():
            _anchor_images(v, folder)
    elif isinstance(node, list):
        for v in node:
            _anchor_images(v, folder)


def record_key(content: Mapping[str, Any], *parts: str) -> str:
    """What identifies a record's work: its content and everything else that shapes the
    output (the template's hash, the options, the file name)."""
    blob = json.dumps(content, sort_keys=True, ensure_ascii=False, default=str)
    h = hashlib.sha256(blob.encode())
    for p in parts:
        h.update(b"\0" + p.encode())
    return h.hexdigest()


__all__ = ["RecordError", "content_for", "header_path", "is_content", "lookup", "record_key",
           "tokens_of", "whole_token"]
