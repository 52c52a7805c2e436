"""Reading a batch's records as a person wrote them: CSV in UTF-8 with or without a BOM and
any common delimiter, XLSX cells as the sheet shows them (a date is a date, 3.0 is 3), JSON
Lines and JSON arrays; headers that nest, lists from one cell, safe unique file names."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from openpyxl import Workbook

from pptxagent.batch.cells import cell_text
from pptxagent.batch.data import Record, read_records
from pptxagent.batch.mapping import RecordError, content_for, lookup, tokens_of
from pptxagent.batch.names import render, safe, unique
from pptxagent.errors import InputError


def test_csv_with_a_bom_and_semicolons_keeps_unicode_and_multiline_cells(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes("\ufeffclient;notes[]\nZürich AG;\"one\ntwo\"\n\n北京;x\n".encode())
    recs = read_records(path)
    assert [r.values["client"] for r in recs] == ["Zürich AG", "北京"]
    assert recs[0].where == "line 2" and recs[1].where == "line 5"
    assert tokens_of(recs[0])["notes"] == ["one", "two"]


def test_a_csv_that_is_not_utf8_is_refused_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(b"client\nAcme\nM\xfcller\n")
    with pytest.raises(InputError, match=r"d\.csv: line 3: not UTF-8"):
        read_records(path)


def test_xlsx_cells_read_as_the_sheet_shows_them(tmp_path: Path) -> None:
    book = Workbook()
    ws = book.active
    assert ws is not None
    ws.append(["client", "count", "share", "amount", "due", "empty"])
    ws.append(["Globex", 3.0, 0.125, 1234.5, dt.datetime(2025, 3, 14), None])
    ws["C2"].number_format = "0.0%"
    ws["D2"].number_format = "#,##0.00"
    ws["E2"].number_format = "d mmm yyyy"
    ws.append([None, None, None, None, None, None])  # an empty row is no record
    ws.append(["Initech", 7, 1, 2, dt.datetime(2025, 1, 2), "x"])
    ws["E4"].number_format = "mm-dd-yy"
    path = tmp_path / "d.xlsx"
    book.save(path)
    recs = read_records(path)
    assert len(recs) == 2 and recs[1].where == "row 4"
    assert recs[0].values == {"client": "Globex", "count": "3", "share": "12.5%",
                              "amount": "1,234.50", "due": "14 Mar 2025", "empty": ""}
    assert recs[1].values["due"] == "1/2/2025"
    with pytest.raises(InputError, match="no such sheet; its sheets: 'Sheet'"):
        read_records(path, sheet="Missing")


@pytest.mark.parametrize(("value", "fmt", "shown"), [
    (3.0, "General", "3"), (0.1 + 0.2, "General", "0.3"), (-5.5, "#,##0.00;(#,##0.00)", "(5.50)"),
    (1234.5, '"$"#,##0', "$1,235"), (dt.datetime(2025, 3, 14, 9, 30), "h:mm AM/PM", "9:30 AM"),
    (dt.date(2025, 3, 14), "yyyy-mm-dd", "2025-03-14"), (True, "General", "TRUE")])
def test_cell_text(value: object, fmt: str, shown: str) -> None:
    assert cell_text(value, fmt) == shown


def test_json_lines_and_arrays_name_the_bad_line(tmp_path: Path) -> None:
    lines = tmp_path / "d.jsonl"
    lines.write_text('{"client": "A"}\n\n{"client": "B"}\n[1]\n')
    with pytest.raises(InputError, match=r"line 4: a record is a JSON object"):
        read_records(lines)
    arr = tmp_path / "d.json"
    arr.write_text(json.dumps([{"tokens": {"client": "A"}}, {"client": "B"}]))
    assert [r.where for r in read_records(arr)] == ["item 1", "item 2"]


def _rec(**values: object) -> Record:
    return Record(1, dict(values), "line 2")


def test_headers_nest_and_cells_become_lists_and_tables() -> None:
    r = _rec(**{"report.title": "Q3", "steps[1].name": "Build", "steps[0].name": "Plan",
                "items[]": "One\n\tSub\nTwo", "rows[][]": "A | B\n1\t2"})
    tokens = tokens_of(r)
    assert tokens["report"] == {"title": "Q3"}
    assert tokens["steps"] == [{"name": "Plan"}, {"name": "Build"}]
    assert tokens["items"] == ["One", {"text": "Sub", "level": 1}, "Two"]
    assert tokens["rows"] == [["A", "B"], ["1", "2"]]
    assert lookup(tokens, "steps.1.name") == "Build"
    with pytest.raises(RecordError, match="column 'a' gives a value to 'a'"):
        tokens_of(_rec(**{"a.b": "x", "a": "y"}))


def test_a_base_content_takes_whole_list_values_and_record_tokens() -> None:
    base = {"tokens": {"author": "Ops"},
            "slides": [{"template_slide": 2, "fill": {"body": "{{items}}", "title": "{{x}} y"}}]}
    doc = content_for(_rec(**{"items[]": "a\nb", "x": "Hi"}), base)
    assert doc["slides"][0]["fill"] == {"body": ["a", "b"], "title": "{{x}} y"}
    assert doc["tokens"] == {"author": "Ops", "items": ["a", "b"], "x": "Hi"}


def test_file_names_are_safe_and_unique() -> None:
    assert safe("../../etc/passwd") == "____etc_passwd.pptx"
    assert safe("CON") == "_CON.pptx" and safe("a:b*c?") == "a_b_c_.pptx"
    assert safe("\x00\x1f") == "_.pptx"
    assert unique(["a.pptx", "A.pptx", "a.pptx"]) == ["a.pptx", "A-2.pptx", "a-3.pptx"]
    assert render("{client}-{n}.pptx", 7, 4, {"client": "Globex/EU"}) == "Globex_EU-0007.pptx"
    with pytest.raises(RecordError, match=r"record 7: --name field \{nope\}"):
        render("{nope}", 7, 4, {})


def test_a_picture_named_by_a_column_is_found_beside_the_base(tmp_path: Path) -> None:
    base = {"slides": [{"template_slide": 5, "fill": {
        "name:Photo": {"image": "{{photo}}"}, "title": "{{client}}"}}]}
    doc = content_for(_rec(client="Globex", photo="pics/team.png"), base, tmp_path)
    assert doc["slides"][0]["fill"]["name:Photo"] == {
        "image": str((tmp_path / "pics" / "team.png").resolve())}
    whole = Record(2, {"slides": [{"template_slide": 1, "fill": {
        "sp3": {"image": "/abs/logo.png"}, "sp4": {"image": "logo.png"}}}]}, "item 2")
    fill = content_for(whole, None, tmp_path)["slides"][0]["fill"]
    assert fill["sp3"] == {"image": "/abs/logo.png"}
    assert fill["sp4"] == {"image": str((tmp_path / "logo.png").resolve())}
