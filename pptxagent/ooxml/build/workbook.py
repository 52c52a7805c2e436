"""The embedded workbook of a chart holds exactly the input values.

XlsxWriter (under python-pptx's ``add_chart``) writes numbers with 16 significant digits, so a
value such as ``0.1 + 0.2`` would come back as ``0.3``. The chart's own cache has Python's
shortest exact form (``repr``); this rewrites the sheet's numbers the same way.
"""

from __future__ import annotations

import io
import re
import zipfile

from pptxagent.ir.compose import ChartSpec
from pptxagent.ooxml.xml import parse_xml, serialize

SHEET = "xl/worksheets/sheet1.xml"
_X = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_REF = re.compile(r"^([A-Z]+)(\d+)$")


def _column(letters: str) -> int:
    """``"A"`` → 0, ``"B"`` → 1, ``"AA"`` → 26."""
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def exact_values(blob: bytes, spec: ChartSpec) -> bytes:
    """The workbook ``blob`` (python-pptx's category layout: categories in column A from row
    2, series k in column k + 1) with every series value written as ``repr(value)``."""
    with zipfile.ZipFile(io.BytesIO(blob)) as archive:
        members = [(info, archive.read(info)) for info in archive.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in members:
            if info.filename == SHEET:
                data = _exact_sheet(data, spec)
            archive.writestr(info, data)
    return out.getvalue()


def _exact_sheet(data: bytes, spec: ChartSpec) -> bytes:
    sheet = parse_xml(data, f"chart {spec.name!r} workbook")
    for cell in sheet.iter(f"{_X}c"):
        match = _REF.match(cell.get("r", ""))
        value = cell.find(f"{_X}v")
        if match is None or value is None or cell.get("t") is not None:
            continue
        series, point = _column(match.group(1)) - 1, int(match.group(2)) - 2
        if 0 <= series < len(spec.series) and 0 <= point < len(spec.series[series].values):
            value.text = repr(float(spec.series[series].values[point]))
    return serialize(sheet)
