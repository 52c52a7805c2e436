"""A batch under faults, as an operator meets them: ``kill -9`` of the whole batch, Ctrl-C, a
worker killed mid-record, a record that kills its worker every time; and the other shapes of
input: an XLSX sheet, one merged deck."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from batch_support import (
    TEMPLATE,
    batch,
    batch_argv,
    decks,
    leftovers,
    subset,
    summary,
)
from openpyxl import Workbook
from pptx import Presentation

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def _start(argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)


def _wait_for_decks(outdir: Path, n: int, proc: subprocess.Popen[str], limit: float = 180
                    ) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end and proc.poll() is None:
        if len(decks(outdir)) >= n:
            return
        time.sleep(0.1)
    raise AssertionError(f"{len(decks(outdir))} decks after {limit} s (rc {proc.poll()})")


def _complete(outdir: Path, count: int) -> None:
    rows = summary(outdir)
    assert sorted(r["number"] for r in rows) == list(range(1, count + 1))
    assert all(r["label"] != "failed" for r in rows), rows
    assert len(decks(outdir)) == count and not leftovers(outdir)
    for deck in decks(outdir):
        assert len(Presentation(str(deck)).slides) == 3  # none corrupt


def test_kill_9_of_the_whole_batch_then_a_rerun_gives_the_complete_set(tmp_path: Path) -> None:
    data = subset(tmp_path, [1, 2, 3, 4, 5, 6, 7, 8])
    outdir = tmp_path / "out"
    proc = _start(batch_argv(data, outdir, "-j", "2"))
    _wait_for_decks(outdir, 2, proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    assert len(decks(outdir)) < 8
    again = batch(data, outdir, "-j", "2")
    assert again.returncode == 0, again.stderr
    _complete(outdir, 8)


def test_ctrl_c_stops_taking_records_and_prints_the_command_that_resumes(tmp_path: Path
                                                                         ) -> None:
    data = subset(tmp_path, [1, 2, 3, 4, 5, 6, 7, 8])
    outdir = tmp_path / "out"
    proc = _start(batch_argv(data, outdir, "-j", "1"))
    _wait_for_decks(outdir, 1, proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Resume with:" in err and "batch" in err and "Traceback" not in err
    done = [r for r in summary(outdir) if r["label"] != "failed"]
    assert 1 <= len(done) < 8 and not leftovers(outdir)
    again = batch(data, outdir, "-j", "2")
    assert again.returncode == 0, again.stderr
    assert f"{len(done)} already done" in again.stderr
    _complete(outdir, 8)


def test_a_lost_worker_is_redelivered_an_always_killing_or_hung_record_fails(
        tmp_path: Path) -> None:
    data = subset(tmp_path, [1, 2, 3, 4], extra={"PPTXAGENT_TEST_HOOK": ""})
    with data.open(encoding="utf-8", newline="") as fh:
        table = list(csv.reader(fh))
    table[1][-1], table[2][-1], table[3][-1] = "kill_once", "kill", "hang"
    with data.open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(table)
    env = {**os.environ, "PPTXAGENT_TEST_HOOKS": "1"}
    res = batch(data, tmp_path / "out", "-j", "2", "--timeout", "20", env=env, timeout=600)
    assert res.returncode == 1, res.stderr
    got = {r["number"]: r for r in summary(tmp_path / "out")}
    assert got[1]["label"] != "failed" and (tmp_path / "out" / "Globex.pptx").is_file()
    assert got[2]["label"] == "failed" and "worker lost" in got[2]["error"]
    assert got[3]["label"] == "failed" and "timed out after 20 s" in got[3]["error"]
    assert not (tmp_path / "out" / "Umbrella.pptx").exists()
    assert got[4]["label"] != "failed"  # the batch went on


def test_an_xlsx_sheet_merged_into_one_deck_names_each_slides_record(tmp_path: Path) -> None:
    book = Workbook()
    ws = book.active
    assert ws is not None
    ws.title = "Clients"
    ws.append(["client", "author"])
    for name in ("Globex", "Initech", "Umbrella"):
        ws.append([name, "Ops"])
    data = tmp_path / "clients.xlsx"
    book.save(data)
    outdir = tmp_path / "out"
    res = subprocess.run(
        [sys.executable, "-m", "pptxagent.cli", "batch", str(TEMPLATE), str(data), "-o",
         str(outdir), "--merge", "--sheet", "Clients", "--name", "catalogue.pptx"],
        capture_output=True, text=True, timeout=600, check=False)
    assert res.returncode in (0, 1), res.stderr
    assert [p.name for p in decks(outdir)] == ["catalogue.pptx"]
    prs = Presentation(str(outdir / "catalogue.pptx"))
    count = len(Presentation(str(TEMPLATE)).slides)
    assert len(prs.slides) == 3 * count
    titles = [s.shapes.title.text_frame.text for s in prs.slides][::count]
    assert titles == [f"{n} Quarterly Review" for n in ("Globex", "Initech", "Umbrella")]
    rows = summary(outdir)
    assert [r["slide_range"] for r in rows] == [[1, count], [count + 1, 2 * count],
                                               [2 * count + 1, 3 * count]]
