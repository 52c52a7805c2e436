"""``pptxagent batch`` through the CLI on the bundled template and spreadsheet: every record's
deck fully checked, the operator's report, exit codes, a resume that redoes nothing, the same
slide XML from one worker or two, and bad input refused whole."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from batch_support import (
    batch,
    decks,
    leftovers,
    slide_xml,
    subset,
    summary,
)
from pptx import Presentation

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]

# Bundled records: 1 Globex … 9 Cyberdyne (far too long), 15 Pied Piper (no figures: bad),
# 20 a Chinese name.
RECORDS = [1, 2, 9, 15, 20]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path,
                                                           subprocess.CompletedProcess[str]]:
    folder = tmp_path_factory.mktemp("batch")
    data = subset(folder, RECORDS)
    outdir = folder / "out"
    return data, outdir, batch(data, outdir, "-j", "2", "--json")


def test_every_record_gets_a_checked_deck_or_an_error_row(run: tuple[Path, Path, subprocess.
                                                                     CompletedProcess[str]]
                                                          ) -> None:
    _, outdir, proc = run
    assert proc.returncode == 1, proc.stderr  # one degraded, one failed
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert sorted(r["number"] for r in lines) == [1, 2, 3, 4, 5]
    rows = {r["number"]: r for r in summary(outdir)}
    assert rows[3]["label"] == "degraded" and rows[3]["file"] == "Cyberdyne.pptx"
    bad = rows[4]
    assert bad["label"] == "failed" and not (outdir / "Pied Piper.pptx").exists()
    assert "record 4 (line" in bad["error"] and "column 'figures'" in bad["error"]
    assert {rows[n]["label"] for n in (1, 2, 5)} <= {"success_clean", "success_with_warnings"}
    assert [p.name for p in decks(outdir)] == ["Cyberdyne.pptx", "Globex.pptx",
                                              "Initech.pptx", "北京数据科技.pptx"]
    for deck in decks(outdir):  # whole, three slides, the record's own words
        prs = Presentation(str(deck))
        assert len(prs.slides) == 3
        assert deck.stem in prs.slides[0].shapes.title.text_frame.text
    assert not leftovers(outdir)
    csv_lines = (outdir / "summary.csv").read_text().splitlines()
    assert csv_lines[0] == "number,where,file,label,seconds,issues,error" and len(csv_lines) == 6


def test_the_review_page_lists_only_the_decks_that_need_a_person(
        run: tuple[Path, Path, subprocess.CompletedProcess[str]]) -> None:
    _, outdir, _ = run
    page = (outdir / "review.html").read_text()
    assert "2 of 5 decks need a look" in page
    assert "Cyberdyne.pptx" in page and "Pied Piper.pptx" in page
    assert "Globex.pptx" not in page
    assert page.count("data:image/png;base64,") == 3  # the degraded deck's three slides


def test_a_rerun_redoes_nothing_and_one_worker_writes_the_same_slides(
        run: tuple[Path, Path, subprocess.CompletedProcess[str]], tmp_path: Path) -> None:
    data, outdir, _ = run
    before = {p.name: p.stat().st_mtime_ns for p in decks(outdir)}
    again = batch(data, outdir, "-j", "2")
    assert again.returncode == 1, again.stderr
    assert "(0 run, 5 already done)" in again.stderr
    assert {p.name: p.stat().st_mtime_ns for p in decks(outdir)} == before
    one = tmp_path / "one"
    solo = batch(data, one, "-j", "1")
    assert solo.returncode == 1, solo.stderr
    for deck in decks(outdir):
        assert slide_xml(one / deck.name) == slide_xml(deck), deck.name


def test_bad_input_as_a_whole_writes_nothing(tmp_path: Path) -> None:
    data = subset(tmp_path, [1], extra={"region": "EMEA"})
    out = tmp_path / "out"
    strict = batch(data, out, "--strict")
    assert strict.returncode == 2
    assert "column 'region' names no token" in strict.stderr and "Traceback" not in strict.stderr
    assert not out.exists()
    broken = tmp_path / "broken.csv"
    broken.write_bytes(b"client\n\xff\xfe\n")
    res = batch(broken, out)
    assert res.returncode == 2 and "line 2: not UTF-8" in res.stderr and not out.exists()
    res = batch(data, out, "--sheet", "One")
    assert res.returncode == 2 and "not a spreadsheet" in res.stderr and not out.exists()


def test_a_record_its_name_cannot_be_made_for_is_an_error_row_not_a_resume(tmp_path: Path
                                                                            ) -> None:
    data = tmp_path / "d.jsonl"
    rest = '"highlights": ["Up"], "figures": [["Region", "Revenue"], ["EMEA", "1"]]'
    data.write_text(f'{{"client": "Globex", "period": "Q3", {rest}}}\n'
                    f'{{"period": "Q4", {rest}}}\n')
    outdir = tmp_path / "out"
    res = batch(data, outdir, "-j", "1")
    assert res.returncode == 1, res.stderr
    assert "resuming" not in res.stderr and "(1 run, 0 already done)" in res.stderr
    rows = {r["number"]: r for r in summary(outdir)}
    assert rows[1]["label"] != "failed" and (outdir / "Globex.pptx").is_file()
    assert rows[2]["label"] == "failed"
    assert "record 2: --name field {client}: no such column" in rows[2]["error"]
