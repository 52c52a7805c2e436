"""Records from a data file: CSV (UTF-8, with or without a BOM, delimiter sniffed), XLSX (the
first sheet, or one by name), JSON Lines, or a JSON array.

Each record is a mapping: column header → value (a spreadsheet row, every value text as the
sheet shows it: ``batch.cells``), or a JSON object as written (a whole content.json, or a
flat row of tokens). Errors name the file and the line, row or item; an unreadable file is
bad input as a whole (exit 2).
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from pptxagent.batch.cells import cell_text
from pptxagent.errors import InputError

MAX_DATA_BYTES = 512 * 1024 * 1024
KINDS = {".csv": "csv", ".tsv": "csv", ".txt": "csv", ".xlsx": "xlsx", ".xlsm": "xlsx",
         ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "json"}


@dataclass
class Record:
    number: int
    """1-based, in file order (the record's name in messages and reports)."""
    values: dict[str, Any]
    where: str
    """Where it stands in the file: ``line 4``, ``row 4``, ``item 3``."""
    columns: list[str] = field(default_factory=list)
    """The file's headers, in order (spreadsheets and CSV; empty for JSON)."""


def _kind(path: Path) -> str:
    kind = KINDS.get(path.suffix.lower())
    if kind is None:
        raise InputError(f"{path}: not a data file this reads (CSV, XLSX, JSON Lines, or a "
                         "JSON array: .csv .tsv .xlsx .jsonl .ndjson .json)")
    return kind


def read_records(path: Path, sheet: str | None = None) -> list[Record]:
    """Every record of ``path``; ``sheet`` names an XLSX sheet (default: the first)."""
    if not path.is_file():
        raise InputError(f"{path}: no such file" if not path.exists() else f"{path}: not a file")
    kind = _kind(path)
    if sheet is not None and kind != "xlsx":
        raise InputError(f"--sheet {sheet!r}: {path} is not a spreadsheet (.xlsx)")
    if path.stat().st_size > MAX_DATA_BYTES:
        raise InputError(f"{path}: larger than {MAX_DATA_BYTES // 2**20} MiB")
    if kind == "xlsx":
        return _xlsx(path, sheet)
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise InputError(f"{path}: line {line}: not UTF-8 text (save it as CSV UTF-8)") from None
    if kind == "csv":
        return _csv(path, text)
    if kind == "jsonl":
        return _jsonl(path, text)
    return _json(path, text)


def _headers(path: Path, cells: list[Any], where: str) -> list[str]:
    heads = [("" if c is None else str(c)).strip() for c in cells]
    while heads and not heads[-1]:
        heads.pop()
    if not heads:
        raise InputError(f"{path}: {where}: no column headers (the first row names the tokens)")
    seen: set[str] = set()
    for i, h in enumerate(heads, 1):
        if not h:
            raise InputError(f"{path}: {where}: column {i} has no header")
        if h in seen:
            raise InputError(f"{path}: {where}: column {h!r} appears twice")
        seen.add(h)
    return heads


def _csv(path: Path, text: str) -> list[Record]:
    sample = text[:64 * 1024]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, ",;\t|")
    except csv.Error:
        dialect = csv.excel_tab if path.suffix.lower() == ".tsv" else csv.excel
    rows = csv.reader(io.StringIO(text, newline=""), dialect)
    try:
        first = next(rows, None)
        if first is None:
            raise InputError(f"{path}: empty (the first row names the tokens)")
        heads = _headers(path, first, "line 1")
        out: list[Record] = []
        end = rows.line_num
        for row in rows:
            line, end = end + 1, rows.line_num  # a row's first line (a cell may hold several)
            if not any(c.strip() for c in row):
                continue
            if len(row) > len(heads) and any(c.strip() for c in row[len(heads):]):
                raise InputError(f"{path}: line {line}: {len(row)} cells, but {len(heads)} "
                                 "columns have headers")
            values = {h: (row[i] if i < len(row) else "") for i, h in enumerate(heads)}
            out.append(Record(len(out) + 1, values, f"line {line}", heads))
    except csv.Error as exc:
        raise InputError(f"{path}: line {rows.line_num}: {exc}") from None
    return out


def _xlsx(path: Path, sheet: str | None) -> list[Record]:
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise InputError(f"{path}: not a readable .xlsx workbook ({type(exc).__name__})"
                         ) from None
    try:
        names = book.sheetnames
        if sheet is not None and sheet not in names:
            raise InputError(f"--sheet {sheet!r}: {path} has no such sheet; its sheets: "
                             + ", ".join(repr(n) for n in names))
        ws = book[sheet] if sheet is not None else book.worksheets[0]
        rows = ws.iter_rows()
        first = next(rows, None)
        if first is None:
            raise InputError(f"{path}: sheet {ws.title!r} is empty")
        heads = _headers(path, [c.value for c in first], f"sheet {ws.title!r} row 1")
        out: list[Record] = []
        for n, row in enumerate(rows, start=2):
            cells = list(row)
            if not any(c.value not in (None, "") for c in cells):
                continue
            values = {}
            for i, h in enumerate(heads):
                c = cells[i] if i < len(cells) else None
                values[h] = "" if c is None else cell_text(c.value, c.number_format or "General")
            out.append(Record(len(out) + 1, values, f"row {n}", heads))
        return out
    finally:
        book.close()


def _object(path: Path, value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InputError(f"{path}: {where}: a record is a JSON object, not "
                         f"{type(value).__name__}")
    return value


def _jsonl(path: Path, text: str) -> list[Record]:
    out: list[Record] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}: line {n}: not JSON ({exc.msg})") from None
        out.append(Record(len(out) + 1, _object(path, value, f"line {n}"), f"line {n}"))
    return out


def _json(path: Path, text: str) -> list[Record]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: line {exc.lineno}: not JSON ({exc.msg})") from None
    if not isinstance(value, list):
        raise InputError(f"{path}: a JSON data file is an array of records (or use JSON "
                         "Lines, .jsonl)")
    return [Record(i, _object(path, v, f"item {i}"), f"item {i}")
            for i, v in enumerate(value, start=1)]


__all__ = ["Record", "read_records"]
