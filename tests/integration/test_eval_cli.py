"""``pptxagent eval`` on the bundled suite through the real CLI, pool, Chromium and
LibreOffice: every case judged from LibreOffice's drawing, a gate verdict with its exit code,
results as JSON, Markdown and JUnit; a label that calls an overflowing deck clean is counted
as a lie; ``eval-review`` saves a click made in real Chromium and the next report counts it;
a bad suite exits 2 naming the file and the JSON path."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from pptxagent.engines.chromium import LAUNCH_ARGS, find_executable
from pptxagent.eval.judge import judge
from pptxagent.eval.score import case_row

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "suites" / "bundled"

pytestmark = [pytest.mark.browser, pytest.mark.libreoffice]


def cli(*args: str | Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pptxagent.cli", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, check=False,
                          cwd=ROOT)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("eval") / "out"
    proc = cli("eval", SUITE, "-o", out, "-j", "2")
    return {"out": out, "proc": proc,
            "results": json.loads((out / "results.json").read_text())}


def test_the_bundled_suite_passes_its_gate(run: dict[str, Any]) -> None:
    proc, results = run["proc"], run["results"]
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "gate passed" in proc.stdout and "Traceback" not in proc.stderr
    names = [c["name"] for c in results["cases"]]
    assert names == ["quarterly", "quarterly@2", "banner", "few-default", "board-corporate"]
    for case in results["cases"]:
        assert case["accepted"] and not case["lie"], case
        assert case["pictures"] and (run["out"] / case["pictures"][0]).is_file()
        assert case["metrics"]["overflow_incidence"] == 0
        assert case["seconds"] > 0 and case["cpu_seconds"] > 0
    summary = results["summary"]
    assert summary["template"]["acceptance"] == 1.0 and summary["scratch"]["cases"] == 2
    assert summary["scratch"]["citation_coverage"] == 1.0  # outline.json cites its sources
    assert summary["template"]["seconds"]["balanced"] > 0
    assert results["gate"]["passed"]
    md = (run["out"] / "summary.md").read_text()
    assert "**Gate: PASS**" in md and "| quarterly@2 | fill |" in md
    junit = ET.parse(run["out"] / "junit.xml").getroot()
    assert junit.get("failures") == "0" and int(junit.get("tests") or 0) >= 8


def test_a_clean_label_on_an_overflowing_deck_is_a_lie(run: dict[str, Any],
                                                      tmp_path: Path) -> None:
    out = run["out"] / "cases" / "few-default"
    deck = tmp_path / "planted.pptx"
    with zipfile.ZipFile(out / "deck.pptx") as src, zipfile.ZipFile(deck, "w") as dst:
        for item in src.infolist():
            data = src.read(item)
            if item.filename == "ppt/slides/slide2.xml":
                text = data.decode()
                long = " ".join(["an overflowing title that runs on"] * 12)
                text = re.sub(r"(<p:cNvPr id=\"\d+\" name=\"title\".*?<a:t>)[^<]*", r"\g<1>"
                              + long, text, count=1, flags=re.S)
                data = text.encode()
            dst.writestr(item, data)
    report = json.loads((out / "report.json").read_text())
    outline = json.loads((ROOT / "fixtures" / "outline_few.json").read_text())
    verdict = judge("compose", deck, outline, tmp_path / "lo")
    assert any(d["check"] == "overflow" and d["slide"] == 2 for d in verdict.defects)
    row = case_row("planted", "planted", "compose", "x", "balanced", verdict, report, None,
                   {"seconds": 1.0}, (0, 0))
    assert row["label"] == "success_clean" and row["lie"] and not row["accepted"]


@pytest.fixture()
def review(run: dict[str, Any]) -> Iterator[tuple[str, Path]]:
    out = run["out"]
    proc = subprocess.Popen([sys.executable, "-m", "pptxagent.cli", "eval-review", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/review\.html", line)
    assert match, line + (proc.stderr.read() if proc.stderr else "")
    try:
        yield match.group(0), out
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_click_in_the_review_page_is_saved_and_counted(review: tuple[str, Path]) -> None:
    url, out = review
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_executable(), args=list(LAUNCH_ARGS))
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        assert page.locator("section.case").count() == 5
        assert page.locator("section.case img").count() >= 10
        page.locator('[data-case="banner"] button[data-mark="accept"]').click()
        page.locator('[data-case="board-corporate"] button[data-mark="reject"]').click()
        page.wait_for_function(
            "document.getElementById('rate').textContent.includes('1 of 2')")
        pressed = page.locator('[data-case="banner"] button[data-mark="accept"]')
        assert pressed.get_attribute("aria-pressed") == "true"
        page.screenshot(path=str(out / "review-screenshot.png"))
        browser.close()
    marks = json.loads((out / "marks.json").read_text())
    assert marks["banner"]["mark"] == "accept" and marks["board-corporate"]["mark"] == "reject"
    results = json.loads((out / "results.json").read_text())
    assert results["summary"]["template"]["human"] == {"marked": 1, "accepted": 1,
                                                       "acceptance": 1.0}
    assert results["summary"]["scratch"]["human"]["acceptance"] == 0.0
    # the next run of the same suite (same decks) counts the marks in its report
    again = cli("eval", SUITE, "-o", out, "-j", "2")
    assert again.returncode == 0, again.stderr[-1500:]
    summary = json.loads((out / "results.json").read_text())["summary"]
    assert summary["template"]["human"]["marked"] == 1
    assert "100.0 % of 1" in (out / "summary.md").read_text()


def test_a_bad_suite_exits_2_naming_the_file_and_path(tmp_path: Path) -> None:
    none = cli("eval", tmp_path, "-o", tmp_path / "o")
    assert none.returncode == 2 and "suite.json: no such file" in none.stderr
    (tmp_path / "suite.json").write_text(json.dumps(
        {"name": "x", "cases": [{"name": "a", "template": "t.pptx"}]}))
    half = cli("eval", tmp_path, "-o", tmp_path / "o")
    assert half.returncode == 2 and "$.cases[0]" in half.stderr and "Traceback" not in half.stderr
    (tmp_path / "suite.json").write_text(json.dumps(
        {"name": "x", "cases": [{"name": "a", "outline": "missing.json"}]}))
    gone = cli("eval", tmp_path, "-o", tmp_path / "o")
    assert gone.returncode == 2 and "$.cases[0].outline: no such file missing.json" in gone.stderr
    assert not (tmp_path / "o").exists()
    schema = cli("schema", "suite")
    assert schema.returncode == 0 and "template_acceptance" in schema.stdout
